/**
 * docs/security.md#sessions: an open event stream ends within a second of its session: logout, a password
 * change (other sessions), expiry; on every server process on the database. A session holds at most
 * LiveBus.maxStreamsPerSession open streams in all processes together (one more answers 429).
 *
 * The processes run as in production: each request's database deadline is enforced
 * (DB_REQUEST_TIMEOUT_MS), and each process's live listener was opened by a request whose deadline
 * has long passed (the first stream of a process opens it, and keeps serving after that request's time).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { requestDeadline, rowsOf } from '../db/client';
import { StreamSlots } from './stream-slots';
import { ownConnection, twoProcesses, type TwoProcesses } from '../test/processes';
import { cookieHeader, DEMO, quickPasswordHash, session, signIn, type TestDatabase } from '../test/helpers';

let processes: TwoProcesses;
let db: TestDatabase;
/** Two "processes" on the database: a session ended on one ends its streams on both. */
let a: App;
let b: App;
let baseA: string;
let baseB: string;

async function listening(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  processes = await twoProcesses({}, { requestTimeoutMs: 4500 });
  ({ db, a, b } = processes);
  // As the first stream's request of each process does, inside a request deadline that is already over.
  for (const app of [a, b]) await requestDeadline.run({ until: performance.now() }, () => app.ctx.live.ready());
  [baseA, baseB] = [await listening(a), await listening(b)];
});
afterAll(() => processes.close());

/**
 * How long a test waits for an admitted stream's opening event: only a guard against waiting forever
 * (it comes in milliseconds; a loaded machine's pauses are what the margin is for).
 */
const OPENED_GUARD_MS = 15_000;

