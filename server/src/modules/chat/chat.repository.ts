/** SQL of the chat: messages of a conversation by id cursor, unread counts, read marks, writes. */
import { and, asc, count, desc, eq, gt, gte, isNull, lt, min, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatGroupReads, chatMessages, files, users } from '../../db/schema';
import { accountPersonId, accountPersonName, joinAccountPerson } from '../../shared/account-person';

/** A conversation as the database sees it. */
export type Conversation = { kind: 'private'; me: number; other: number } | { kind: 'group'; me: number; groupId: number; disciplineId: number };

const m = chatMessages;

/** Messages of the conversation (both directions of a pair, or the group chat). */
function inConversation(c: Conversation): SQL {
  if (c.kind === 'private')
    return or(and(eq(m.senderUserId, c.me), eq(m.recipientUserId, c.other)), and(eq(m.senderUserId, c.other), eq(m.recipientUserId, c.me)))!;
  return and(eq(m.groupId, c.groupId), eq(m.disciplineId, c.disciplineId))!;
}

const messageColumns = {
  id: m.id,
  message: m.message,
  createdAt: m.createdAt,
  readAt: m.readAt,
  senderUserId: m.senderUserId,
  recipientUserId: m.recipientUserId,
  groupId: m.groupId,
  disciplineId: m.disciplineId,
  senderRole: users.role,
  senderPersonId: accountPersonId,
  ...accountPersonName,
  fileId: m.fileId,
  fileName: files.originalName,
  fileMime: files.mime,
  fileSize: files.size,
};

export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

function selectMessages(db: Db, where: SQL | undefined, order: 'asc' | 'desc', limit: number) {
  return joinAccountPerson(db.select(messageColumns).from(m).innerJoin(users, eq(users.id, m.senderUserId)).$dynamic())
    .leftJoin(files, eq(files.id, m.fileId))
    .where(where)
    .orderBy(order === 'asc' ? asc(m.id) : desc(m.id))
    .limit(limit);
}

/** The latest `limit` messages, oldest first. */
export async function latest(db: Db, c: Conversation, limit: number): Promise<MessageRow[]> {
  return (await selectMessages(db, inConversation(c), 'desc', limit)).reverse();
}

/** Up to `limit` messages before id, oldest first. */
export async function before(db: Db, c: Conversation, id: number, limit: number): Promise<MessageRow[]> {
  return (await selectMessages(db, and(inConversation(c), lt(m.id, id)), 'desc', limit)).reverse();
}

/** Up to `limit` messages after id (or from id, inclusive), oldest first. */
export async function after(db: Db, c: Conversation, id: number, limit: number, inclusive = false): Promise<MessageRow[]> {
  return selectMessages(db, and(inConversation(c), inclusive ? gte(m.id, id) : gt(m.id, id)), 'asc', limit);
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db, eq(m.id, id), 'asc', 1);
  return row;
}

/** The last message id of the group chat the user has read (0: none). */
async function lastRead(db: Db, userId: number, groupId: number, disciplineId: number): Promise<number> {
  const [row] = await db
    .select({ id: chatGroupReads.lastReadId })
    .from(chatGroupReads)
    .where(and(eq(chatGroupReads.userId, userId), eq(chatGroupReads.groupId, groupId), eq(chatGroupReads.disciplineId, disciplineId)));
  return row?.id ?? 0;
}

/** What the user has not read in the conversation: messages of others, unread (private) or after his mark (group). */
async function unreadCondition(db: Db, c: Conversation): Promise<SQL> {
  if (c.kind === 'private') return and(eq(m.senderUserId, c.other), eq(m.recipientUserId, c.me), isNull(m.readAt))!;
  const mark = await lastRead(db, c.me, c.groupId, c.disciplineId);
  return and(inConversation(c), ne(m.senderUserId, c.me), gt(m.id, mark))!;
}

