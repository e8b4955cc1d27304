/** SQL of QR attendance and the QR card: the token secret, sessions, marks, journal visit records, card tokens and the card. */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { membersAmong } from '../../shared/timetable.repository';
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

export interface MarkContext {
  session: SessionRow;
  /** Is the student one of the session's lesson's students? */
  member: boolean;
  /** The student (null: no such student). */
  student: StudentFacts | null;
  /** Has this device marked another student in the session? */
  sharedDevice: boolean;
}

/** One mark of a batch to read the facts of: the session it names, the student, the device. */
export interface MarkRequest {
  key: SessionKey;
  studentId: number;
  device: string;
}

/**
 * What a batch of marks is checked against, in four statements whatever the batch's size (two at a
 * time): the sessions and the students, then which students belong to which lessons and the devices'
 * earlier marks. One answer per request, in order (undefined: no such session).
 */
export async function markContexts(db: Db, requests: readonly MarkRequest[]): Promise<(MarkContext | undefined)[]> {
  if (requests.length === 0) return [];
  const ids = [...new Set(requests.flatMap((r) => ('id' in r.key ? [r.key.id] : [])))];
  const byLesson = requests.flatMap((r) => ('id' in r.key ? [] : [r.key]));
  const sessionsRead = db
    .select()
    .from(qrSessions)
    .where(
      or(
        ids.length ? inArray(qrSessions.id, ids) : undefined,
        ...byLesson.map((k) => and(eq(qrSessions.scheduleEntryId, k.scheduleEntryId), eq(qrSessions.lessonDate, k.lessonDate))),
      ),
    );
  const studentIds = [...new Set(requests.map((r) => r.studentId))];
  const studentsRead = db
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
    .where(inArray(students.id, studentIds));
  // Independent reads: on PostgreSQL each takes a connection of its own and they run side by side.
  const [sessionRows, studentRows] = await Promise.all([sessionsRead, studentsRead]);
  const sessionOf = (key: SessionKey) =>
    sessionRows.find((s) => ('id' in key ? s.id === key.id : s.scheduleEntryId === key.scheduleEntryId && s.lessonDate === key.lessonDate));
  const found = requests.map((r) => sessionOf(r.key));
  const studentsById = new Map(studentRows.map((s) => [s.id, s]));
  const pairs = requests.flatMap((r, i) => (found[i] ? [{ entryId: found[i].scheduleEntryId, studentId: r.studentId }] : []));
  const sessionIds = [...new Set(found.flatMap((s) => (s ? [s.id] : [])))];
  const devices = [...new Set(requests.map((r) => r.device))];
  const [members, earlier] = await Promise.all([
    membersAmong(db, pairs),
    sessionIds.length
      ? db
          .select({ sessionId: qrMarks.sessionId, device: qrMarks.device, studentId: qrMarks.studentId })
          .from(qrMarks)
          .where(and(inArray(qrMarks.sessionId, sessionIds), inArray(qrMarks.device, devices)))
      : Promise.resolve([]),
  ]);
  return requests.map((r, i) => {
    const session = found[i];
    if (!session) return undefined;
    return {
      session,
      member: members.has(`${session.scheduleEntryId}:${r.studentId}`),
      student: studentsById.get(r.studentId) ?? null,
      sharedDevice: earlier.some((m) => m.sessionId === session.id && m.device === r.device && m.studentId !== r.studentId),
    };
  });
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

/**
 * Inserts a batch of marks (at most one per session and student, the unique key); a student who
 * has a mark in that session already gets none. Returns the new marks' ids by `sessionId:studentId`.
 */
export async function insertMarks(db: Db, values: (typeof qrMarks.$inferInsert)[]): Promise<Map<string, number>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .insert(qrMarks)
    .values(values)
    .onConflictDoNothing({ target: [qrMarks.sessionId, qrMarks.studentId] })
    .returning({ id: qrMarks.id, sessionId: qrMarks.sessionId, studentId: qrMarks.studentId });
  return new Map(rows.map((r) => [`${r.sessionId}:${r.studentId}`, r.id]));
}

export async function deleteMark(db: Db, id: number): Promise<void> {
  await db.delete(qrMarks).where(eq(qrMarks.id, id));
}

/** The accepted marks of each session, by session id. */
export async function countAcceptedOf(db: Db, sessionIds: readonly number[]): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: qrMarks.sessionId, n: count() })
    .from(qrMarks)
    .where(and(inArray(qrMarks.sessionId, [...sessionIds]), eq(qrMarks.status, 'accepted')))
    .groupBy(qrMarks.sessionId);
  return new Map(rows.map((r) => [r.sessionId, r.n]));
}

/** The journal cell of a visit: `teachingAssignmentId:studentId:visitDate:lessonTimeId`. */
export const cellKey = (v: { teachingAssignmentId: number; studentId: number; visitDate: string; lessonTimeId: number }) =>
  `${v.teachingAssignmentId}:${v.studentId}:${v.visitDate}:${v.lessonTimeId}`;

/**
 * The "present" records of a batch of accepted marks, the common way (nothing in those journal
 * cells yet), with their history lines and the marks' links to them, in three statements. Returns
 * the new records' ids by cellKey; a cell the journal holds already gets none (writePresence then decides).
 */
export async function insertPresences(db: Db, marks: readonly { values: VisitValues; byUserId: number | null; markId: number }[]): Promise<Map<string, number>> {
  if (marks.length === 0) return new Map();
  const inserted = await db
    .insert(journalVisits)
    .values(marks.map((m) => ({ ...m.values, mark: null, source: 'qr', createdByUserId: m.byUserId, updatedByUserId: m.byUserId })))
    .onConflictDoNothing({ target: [journalVisits.teachingAssignmentId, journalVisits.studentId, journalVisits.visitDate, journalVisits.lessonTimeId] })
    .returning({
      id: journalVisits.id,
      teachingAssignmentId: journalVisits.teachingAssignmentId,
      studentId: journalVisits.studentId,
      visitDate: journalVisits.visitDate,
      lessonTimeId: journalVisits.lessonTimeId,
    });
  const ids = new Map(inserted.map((r) => [cellKey(r), r.id]));
  const written = marks.flatMap((m) => {
    const visitId = ids.get(cellKey(m.values));
    return visitId === undefined ? [] : [{ ...m, visitId }];
  });
  if (written.length === 0) return ids;
  await db.insert(journalVisitChanges).values(
    written.map((m) => ({
      visitId: m.visitId,
      teachingAssignmentId: m.values.teachingAssignmentId,
      studentId: m.values.studentId,
      visitDate: m.values.visitDate,
      lessonTimeId: m.values.lessonTimeId,
      action: 'insert',
      oldMark: null,
      newMark: null,
      source: 'qr',
      changedByUserId: m.byUserId,
    })),
  );
  const links = sql.join(
    written.map((m) => sql`(${m.markId}::int, ${m.visitId}::int)`),
    sql`, `,
  );
  await db.execute(sql`update ${qrMarks} set visit_id = l.visit_id from (values ${links}) as l(mark_id, visit_id) where ${qrMarks.id} = l.mark_id`);
  return ids;
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
