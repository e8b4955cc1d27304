/**
 * SIGTERM under load (docs/security.md#reliability), on the real server process: requests in flight
 * complete and are stored whole, new ones get 503, streams close, the process exits within
 * SHUTDOWN_GRACE_MS; with SHUTDOWN_DRAIN_MS it first drains (only GET /api/ready says 503). Runs in the server-pg project; the test slows only its own throwaway database
 * (a trigger), never the code under test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowChatInserts } from './test/faults';
import { chatMessageFields, createTestDatabase, usePostgres, type TestDatabase } from './test/helpers';
import { freePort } from './test/ports';
import { startServerProcess } from './test/server-bundle';

describe.runIf(usePostgres)('SIGTERM under load (R5)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    // Sending a message takes 1.5 s here, so that requests are in flight when the signal comes.
    await slowChatInserts(db, 1.5);
  });
  afterAll(async () => db?.close());

  /** The compiled server, one process (main.ts itself, not a primary with workers), on the test database and a free port. */
  async function startServer(prefix: string, env: Record<string, string>) {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    const server = startServerProcess({
      ...process.env,
      DATABASE_URL: (db.target as { url: string }).url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WORKERS: '1',
      ...env,
    });
    return { server, base: `http://127.0.0.1:${port}`, dataDir, child: server.child, exited: server.exited };
  }
  type Started = Awaited<ReturnType<typeof startServer>>;

  /** Runs a test on a started server: its output is shown when the test fails, and its data folder removed in any case. */
  async function withServer(prefix: string, env: Record<string, string>, test: (s: Started) => Promise<void>) {
    const started = await startServer(prefix, env);
    try {
      await test(started);
    } catch (err) {
      console.error(started.server.output());
      throw err;
    } finally {
      started.server.cleanUp(started.dataDir);
    }
  }

  it('finishes the requests in flight, refuses new ones with 503, closes streams, exits within SHUTDOWN_GRACE_MS', async () => {
    const GRACE_MS = 5000;
    await withServer('lms-sigterm-', { SHUTDOWN_GRACE_MS: String(GRACE_MS) }, async ({ base, child, exited }) => {
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
        for (const [k, v] of Object.entries(chatMessageFields(web, student.user, teacher.user, `fault slow ${i}`))) form.append(k, v);
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
    });
  }, 120_000);

  it('with SHUTDOWN_DRAIN_MS, first only the readiness check answers 503 while requests are served, then it exits', async () => {
    const DRAIN_MS = 8000;
    await withServer('lms-drain-', { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SHUTDOWN_GRACE_MS: '2000' }, async ({ base, child, exited }) => {
      await expect.poll(async () => (await fetch(`${base}/api/ready`).catch(() => null))?.status, { timeout: 60000, interval: 200 }).toBe(200);
      const signalled = Date.now();
      child.kill('SIGTERM');
      await expect.poll(async () => (await fetch(`${base}/api/ready`)).status, { timeout: DRAIN_MS, interval: 50 }).toBe(503);
      // Draining: the balancer's check says go elsewhere, but whatever still arrives is served.
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      const signIn = await fetch(`${base}/api/auth/orize.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'student', password: 'Student2026' }),
      });
      expect(signIn.status).toBe(200);
      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
    });
  }, 120_000);
});
