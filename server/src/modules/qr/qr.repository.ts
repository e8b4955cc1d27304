/** SQL of QR attendance: the token secret, sessions, marks and their journal visit records (the card's: qr.card.repository.ts). */
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { presenceCtes, type VisitValues } from '../../shared/journal-visits';
import { memberOf } from '../../shared/timetable.repository';
import { rowsOf, type Db } from '../../db/client';
import { auditoria, qrMarks, qrSecrets, qrSessions, students, users } from '../../db/schema';

/** The token secret, made once (whoever comes first; every process reads the same row). */
export async function secret(db: Db): Promise<Buffer> {
  await db
    .insert(qrSecrets)
    .values({ id: 1, secret: randomBytes(32) })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: qrSecrets.secret }).from(qrSecrets).where(eq(qrSecrets.id, 1));
  return row.secret;
}

export type SessionRow = typeof qrSessions.$inferSelect;

export async function findSession(db: Db, id: number): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(qrSessions).where(eq(qrSessions.id, id));
  return row;
}

export async function findSessionOf(db: Db, scheduleEntryId: number, lessonDate: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(qrSessions)
    .where(and(eq(qrSessions.scheduleEntryId, scheduleEntryId), eq(qrSessions.lessonDate, lessonDate)));
  return row;
}

/** Opens (or reopens) the session of an entry on a date with the given times. */
export async function openSession(
  db: Db,
  values: { scheduleEntryId: number; lessonDate: string; teacherId: number; opensAt: Date; closesAt: Date; makeup: boolean },
): Promise<SessionRow> {
  const [row] = await db
    .insert(qrSessions)
    .values(values)
    .onConflictDoUpdate({
      target: [qrSessions.scheduleEntryId, qrSessions.lessonDate],
      set: { opensAt: values.opensAt, closesAt: values.closesAt, makeup: values.makeup, closedAt: null },
    })
    .returning();
  return row;
}

/** A session by id, or by its lesson (timetable entry) and date. */
export type SessionKey = { id: number } | { scheduleEntryId: number; lessonDate: string };

export interface MarkContext {
  session: SessionRow;
  /** Is the student one of the session's lesson's students? */
  member: boolean;
  /** The student (null: no such student). */
  student: StudentFacts | null;
  /** Has this device marked another student in the session? */
  sharedDevice: boolean;
  /** Has this network address marked another student in the session? */
  sharedAddress: boolean;
}

/** One mark (or scan) of a batch to read the facts of: the session it names, the student, the device and address (a scan has none). */
export interface MarkRequest {
  key: SessionKey;
  studentId: number;
  device?: string;
  ip?: string;
}

/** A session's columns under alias s, named as SessionRow names them (times in epoch milliseconds: see sessionOf). */
const SESSION_COLUMNS = sql.raw(
  `s.id, s.schedule_entry_id as "scheduleEntryId", s.lesson_date::text as "lessonDate", s.teacher_id as "teacherId", s.makeup,
   (extract(epoch from s.opens_at) * 1000)::float8 as "opensAt", (extract(epoch from s.closes_at) * 1000)::float8 as "closesAt",
   (extract(epoch from s.closed_at) * 1000)::float8 as "closedAt", (extract(epoch from s.created_at) * 1000)::float8 as "createdAt"`,
);

type Millis<T> = { [K in keyof T]: T[K] extends Date ? number : T[K] extends Date | null ? number | null : T[K] };

/** A session read by a raw statement (see rowsOf for why its times come as epoch milliseconds). */
const sessionOf = (s: Millis<SessionRow>): SessionRow => ({
  ...s,
  opensAt: new Date(s.opensAt),
  closesAt: new Date(s.closesAt),
  closedAt: s.closedAt === null ? null : new Date(s.closedAt),
  createdAt: new Date(s.createdAt),
});

/**
 * What a batch of marks is checked against, in one statement whatever the batch's size: for each
 * request the session it names, the student, whether the student is one of that lesson's students,
 * and whether the device or the network address marked another student in the session. One answer per request, in order
 * (undefined: no such session). The requests travel as one JSON parameter.
 */
