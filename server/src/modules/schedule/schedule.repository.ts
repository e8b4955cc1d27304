/** SQL of the schedule area: calendar feed secrets (the timetable itself is read in shared/timetable.repository.ts). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarFeeds, users } from '../../db/schema';

export async function findFeedSecret(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ secret: calendarFeeds.secret }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row?.secret;
}

/** Stores the user's secret, replacing an older one; returns the secret in force. */
export async function saveFeedSecret(db: Db, userId: number, secret: string, replace: boolean): Promise<string> {
  const insert = db.insert(calendarFeeds).values({ userId, secret });
  const [row] = await (
    replace ? insert.onConflictDoUpdate({ target: calendarFeeds.userId, set: { secret, createdAt: new Date() } }) : insert.onConflictDoNothing()
  ).returning({ secret: calendarFeeds.secret });
  return row?.secret ?? (await findFeedSecret(db, userId))!;
}

/** The active account a feed secret belongs to. */
export async function accountOfSecret(db: Db, secret: string) {
  const [row] = await db
    .select({ userId: users.id, role: users.role, teacherId: users.teacherId, studentId: users.studentId, disabled: users.disabled })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.secret, secret));
  return row && !row.disabled ? row : undefined;
}
