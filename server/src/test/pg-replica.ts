/**
 * A throwaway PostgreSQL primary and its streaming replica, for the tests of the read replica: both
 * made with the machine's PostgreSQL binaries (initdb, pg_basebackup -R, pg_ctl) in one temporary
 * directory, on free ports of 127.0.0.1, trust authentication; the system's PostgreSQL is not
 * touched. Run as `postgres` when the tests run as root (test/as-postgres.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { runAsPostgres, sharedTempDir } from './as-postgres';
import { freePort } from './ports';

/** The binaries of the newest PostgreSQL installed (Debian keeps them per version). */
const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin') : null;
})();

export const hasPostgresServer = PG_BIN !== null && fs.existsSync(path.join(PG_BIN, 'pg_basebackup'));
export const POSTGRES_SERVER_MISSING = 'PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) not found under /usr/lib/postgresql';

export interface PrimaryAndReplica {
  /** The URL of database `name` on the primary. */
  primaryUrl(name: string): string;
  /** Makes the replica from the primary as it is now, starts it and gives the URL of database `name` on it. */
  startReplica(name: string): Promise<string>;
  /** Stops the replica (a replica that went down). */
  stopReplica(): void;
  /** Stops both servers and removes their directory. */
  stop(): void;
}

const bin = (tool: string) => path.join(PG_BIN!, tool);

function settings(port: number, socketDir: string): string {
  return [
    '',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${socketDir}'`,
    'fsync = off',
    'max_connections = 50',
    "shared_buffers = '32MB'",
    '',
  ].join('\n');
}

/** A new primary, started; the replica is made from it by startReplica once the test has filled it. */
export async function startPrimary(): Promise<PrimaryAndReplica> {
  const dir = sharedTempDir('lms-pg-replica-');
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const started: string[] = [];
  const stopServer = (dataDir: string) => {
    if (!started.includes(dataDir)) return;
    started.splice(started.indexOf(dataDir), 1);
    runAsPostgres(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  };
  const url = (port: number, name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const stop = () => {
    for (const dataDir of [...started].reverse()) {
      try {
        stopServer(dataDir);
      } catch {
        // already stopped
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // initdb's default pg_hba.conf with trust lets 127.0.0.1 connect, replication included.
    runAsPostgres(bin('initdb'), ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), settings(primaryPort, dir));
    runAsPostgres(bin('pg_ctl'), ['-D', primaryDir, '-l', path.join(dir, 'primary.log'), '-w', '-t', '60', 'start']);
    started.push(primaryDir);
  } catch (err) {
    stop();
    throw err;
  }
  return {
    primaryUrl: (name) => url(primaryPort, name),
    startReplica: async (name) => {
      runAsPostgres(bin('pg_basebackup'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        replicaDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '--no-sync',
      ]);
      // The primary's settings were copied: the replica's own port after them.
      fs.appendFileSync(path.join(replicaDir, 'postgresql.conf'), settings(replicaPort, dir));
      runAsPostgres(bin('pg_ctl'), ['-D', replicaDir, '-l', path.join(dir, 'replica.log'), '-w', '-t', '60', 'start']);
      started.push(replicaDir);
      return url(replicaPort, name);
    },
    stopReplica: () => stopServer(replicaDir),
    stop,
  };
}
