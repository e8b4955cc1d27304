/**
 * Faults the portal must survive (docs/security.md#reliability), each without a half-done write: no
 * stored file without its row, no row without its file, no news item without its files, no new
 * password with the old sessions still open.
 *
 *   - the file store refuses a write during an upload (an injected ENOSPC): a clear 503, nothing kept;
 *   - PostgreSQL terminates every connection under load: 503 + envelope within DB_CONNECTION_TIMEOUT_MS,
 *     then the portal recovers by itself;
 *   - a statement over DB_STATEMENT_TIMEOUT_MS: 503, the transaction rolled back.
 *
 * SIGTERM under load is checked in faults.shutdown.test.ts. The PostgreSQL ones run in the server-pg
 * project; the test slows or breaks only its own throwaway database (a trigger,
 * pg_terminate_backend), never the code under test.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { assertWhole, postChat, postNews, release, rig, slowChatInserts, type Rig } from './test/faults';
import { session, usePostgres } from './test/helpers';

describe('the file store refuses a write during an upload', () => {
  // A rig for each test: what one test stored must not count in another one's totals.
  let r: Rig;
  beforeEach(async () => {
    r = await rig();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await release(r);
  });

  it('news with two files, the second refused (disk full): 503 with a clear message, nothing stored', async () => {
    const save = r.app.ctx.files.save.bind(r.app.ctx.files);
    let calls = 0;
    vi.spyOn(r.app.ctx.files, 'save').mockImplementation(async (tx, owner, file) => {
      if (++calls === 2) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return save(tx, owner, file);
    });
    const res = await postNews(r, 'fault disk full');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      result: true,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable, try again later' },
      data: null,
    });
    expect(res.headers['retry-after']).toBeDefined();
    expect(calls).toBe(2);
    expect(await assertWhole(r, 2)).toEqual({ news: 0, messages: 0 });
  });

  it('a chat message whose file cannot be written: 503, no message, no file', async () => {
    vi.spyOn(r.app.ctx.files, 'save').mockRejectedValue(Object.assign(new Error('EIO: i/o error, write'), { code: 'ENOSPC' }));
    const res = await postChat(r, 'fault chat disk');
    expect(res.statusCode).toBe(503);
    expect(await assertWhole(r, 2)).toEqual({ news: 0, messages: 0 });
    vi.restoreAllMocks();
    // The disk is back: the same post goes through whole.
    expect((await postNews(r, 'fault after the disk')).statusCode).toBe(200);
    expect((await postChat(r, 'fault chat after the disk')).statusCode).toBe(200);
    expect(await assertWhole(r, 2)).toEqual({ news: 1, messages: 1 });
  });
});

describe.runIf(usePostgres)('PostgreSQL terminates the connections under load (R1, R2)', () => {
  let r: Rig;
  let admin: pg.Client;
  let dbName: string;
  const CONNECTION_TIMEOUT_MS = 1500;

  beforeAll(async () => {
    r = await rig({ connectionTimeoutMs: CONNECTION_TIMEOUT_MS, poolMax: 4 });
    dbName = new URL((r.db.target as { url: string }).url).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await release(r);
  });

  it('writes answer 200 or 503 (envelope, translated, within the connection timeout), never half done; then the portal recovers by itself', async () => {
    let stop = false;
    // Every 30 ms, end every connection of the portal's database.
    const killer = (async () => {
      while (!stop) {
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    })();
    const statuses: number[] = [];
    const check = async (res: Awaited<ReturnType<typeof postNews>>, started: number) => {
      statuses.push(res.statusCode);
      expect([200, 503], res.body).toContain(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.json()).toMatchObject({
          result: true,
          error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable, try again later' },
          data: null,
        });
        expect(res.headers['retry-after']).toBeDefined();
        expect(Date.now() - started).toBeLessThan(CONNECTION_TIMEOUT_MS + 3000);
      }
    };
    const password = { current: 'Student2026' };
    const load = Array.from({ length: 8 }, async (_, worker) => {
      for (let i = 0; i < 4; i++) {
        const started = Date.now();
        if (worker % 3 === 0) await check(await postNews(r, `fault news ${worker}-${i}`), started);
        else if (worker % 3 === 1) await check(await postChat(r, `fault chat ${worker}-${i}`), started);
        else {
          const res = await r.app.inject({ method: 'POST', url: '/api/health', headers: { 'accept-language': 'en' } });
          statuses.push(res.statusCode);
          expect(res.statusCode).toBeLessThan(500 + 4); // 503 at worst (a GET route: 404 for POST)
        }
      }
    });
    // A credential update in the middle of it: either all of it (new password, other sessions ended) or none.
    const other = await session(r.app, 'student').catch(() => null);
    const change = r.app.inject({
      method: 'POST',
      url: '/api/passwd/reset.json',
      payload: { uid: r.student.user.uid, role: 2, password: password.current, newPassword: 'Jashyl-Too-2027' },
      headers: { ...r.student.headers, 'accept-language': 'en' },
    });
    await Promise.all(load);
    const changed = await change;
    stop = true;
    await killer;
    expect([200, 503], changed.body).toContain(changed.statusCode);
    expect(statuses.some((s) => s === 503)).toBe(true);

    // Recovery without a restart.
    await expect.poll(async () => (await r.app.inject({ url: '/api/health' })).statusCode, { timeout: 10000 }).toBe(200);
    // No connection is lost to the pool (a dropped connection at BEGIN once kept its client forever).
    const pool = r.db.database.pool!;
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5000 }).toBe(0);
    const whole = await assertWhole(r, 2);
    // The credential update: the password in force and the other session agree.
    const { rows } = (await r.db.database.db.execute(
      sql`select password_changed_at is not null and password_changed_at > now() - interval '5 minutes' as changed from users where id = ${r.student.user.id}`,
    )) as unknown as { rows: Array<{ changed: boolean }> };
    const otherLive = other ? (await r.app.ctx.sessions.lookup(other.token)) !== null : false;
    if (rows[0].changed) expect(otherLive).toBe(false);
    else if (other) expect(otherLive).toBe(true);
    // New writes go through.
    expect((await postNews(r, 'fault news after')).statusCode).toBe(200);
    expect((await assertWhole(r, 2)).news).toBe(whole.news + 1);
  }, 120_000);
});

describe.runIf(usePostgres)('a statement over DB_STATEMENT_TIMEOUT_MS (R3)', () => {
  let r: Rig;
  beforeAll(async () => {
    r = await rig({ statementTimeoutMs: 400 });
    // The test's own database gets slow on one table: inserting a message sleeps past the timeout.
    await slowChatInserts(r.db, 2);
  });
  afterAll(async () => release(r));

  it('answers 503 in time and rolls the whole send back (no message, no file row, no bytes)', async () => {
    const started = Date.now();
    const res = await postChat(r, 'fault slow message');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ result: true, error: { code: 'SERVICE_UNAVAILABLE' }, data: null });
    expect(Date.now() - started).toBeLessThan(1900);
    expect(await assertWhole(r, 2)).toEqual({ news: 0, messages: 0 });
    expect((await postChat(r, 'fault quick message')).statusCode).toBe(200);
  });
});
