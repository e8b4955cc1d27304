/**
 * The database part of a backup, for both kinds: PGlite's data directory as PGlite dumps it
 * (`dumpDataDir`, loaded back with `loadDataDir` into a new directory), PostgreSQL's through
 * pg_dump and pg_restore (./postgres-tools.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf, type Db } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { lockDirectory } from '../../db/pglite-lock';
import { BackupError } from './manifest';
import { checkToolFor, dumpPostgres, restorePostgres } from './postgres-tools';

/** The migrations this version of the portal has. */
export function codeMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** The migrations applied to a database (Drizzle's journal; 0 when it has none). */
async function appliedMigrations(db: Db): Promise<number> {
  const [journal] = await rowsOf<{ name: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
  if (!journal.name) return 0;
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(row.n);
}

/** PGlite's version, as its package says. */
function pgliteVersion(): string {
  try {
    const file = path.join(path.dirname(new URL(import.meta.resolve('@electric-sql/pglite')).pathname), '..', 'package.json');
    return `PGlite ${(JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version}`;
  } catch {
    return 'PGlite';
  }
}

/** A PGlite directory holds a database once PostgreSQL's version file is in it. */
export const hasPgliteDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/** Dumps the embedded database in `dataDir` to `file` (refused while another process has it open: pglite-lock.ts). */
export async function dumpPglite(dataDir: string, file: string): Promise<{ migrations: number; tool: string }> {
  if (!hasPgliteDatabase(dataDir)) throw new BackupError(`There is no embedded database in ${dataDir}: check DATA_DIR (or set DATABASE_URL).`);
  // Refused also when a process of another host (container) holds it: a server may be running there.
  const unlock = lockDirectory(dataDir, { refuseOtherHosts: true });
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const migrations = await appliedMigrations(database.db);
      const dump = await database.pglite!.dumpDataDir('gzip');
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      return { migrations, tool: pgliteVersion() };
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

/** Makes a new PGlite directory `dataDir` from a dump, and checks that it opens and answers. */
export async function loadPglite(file: string, dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: new Blob([fs.readFileSync(file)]) });
  try {
    await appliedMigrations(database.db);
  } finally {
    await database.close();
  }
}

/** A short connection of the command's own (not the server's pool). */
async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'lms-backup', connectionTimeoutMillis: 10000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to the database of DATABASE_URL: ${(err as Error).message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const serverMajor = async (client: pg.Client) => Math.floor(Number((await client.query<{ v: string }>('show server_version_num')).rows[0].v) / 10000);

async function appliedMigrationsPg(client: pg.Client): Promise<number> {
  const journal = await client.query<{ name: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
  if (!journal.rows[0].name) return 0;
  return Number((await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n);
}

export async function dumpPg(url: string, file: string): Promise<{ migrations: number; tool: string }> {
  const { migrations, tool } = await withClient(url, async (client) => ({
    migrations: await appliedMigrationsPg(client),
    tool: await checkToolFor('pg_dump', await serverMajor(client)),
  }));
  await dumpPostgres(url, file);
  fs.chmodSync(file, 0o600);
  return { migrations, tool };
}

/** What the PostgreSQL database holds: the portal's tables, and the portal's processes connected to it. */
export async function inspectPg(url: string): Promise<{ tables: number; servers: number }> {
  return withClient(url, async (client) => {
    const tables = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`);
    // The server's pool and listening connections name themselves (db/client.ts).
    const servers = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name in ('lms', 'lms-listen', 'lms-init')`,
    );
    return { tables: Number(tables.rows[0].n), servers: Number(servers.rows[0].n) };
  });
}

export async function restorePg(url: string, file: string): Promise<void> {
  await withClient(url, async (client) => checkToolFor('pg_restore', await serverMajor(client)));
  await restorePostgres(url, file);
}
