/** SQL of the notification list (writing them is shared/notifications.ts). */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import type { NotificationRow } from '../../shared/notifications';

/** A page of an account's notifications, newest first (one more than asked: whether more follow). */
export async function pageOf(db: Db, userId: number, offset: number, limit: number): Promise<NotificationRow[]> {
  return (await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(limit)
    .offset(offset)) as NotificationRow[];
}

export async function exists(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return rows.length > 0;
}
