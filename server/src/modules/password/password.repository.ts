/** SQL of the password change. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function findCredentials(db: Db, userId: number) {
  const [row] = await db.select({ login: users.login, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row;
}

export async function setPassword(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId));
}
