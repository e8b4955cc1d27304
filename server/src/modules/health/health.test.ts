/** GET /api/health, and what the server does when the database is gone or saturated (R2, R3). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { isDatabaseUnavailable } from '../../db/errors';
import { appOn, createTestDatabase, usePostgres, type TestDatabase } from '../../test/helpers';

let db: TestDatabase;
let app: App;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await appOn(db);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('health', () => {
  it('answers 200 with the version when the database answers', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 0, error: null, data: { db: 'ok', version: expect.any(String) } });
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
    const rows = (await db.database.db.execute(sql`select current_setting('statement_timeout') as st, current_setting('idle_in_transaction_session_timeout') as it`)) as unknown as {
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
