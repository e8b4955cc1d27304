/**
 * Test helpers: a fresh, seeded database per test file (in-memory PGlite; with TEST_DB=postgres a
 * new database `lms_test_<random>` on TEST_DATABASE_URL's server, dropped afterwards), apps built
 * on it, a movable clock, and sign-in shortcuts.
 */
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Role } from '@contract/common';
import type { JournalInfo } from '@contract/journal';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type DbTarget } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { DEMO_ADMIN, DEMO_DEAN, DEMO_FRESHMAN, DEMO_STUDENT, DEMO_TEACHER } from '../db/seed/data';
import { users } from '../db/schema';
import type { LogStream } from '../logging';
import { headersOf, signedIn, type SignedIn } from './requests';
import { areaSeedFiles } from '../db/seed/area-files';

const SERVER_SRC = path.resolve(import.meta.dirname, '..');

/** Changes when what the templates are made of changes outside the code hashed below (e.g. cheapDemoPasswords). */
const TEMPLATE_VERSION = 'demo passwords at a low cost';

/** Everything a seeded test database depends on: migrations, seed code, password hashing. */
function templateKey(size: string): string {
  const hash = createHash('sha256').update(size).update(TEMPLATE_VERSION);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.test.ts')) hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  // The seed's code and everything it uses: the shared layer (repositories, the grade scale, the
  // transliteration of search keys, password hashing) and the contract's types and constants.
  walk(path.join(SERVER_SRC, 'db'));
  walk(path.join(SERVER_SRC, 'lib'));
  walk(path.join(SERVER_SRC, 'shared'));
  walk(path.join(SERVER_SRC, '../../contract'));
  // The areas' own tables and seed steps, and the list that declares them.
  for (const file of areaSeedFiles(path.join(SERVER_SRC, 'modules'))) hash.update(path.basename(file)).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated and seeded PGlite data directory as a tarball, built once and kept in the temporary
 * directory (creating a PGlite from scratch costs seconds; loading a dump well under one).
 */
async function pgliteTemplate(size: 'small' | 'full'): Promise<Blob> {
  const file = path.join(os.tmpdir(), `lms-test-pglite-${templateKey(size)}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await prepareDatabase(database, { size });
    await cheapDemoPasswords(database);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** The URL of database `name` on the server of `serverUrl`. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated and seeded PostgreSQL database to copy (`create database … template …`), built once
 * per server and content of the database code, under an advisory lock so that parallel test files
 * build it once. It stays on the server for the next run; a change of the code makes a new one.
 */
async function postgresTemplate(serverUrl: string, size: 'small' | 'full'): Promise<string> {
  const name = `lms_template_${templateKey(size)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      // Built under another name and renamed when complete: a half-built template is never used.
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      const database = await openDatabase({
        kind: 'postgres',
        url: databaseUrl(serverUrl, partial),
        poolMax: 2,
        statementTimeoutMs: 0,
        connectionTimeoutMs: 10000,
      });
      try {
        await prepareDatabase(database, { size });
        await cheapDemoPasswords(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
}

/**
 * The demo accounts' passwords in the templates, hashed at a low cost (quickPasswordHash): the server
 * tests sign in several hundred times on each database, each at the seed's full scrypt cost about a
 * tenth of a CPU second spent on something no test here is about. A stored hash carries its own cost,
 * so sign-in checks these as any other; the full cost is tested in
 * shared/credentials/password-hash.test.ts, and the end-to-end servers keep the seed's hashes.
 */
async function cheapDemoPasswords(database: Database): Promise<void> {
  for (const account of [DEMO_TEACHER, DEMO_STUDENT, DEMO_FRESHMAN, DEMO_ADMIN, DEMO_DEAN])
    await database.db
      .update(users)
      .set({ passwordHash: quickPasswordHash(account.password) })
      .where(and(eq(users.login, account.login), isNotNull(users.passwordHash)));
}

/**
 * The seeded templates the test files copy, built before any file starts (the server projects'
 * global setup, ./global-setup.ts) rather than inside the first file's `beforeAll`, where building
 * them on a loaded machine could outlast the hook's ceiling. A template already built is reused.
 */
export async function prepareTemplates(): Promise<void> {
  await pgliteTemplate('small');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await postgresTemplate(serverUrl, 'small');
}

export const DEMO = {
  teacher: { login: DEMO_TEACHER.login, password: DEMO_TEACHER.password },
  student: { login: DEMO_STUDENT.login, password: DEMO_STUDENT.password },
  freshman: { login: DEMO_FRESHMAN.login, password: DEMO_FRESHMAN.password },
  admin: { login: DEMO_ADMIN.login, password: DEMO_ADMIN.password },
} as const;

/**
 * A password hash in the stored format (shared/credentials/password-hash.ts) at a low scrypt cost.
 * The stored form carries its own cost, so sign-in verifies it like any other hash, in about a
 * millisecond instead of tens: for tests that check many passwords (throttling) and are about
 * counting, not hashing.
 */
export function quickPasswordHash(password: string): string {
  const cost = { N: 1 << 10, r: 8, p: 1 };
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export const usePostgres = process.env.TEST_DB === 'postgres';

export interface TestDatabase {
  database: Database;
  target: DbTarget;
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  size?: 'small' | 'full';
  seed?: boolean;
  poolMax?: number;
  connectionTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** PostgreSQL: each request's database deadline enforced, as DB_REQUEST_TIMEOUT_MS does (off by default). */
  requestTimeoutMs?: number;
  /** PGlite: kept in this directory instead of memory, so that a server process can open it once this one is closed. */
  dataDir?: string;
}

/** A new migrated database, seeded ('small' by default: a few students per group, same demo accounts). */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  let target: DbTarget;
  let drop = async () => {};
  if (usePostgres) {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `lms_test_${randomBytes(6).toString('hex')}`;
    const template = options.seed === false ? null : await postgresTemplate(serverUrl, options.size ?? 'small');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    target = {
      kind: 'postgres',
      url: url.toString(),
      poolMax: options.poolMax ?? 10,
      statementTimeoutMs: options.statementTimeoutMs ?? 15000,
      connectionTimeoutMs: options.connectionTimeoutMs ?? 5000,
      ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    };
    drop = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    target = {
      kind: 'pglite',
      dataDir: options.dataDir ?? null,
      loadDataDir: options.seed === false ? undefined : await pgliteTemplate(options.size ?? 'small'),
    };
  }
  const database = await openDatabase(target);
  // On a template this only checks that nothing is missing.
  await prepareDatabase(database, { seed: options.seed ?? true, size: options.size ?? 'small' });
  let closed = false;
  return {
    database,
    target,
    close: async () => {
      if (closed) return;
      closed = true;
      await database.close().catch(() => {});
      await drop();
    },
  };
}

/** A configuration for tests: silent logs, a throwaway DATA_DIR, plus overrides (env names). */
export function testConfig(env: Record<string, string> = {}): Config {
  // Tests upload many files from one account; the upload rate has its own tests (library.test.ts).
  return loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'lms-test-data'), UPLOADS_PER_MINUTE: '1000', ...env });
}

/** A clock that runs with real time from `start` (default now) and can be moved. */
export function testClock(start?: Date) {
  let offset = start ? start.getTime() - Date.now() : 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
    set(date: Date) {
      offset = date.getTime() - Date.now();
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  distDir?: string;
  /** Where its log lines go (with env LOG_LEVEL, as the log is silent by default). */
  logStream?: LogStream;
}

/** An app on a database (ready, not listening). */
export async function appOn(db: TestDatabase, options: TestAppOptions = {}): Promise<App> {
  const app = await buildApp({
    config: testConfig(options.env),
    database: db.database,
    now: options.now,
    distDir: options.distDir ?? path.join(os.tmpdir(), 'lms-test-no-dist'),
    logStream: options.logStream,
  });
  await app.ready();
  return app;
}

export { cookieHeader, sessionFrom, signIn } from './requests';

/** Signs in a demo account: its session token, cookie header and user, with requests made as it (test/requests.ts). */
export async function session(app: App, who: 'teacher' | 'student' | 'admin', ip?: string) {
  return signedIn(app, DEMO[who].login, DEMO[who].password, ip);
}

/** A signed-in session as tests keep it (session() gives it with its requests too). */
export interface TestSession {
  token: string;
  user: { id: number; uid: number; role: Role };
  headers: { cookie: string };
}

/** A seeded database, the app on it and the demo teacher's and student's sessions. */
export async function signedInApp(options: TestAppOptions = {}): Promise<{ db: TestDatabase; app: App; teacher: SignedIn; student: SignedIn }> {
  const db = await createTestDatabase();
  const app = await appOn(db, options);
  return { db, app, teacher: await session(app, 'teacher'), student: await session(app, 'student') };
}

export interface MultipartPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  content: Buffer | string;
  /** Content-Type the client claims (default application/octet-stream for files). */
  type?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipartPayload(parts: MultipartPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----lms${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined)
      head += `; filename="${part.filename}"; filename*=UTF-8''${encodeURIComponent(part.filename)}\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A small valid PDF file. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Someone a book is saved as or for: a session's headers and its account. */
type BookOwner = { headers: Record<string, string>; user: { uid: number; role: Role } };

/**
 * /api/library/insertupdatebook on `app` as `who` (in language `lang` when given), as the upload form
 * sends it: a new book of `claimed` (`who` by default) with `fields` (name, author, category...) and
 * the file parts.
 */
export function saveBook(
  app: App,
  who: BookOwner,
  fields: Record<string, string>,
  attachments: MultipartPart[] = [],
  options: { claimed?: BookOwner; lang?: string } = {},
) {
  const as = options.claimed ?? who;
  const { payload, contentType } = multipartPayload([
    ...Object.entries({ id_eBook: '-1', id_human: String(as.user.uid), id_humanType: String(as.user.role), ...fields }).map(([name, content]) => ({
      name,
      content,
    })),
    ...attachments,
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/library/insertupdatebook',
    payload,
    headers: { ...headersOf(who, options.lang), 'content-type': contentType },
  });
}

/** The payload of /api/visitlog/journal/delete.json that deletes journal `j`'s lesson at `time` on `date` (a journal of the demo half-year). */
export const lessonDeletion = (j: JournalInfo, date: string, time: number) => ({
  id_year: 2026,
  id_ws: 1,
  id_semesterOrWs: j.id_semester,
  id_groupOrPorok: j.id_groupOrPotok,
  id_vid_zaniatiy: j.id_vid_zaniatiy,
  id_teacher: j.id_teacher,
  id_discipline: j.id_discipline,
  kredit: j.credits,
  id_time: time,
  date,
  isSelect: 0,
});

/** The form fields of a one-to-one chat message from a student to a teacher in the demo half-year (/api/chat/insert.json). */
export function chatMessageFields(discipline: number | string, from: { uid: number }, to: { uid: number }, message: string): Record<string, string> {
  return {
    year: '2026',
    ws: '1',
    id_discipline: String(discipline),
    id_from_type: '2',
    id_from: String(from.uid),
    id_to_type: '1',
    id_to: String(to.uid),
    message,
  };
}
