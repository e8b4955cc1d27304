/**
 * Several server processes on one test database, as behind a load balancer: each process its own
 * app, and on PostgreSQL its own pool and LISTEN connections (PGlite has one connection, so there
 * they share the database object). What one process changes or announces the others must see.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { App } from '../app';
import { DataChanges } from '../plugins/reply-cache';
import { openDatabase, type Database } from '../db/client';
import type { JournalInfo } from '@contract/journal';
import { appOn, createTestDatabase, session, usePostgres, type TestAppOptions, type TestDatabase, type TestDatabaseOptions, type TestSession } from './helpers';

/** A connection of its own to `db` (on PGlite the one there is) and how to let it go. */
export async function ownConnection(db: TestDatabase): Promise<{ database: Database; close(): Promise<void> }> {
  const database = usePostgres ? await openDatabase(db.target) : db.database;
  return {
    database,
    close: async () => {
      if (database !== db.database) await database.close();
    },
  };
}

/** Another server process on `db`: an app on a connection of its own. */
export async function otherProcess(db: TestDatabase, options: TestAppOptions = {}): Promise<{ app: App; close(): Promise<void> }> {
  const connection = await ownConnection(db);
  const app = await appOn({ ...db, database: connection.database }, options);
  return {
    app,
    close: async () => {
      await app.close();
      await connection.close();
    },
  };
}

export interface TwoProcesses {
  db: TestDatabase;
  a: App;
  b: App;
  /** Closes both apps, the second connection and the database. */
  close(): Promise<void>;
}

/** A fresh seeded database (with `databaseOptions`) and two server processes on it, both with `options`. */
export async function twoProcesses(options: TestAppOptions = {}, databaseOptions: TestDatabaseOptions = {}): Promise<TwoProcesses> {
  const db = await createTestDatabase(databaseOptions);
  const a = await appOn(db, options);
  const b = await otherProcess(db, options);
  return {
    db,
    a,
    b: b.app,
    close: async () => {
      await a.close();
      await b.close();
      await db.close();
    },
  };
}

/** Replies kept for a minute of real time and sessions that outlive the test: only the changes under test end a reuse. */
export const KEPT_A_MINUTE = { REPLY_CACHE_MS: '60000', SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '720' };

export interface JournalProcesses extends TwoProcesses {
  teacher: TestSession;
  student: TestSession;
  /** The demo teacher's journals of the autumn half-year 2026. */
  journals: JournalInfo[];
  /** The Web Programming lecture of the demo student's stream. */
  lecture: JournalInfo;
  /** A journal call (`/api/visitlog/<url>`) to one process as `who`. */
  post(app: App, who: TestSession, url: string, payload: object): Promise<Awaited<ReturnType<App['inject']>>>;
}

/**
 * Two processes whose replies are kept (KEPT_A_MINUTE), the demo teacher and student signed in on the
 * first, and the teacher's journals: the setting of the kept-journal tests.
 */
export async function journalProcesses(now: () => Date): Promise<JournalProcesses> {
  const processes = await twoProcesses({ now, env: KEPT_A_MINUTE });
  const post = (app: App, who: TestSession, url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/visitlog/${url}`, headers: who.headers, payload });
  const teacher = await session(processes.a, 'teacher');
  const student = await session(processes.a, 'student');
  const journals = (await post(processes.a, teacher, 'journals.json', { id_a_year: 2026, id_w_s: 1 })).json().data as JournalInfo[];
  const lecture = journals.find((j) => j.discipline === 'Веб-программирование' && j.id_vid_zaniatiy === 1)!;
  return { ...processes, teacher, student, journals, lecture, post };
}

/** Writes `statement` on `db` without any trigger firing, i.e. without announcing the change to any process. */
export async function silently(db: TestDatabase, statement: SQL): Promise<void> {
  await db.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** Data changes of a process as if it listened and had heard every change (for ReplyCache unit tests: `changed()` is then called by hand). */
export function heardChanges(): DataChanges {
  const changes = new DataChanges(60_000);
  Object.assign(changes, { listening: { sync: async () => {}, stop: async () => {} } });
  return changes;
}
