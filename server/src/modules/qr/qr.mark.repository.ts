/** SQL of the students' scans and marks, read and written in batches, and their journal visit records (the sessions': qr.session.repository.ts). */
import { sql } from 'drizzle-orm';
import { presenceCtes, type VisitValues } from '../../shared/journal-visits';
import { memberOf } from '../../shared/timetable.repository';
import { rowsOf, type Db } from '../../db/client';
import type { SessionRow, StudentFacts } from './qr.session.repository';

/** A session by id, or by its lesson (timetable entry) and date. */
export type SessionKey = { id: number } | { scheduleEntryId: number; lessonDate: string };

export interface MarkContext {
  session: SessionRow;
  /** Is the student one of the session's lesson's students? */
  member: boolean;
  /** The student (null: no such student). */
  student: StudentFacts | null;
  /** Has this device (the mark's cookie) marked another student in the session? */
  sharedDevice: boolean;
  /** The student's registered device key the mark names (raw, base64url), or null. */
  publicKey: string | null;
  /** Has the device of that key marked another student in the session? */
  sharedKeyDevice: boolean;
  /** Has this network address marked another student in the session? */
  sharedAddress: boolean;
  /** The student's registered device keys (raw, base64url), when asked for (MarkRequest.withKeys). */
  keys: { id: string; publicKey: string }[] | null;
}

/**
 * One mark (or scan) of a batch to read the facts of: the session it names, the student, the device
 * (its cookie's hash) and address (a scan has none), and the device key it names (its id and, as a
 * device, its hash), whose signature the caller checks.
 */
export interface MarkRequest {
  key: SessionKey;
  studentId: number;
  device?: string;
  ip?: string;
  keyId?: string;
  keyDevice?: string;
  /** Read the student's registered device keys too (a scan, so that the mark after it finds them imported). */
  withKeys?: boolean;
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
      key_id: r.keyId ?? null,
      key_device: r.keyDevice ?? null,
      with_keys: r.withKeys ?? false,
    })),
  );
  const found = await rowsOf<
    Millis<SessionRow> & {
      n: number;
      found: boolean;
      member: boolean;
      sharedDevice: boolean;
      sharedAddress: boolean;
      publicKey: string | null;
      sharedKeyDevice: boolean;
      student: StudentFacts | null;
      keys: { id: string; publicKey: string }[] | null;
    }
  >(
    db,
    sql`with r as (select * from json_to_recordset(${asked}::json) as r(n int, session_id int, entry_id int, lesson_date date, student_id int, device text, ip text, key_id text, key_device text, with_keys boolean))
        select r.n, s.id is not null as found, ${SESSION_COLUMNS},
               case when st.id is null then null else json_build_object('id', st.id, 'groupId', st.group_id, 'educationFormId', st.education_form_id,
                 'userId', u.id, 'surname', st.surname, 'name', st.name, 'patronymic', st.patronymic) end as student,
               s.id is not null and st.id is not null and exists (select 1 from schedule_entries e where e.id = s.schedule_entry_id and ${memberOf}) as member,
               s.id is not null and exists (select 1 from qr_marks q where q.session_id = s.id and q.device = r.device and q.student_id <> r.student_id) as "sharedDevice",
               s.id is not null and exists (select 1 from qr_marks q where q.session_id = s.id and q.ip = r.ip and q.student_id <> r.student_id) as "sharedAddress",
               (select k.public_key from qr_device_keys k where k.key_id = r.key_id and k.student_id = r.student_id) as "publicKey",
               s.id is not null and r.key_device is not null
                 and exists (select 1 from qr_marks q where q.session_id = s.id and q.device = r.key_device and q.student_id <> r.student_id) as "sharedKeyDevice",
               dk.keys
          from r
          left join qr_sessions s on s.id = coalesce(r.session_id, (select q.id from qr_sessions q where q.schedule_entry_id = r.entry_id and q.lesson_date = r.lesson_date))
          left join students st on st.id = r.student_id
          left join users u on u.student_id = st.id
          -- The keys of the batch's students who asked for them, in one pass over the keys (none asked: none read).
          left join (select k.student_id, json_agg(json_build_object('id', k.key_id, 'publicKey', k.public_key)) as keys
                       from qr_device_keys k where k.student_id in (select w.student_id from r w where w.with_keys) group by k.student_id) dk
                 on dk.student_id = r.student_id and r.with_keys
         order by r.n`,
    'qr_mark_contexts',
  );
  return found.map((f) => {
    if (!f.found) return undefined;
    const { n: _n, found: _found, member, sharedDevice, sharedAddress, publicKey, sharedKeyDevice, student, keys, ...session } = f;
    return { session: sessionOf(session), member, student, sharedDevice, sharedAddress, publicKey, sharedKeyDevice, keys };
  });
}

/**
 * The lessons (timetable entries) whose session is open at `now` and that have the student among
 * their students, earliest opened first, whether the student has a mark in that session already and whether it waits for review.
 */
export async function openLessonsOf(db: Db, studentId: number, now: Date): Promise<{ id: number; marked: boolean; waiting: boolean }[]> {
  return rowsOf<{ id: number; marked: boolean; waiting: boolean }>(
    db,
    sql`select e.id, exists (select 1 from qr_marks q where q.session_id = s.id and q.student_id = ${studentId}) as marked,
               exists (select 1 from qr_marks q where q.session_id = s.id and q.student_id = ${studentId} and q.status = 'review') as waiting
          from qr_sessions s
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
