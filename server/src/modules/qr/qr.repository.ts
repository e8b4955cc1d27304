/** SQL of QR attendance and the QR card: the token secret, sessions, marks, journal visit records, card tokens and the card. */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { isStudentOfEntrySql } from '../../shared/timetable.repository';
import type { Db } from '../../db/client';
import {
  groups,
  journalVisitChanges,
  journalVisits,
  photos,
  qrCardTokens,
  qrMarks,
  qrSecrets,
  qrSessions,
  specialities,
  studentOrders,
  students,
  users,
} from '../../db/schema';

/** The token secret, made once (whoever comes first; every process reads the same row). */
export async function secret(db: Db): Promise<Buffer> {
  await db.insert(qrSecrets).values({ id: 1, secret: randomBytes(32) }).onConflictDoNothing();
  const [row] = await db.select({ secret: qrSecrets.secret }).from(qrSecrets).where(eq(qrSecrets.id, 1));
  return row.secret;
}

export type SessionRow = typeof qrSessions.$inferSelect;

export async function findSession(db: Db, id: number): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(qrSessions).where(eq(qrSessions.id, id));
  return row;
}

export async function findSessionOf(db: Db, scheduleEntryId: number, lessonDate: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(qrSessions).where(and(eq(qrSessions.scheduleEntryId, scheduleEntryId), eq(qrSessions.lessonDate, lessonDate)));
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

const sessionWhere = (key: SessionKey) =>
  'id' in key ? eq(qrSessions.id, key.id) : and(eq(qrSessions.scheduleEntryId, key.scheduleEntryId), eq(qrSessions.lessonDate, key.lessonDate));

export async function findSessionBy(db: Db, key: SessionKey): Promise<SessionRow | undefined> {
  return 'id' in key ? findSession(db, key.id) : findSessionOf(db, key.scheduleEntryId, key.lessonDate);
}

export interface MarkContext {
  session: SessionRow;
  /** Is the student one of the session's lesson's students? */
  member: boolean;
  /** The student (null: no such student). */
  student: StudentFacts | null;
  /** Has this device marked another student in the session? */
  sharedDevice: boolean;
}

/**
 * What a student's mark is checked against, in one statement: the session, whether the student
 * belongs to its lesson, the student's facts, and whether the device marked someone else there.
 */
export async function markContext(db: Db, key: SessionKey, studentId: number, device: string): Promise<MarkContext | undefined> {
  const [row] = await db
    .select({
      session: qrSessions,
      member: isStudentOfEntrySql(sql`${qrSessions.scheduleEntryId}`, studentId),
      sharedDevice: sql<boolean>`exists (select 1 from ${qrMarks} where ${qrMarks.sessionId} = ${qrSessions.id} and ${qrMarks.device} = ${device} and ${qrMarks.studentId} <> ${studentId})`,
      studentId: students.id,
      groupId: students.groupId,
      educationFormId: students.educationFormId,
      userId: users.id,
      surname: students.surname,
      name: students.name,
      patronymic: students.patronymic,
    })
    .from(qrSessions)
    .leftJoin(students, eq(students.id, studentId))
    .leftJoin(users, eq(users.studentId, students.id))
    .where(sessionWhere(key));
  if (!row) return undefined;
  const { session, member, sharedDevice, studentId: id, groupId, educationFormId, userId, surname, name, patronymic } = row;
  const student = id !== null && groupId !== null && educationFormId !== null && surname !== null && name !== null ? { id, groupId, educationFormId, userId, surname, name, patronymic } : null;
  return { session, member: Boolean(member), sharedDevice: Boolean(sharedDevice), student };
}

export async function closeSession(db: Db, id: number, at: Date): Promise<void> {
  await db.update(qrSessions).set({ closedAt: at }).where(and(eq(qrSessions.id, id), isNull(qrSessions.closedAt)));
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
  return db.select(markColumns).from(qrMarks).innerJoin(students, eq(students.id, qrMarks.studentId)).where(eq(qrMarks.sessionId, sessionId)).orderBy(sql`${qrMarks.id} desc`);
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
  const [row] = await db.select({ n: count() }).from(qrMarks).where(and(eq(qrMarks.sessionId, sessionId), eq(qrMarks.status, 'accepted')));
  return row?.n ?? 0;
}

/** Has this device marked another student in the session? */
export async function deviceUsedByOther(db: Db, sessionId: number, device: string, studentId: number): Promise<boolean> {
  const rows = await db
    .select({ id: qrMarks.id })
    .from(qrMarks)
    .where(and(eq(qrMarks.sessionId, sessionId), eq(qrMarks.device, device), ne(qrMarks.studentId, studentId)))
    .limit(1);
  return rows.length > 0;
}

export async function hasMark(db: Db, sessionId: number, studentId: number): Promise<boolean> {
  const rows = await db.select({ id: qrMarks.id }).from(qrMarks).where(and(eq(qrMarks.sessionId, sessionId), eq(qrMarks.studentId, studentId)));
  return rows.length > 0;
}

/** Inserts the student's mark unless the session has one of theirs already (null then). */
export async function insertMark(db: Db, values: typeof qrMarks.$inferInsert): Promise<number | null> {
  const [row] = await db.insert(qrMarks).values(values).onConflictDoNothing({ target: [qrMarks.sessionId, qrMarks.studentId] }).returning({ id: qrMarks.id });
  return row?.id ?? null;
}

export async function decideMark(db: Db, id: number, values: { status: 'accepted' | 'rejected'; visitId: number | null; decidedAt: Date; decidedByUserId: number }): Promise<boolean> {
  const rows = await db
    .update(qrMarks)
    .set(values)
    .where(and(eq(qrMarks.id, id), eq(qrMarks.status, 'review')))
    .returning({ id: qrMarks.id });
  return rows.length > 0;
}

export async function setMarkVisit(db: Db, id: number, visitId: number): Promise<void> {
  await db.update(qrMarks).set({ visitId }).where(eq(qrMarks.id, id));
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

export type VisitValues = Omit<typeof journalVisits.$inferInsert, 'id' | 'mark' | 'source' | 'createdAt' | 'updatedAt'>;

/**
 * Writes "present" for the occurrence: a new record, or an absence ('н/б') turned into presence.
 * Returns the record's id, or null when the journal already holds a presence or a mark there.
 */
export async function writePresence(db: Db, v: VisitValues, byUserId: number | null): Promise<number | null> {
  const cell = {
    teachingAssignmentId: v.teachingAssignmentId,
    studentId: v.studentId,
    visitDate: v.visitDate,
    lessonTimeId: v.lessonTimeId,
  };
  const [inserted] = await db
    .insert(journalVisits)
    .values({ ...v, mark: null, source: 'qr', createdByUserId: byUserId, updatedByUserId: byUserId })
    .onConflictDoNothing({ target: [journalVisits.teachingAssignmentId, journalVisits.studentId, journalVisits.visitDate, journalVisits.lessonTimeId] })
    .returning({ id: journalVisits.id });
  if (inserted) {
    await db.insert(journalVisitChanges).values({ visitId: inserted.id, ...cell, action: 'insert', oldMark: null, newMark: null, source: 'qr', changedByUserId: byUserId });
    return inserted.id;
  }
  const [updated] = await db
    .update(journalVisits)
    .set({ mark: null, source: 'qr', updatedByUserId: byUserId, updatedAt: sql`now()` })
    .where(
      and(
        eq(journalVisits.teachingAssignmentId, v.teachingAssignmentId),
        eq(journalVisits.studentId, v.studentId),
        eq(journalVisits.visitDate, v.visitDate),
        eq(journalVisits.lessonTimeId, v.lessonTimeId),
        eq(journalVisits.mark, 'н/б'),
      ),
    )
    .returning({ id: journalVisits.id });
  if (!updated) return null;
  await db.insert(journalVisitChanges).values({ visitId: updated.id, ...cell, action: 'update', oldMark: 'н/б', newMark: null, source: 'qr', changedByUserId: byUserId });
  return updated.id;
}

/**
 * An accepted mark's journal record, the common way (no record there yet), in one statement: the
 * "present" record, its history line, the mark's link to it; with the session's accepted count.
 * visitId null: the journal holds that occurrence already (writePresence then decides).
 */
export async function insertPresence(db: Db, v: VisitValues, byUserId: number | null, markId: number, sessionId: number): Promise<{ visitId: number | null; accepted: number }> {
  const result = await db.execute(sql`
    with ins as (
      insert into ${journalVisits} (teaching_assignment_id, student_id, visit_date, lesson_time_id, teacher_id, academic_year_id, working_semester_id, semester_id,
                                    discipline_id, credits, is_select, lesson_type_id, group_id, stream_id, subgroup, day_number, education_form_id,
                                    schedule_entry_id, mark, source, created_by_user_id, updated_by_user_id)
      values (${v.teachingAssignmentId}, ${v.studentId}, ${v.visitDate}, ${v.lessonTimeId}, ${v.teacherId}, ${v.academicYearId}, ${v.workingSemesterId}, ${v.semesterId},
              ${v.disciplineId}, ${v.credits}, ${v.isSelect}, ${v.lessonTypeId}, ${v.groupId}, ${v.streamId ?? null}, ${v.subgroup}, ${v.dayNumber}, ${v.educationFormId},
              ${v.scheduleEntryId ?? null}, null, 'qr', ${byUserId}, ${byUserId})
      on conflict (teaching_assignment_id, student_id, visit_date, lesson_time_id) do nothing
      returning id
    ), changed as (
      insert into ${journalVisitChanges} (visit_id, teaching_assignment_id, student_id, visit_date, lesson_time_id, action, old_mark, new_mark, source, changed_by_user_id)
      select id, ${v.teachingAssignmentId}::int, ${v.studentId}::int, ${v.visitDate}::date, ${v.lessonTimeId}::int, 'insert'::text, null::text, null::text, 'qr'::text, ${byUserId}::int from ins
    ), linked as (
      update ${qrMarks} set visit_id = ins.id from ins where ${qrMarks.id} = ${markId}
    )
    select (select id from ins) as "visitId",
           (select count(*) from ${qrMarks} where ${qrMarks.sessionId} = ${sessionId} and ${qrMarks.status} = 'accepted')::int as accepted`);
  const [row] = (result as unknown as { rows: { visitId: string | number | null; accepted: number }[] }).rows;
  return { visitId: row.visitId === null ? null : Number(row.visitId), accepted: Number(row.accepted) };
}

/** Does the journal hold a presence or a mark (anything but an absence) for the occurrence? */
export async function journalHasPresence(db: Db, cell: { teachingAssignmentId: number; studentId: number; visitDate: string; lessonTimeId: number }): Promise<boolean> {
  const rows = await db
    .select({ id: journalVisits.id })
    .from(journalVisits)
    .where(
      and(
        eq(journalVisits.teachingAssignmentId, cell.teachingAssignmentId),
        eq(journalVisits.studentId, cell.studentId),
        eq(journalVisits.visitDate, cell.visitDate),
        eq(journalVisits.lessonTimeId, cell.lessonTimeId),
        sql`${journalVisits.mark} is distinct from 'н/б'`,
      ),
    );
  return rows.length > 0;
}

// The card

export async function findCardToken(db: Db, studentId: number): Promise<string | undefined> {
  const [row] = await db.select({ token: qrCardTokens.token }).from(qrCardTokens).where(eq(qrCardTokens.studentId, studentId));
  return row?.token;
}

export async function saveCardToken(db: Db, studentId: number, token: string, replace: boolean): Promise<string> {
  const insert = db.insert(qrCardTokens).values({ studentId, token });
  const [row] = await (replace ? insert.onConflictDoUpdate({ target: qrCardTokens.studentId, set: { token, createdAt: new Date() } }) : insert.onConflictDoNothing()).returning({
    token: qrCardTokens.token,
  });
  return row?.token ?? (await findCardToken(db, studentId))!;
}

/** What the public card shows of the student holding `token` (an active account only). */
export async function cardOf(db: Db, token: string) {
  const [row] = await db
    .select({
      studentId: students.id,
      surname: students.surname,
      name: students.name,
      patronymic: students.patronymic,
      code: students.code,
      admissionYear: students.admissionYear,
      group: groups.name,
      speciality: { nameRu: specialities.nameRu, nameKg: specialities.nameKg, nameEn: specialities.nameEn },
      photoMime: photos.mime,
      photo: photos.bytes,
      disabled: users.disabled,
    })
    .from(qrCardTokens)
    .innerJoin(students, eq(students.id, qrCardTokens.studentId))
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .leftJoin(photos, eq(photos.id, students.photoId))
    .leftJoin(users, eq(users.studentId, students.id))
    .where(eq(qrCardTokens.token, token));
  if (!row || row.disabled) return undefined;
  const orders = await db
    .select({ number: studentOrders.number, date: studentOrders.orderDate, nameRu: studentOrders.nameRu, nameKg: studentOrders.nameKg, nameEn: studentOrders.nameEn })
    .from(studentOrders)
    .where(eq(studentOrders.studentId, row.studentId))
    .orderBy(asc(studentOrders.orderDate), asc(studentOrders.id));
  return { ...row, orders };
}
