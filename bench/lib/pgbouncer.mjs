/**
 * PgBouncer in transaction mode between a bench's portal processes and its PostgreSQL database: the
 * Debian program (installed when missing), run in the foreground as the `postgres` account (it
 * refuses to run as root) with a configuration of its own in a temporary directory, on a free
 * loopback port; one database, the bench's throwaway one, passed through with trust authentication.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pgbouncerConfig } from '../../scripts/lib/pgbouncer-config.mjs';
import { runChild, waitUntil } from './child.mjs';
import { accountIds, ensurePackage } from './debian.mjs';
import { freePort } from './server.mjs';

const PGBOUNCER = '/usr/sbin/pgbouncer';

/**
 * Starts PgBouncer in front of the database of `dbUrl` (postgres://user@host:port/name); resolves to
 * {url (the same database through PgBouncer), port, log, stats(), stop()}. `poolSize`: server connections.
 */
export async function startPgBouncer(dbUrl, { poolSize = 20 } = {}) {
  ensurePackage(PGBOUNCER, 'pgbouncer');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-pgbouncer-'));
  const { uid, gid } = accountIds('postgres');
  const config = pgbouncerConfig({
    databaseUrl: dbUrl,
    dir,
    port,
    poolMode: 'transaction',
    poolSize,
    maxClients: 2000,
    stats: true,
    extra: ['log_connections = 0', 'log_disconnections = 0'],
  });
  const { name } = config;
  fs.writeFileSync(path.join(dir, 'pgbouncer.ini'), config.ini);
  fs.writeFileSync(path.join(dir, 'users.txt'), config.users);
  for (const f of ['', 'pgbouncer.ini', 'users.txt']) fs.chownSync(path.join(dir, f), uid, gid);
  const running = runChild(PGBOUNCER, [path.join(dir, 'pgbouncer.ini')], { uid, gid, cwd: dir });
  const url = new URL(config.url);
  const stop = async () => {
    await running.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil('pgbouncer', running, async () => {
      const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 1000 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } finally {
        await client.end().catch(() => {});
      }
    });
  } catch (err) {
    await stop();
    throw err;
  }
  /** Its counters for the database (SHOW STATS on its console): transactions, queries and the longest client wait. */
  const stats = async () => {
    const admin = new URL(url);
    admin.pathname = '/pgbouncer';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      const row = (await client.query('SHOW STATS')).rows.find((r) => r.database === name);
      return { transactions: Number(row.total_xact_count), queries: Number(row.total_query_count), waitUs: Number(row.total_wait_time) };
    } finally {
      await client.end().catch(() => {});
    }
  };
  return { url: url.toString(), port, log: running.log, stats, stop };
}
