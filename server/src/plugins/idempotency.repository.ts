/** SQL of the idempotency keys (plugins/idempotency.ts). */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export interface KeyRow {
  fingerprint: string;
  status: number | null;
  reply: string | null;
}

/**
 * Claims (userId, key) for a request: true when this request is the first (or the key's earlier use
 * is older than `expiredBefore`, or was abandoned unfinished before `abandonedBefore`).
 */
export async function claim(db: Db, userId: number, key: string, fingerprint: string, now: Date, expiredBefore: Date, abandonedBefore: Date): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint, createdAt: now, status: null, reply: null },
      setWhere: or(lt(idempotencyKeys.createdAt, expiredBefore), and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, abandonedBefore))),
    })
    .returning({ userId: idempotencyKeys.userId });
  return rows.length > 0;
}

export async function find(db: Db, userId: number, key: string): Promise<KeyRow | null> {
  const [row] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, reply: idempotencyKeys.reply })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

export async function complete(db: Db, userId: number, key: string, status: number, reply: string): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status, reply })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function release(db: Db, userId: number, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

export async function deleteOlderThan(db: Db, before: Date): Promise<void> {
  await db.execute(sql`delete from ${idempotencyKeys} where ${idempotencyKeys.createdAt} < ${before}`);
}
