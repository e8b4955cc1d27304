/**
 * Applies the committed SQL migrations (./migrations, written by drizzle-kit) with Drizzle's
 * migrator for the driver in use, and brings the database to a usable state: migrate, then the
 * seed steps not applied yet. Runs under the database's exclusive lock, so several processes
 * starting on one PostgreSQL do it once.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Db } from './client';
import { runSeed, type SeedOptions, type SeedReport } from './seed';
import { seedEmptyPortal, type EmptyPortal } from './seed/empty';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

async function migrate(kind: Database['kind'], db: Db): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, config);
  else await migratePg(db as unknown as NodePgDatabase, config);
}

/** Drops every table of the application and the migration journal. */
async function dropEverything(db: Db): Promise<void> {
  const rows = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = (rows as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
  if (tables.length > 0) await db.execute(sql.raw(`drop table if exists ${tables.map((t) => `"public"."${t}"`).join(', ')} cascade`));
  await db.execute(sql`drop schema if exists drizzle cascade`);
}

export interface PrepareOptions extends SeedOptions {
  /** Drop everything first (`npm run seed -- --reset`). */
  reset?: boolean;
  /** Apply seed steps (default true). */
  seed?: boolean;
}

/** Migrates (and seeds) the database; returns what the seed did. */
export async function prepareDatabase(database: Database, options: PrepareOptions = {}): Promise<SeedReport> {
  return database.exclusive(async (db) => {
    if (options.reset) await dropEverything(db);
    await migrate(database.kind, db);
    if (options.seed === false) return { applied: [], skipped: [] };
    return runSeed(db, options);
  });
}

/**
 * Migrates the database (dropping everything first with `reset`) and makes an empty portal on it
 * (`npm run seed -- --empty`, ./seed/empty.ts): refused, with nothing written, when it has data.
 */
export async function prepareEmptyPortal(database: Database, options: SeedOptions & { passwordMinLength: number; reset?: boolean }): Promise<EmptyPortal> {
  return database.exclusive(async (db) => {
    if (options.reset) await dropEverything(db);
    await migrate(database.kind, db);
    return seedEmptyPortal(db, options);
  });
}
