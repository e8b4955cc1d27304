/** SQL of sessions (plugins/session.ts). */
import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { preparedStatement, type Db } from '../db/client';
import { sessions, users } from '../db/schema';

export interface NewSession {
  tokenHash: string;
  userId: number;
  now: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string | null;
  via: 'password' | 'google';
}

export async function insertSession(db: Db, s: NewSession): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: s.tokenHash,
      userId: s.userId,
      createdAt: s.now,
      lastSeenAt: s.now,
      expiresAt: s.expiresAt,
      ip: s.ip,
      userAgent: s.userAgent,
      via: s.via,
    })
    .returning({ id: sessions.id });
  return row.id;
}

/** What the session check reads of a session and its account. */
const liveSessionColumns = {
  sessionId: sessions.id,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  via: sessions.via,
  userId: users.id,
  role: users.role,
  teacherId: users.teacherId,
  studentId: users.studentId,
  login: users.login,
  newsPerms: users.newsPerms,
  disabled: users.disabled,
  mustUpdateCredentials: users.mustUpdateCredentials,
};

const liveSessionQuery = preparedStatement((db) =>
  db
    .select(liveSessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .prepare('session_live'),
);

/** The live session of a token hash with its account, or undefined (a prepared statement: it runs on every call). */
export async function findLiveSession(db: Db, tokenHash: string, now: Date, idleSince: Date) {
  const [row] = await liveSessionQuery(db).execute({ tokenHash, now, idleSince });
  return row;
}

export type LiveSessionRow = NonNullable<Awaited<ReturnType<typeof findLiveSession>>> & { tokenHash: string };

/**
 * The live sessions of several token hashes at once (a burst of requests: one statement for all),
 * each with its token hash; a single hash goes through the prepared statement.
 */
export async function findLiveSessions(db: Db, tokenHashes: readonly string[], now: Date, idleSince: Date): Promise<LiveSessionRow[]> {
  if (tokenHashes.length === 1) {
    const row = await findLiveSession(db, tokenHashes[0], now, idleSince);
    return row ? [{ ...row, tokenHash: tokenHashes[0] }] : [];
  }
  return db
    .select({ tokenHash: sessions.tokenHash, ...liveSessionColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.tokenHash, [...tokenHashes]), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)));
}

export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** Records activity on several sessions in one statement. */
export async function touchSessions(db: Db, sessionIds: readonly number[], now: Date): Promise<void> {
  if (sessionIds.length === 1) return touchSession(db, sessionIds[0], now);
  if (sessionIds.length > 0)
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(inArray(sessions.id, [...sessionIds]));
}

/** Revokes the session of a token hash; returns its account (undefined when it was not live). */
export async function revokeByTokenHash(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return row?.userId;
}

/** Revokes every live session of an account, except one when given. */
export async function revokeForUser(db: Db, userId: number, now: Date, exceptSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId)));
}

/** Deletes sessions that ended (expired or revoked) before `before`. */
export async function deleteEndedSessions(db: Db, before: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before), lt(sessions.lastSeenAt, before)));
}