/** Opens the chat event stream and follows it: its events, and whether it ended. */
async function openStream(base: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/chat/events.json`, { headers, signal: controller.signal });
  const events: string[] = [];
  let ended = false;
  let endedAt = 0;
  const pump = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const line of decoder.decode(value, { stream: true }).split('\n')) if (line.startsWith('event: ')) events.push(line.slice(7));
      }
    } catch {
      // aborted
    }
    ended = true;
    endedAt = Date.now();
  })();
  return {
    res,
    events,
    get ended() {
      return ended;
    },
    get endedAt() {
      return endedAt;
    },
    /** Admitted (200), and the opening event arrived: the stream is open. */
    async opened() {
      expect(res.status, 'the stream was not admitted').toBe(200);
      await expect.poll(() => events.includes('counts') || ended, { timeout: OPENED_GUARD_MS }).toBe(true);
      expect(events, 'the stream ended before its opening event').toContain('counts');
    },
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

/** Another seeded student account (the n-th after the demo student's), given a known password and signed in on app a. */
async function otherStudent(n: number) {
  const { rows } = (await db.database.db.execute(
    sql`update users set password_hash = ${quickPasswordHash('Streams-2026')}, disabled = false where id = (select id from users where role = 2 and not must_update_credentials and login <> ${DEMO.student.login} order by id offset ${n} limit 1) returning login`,
  )) as unknown as { rows: Array<{ login: string }> };
  const { token, body } = await signIn(a, rows[0].login, 'Streams-2026');
  if (!token) throw new Error(`sign-in as ${rows[0].login} failed`);
  return { headers: cookieHeader(token), user: body.data as { id: number } };
}

/**
 * How long a test waits for a stream to end after its session did: only a guard against waiting
 * forever. The streams end on the database's announcement, far sooner; the
 * periodic session check that would end them otherwise is a minute away.
 */
const ENDED_GUARD_MS = 5000;

const logout = (app: App, headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/auth/logout.json', payload: {}, headers });

describe('I5: streams end with their session', () => {
  it('logout on another server process ends the session’s streams on both within a second; other sessions keep theirs', async () => {
    const mine = await session(a, 'student');
    const other = await session(a, 'student');
    const onA = await openStream(baseA, mine.headers);
    const onB = await openStream(baseB, mine.headers);
    const untouched = await openStream(baseB, other.headers);
    await Promise.all([onA.opened(), onB.opened(), untouched.opened()]);

    expect((await logout(b, mine.headers)).statusCode).toBe(200);
    await expect.poll(() => onA.ended && onB.ended, { timeout: ENDED_GUARD_MS }).toBe(true);
    expect(onA.events.at(-1)).toBe('end');
    expect(onB.events.at(-1)).toBe('end');
    expect(untouched.ended).toBe(false);
    expect(a.ctx.live.openStreams + b.ctx.live.openStreams).toBe(1);
    await untouched.close();
  });

  it('a password change ends the streams of the other sessions, not of the one that changed it', async () => {
    const changer = await session(a, 'teacher');
    const elsewhere = await session(a, 'teacher');
    const kept = await openStream(baseA, changer.headers);
    const revoked = await openStream(baseB, elsewhere.headers);
    await Promise.all([kept.opened(), revoked.opened()]);
    const res = await a.inject({
      method: 'POST',
      url: '/api/passwd/reset.json',
      payload: { uid: changer.user.uid, role: changer.user.role, password: 'Teacher2026', newPassword: 'Kelechek-2027-Bishkek' },
      headers: changer.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => revoked.ended, { timeout: ENDED_GUARD_MS }).toBe(true);
    expect(revoked.events.at(-1)).toBe('end');
    expect(kept.ended).toBe(false);
    await kept.close();
  });

  it('an account disabled, a session revoked or expired, or sessions deleted by SQL end their streams on every process within a second', async () => {
    const changes: Array<[string, (userId: number) => ReturnType<typeof sql>]> = [
      ['account disabled', (id) => sql`update users set disabled = true where id = ${id}`],
      ['session revoked', (id) => sql`update sessions set revoked_at = now() where revoked_at is null and user_id = ${id}`],
      ['session expired', (id) => sql`update sessions set expires_at = now() - interval '1 second' where revoked_at is null and user_id = ${id}`],
      ['sessions deleted', (id) => sql`delete from sessions where user_id = ${id}`],
    ];
    for (const [n, [what, change]] of changes.entries()) {
      const mine = await otherStudent(n);
      const bystander = await session(a, 'student');
      const onA = await openStream(baseA, mine.headers);
      const onB = await openStream(baseB, mine.headers);
      const untouched = await openStream(baseB, bystander.headers);
      await Promise.all([onA.opened(), onB.opened(), untouched.opened()]);
      // What an administrator or a housekeeping job does, on its own connection.
      const admin = await ownConnection(db);
      try {
        await admin.database.db.execute(change(mine.user.id));
      } finally {
        await admin.close();
      }
      await expect.poll(() => onA.ended && onB.ended, { timeout: ENDED_GUARD_MS, message: what }).toBe(true);
      expect(onA.events.at(-1), what).toBe('end');
      expect(untouched.ended, what).toBe(false);
      await untouched.close();
    }
  });

  it('an expiring session ends its stream at its expiry, not at the next periodic check', async () => {
    const soon = await session(a, 'student');
    // The session ends 1.5 s from now (as if its absolute lifetime ran out then).
    await db.database.db.execute(
      sql`update sessions set expires_at = now() + interval '1500 milliseconds' where revoked_at is null and user_id = ${soon.user.id}`,
    );
    const stream = await openStream(baseA, soon.headers);
    await stream.opened();
    const expiry = Date.now() + 1500;
    await expect.poll(() => stream.ended, { timeout: 5000 }).toBe(true);
    expect(stream.endedAt - expiry).toBeLessThan(1000);
    expect(stream.events.at(-1)).toBe('end');
  });

  it('a session holds at most 10 open streams: one more answers 429 in the envelope', async () => {
    const s = await session(a, 'student');
    // One after another, as a user's tabs open (opens at once are counted in the test after this one).
    const streams: Array<Awaited<ReturnType<typeof openStream>>> = [];
    for (let i = 0; i < 10; i += 1) {
      streams.push(await openStream(baseA, s.headers));
      await streams[i].opened();
    }
    const res = await fetch(`${baseA}/api/chat/events.json`, { headers: { ...s.headers, 'accept-language': 'en' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(await res.json()).toMatchObject({ result: true, error: { code: 'TOO_MANY_REQUESTS' }, data: null });
    // Another session is not affected, and a closed stream frees its place on its process at once
    // (its row's deletion may still be on its way: see plugins/stream-slots.ts).
    const other = await session(a, 'student');
    const fine = await openStream(baseA, other.headers);
    await fine.opened();
    await streams[0].close();
    const sessionId = (await a.ctx.sessions.lookup(s.token))!.sessionId;
    await expect.poll(() => a.ctx.live.streamsOf(sessionId)).toBe(9);
    const again = await openStream(baseA, s.headers);
    await again.opened();
    await Promise.all([...streams.slice(1), fine, again].map((x) => x.close()));
  });

  it('a place given back counts no more on its process while its row is still being deleted; on another process until the row is gone', async () => {
    const s = await session(a, 'student');
    const sessionId = (await a.ctx.sessions.lookup(s.token))!.sessionId;
    const real = db.database.db;
    // The database as the process sees it, with the deletions of given-back places held until released.
    let holding = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = new Proxy(real, {
      get: (target, key) =>
        key === 'execute'
          ? async (query: Parameters<typeof real.execute>[0]) => {
              if (holding) await held;
              return target.execute(query);
            }
          : Reflect.get(target, key),
    });
    const here = new StreamSlots(slow);
    const elsewhere = new StreamSlots(real);
    const first = await here.take(sessionId, 1, 1);
    holding = true;
    first();
    // A tab closed and another opened at once on the same process: admitted.
    const second = await here.take(sessionId, 1, 1);
    // Another process counts both rows until the first is deleted.
    await expect(elsewhere.take(sessionId, 2, 1)).rejects.toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    holding = false;
    release();
    await expect
      .poll(async () => (await rowsOf<{ n: number }>(real, sql`select count(*)::int as n from live_streams where session_id = ${sessionId}`))[0])
      .toEqual({ n: 1 });
    const third = await elsewhere.take(sessionId, 2, 1);
    second();
    third();
    await Promise.all([here.stop(), elsewhere.stop()]);
  });

  it('the 10 streams of a session are counted across processes: 6 on one and 4 on another fill them', async () => {
    const s = await session(a, 'student');
    const onA = await Promise.all(Array.from({ length: 6 }, () => openStream(baseA, s.headers)));
    const onB = await Promise.all(Array.from({ length: 4 }, () => openStream(baseB, s.headers)));
    await Promise.all([...onA, ...onB].map((x) => x.opened()));
    // Each process holds fewer than 10, yet neither opens an 11th.
    for (const base of [baseA, baseB]) {
      const res = await fetch(`${base}/api/chat/events.json`, { headers: { ...s.headers, 'accept-language': 'en' } });
      expect(res.status, base).toBe(429);
      expect(await res.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' }, data: null });
    }
    // A stream closed on one process frees a place on the other.
    await onA[0].close();
    const sessionId = (await a.ctx.sessions.lookup(s.token))!.sessionId;
    await expect.poll(() => a.ctx.live.streamsOf(sessionId)).toBe(5);
    // (The place is given back in the database just after the close: asked until it is.)
    let again: Awaited<ReturnType<typeof openStream>> | undefined;
    await expect
      .poll(async () => {
        if (again?.res.status !== 200) {
          await again?.close();
          again = await openStream(baseB, s.headers);
        }
        return again.res.status;
      })
      .toBe(200);
    await again!.opened();
    await Promise.all([...onA.slice(1), ...onB, again!].map((x) => x.close()));
  });

  it('the places of a process that ended without giving them back stop counting once they are no longer refreshed', async () => {
    const s = await session(a, 'student');
    const sessionId = (await a.ctx.sessions.lookup(s.token))!.sessionId;
    // Ten places of a process killed two minutes ago (never refreshed since), and one of a living one.
    await db.database.db.execute(
      sql`insert into live_streams (session_id, process, seen_at) select ${sessionId}, 'killed', now() - interval '2 minutes' from generate_series(1, 10)`,
    );
    const stream = await openStream(baseA, s.headers);
    expect(stream.res.status).toBe(200);
    await stream.opened();
    await db.database.db.execute(sql`insert into live_streams (session_id, process, seen_at) select ${sessionId}, 'alive', now() from generate_series(1, 9)`);
    const res = await fetch(`${baseB}/api/chat/events.json`, { headers: s.headers });
    expect(res.status).toBe(429);
    await stream.close();
  });
});
