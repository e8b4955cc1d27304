/**
 * Faults the portal must survive (docs/security.md#reliability), each without a half-done write: no
 * stored file without its row, no row without its file, no news item without its files, no new
 * password with the old sessions still open.
 *
 *   - the file store refuses a write during an upload (an injected ENOSPC): a clear 503, nothing kept;
 *   - PostgreSQL terminates every connection under load: 503 + envelope within DB_CONNECTION_TIMEOUT_MS,
 *     then the portal recovers by itself;
 *   - a statement over DB_STATEMENT_TIMEOUT_MS: 503, the transaction rolled back;
 *   - SIGTERM under load: requests in flight complete, new ones get 503, streams close, the process
 *     exits within SHUTDOWN_GRACE_MS.
 *
 * The PostgreSQL ones run in the server-pg project; the test slows or breaks only its own
 * throwaway database (a trigger, pg_terminate_backend), never the code under test.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from './app';
import { appOn, createTestDatabase, multipartPayload, session, usePostgres, type MultipartPart, type TestDatabase } from './test/helpers';
import { freePort } from './test/ports';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const SERVER_MAIN = path.resolve(import.meta.dirname, 'main.ts');

type Session = Awaited<ReturnType<typeof session>>;

interface Rig {
  db: TestDatabase;
  app: App;
  dataDir: string;
  teacher: Session;
  student: Session;
  web: number;
  firstFileId: number;
}

async function rig(options: { connectionTimeoutMs?: number; statementTimeoutMs?: number; poolMax?: number } = {}): Promise<Rig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-faults-'));
  const db = await createTestDatabase(options);
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (options.connectionTimeoutMs) env.DB_CONNECTION_TIMEOUT_MS = String(options.connectionTimeoutMs);
  const app = await appOn(db, { env });
  const [teacher, student] = [await session(app, 'teacher'), await session(app, 'student')];
  const rows = (await db.database.db.execute(
    sql`select (select id from disciplines where name_ru = 'Веб-программирование') as web, (select coalesce(max(id), 0) from files) as f`,
  )) as unknown as { rows: Array<{ web: number; f: number }> };
  return { db, app, dataDir, teacher, student, web: Number(rows.rows[0].web), firstFileId: Number(rows.rows[0].f) + 1 };
}

async function release(r: Rig | undefined): Promise<void> {
  if (!r) return;
  await r.app.close();
  await r.db.close();
  fs.rmSync(r.dataDir, { recursive: true, force: true });
}

function newsForm(message: string, files = 2) {
  const parts: MultipartPart[] = [
    { name: 'message', content: message },
    { name: 'audience', content: '0' },
    { name: 'faculty', content: '-1' },
    ...Array.from({ length: files }, (_, i) => ({ name: 'files', filename: `приказ-${i}.pdf`, content: PDF, type: 'application/pdf' })),
  ];
  return multipartPayload(parts);
}

function chatForm(r: Rig, message: string) {
  const fields = {
    year: '2026',
    ws: '1',
    id_discipline: String(r.web),
    id_from_type: '2',
    id_from: String(r.student.user.uid),
    id_to_type: '1',
    id_to: String(r.teacher.user.uid),
    message,
  };
  return multipartPayload([
    ...Object.entries(fields).map(([name, content]) => ({ name, content })),
    { name: 'files', filename: 'доска.png', content: PNG, type: 'image/png' },
  ]);
}

const postNews = (r: Rig, message: string, files = 2) => {
  const { payload, contentType } = newsForm(message, files);
  return r.app.inject({
    method: 'POST',
    url: '/api/news/insert.json',
    payload,
    headers: { ...r.teacher.headers, 'content-type': contentType, 'accept-language': 'en' },
  });
};
const postChat = (r: Rig, message: string) => {
  const { payload, contentType } = chatForm(r, message);
  return r.app.inject({
    method: 'POST',
    url: '/api/chat/insert.json',
    payload,
    headers: { ...r.student.headers, 'content-type': contentType, 'accept-language': 'en' },
  });
};

/**
 * Everything written since the rig started is whole: every new file row has its bytes and is used by
 * a news item or a message, every stored file has its row, nothing is left in the temporary folder,
 * and every new news item has the files it was posted with.
 */
