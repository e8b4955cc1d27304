/**
 * The read replica (DATABASE_REPLICA_URL) with a real streaming replica the test makes (its own
 * primary and replica, test/pg-replica.ts): while the replica's replay is paused, a book a teacher
 * has just added is not found by a student's search (a lag-tolerant read, from the replica) but is
 * by the teacher's own (his reply's lms_wrote cookie sends him to the primary); past the lag bound,
 * and with the replica down, every read comes from the primary; once replay resumes the replica
 * has it. PostgreSQL only (the server-pg project); skips, saying so, without the server binaries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { WROTE_COOKIE } from '../plugins/replica-reads';
import { appOn, PDF, saveBook, session, usePostgres, type TestDatabase } from '../test/helpers';
import { hasPostgresServer, POSTGRES_SERVER_MISSING, startPrimary, type PrimaryAndReplica } from '../test/pg-replica';
import type { SignedIn } from '../test/requests';
import { openDatabase, rowsOf, type Database, type DbTarget } from './client';
import { prepareDatabase } from './migrate';
import { isWrite } from './replica';

describe('the statements that make their caller read from the primary next', () => {
  it('are the writes, also inside a common table expression, and no read', () => {
    const writes = [
      'insert into "books" ("name") values ($1)',
      '  UPDATE "sessions" set "last_seen_at" = $1',
      'delete from news where id = $1',
      'with w as (\n update journal_visits v set mark = $1 from x where v.id = x.id returning v.id) select count(*) from w',
      'with made as (insert into registrations (student_id) select $1 returning id) select id from made',
    ];
    const reads = [
      'select "id", "name" from "books" where "name" ilike $1',
      'with t as (select updated_at from x) select * from t',
      "select 'insert into x' as text",
      'select pg_advisory_xact_lock($1)',
    ];
    expect(writes.filter((q) => !isWrite(q))).toEqual([]);
    expect(reads.filter(isWrite)).toEqual([]);
  });
});

const MAX_LAG_MS = 60_000;

describe.skipIf(!usePostgres)('reads from a streaming replica', { shuffle: false }, () => {
  let servers: PrimaryAndReplica | null = null;
  let database: Database;
  let replicaAdmin: pg.Client;
  let app: App;
  let teacher: SignedIn;
  let student: SignedIn;
  let category: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-replica-'));

  beforeAll(async () => {
    if (!hasPostgresServer) return;
    servers = await startPrimary();
    const seeding = await openDatabase({
      kind: 'postgres',
      url: servers.primaryUrl('postgres'),
      poolMax: 1,
      statementTimeoutMs: 0,
      connectionTimeoutMs: 10000,
    });
    await seeding.db.execute(sql`create database lms`);
    await seeding.close();
    const target: Extract<DbTarget, { kind: 'postgres' }> = {
      kind: 'postgres',
      url: servers.primaryUrl('lms'),
      poolMax: 5,
      statementTimeoutMs: 15000,
      connectionTimeoutMs: 5000,
    };
    const primary = await openDatabase(target);
    await prepareDatabase(primary, { size: 'small' });
    await primary.close();
    const replicaUrl = await servers.startReplica('lms');
    replicaAdmin = new pg.Client({ connectionString: replicaUrl });
    await replicaAdmin.connect();
    database = await openDatabase({ ...target, replica: { url: replicaUrl, maxLagMs: MAX_LAG_MS } });
    app = await appOn({ database, target, close: async () => {} } satisfies TestDatabase, { env: { DATA_DIR: dataDir } });
    teacher = await session(app, 'teacher');
    student = await session(app, 'student');
    [{ id: category }] = await rowsOf<{ id: string }>(database.db, sql`select id::text as id from library_categories order by id limit 1`);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await replicaAdmin?.end().catch(() => {});
    servers?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The replica checked until it has every commit made so far (waits for that state, whatever it takes). */
  async function caughtUp(): Promise<void> {
    const since = Date.now();
    do await database.replica!.check();
    while ((database.replica!.appliedUpTo ?? 0) < since);
  }

  async function pauseReplay(): Promise<void> {
    await replicaAdmin.query('select pg_wal_replay_pause()');
    while ((await replicaAdmin.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state')).rows[0].state !== 'paused');
  }

  /** A book the teacher adds, and the cookie his reply sets. */
  async function addBook(title: string): Promise<string> {
    const res = await saveBook(app, teacher, { nameBook: title, author: 'Replica', id_bookCategory: category }, [
      { name: 'files', filename: 'a.pdf', content: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const wrote = res.cookies.find((c) => c.name === WROTE_COOKIE);
    expect(wrote?.value).toMatch(/^\d+$/);
    return `${WROTE_COOKIE}=${wrote!.value}`;
  }

  /** How many books the search finds for `text`, as `who` (with more cookies when given). */
  async function found(who: SignedIn, text: string, cookie?: string): Promise<number> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/library/searchbooks',
      payload: { text },
      headers: { cookie: cookie ? `${who.cookie}; ${cookie}` : who.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { total: number } }).data.total;
  }

  it("a caller's lag-tolerant read comes from the replica, the writer's own from the primary; past the lag bound from the primary", async (ctx) => {
    if (!servers) ctx.skip(POSTGRES_SERVER_MISSING);
    await caughtUp();
    await pauseReplay();
    try {
      const wrote = await addBook('Replicatum primum');
      await database.replica!.check();
      expect(await found(student, 'replicatum primum')).toBe(0);
      expect(await found(teacher, 'replicatum primum', wrote)).toBe(1);
      // Other routes read the primary as ever; a news page from the replica answers as usual.
      expect((await student.post('/api/news/data.json', { id: student.user.id, uid: student.user.uid, role: 2, page: 1 })).statusCode).toBe(200);

      database.replica!.clock = () => Date.now() + MAX_LAG_MS + 1000;
      expect(await found(student, 'replicatum primum')).toBe(1);
      database.replica!.clock = Date.now;
      expect(await found(student, 'replicatum primum')).toBe(0);
    } finally {
      await replicaAdmin.query('select pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await found(student, 'replicatum primum')).toBe(1);
  });

  it('with the replica down, the reads that may lag come from the primary', async (ctx) => {
    if (!servers) ctx.skip(POSTGRES_SERVER_MISSING);
    await caughtUp();
    await pauseReplay();
    await addBook('Replicatum secundum');
    await database.replica!.check();
    expect(await found(student, 'replicatum secundum')).toBe(0);
    await replicaAdmin.end();
    servers!.stopReplica();
    await database.replica!.check();
    expect(database.replica!.appliedUpTo).toBeNull();
    expect(await found(student, 'replicatum secundum')).toBe(1);
  });
});
