/**
 * Sessions kept in the server process (plugins/session-cache.ts): reused while nothing changed, and
 * dropped at once, on every server process on the database, when the session or its account changes
 * (logout, password change, a role, rights or disabled flag changed in SQL, expiry).
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { silently, twoProcesses, type TwoProcesses } from '../test/processes';
import { sessions, users } from '../db/schema';
import { appOn, DEMO, session, testClock, type TestDatabase } from '../test/helpers';
import { SessionCache } from './session-cache';

let processes: TwoProcesses;
let db: TestDatabase;
/** Two "processes" on the database: what one changes, the other must show. */
let a: App;
let b: App;
const clock = testClock();
// Kept for a minute of real time, so that only the changes under test end the reuse.
const env = { SESSION_CACHE_MS: '60000', SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' };

beforeAll(async () => {
  processes = await twoProcesses({ now: clock.now, env });
  ({ db, a, b } = processes);
});
afterAll(() => processes.close());

const enticate = (app: App, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/auth/enticate.json', payload: { token: 'x' }, headers });
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const kept = (app: App) => app.ctx.sessions.cache.size;

/** Signs in the demo teacher on `a` and has both processes check (and keep) the session. */
async function keptOnBoth() {
  const s = await session(a, 'teacher');
  for (const app of [a, b]) {
    const before = kept(app);
    expect((await enticate(app, s.headers)).statusCode).toBe(200);
    expect(kept(app)).toBe(before + 1);
  }
  return s;
}

describe('session cache', () => {
  it('a kept session is answered without reading it again', async () => {
    const s = await keptOnBoth();
    // Revoked behind the server's back (no announcement): both processes still answer from what they kept.
    await silently(db, sql`update sessions set revoked_at = now() where token_hash = ${hashOf(s.token)}`);
    expect((await enticate(a, s.headers)).statusCode).toBe(200);
    expect((await enticate(b, s.headers)).statusCode).toBe(200);
  });

  it('a session not kept is read without waiting to hear the changes; a kept one waits for them first', async () => {
    const s = await session(a, 'student');
    const ready = vi.spyOn(b.ctx.sessions.cache, 'ready');
    try {
      expect((await enticate(b, s.headers)).statusCode).toBe(200);
      expect(ready).not.toHaveBeenCalled();
      expect((await enticate(b, s.headers)).statusCode).toBe(200);
      expect(ready).toHaveBeenCalledTimes(1);
    } finally {
      ready.mockRestore();
    }
  });

  it('logout on one process ends the session on the other at once', async () => {
    const s = await keptOnBoth();
    const out = await a.inject({ method: 'POST', url: '/api/auth/logout.json', payload: { logout: true }, headers: s.headers });
    expect(out.statusCode).toBe(200);
    expect((await enticate(b, s.headers)).statusCode).toBe(401);
    expect((await enticate(a, s.headers)).statusCode).toBe(401);
  });

  it('a password change on one process ends the other sessions on the other at once', async () => {
    const keep = await keptOnBoth();
    const other = await keptOnBoth();
    const [seeded] = await db.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, keep.user.id));
    try {
      const res = await b.inject({
        method: 'POST',
        url: '/api/passwd/reset.json',
        payload: { password: DEMO.teacher.password, newPassword: 'A new passphrase for the cache', uid: keep.user.uid, role: 1 },
        headers: keep.headers,
      });
      expect(res.statusCode).toBe(200);
      expect((await enticate(a, other.headers)).statusCode).toBe(401);
      expect((await enticate(b, other.headers)).statusCode).toBe(401);
      expect((await enticate(a, keep.headers)).statusCode).toBe(200);
    } finally {
      await db.database.db.update(users).set({ passwordHash: seeded.hash }).where(eq(users.id, keep.user.id));
    }
  });

  it('an account changed in SQL is seen by the next request on every process', async () => {
    const s = await keptOnBoth();
    await db.database.db.update(users).set({ newsPerms: false }).where(eq(users.id, s.user.id));
    for (const app of [b, a]) expect((await enticate(app, s.headers)).json().data.newsPerms).toBe(false);
    await db.database.db.update(users).set({ newsPerms: true }).where(eq(users.id, s.user.id));
    for (const app of [b, a]) expect((await enticate(app, s.headers)).json().data.newsPerms).toBe(true);
    await db.database.db.update(users).set({ disabled: true }).where(eq(users.id, s.user.id));
    try {
      for (const app of [b, a]) expect((await enticate(app, s.headers)).statusCode).toBe(401);
    } finally {
      await db.database.db.update(users).set({ disabled: false }).where(eq(users.id, s.user.id));
    }
  });

  it('a session revoked or expired in SQL is refused by the next request on every process', async () => {
    const revoked = await keptOnBoth();
    await db.database.db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(eq(sessions.tokenHash, hashOf(revoked.token)));
    for (const app of [b, a]) expect((await enticate(app, revoked.headers)).statusCode).toBe(401);
    const expired = await keptOnBoth();
    await db.database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(sessions.tokenHash, hashOf(expired.token)));
    for (const app of [b, a]) expect((await enticate(app, expired.headers)).statusCode).toBe(401);
  });

  it('a kept session ends at its absolute expiry and at its idle limit', async () => {
    const s = await keptOnBoth();
    // Moved to a minute before its absolute end (12 h), behind the server's back: kept entries do not know.
    await silently(
      db,
      sql`update sessions set expires_at = ${clock.now().toISOString()}::timestamptz + interval '1 minute' where token_hash = ${hashOf(s.token)}`,
    );
    expect((await enticate(a, s.headers)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    // The entry lives until its activity is written again, which reads the session: now expired.
    expect((await enticate(a, s.headers)).statusCode).toBe(401);
    expect((await enticate(b, s.headers)).statusCode).toBe(401);

    const idle = await keptOnBoth();
    clock.advance(31 * 60_000);
    expect((await enticate(a, idle.headers)).statusCode).toBe(401);
    expect((await enticate(b, idle.headers)).statusCode).toBe(401);
  });

  it('activity is still written once a minute', async () => {
    const s = await keptOnBoth();
    const seen = async () =>
      (
        await db.database.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, hashOf(s.token)))
      )[0].at.getTime();
    const first = await seen();
    clock.advance(30_000);
    expect((await enticate(a, s.headers)).statusCode).toBe(200);
    expect(await seen()).toBe(first);
    clock.advance(31_000);
    expect((await enticate(a, s.headers)).statusCode).toBe(200);
    expect(await seen()).toBeGreaterThan(first);
  });
});

