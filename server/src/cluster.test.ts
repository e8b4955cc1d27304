/**
 * Several server processes on one PostgreSQL database (WORKERS, or several machines): whatever one
 * process records, the others see at once. Two real server processes (server/src/cluster.ts, as
 * `npm start` runs it) on their own ports: a session opened through one works on the other, a chat
 * message sent through one reaches an event stream held by the other, and failed sign-ins are
 * counted across both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerCount } from './config';
import { disciplines } from './db/schema';
import { createTestDatabase, DEMO, multipartPayload, usePostgres, type TestDatabase } from './test/helpers';
import { freePort } from './test/ports';
import { SERVER_BUNDLE } from './test/server-bundle';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PER_ADDRESS = 4;

interface Server {
  origin: string;
  child: ChildProcess;
  output: string[];
}

const listening = (output: string[]) =>
  output
    .join('')
    .split('\n')
    .filter((l) => l.includes('Server listening at'));

/** Resolves once `output` holds `n` "listening" lines (or rejects when the process ends first). */
function listeningLines(s: { child: ChildProcess; output: string[] }, n: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const lines = listening(s.output);
      if (lines.length < n) return false;
      s.child.stdout!.off('data', check);
      s.child.stderr!.off('data', check);
      resolve(lines);
      return true;
    };
    if (check()) return;
    s.child.stdout!.on('data', check);
    s.child.stderr!.on('data', check);
    s.child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${s.output.join('')}`)));
  });
}

/** Starts the compiled server (`server/src/cluster.ts`, test/server-bundle.ts) with `workers` workers on its own port; resolves once all listen. */
async function startServer(url: string, dataDir: string, workers = 1): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LOGIN_THROTTLE_PER_ADDRESS: String(PER_ADDRESS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (d: Buffer) => output.push(d.toString('utf8'));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  await listeningLines({ child, output }, workers);
  return { origin: `http://127.0.0.1:${port}`, child, output };
}

async function stopServer(s: Server): Promise<number | null> {
  if (s.child.exitCode !== null) return s.child.exitCode;
  const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
  s.child.kill('SIGTERM');
  return exited;
}

async function signIn(s: Server, login: string, password: string) {
  const res = await fetch(`${s.origin}/api/auth/orize.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  const body = (await res.json()) as { result: number; data: { id: number; uid: number; role: number } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, body, cookie };
}

const postJson = (s: Server, route: string, cookie: string, payload: object) =>
  fetch(`${s.origin}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(payload) });

describe('workerCount', () => {
  it('is 1 with the embedded PGlite, WORKERS or the number of cores with PostgreSQL', () => {
    expect(workerCount({ databaseUrl: null, workers: 4 }, 8)).toBe(1);
    expect(workerCount({ databaseUrl: 'postgres://x/y', workers: null }, 8)).toBe(8);
    expect(workerCount({ databaseUrl: 'postgres://x/y', workers: 3 }, 8)).toBe(3);
  });
});

describe.runIf(usePostgres)('two server processes on one PostgreSQL database', () => {
  let db: TestDatabase;
  let dirs: string[];
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    db = await createTestDatabase();
    if (db.target.kind !== 'postgres') throw new Error('PostgreSQL expected');
    dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'lms-cluster-test-')));
    [a, b] = await Promise.all([startServer(db.target.url, dirs[0]), startServer(db.target.url, dirs[1])]);
  }, 120000);

  afterAll(async () => {
    const codes = await Promise.all([a, b].filter(Boolean).map(stopServer));
    for (const d of dirs ?? []) fs.rmSync(d, { recursive: true, force: true });
    await db?.close();
    // SIGTERM: both stopped gracefully.
    expect(codes).toEqual([0, 0]);
  });

  it('a session opened through one process works on the other, and ends on both at logout', async () => {
    const teacher = await signIn(a, DEMO.teacher.login, DEMO.teacher.password);
    expect(teacher.status).toBe(200);
    const { uid, role } = teacher.body.data;
    const onB = await postJson(b, '/api/profile/data.json', teacher.cookie, { uid, role });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { data: { uid: number } }).data.uid).toBe(uid);

    expect((await postJson(b, '/api/auth/logout.json', teacher.cookie, {})).status).toBe(200);
    expect((await postJson(a, '/api/profile/data.json', teacher.cookie, { uid, role })).status).toBe(401);
  });

  it('a chat message sent through one process reaches an event stream held by the other', async () => {
    const teacher = await signIn(a, DEMO.teacher.login, DEMO.teacher.password);
    const student = await signIn(b, DEMO.student.login, DEMO.student.password);
    const t = teacher.body.data;
    const s = student.body.data;
    const [web] = await db.database.db.select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.nameRu, 'Веб-программирование'));

    const abort = new AbortController();
    const stream = await fetch(`${b.origin}/api/chat/events.json`, { headers: { cookie: student.cookie, accept: 'text/event-stream' }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    /** Reads the stream until `pattern` shows. */
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    try {
      // The stream is subscribed once its first line (retry) arrives.
      await until(/retry: \d+/);
      const message = `Через другой процесс ${Date.now()}`;
      const fields = { year: 2026, ws: 1, id_discipline: web.id, id_from_type: t.role, id_from: t.uid, id_to_type: s.role, id_to: s.uid, message };
      const { payload, contentType } = multipartPayload(Object.entries(fields).map(([name, value]) => ({ name, content: String(value) })));
      const sent = await fetch(`${a.origin}/api/chat/insert.json`, {
        method: 'POST',
        headers: { cookie: teacher.cookie, 'content-type': contentType },
        body: payload,
      });
      expect(sent.status).toBe(200);
      await until(/event: message\ndata: .*\n\n/);
      const data = JSON.parse(/event: message\ndata: (.*)\n\n/.exec(text)![1]);
      expect(data.message.message).toBe(message);
      expect(data.message.ismine).toBe(false);
    } finally {
      abort.abort();
      await reader.cancel().catch(() => {});
    }
  });

  it('failed sign-ins are counted across both processes', async () => {
    const tries: number[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) tries.push((await signIn(i % 2 === 0 ? a : b, DEMO.student.login, 'wrong password')).status);
    expect(tries.every((s) => s !== 429)).toBe(true);
    // The limit is reached through both: the right password is refused on either.
    expect((await signIn(a, DEMO.student.login, DEMO.student.password)).status).toBe(429);
    expect((await signIn(b, DEMO.student.login, DEMO.student.password)).status).toBe(429);
  });
});

describe.runIf(usePostgres)('WORKERS=2 (node:cluster)', () => {
  it('runs two workers on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    const db = await createTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-cluster-test-'));
    try {
      if (db.target.kind !== 'postgres') throw new Error('PostgreSQL expected');
      const server = await startServer(db.target.url, dir, 2);
      const pids = listening(server.output).map((l) => (JSON.parse(l) as { pid: number }).pid);
      expect(new Set(pids).size).toBe(2);
      expect(pids).not.toContain(server.child.pid);
      expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);

      process.kill(pids[0], 'SIGKILL');
      const after = await listeningLines(server, 3);
      const replacement = (JSON.parse(after[2]) as { pid: number }).pid;
      expect(pids).not.toContain(replacement);
      expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);

      expect(await stopServer(server)).toBe(0);
      for (const pid of [pids[1], replacement]) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await db.close();
    }
  }, 120000);
});