export async function markContexts(db: Db, requests: readonly MarkRequest[]): Promise<(MarkContext | undefined)[]> {
  if (requests.length === 0) return [];
  const asked = JSON.stringify(
    requests.map((r, n) => ({
      n,
      session_id: 'id' in r.key ? r.key.id : null,
      entry_id: 'id' in r.key ? null : r.key.scheduleEntryId,
      lesson_date: 'id' in r.key ? null : r.key.lessonDate,
      student_id: r.studentId,
      device: r.device ?? null,
      ip: r.ip ?? null,
    })),
  );
  const found = await rowsOf<
    Millis<SessionRow> & {
      n: number;
      found: boolean;
      member: boolean;
      sharedDevice: boolean;
      sharedAddress: boolean;
      student: StudentFacts | null;
    }
  >(
    db,
    sql`with r as (select * from json_to_recordset(${asked}::json) as r(n int, session_id int, entry_id int, lesson_date date, student_id int, device text, ip text))
        select r.n, s.id is not null as found, ${SESSION_COLUMNS},
               case when st.id is null then null else json_build_object('id', st.id, 'groupId', st.group_id, 'educationFormId', st.education_form_id,
                 'userId', u.id, 'surname', st.surname, 'name', st.name, 'patronymic', st.patronymic) end as student,
               s.id is not null and st.id is not null and exists (select 1 from schedule_entries e where e.id = s.schedule_entry_id and ${memberOf}) as member,
               s.id is not null and exists (select 1 from qr_marks q where q.session_id = s.id and q.device = r.device and q.student_id <> r.student_id) as "sharedDevice",
               s.id is not null and exists (select 1 from qr_marks q where q.session_id = s.id and q.ip = r.ip and q.student_id <> r.student_id) as "sharedAddress"
          from r
          left join qr_sessions s on s.id = coalesce(r.session_id, (select q.id from qr_sessions q where q.schedule_entry_id = r.entry_id and q.lesson_date = r.lesson_date))
          left join students st on st.id = r.student_id
          left join users u on u.student_id = st.id
         order by r.n`,
    'qr_mark_contexts',
  );
  return found.map((f) => {
    if (!f.found) return undefined;
    const { n: _n, found: _found, member, sharedDevice, sharedAddress, student, ...session } = f;
    return { session: sessionOf(session), member, student, sharedDevice, sharedAddress };
  });
}

/**
 * The lessons (timetable entries) whose session is open at `now` and that have the student among
 * their students, earliest opened first, and whether the student has a mark in that session already.
 */
export async function openLessonsOf(db: Db, studentId: number, now: Date): Promise<{ id: number; marked: boolean }[]> {
  return rowsOf<{ id: number; marked: boolean }>(
    db,
    sql`select e.id, exists (select 1 from qr_marks q where q.session_id = s.id and q.student_id = ${studentId}) as marked from qr_sessions s
          join schedule_entries e on e.id = s.schedule_entry_id
          join students st on st.id = ${studentId}
         where s.closed_at is null and s.opens_at <= ${now.toISOString()}::timestamptz and ${now.toISOString()}::timestamptz < s.closes_at and ${memberOf}
         order by s.opens_at, e.id`,
  );
}

/** One mark of a batch to write: its qr_marks values, who sent it and, when accepted, its journal record's values. */
export interface MarkWrite {
  mark: {
    sessionId: number;
    studentId: number;
    status: 'accepted' | 'review';
    reason: string | null;
    latitude: number;
    longitude: number;
    accuracyM: number;
    distanceM: number;
    device: string;
    via: 'token' | 'code';
    ip: string;
    createdAt: Date;
  };
  byUserId: number | null;
  visit: VisitValues;
}

/** What became of a written mark: its id, its journal record (accepted marks) and its session's accepted marks now. */
export interface MarkWritten {
  markId: number;
  visitId: number | null;
  accepted: number;
}