async function assertWhole(r: Rig, filesPerNews: number): Promise<{ news: number; messages: number }> {
  const q = async <T>(query: ReturnType<typeof sql>) => ((await r.db.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const rows = await q<{ storage_name: string; used: boolean }>(
    sql`select f.storage_name, (exists (select 1 from news_files nf where nf.file_id = f.id) or exists (select 1 from chat_messages m where m.file_id = f.id)) as used from files f where f.id >= ${r.firstFileId}`,
  );
  const dir = path.join(r.dataDir, 'files');
  const onDisk = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f !== '.tmp') : [];
  expect(onDisk.sort()).toEqual(rows.map((x) => x.storage_name).sort());
  expect(rows.filter((x) => !x.used)).toEqual([]);
  const tmp = path.join(dir, '.tmp');
  expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  const news = await q<{ id: number; n: number }>(
    sql`select n.id, (select count(*) from news_files nf where nf.news_id = n.id)::int as n from news n where n.message like 'fault %'`,
  );
  for (const item of news) expect(item.n).toBe(filesPerNews);
  const messages = await q<{ id: number; file_id: number | null }>(sql`select id, file_id from chat_messages where message like 'fault %'`);
  for (const m of messages) expect(m.file_id).not.toBeNull();
  return { news: news.length, messages: messages.length };
}

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
    await r.db.database.db.execute(
      sql.raw(`create function lms_test_slow() returns trigger language plpgsql as $$ begin perform pg_sleep(2); return new; end $$`),
    );
    await r.db.database.db.execute(
      sql.raw(
        `create trigger lms_test_slow before insert on chat_messages for each row when (new.message like 'fault slow%') execute function lms_test_slow()`,
      ),
    );
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

describe.runIf(usePostgres)('SIGTERM under load (R5)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    // Sending a message takes 1.5 s here, so that requests are in flight when the signal comes.
    await db.database.db.execute(
      sql.raw(`create function lms_test_slow() returns trigger language plpgsql as $$ begin perform pg_sleep(1.5); return new; end $$`),
    );
    await db.database.db.execute(
      sql.raw(
        `create trigger lms_test_slow before insert on chat_messages for each row when (new.message like 'fault slow%') execute function lms_test_slow()`,
      ),
    );
  });
  afterAll(async () => db?.close());

  it('finishes the requests in flight, refuses new ones with 503, closes streams, exits within SHUTDOWN_GRACE_MS', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-sigterm-'));
    const GRACE_MS = 5000;
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
      env: {
        ...process.env,
        DATABASE_URL: (db.target as { url: string }).url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    child.stdout.on('data', (c: Buffer) => log.push(c.toString()));
    child.stderr.on('data', (c: Buffer) => log.push(c.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
    try {
      await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 60000, interval: 200 }).toBe(200);
      const signIn = async (login: string, password: string) => {
        const res = await fetch(`${base}/api/auth/orize.json`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login, password }),
        });
        const token = /lms_sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
        const body = (await res.json()) as { data: { uid: number; role: number } };
        return { headers: { cookie: `lms_sid=${token}` }, user: body.data };
      };
      const student = await signIn('student', 'Student2026');
      const teacher = await signIn('teacher', 'Teacher2026');
      const web = (
        (await db.database.db.execute(sql`select id from disciplines where name_ru = 'Веб-программирование'`)) as unknown as { rows: Array<{ id: number }> }
      ).rows[0].id;
      const send = (i: number) => {
        const form = new FormData();
        const fields = {
          year: '2026',
          ws: '1',
          id_discipline: String(web),
          id_from_type: '2',
          id_from: String(student.user.uid),
          id_to_type: '1',
          id_to: String(teacher.user.uid),
          message: `fault slow ${i}`,
        };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        return fetch(`${base}/api/chat/insert.json`, { method: 'POST', headers: student.headers, body: form });
      };

      // An open stream, and messages in flight.
      const stream = await fetch(`${base}/api/chat/events.json`, { headers: teacher.headers });
      expect(stream.status).toBe(200);
      const streamEnded = stream.text().then(() => Date.now());
      const inFlight = Array.from({ length: 4 }, (_, i) => send(i));
      const sleeping = async () =>
        (
          (await db.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`,
          )) as unknown as { rows: Array<{ n: number }> }
        ).rows[0].n;
      await expect.poll(sleeping, { timeout: 10000, interval: 20 }).toBe(4);

      const signalled = Date.now();
      child.kill('SIGTERM');
      // New requests are refused while the others finish (or find the door closed).
      await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 'closed', { timeout: 3000, interval: 20 }).toBe(503);
      const late = await fetch(`${base}/api/health`, { headers: { 'accept-language': 'en' } }).catch(() => null);
      if (late) {
        expect(late.status).toBe(503);
        expect(await late.json()).toMatchObject({ result: true, error: { code: 'SERVICE_UNAVAILABLE' } });
      }
      const done = await Promise.all(inFlight);
      expect(done.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(await streamEnded).toBeLessThan(signalled + 1000);
      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(GRACE_MS + 1000);
      // Every message in flight was stored whole.
      const stored = (
        (await db.database.db.execute(sql`select count(*)::int as n from chat_messages where message like 'fault slow %'`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0].n;
      expect(stored).toBe(4);
    } catch (err) {
      console.error(log.join('').slice(-3000));
      throw err;
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
