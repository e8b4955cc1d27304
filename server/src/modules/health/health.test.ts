/** GET /api/health, and what the server does when the database is gone or saturated (R2, R3). */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { appOn, cookieHeader, createTestDatabase, DEMO, quickPasswordHash, session, signIn, usePostgres } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

/** A TCP proxy in front of PostgreSQL that holds every chunk `delayMs` in each direction. */
async function delayingProxy(target: URL) {
  const state = { delayMs: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => {
        const send = () => void (to.destroyed || to.write(chunk));
        if (state.delayMs > 0) setTimeout(send, state.delayMs);
        else send();
      });
      from.on('close', () => {
        sockets.delete(from);
        setTimeout(() => to.destroy(), state.delayMs);
      });
      from.on('error', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    state,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const fx = useTestApp({ signIn: [] });

describe('health', () => {
  it('answers 200 with the version when the database answers', async () => {
    const res = await fx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 0, error: null, data: { db: 'ok', files: 'disk', storage: 'ok', version: expect.any(String) } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("the balancer's check: 200 while the server takes work, without asking the files store", async () => {
    const res = await fx.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 0, error: null, data: { ready: true, version: expect.any(String) } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 + Retry-After when the database is down, and so do other calls', async () => {
    const lost = await createTestDatabase();
    const down = await appOn(lost);
    try {
      await lost.database.close();
      const res = await down.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json()).toMatchObject({ result: true, error: { code: 'SERVICE_UNAVAILABLE' }, data: null });
      const ready = await down.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', params: { db: 'down' } });
      const login = await down.inject({ method: 'POST', url: '/api/auth/orize.json', payload: { login: 'teacher', password: 'Teacher2026' } });
      expect(login.statusCode).toBe(503);
      expect(login.json().error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await down.close();
      await lost.close();
    }
  });
});

describe.runIf(usePostgres)('PostgreSQL pool (R2, R3)', () => {
  it('R3: every connection has statement_timeout and idle_in_transaction_session_timeout', async () => {
    const rows = (await fx.db.database.db.execute(
      sql`select current_setting('statement_timeout') as st, current_setting('idle_in_transaction_session_timeout') as it`,
    )) as unknown as {
      rows: { st: string; it: string }[];
    };
    expect(rows.rows[0]).toEqual({ st: '15s', it: '15s' });
  });

  it('R2: a saturated pool answers 503 + Retry-After within the connection timeout instead of hanging', async () => {
    const small = await createTestDatabase({ poolMax: 1, connectionTimeoutMs: 300 });
    const busy = await appOn(small);
    expect(small.database.pool!.options.connectionTimeoutMillis).toBe(300);
    const held = await small.database.pool!.connect();
    try {
      // The only connection is held until after the answer: without the connection timeout the
      // request would wait forever (and this test time out).
      const res = await busy.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      held.release();
      expect((await busy.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await busy.close();
      await small.close();
    }
  });

  it('R2: with 2.5 s added each way between the portal and PostgreSQL, 40 concurrent requests are all answered within 5 s (503 + Retry-After), /api/health says the database is slow, and the portal recovers', async () => {
    const proxy = await delayingProxy(new URL((fx.db.target as { url: string }).url));
    const slowDb = await openDatabase({ ...(fx.db.target as Extract<typeof fx.db.target, { kind: 'postgres' }>), url: proxy.url, requestTimeoutMs: 2000 });
    const slow = await appOn({ ...fx.db, database: slowDb }, { env: { DB_REQUEST_TIMEOUT_MS: '2000' } });
    try {
      const teacher = await session(slow, 'teacher');
      expect((await slow.inject({ url: '/api/health' })).statusCode).toBe(200);
      proxy.state.delayMs = 2500;
      const calls = Array.from({ length: 40 }, (_, i) => {
        const url = ['/api/health', '/api/library/basebookcategories', '/api/auth/checkgauth.json', '/api/misc/years.json'][i % 4];
        const started = performance.now();
        return slow.inject({ url, headers: { ...teacher.headers, 'accept-language': 'en' } }).then((res) => ({ url, res, ms: performance.now() - started }));
      });
      const replies = await Promise.all(calls);
      for (const { url, res, ms } of replies) {
        // The bound here is 2 s, so a reply within 5 s leaves a loaded machine room to schedule it;
        // without the bound a request waits out the delayed statements (10 s and more).
        expect(ms, url).toBeLessThan(5000);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
        expect(res.headers['retry-after'], url).toBeDefined();
        expect(res.json(), url).toMatchObject({ result: true, error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) }, data: null });
      }
      const health = await slow.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().error.params).toEqual({ db: 'slow' });
      // The latency goes away: the next requests are answered again.
      proxy.state.delayMs = 0;
      await expect.poll(async () => (await slow.inject({ url: '/api/health' })).statusCode, { timeout: 15000 }).toBe(200);
      expect((await slow.inject({ url: '/api/library/basebookcategories', headers: teacher.headers })).statusCode).toBe(200);
    } finally {
      await slow.close();
      await slowDb.close();
      await proxy.close();
    }
  });

  it('R2: requests that give up on a locked table cancel their statements: the app never holds more connections than its pool, and answers again once the lock is gone (R3 still set)', async () => {
    const capped = await createTestDatabase({ poolMax: 3, requestTimeoutMs: 1000 });
    // Every call reads the library's categories (no reply kept).
    const app = await appOn(capped, { env: { DB_REQUEST_TIMEOUT_MS: '1000', REPLY_CACHE_MS: '0' } });
    const url = (capped.target as { url: string }).url;
    const locker = new pg.Client({ connectionString: url, application_name: 'lms-test-lock' });
    // Outside the locker's transaction, which would see one snapshot of pg_stat_activity throughout.
    const counter = new pg.Client({ connectionString: url, application_name: 'lms-test-count' });
    await Promise.all([locker.connect(), counter.connect()]);
    try {
      // A password quick to check, so that signing in fits in the request's second on a busy machine.
      await capped.database.db.execute(sql`update users set password_hash = ${quickPasswordHash('Locked-2026')} where login = ${DEMO.teacher.login}`);
      const { token } = await signIn(app, DEMO.teacher.login, 'Locked-2026');
      const ask = () => app.inject({ url: '/api/library/basebookcategories', headers: { ...cookieHeader(token!), 'accept-language': 'en' } });
      // The app's pool connections on the server (its listening connections are named otherwise).
      const backends = async () =>
        Number(
          (await counter.query<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'lms'`))
            .rows[0].n,
        );
      await locker.query('begin');
      await locker.query('lock table library_base_categories in access exclusive mode');
      // Counted over and over while the requests come and go.
      let most = 0;
      let counting = true;
      const counted = (async () => {
        while (counting) most = Math.max(most, await backends());
      })();
      try {
        // Wave after wave of more requests than the pool holds: without the cancellation each wave's
        // statements stay behind on the server, waiting for the lock, and the next wave opens more.
        for (let wave = 0; wave < 3; wave++) {
          const replies = await Promise.all(Array.from({ length: 5 }, ask));
          for (const res of replies) {
            expect(res.statusCode, res.body).toBe(503);
            expect(res.headers['retry-after']).toBeDefined();
            expect(res.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' }, data: null });
          }
          most = Math.max(most, await backends());
        }
      } finally {
        counting = false;
        await counted;
      }
      expect(most).toBeLessThanOrEqual(3);
      await locker.query('rollback');
      expect((await ask()).statusCode).toBe(200);
      // The connections opened since are set up like the first ones.
      const { rows } = (await capped.database.db.execute(
        sql`select current_setting('statement_timeout') as st, current_setting('idle_in_transaction_session_timeout') as it`,
      )) as unknown as { rows: { st: string; it: string }[] };
      expect(rows[0]).toEqual({ st: '15s', it: '15s' });
    } finally {
      await Promise.all([locker.end(), counter.end()]);
      await app.close();
      await capped.close();
    }
  });

  it('a statement over the timeout is cancelled and counts as the database being unavailable', async () => {
    const quick = await createTestDatabase({ statementTimeoutMs: 300 });
    try {
      const rows = (await quick.database.db.execute(sql`select current_setting('statement_timeout') as st`)) as unknown as { rows: { st: string }[] };
      expect(rows.rows[0].st).toBe('300ms');
      // A statement far longer than the test's time-out: only the statement timeout ends it in time.
      const error = await quick.database.db.execute(sql`select pg_sleep(3600)`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await quick.close();
    }
  });
});