/**
 * Writes a batch of marks in one statement (so all of it or nothing), answering each in order
 * (null: not written, because the student has a mark in that session already or the journal holds a
 * presence or a mark in that cell). An accepted mark writes its
 * journal record ("present": a new record, or an absence turned into presence) and that record's
 * history line through the journal's own statement parts (shared/journal-visits.ts presenceCtes),
 * and the mark's link to it. When a journal cell changes under the statement (another
 * writer at the same moment), the link to the record the statement meant to write fails the foreign
 * key and the whole statement fails: the caller then tries the batch again (see QrMarks.markBatch, qr.marks.ts).
 *
 * Rows are written in the order of their unique keys, the same in every batch: two batches running at
 * once that hold the same student (a second tap that went over another connection, to another lane or
 * server process) then wait for each other in one direction only, and the later one finds the mark
 * stored (409), where writing in arrival order could lock in opposite orders and deadlock, which
 * PostgreSQL breaks only after deadlock_timeout (a second) by failing one of the batches.
 */
export async function writeMarks(db: Db, writes: readonly MarkWrite[]): Promise<(MarkWritten | null)[]> {
  if (writes.length === 0) return [];
  const input = JSON.stringify(
    writes.map(({ mark: m, byUserId, visit: v }, n) => ({
      n,
      session_id: m.sessionId,
      student_id: m.studentId,
      status: m.status,
      reason: m.reason,
      latitude: m.latitude,
      longitude: m.longitude,
      accuracy_m: m.accuracyM,
      distance_m: m.distanceM,
      device: m.device,
      via: m.via,
      ip: m.ip,
      created_at: m.createdAt.toISOString(),
      by_user_id: byUserId,
      teaching_assignment_id: v.teachingAssignmentId,
      visit_date: v.visitDate,
      lesson_time_id: v.lessonTimeId,
      teacher_id: v.teacherId,
      academic_year_id: v.academicYearId,
      working_semester_id: v.workingSemesterId,
      semester_id: v.semesterId,
      discipline_id: v.disciplineId,
      credits: v.credits,
      is_select: v.isSelect ?? false,
      lesson_type_id: v.lessonTypeId,
      group_id: v.groupId,
      stream_id: v.streamId ?? null,
      subgroup: v.subgroup ?? 0,
      day_number: v.dayNumber,
      education_form_id: v.educationFormId,
      schedule_entry_id: v.scheduleEntryId ?? null,
    })),
  );
  const written = await rowsOf<{ n: number; markId: number; visitId: number | null; accepted: number }>(
    db,
    sql`with r as (
          select r.*, c.id as cell_id, c.mark as cell_mark
            from json_to_recordset(${input}::json) as r(
                   n int, session_id int, student_id int, status text, reason text, latitude float8, longitude float8, accuracy_m float8, distance_m float8,
                   device text, via text, ip text, created_at timestamptz, by_user_id int, teaching_assignment_id int, visit_date date, lesson_time_id int,
                   teacher_id int, academic_year_id int, working_semester_id int, semester_id int, discipline_id int, credits smallint, is_select boolean,
                   lesson_type_id int, group_id int, stream_id int, subgroup smallint, day_number smallint, education_form_id int, schedule_entry_id int)
            -- The cell's record through the journal's unique key, one look-up per mark however large the journal grows.
            left join lateral (
              select c.id, c.mark from journal_visits c
               where c.teaching_assignment_id = r.teaching_assignment_id and c.student_id = r.student_id
                 and c.visit_date = r.visit_date and c.lesson_time_id = r.lesson_time_id
               limit 1
            ) c on true
        ),
        -- A mark needs an empty journal cell or an absence there: an accepted one writes a new record or
        -- turns the absence into presence; one waiting for review writes none.
        w as materialized (
          select r.*, case when r.status = 'accepted' then coalesce(r.cell_id, nextval(pg_get_serial_sequence('journal_visits', 'id'))) end as visit_id
            from r where r.cell_id is null or r.cell_mark = 'н/б'
        ),
        m as (
          insert into qr_marks (session_id, student_id, status, reason, latitude, longitude, accuracy_m, distance_m, device, via, ip, visit_id, created_at)
          select session_id, student_id, status, reason, latitude, longitude, accuracy_m, distance_m, device, via, ip, visit_id, created_at from w
           order by session_id, student_id
          on conflict (session_id, student_id) do nothing
          returning id, session_id, student_id, visit_id
        ),
        ${presenceCtes(sql`select w.* from w join m on m.session_id = w.session_id and m.student_id = w.student_id where w.visit_id is not null`)},
        -- The sessions' counts are worked out once each (materialized): the planner, which expects a
        -- handful of rows from the CTEs above, would otherwise count again for every mark of the batch
        -- (a fifth of a 250-mark statement's time).
        added as materialized (
          select w.session_id, count(*)::int as n from m join w on w.session_id = m.session_id and w.student_id = m.student_id
           where w.status = 'accepted' group by w.session_id
        ),
        before as materialized (
          select q.session_id, count(*)::int as n from qr_marks q where q.session_id in (select session_id from m) and q.status = 'accepted' group by q.session_id
        )
        select w.n, m.id as "markId", m.visit_id as "visitId", coalesce(b.n, 0) + coalesce(a.n, 0) as accepted
          from m join w on w.session_id = m.session_id and w.student_id = m.student_id
          left join added a on a.session_id = m.session_id
          left join before b on b.session_id = m.session_id`,
    'qr_write_marks',
  );
  const byN = new Map(written.map((r) => [r.n, { markId: Number(r.markId), visitId: r.visitId === null ? null : Number(r.visitId), accepted: r.accepted }]));
  return writes.map((_, n) => byN.get(n) ?? null);
}

