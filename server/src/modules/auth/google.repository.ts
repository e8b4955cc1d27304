/**
 * SQL of Google sign-in: pending OpenID Connect requests (the university provider's sign-in,
 * oidc.service.ts, keeps its own here too) and accounts linked by subject.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcRequests, users } from '../../db/schema';

export async function insertRequest(
  db: Db,
  r: { stateHash: string; nonce: string; codeVerifier: string; linkUserId: number | null; expiresAt: Date },
): Promise<void> {
  await db.insert(oidcRequests).values(r);
}

/** Takes (deletes and returns) a live request: each state is good for one callback. */
export async function takeRequest(db: Db, stateHash: string, now: Date) {
  const [row] = await db
    .delete(oidcRequests)
    .where(and(eq(oidcRequests.stateHash, stateHash), gt(oidcRequests.expiresAt, now)))
    .returning();
  return row;
}

export async function deleteExpiredRequests(db: Db, now: Date): Promise<void> {
  await db.delete(oidcRequests).where(lt(oidcRequests.expiresAt, now));
}

export async function findBySubject(db: Db, sub: string) {
  const [row] = await db
    .select({ id: users.id, disabled: users.disabled, mustUpdateCredentials: users.mustUpdateCredentials })
    .from(users)
    .where(eq(users.googleSub, sub));
  return row;
}

export async function setSubject(db: Db, userId: number, sub: string): Promise<void> {
  await db.update(users).set({ googleSub: sub }).where(eq(users.id, userId));
}