describe('session cache off', () => {
  it('SESSION_CACHE_MS=0 keeps nothing: every request reads its session', async () => {
    const off = await appOn(db, { env: { SESSION_CACHE_MS: '0' } });
    try {
      const s = await session(off, 'student');
      expect((await enticate(off, s.headers)).statusCode).toBe(200);
      expect(kept(off)).toBe(0);
      await silently(db, sql`update sessions set revoked_at = now() where token_hash = ${hashOf(s.token)}`);
      expect((await enticate(off, s.headers)).statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });
});

describe('SessionCache', () => {
  const auth = (userId: number) => ({
    sessionId: userId,
    userId,
    role: 1 as const,
    uid: userId,
    login: `u${userId}`,
    newsPerms: false,
    via: 'password' as const,
  });
  const listening = { sync: () => Promise.resolve(), stop: () => Promise.resolve() };
  const started = async (options = { ttlMs: 1000, maxEntries: 2 }, monotonic = () => 0) => {
    const cache = new SessionCache(options, monotonic);
    await cache.start({ listen: () => Promise.resolve(listening) } as unknown as Database);
    return cache;
  };

  it('does not store what a lookup read before a change was heard', async () => {
    const cache = await started();
    const mark = cache.mark();
    cache.dropUser(99);
    cache.set('h1', auth(1), 10_000, mark);
    expect(cache.get('h1', 0)).toBeUndefined();
    cache.set('h1', auth(1), 10_000, cache.mark());
    expect(cache.get('h1', 0)).toMatchObject({ userId: 1 });
  });

  it('keeps at most maxEntries (the oldest leave first), each until its session clock limit and its freshness', async () => {
    let t = 0;
    const cache = await started({ ttlMs: 1000, maxEntries: 2 }, () => t);
    for (const id of [1, 2, 3]) cache.set(`h${id}`, auth(id), 10_000, cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get('h1', 0)).toBeUndefined();
    expect(cache.get('h2', 9_999)).toMatchObject({ userId: 2 });
    expect(cache.get('h2', 10_000)).toBeUndefined();
    t = 1000;
    expect(cache.get('h3', 0)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing before it listens, nor when it cannot hear changes', async () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10 });
    expect(await cache.ready()).toBe(false);
    cache.set('h1', auth(1), 10_000, cache.mark());
    expect(cache.size).toBe(0);
    const away = new SessionCache({ ttlMs: 1000, maxEntries: 10 });
    await away.start({ listen: () => Promise.resolve({ ...listening, sync: () => Promise.reject(new Error('away')) }) } as unknown as Database);
    expect(await away.ready()).toBe(false);
    away.set('h1', auth(1), 10_000, away.mark());
    expect(away.size).toBe(0);
  });

  it('after a failed round trip every look-up waits for the next, and sessions are kept again once one succeeds', async () => {
    let up = false;
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10 });
    await cache.start({
      listen: () => Promise.resolve({ ...listening, sync: () => (up ? Promise.resolve() : Promise.reject(new Error('away'))) }),
    } as unknown as Database);
    expect(cache.mustHear('h1')).toBe(false);
    cache.set('h1', auth(1), 10_000, cache.mark());
    expect(cache.mustHear('h1')).toBe(true);
    expect(await cache.ready()).toBe(false);
    expect(cache.size).toBe(0);
    expect(cache.mustHear('h2')).toBe(true);
    up = true;
    expect(await cache.ready()).toBe(true);
    expect(cache.mustHear('h2')).toBe(false);
    cache.set('h2', auth(2), 10_000, cache.mark());
    expect(cache.get('h2', 0)).toMatchObject({ userId: 2 });
  });
});