export async function closeSession(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(qrSessions)
    .set({ closedAt: at })
    .where(and(eq(qrSessions.id, id), isNull(qrSessions.closedAt)));
}

export interface MarkRow {
  id: number;
  studentId: number;
  surname: string;
  name: string;
  patronymic: string | null;
  status: string;
  reason: string | null;
  distanceM: number;
  createdAt: Date;
}

const markColumns = {
  id: qrMarks.id,
  studentId: qrMarks.studentId,
  surname: students.surname,
  name: students.name,
  patronymic: students.patronymic,
  status: qrMarks.status,
  reason: qrMarks.reason,
  distanceM: qrMarks.distanceM,
  createdAt: qrMarks.createdAt,
};

/** The session's marks, newest first. */
export async function marksOf(db: Db, sessionId: number): Promise<MarkRow[]> {
  return db
    .select(markColumns)
    .from(qrMarks)
    .innerJoin(students, eq(students.id, qrMarks.studentId))
    .where(eq(qrMarks.sessionId, sessionId))
    .orderBy(sql`${qrMarks.id} desc`);
}

export async function findMark(db: Db, id: number): Promise<(MarkRow & { sessionId: number }) | undefined> {
  const [row] = await db
    .select({ ...markColumns, sessionId: qrMarks.sessionId })
    .from(qrMarks)
    .innerJoin(students, eq(students.id, qrMarks.studentId))
    .where(eq(qrMarks.id, id));
  return row;
}

export async function countAccepted(db: Db, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(qrMarks)
    .where(and(eq(qrMarks.sessionId, sessionId), eq(qrMarks.status, 'accepted')));
  return row?.n ?? 0;
}

export async function decideMark(
  db: Db,
  id: number,
  values: { status: 'accepted' | 'rejected'; visitId: number | null; decidedAt: Date; decidedByUserId: number },
): Promise<boolean> {
  const rows = await db
    .update(qrMarks)
    .set(values)
    .where(and(eq(qrMarks.id, id), eq(qrMarks.status, 'review')))
    .returning({ id: qrMarks.id });
  return rows.length > 0;
}

export interface StudentFacts {
  id: number;
  groupId: number;
  educationFormId: number;
  userId: number | null;
  surname: string;
  name: string;
  patronymic: string | null;
}

export async function studentFacts(db: Db, studentId: number): Promise<StudentFacts | undefined> {
  const [row] = await db
    .select({
      id: students.id,
      groupId: students.groupId,
      educationFormId: students.educationFormId,
      userId: users.id,
      surname: students.surname,
      name: students.name,
      patronymic: students.patronymic,
    })
    .from(students)
    .leftJoin(users, eq(users.studentId, students.id))
    .where(eq(students.id, studentId));
  return row;
}

/** A room's own networks for QR marks (null: none listed, the campus list applies). */
export async function roomNetworks(db: Db, auditoriumId: number): Promise<string[] | null> {
  const [row] = await db.select({ networks: auditoria.qrNetworks }).from(auditoria).where(eq(auditoria.id, auditoriumId));
  return row?.networks ?? null;
}