/** The first unread message id and how many are unread. */
export async function unread(db: Db, c: Conversation): Promise<{ first: number | null; total: number }> {
  const [row] = await db
    .select({ first: min(m.id), total: count() })
    .from(m)
    .where(await unreadCondition(db, c));
  return { first: row?.first ?? null, total: row?.total ?? 0 };
}

/** Marks one message read for the user; true when it was unread. */
export async function markRead(db: Db, c: Conversation, messageId: number, now: Date): Promise<boolean> {
  if (c.kind === 'private') {
    const rows = await db
      .update(m)
      .set({ readAt: now })
      .where(and(eq(m.id, messageId), eq(m.recipientUserId, c.me), isNull(m.readAt)))
      .returning({ id: m.id });
    return rows.length > 0;
  }
  const [message] = await db.select({ sender: m.senderUserId }).from(m).where(eq(m.id, messageId));
  const mark = await lastRead(db, c.me, c.groupId, c.disciplineId);
  await advanceGroupMark(db, c.me, c.groupId, c.disciplineId, messageId);
  return Boolean(message) && message.sender !== c.me && messageId > mark;
}

async function advanceGroupMark(db: Db, userId: number, groupId: number, disciplineId: number, id: number): Promise<void> {
  await db
    .insert(chatGroupReads)
    .values({ userId, groupId, disciplineId, lastReadId: id })
    .onConflictDoUpdate({
      target: [chatGroupReads.userId, chatGroupReads.groupId, chatGroupReads.disciplineId],
      set: { lastReadId: sql`greatest(${chatGroupReads.lastReadId}, excluded.last_read_id)` },
    });
}

/** Marks the whole conversation read for the user: how many messages were unread, and the last of them. */
export async function markAllRead(db: Db, c: Conversation, now: Date): Promise<{ marked: number; lastId: number | null }> {
  if (c.kind === 'private') {
    const rows = await db
      .update(m)
      .set({ readAt: now })
      .where(and(eq(m.senderUserId, c.other), eq(m.recipientUserId, c.me), isNull(m.readAt)))
      .returning({ id: m.id });
    return { marked: rows.length, lastId: rows.length ? Math.max(...rows.map((r) => r.id)) : null };
  }
  const { total } = await unread(db, c);
  const [last] = await db.select({ id: m.id }).from(m).where(inConversation(c)).orderBy(desc(m.id)).limit(1);
  if (last) await advanceGroupMark(db, c.me, c.groupId, c.disciplineId, last.id);
  return { marked: total, lastId: last?.id ?? null };
}

/** Unread messages of the user's group chats, per (group, discipline) among `chats`. */
export async function unreadInGroups(db: Db, userId: number, chats: ReadonlyArray<{ groupId: number; disciplineId: number }>) {
  if (chats.length === 0) return [];
  const pairs = sql.join(
    chats.map((c) => sql`(${c.groupId}::integer, ${c.disciplineId}::integer)`),
    sql`, `,
  );
  return db
    .select({ groupId: sql<number>`${m.groupId}`, disciplineId: sql<number>`${m.disciplineId}`, count: count() })
    .from(m)
    .leftJoin(chatGroupReads, and(eq(chatGroupReads.userId, userId), eq(chatGroupReads.groupId, m.groupId), eq(chatGroupReads.disciplineId, m.disciplineId)))
    .where(and(sql`(${m.groupId}, ${m.disciplineId}) in (${pairs})`, ne(m.senderUserId, userId), gt(m.id, sql`coalesce(${chatGroupReads.lastReadId}, 0)`)))
    .groupBy(m.groupId, m.disciplineId);
}

export interface NewMessage {
  senderUserId: number;
  recipientUserId: number | null;
  groupId: number | null;
  disciplineId: number;
  academicYearId: number;
  workingSemesterId: number;
  message: string;
  fileId: number | null;
  createdAt: Date;
}

export async function insertMessage(db: Db, row: NewMessage): Promise<number> {
  const [out] = await db.insert(m).values(row).returning({ id: m.id });
  return out.id;
}

export async function deleteMessage(db: Db, id: number): Promise<void> {
  await db.delete(m).where(eq(m.id, id));
}
