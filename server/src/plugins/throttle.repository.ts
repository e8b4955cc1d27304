/** SQL of the throttle of sign-ins, password changes, typed QR codes and QR card look-ups (plugins/throttle.ts). */
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';

export type AttemptKind = 'login' | 'password' | 'qrcode' | 'card' | 'upload';

/** Serialises reservations for one key until the transaction ends (works across processes). */
export async function lockKey(db: Db, kind: AttemptKind, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`throttle:${kind}:${key}`}, 0))`);
}

/**
 * The time of the `max`-th newest attempt that counts (pending or failed) since `since`, for a
 * key and optionally one address: when it exists, `max` attempts are already in the window.
 */
export async function nthRecentAttempt(db: Db, kind: AttemptKind, key: string, ip: string | null, since: Date, max: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.kind, kind),
        eq(loginAttempts.loginKey, key),
        ip === null ? undefined : eq(loginAttempts.ip, ip),
        gt(loginAttempts.at, since),
        inArray(loginAttempts.outcome, ['pending', 'failure']),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .offset(max - 1)
    .limit(1);
  return row?.at ?? null;
}

export async function insertPending(db: Db, kind: AttemptKind, key: string, ip: string, at: Date, outcome: 'pending' | 'failure' = 'pending'): Promise<number> {
  const [row] = await db.insert(loginAttempts).values({ kind, loginKey: key, ip, at, outcome }).returning({ id: loginAttempts.id });
  return row.id;
}

export async function settle(db: Db, id: number, outcome: 'success' | 'failure'): Promise<void> {
  await db.update(loginAttempts).set({ outcome }).where(eq(loginAttempts.id, id));
}

export async function deleteOlderThan(db: Db, before: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, before));
}

/** Which of `keys` have attempts that count (pending or failed) since `since`. */
export async function keysWithCountedAttempts(db: Db, kind: AttemptKind, keys: readonly string[], since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: loginAttempts.loginKey })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.kind, kind),
        inArray(loginAttempts.loginKey, [...keys]),
        gt(loginAttempts.at, since),
        inArray(loginAttempts.outcome, ['pending', 'failure']),
      ),
    );
  return rows.map((r) => r.key);
}

/** The addresses a key's counted attempts since `since` came from. */
export async function addressesOf(db: Db, kind: AttemptKind, key: string, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ip: loginAttempts.ip })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.kind, kind), eq(loginAttempts.loginKey, key), gt(loginAttempts.at, since), inArray(loginAttempts.outcome, ['pending', 'failure'])),
    );
  return rows.map((r) => r.ip);
}

export async function deleteFailures(db: Db, kind: AttemptKind, key: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.kind, kind), eq(loginAttempts.loginKey, key), eq(loginAttempts.outcome, 'failure')));
}
