/**
 * Notifications in one place (docs/areas/notifications.md#for-users): an area that wants to tell people of
 * something calls `notify` inside its writing transaction. The rows are kept (nothing is lost while
 * the person is away) and each recipient's open streams get `notification` at commit, with the
 * unread count after it; a rollback writes and sends nothing. Areas add kinds, never a mechanism.
 */
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { NotificationKind } from '@contract/notifications';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { LiveBus } from '../plugins/live';

/** The bus event (area `notifications` maps it to the stream's `notification`). */
export const NOTIFICATION_EVENT = 'notifications.new';

export interface NotifyInput {
  /** Account ids of the recipients (duplicates are sent once). */
  userIds: readonly number[];
  kind: NotificationKind;
  params?: Record<string, string | number>;
  /** Route inside /lms that opens what it is about ('/singlewindow'). */
  link: string;
}

/** A notification row as the stream and the list send it. */
export interface NotificationRow {
  id: number;
  userId: number;
  kind: string;
  params: Record<string, string | number>;
  link: string;
  createdAt: Date;
  readAt: Date | null;
}

export const presentNotification = (r: NotificationRow) => ({
  id: r.id,
  kind: r.kind,
  params: r.params,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
  read: r.readAt !== null,
});

/** Unread counts of some accounts. */
export async function unreadCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/**
 * Kinds whose notifications all open one list, whatever the writer names: a QR mark waiting for
 * review opens the teacher's review list (/qrreview), where it is decided.
 */
const KIND_LINKS: Partial<Record<NotificationKind, string>> = { 'qr.review': '/qrreview' };

/** Writes one notification per recipient and sends each his own at commit. */
export async function notify(tx: Db, live: LiveBus, input: NotifyInput): Promise<void> {
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return;
  const link = KIND_LINKS[input.kind] ?? input.link;
  const rows = (await tx
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, kind: input.kind, params: input.params ?? {}, link })))
    .returning()) as NotificationRow[];
  const unread = await unreadCounts(tx, userIds);
  await live.publishAll(
    tx,
    rows.map((r) => ({ event: NOTIFICATION_EVENT, to: [r.userId], data: { notification: presentNotification(r), unread: unread.get(r.userId) ?? 0 } })),
  );
}

/** Marks read the account's unread ones: one (`id`), some (ids), or all (null). */
export async function markRead(db: Db, userId: number, id: number | readonly number[] | null, at: Date): Promise<number> {
  const which = id === null ? [] : typeof id === 'number' ? [eq(notifications.id, id)] : [inArray(notifications.id, [...id])];
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ...which))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * `notify` for a write that has committed already (the QR marks of a burst): its own statements,
 * not awaited by the caller; a failure is logged, never thrown.
 */
export function notifyLater(db: Db, live: LiveBus, input: NotifyInput): void {
  notify(db, live, input).catch((err: unknown) => live.log.warn({ err }, 'notification not written'));
}
