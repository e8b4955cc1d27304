/**
 * Unread one-to-one messages per sender: the chat's unread counts and the academic contact lists
 * (each contact with the messages the caller has not read yet) both read it.
 */
import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chatMessages as m, users } from '../db/schema';
import { accountPersonId } from './account-person';

/** Unread one-to-one messages to the user, per sender account. */
export async function unreadBySender(db: Db, userId: number, senders?: number[]) {
  if (senders && senders.length === 0) return [];
  const conditions: SQL[] = [eq(m.recipientUserId, userId), isNull(m.readAt)];
  if (senders) conditions.push(inArray(m.senderUserId, senders));
  return db
    .select({
      senderUserId: m.senderUserId,
      role: users.role,
      personId: accountPersonId,
      count: count(),
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.senderUserId))
    .where(and(...conditions))
    .groupBy(m.senderUserId, users.role, users.teacherId, users.studentId);
}

/** Unread one-to-one messages to the user, per discipline they were written about. */
export async function unreadPrivateByDiscipline(db: Db, userId: number) {
  return db
    .select({ disciplineId: sql<number>`${m.disciplineId}`, count: count() })
    .from(m)
    .where(and(eq(m.recipientUserId, userId), isNull(m.readAt), sql`${m.disciplineId} is not null`))
    .groupBy(m.disciplineId);
}
