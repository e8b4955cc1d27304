/** SQL of QR attendance's sessions: the token secret, a session, its marks and the teacher's decisions (the batches' SQL: qr.mark.repository.ts). */
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personNameColumns } from '../../shared/account-person';
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
  /** The client's network address (null for marks from before addresses were kept). */
  ip: string | null;
  createdAt: Date;
}

const markColumns = {
  id: qrMarks.id,
  studentId: qrMarks.studentId,
  ...personNameColumns(students),
  status: qrMarks.status,
  reason: qrMarks.reason,
  distanceM: qrMarks.distanceM,
  ip: qrMarks.ip,
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
      ...personNameColumns(students),
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
