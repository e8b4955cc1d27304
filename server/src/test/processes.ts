/**
 * Several server processes on one test database, as behind a load balancer: each process its own
 * app, and on PostgreSQL its own pool and LISTEN connections (PGlite has one connection, so there
 * they share the database object). What one process changes or announces the others must see.
 */
import type { App } from '../app';
import { openDatabase, type Database } from '../db/client';
import { appOn, createTestDatabase, usePostgres, type TestAppOptions, type TestDatabase } from './helpers';

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

/** A fresh seeded database and two server processes on it, both with `options`. */
export async function twoProcesses(options: TestAppOptions = {}): Promise<TwoProcesses> {
  const db = await createTestDatabase();
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
