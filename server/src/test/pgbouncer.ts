/**
 * A PgBouncer of the test's own in front of a test database: a temporary configuration, a free port,
 * trust authentication, and the pool mode asked for. It runs as the user `postgres` when the tests
 * run as root (PgBouncer refuses root). Without the binary the tests that need it skip, saying so.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

export const PGBOUNCER_MISSING = 'pgbouncer is not installed: apt-get install -y pgbouncer (.ci/run installs it)';

const BINARY = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => fs.existsSync(p)) ?? 'pgbouncer';
export const hasPgBouncer = spawnSync(BINARY, ['--version'], { stdio: 'ignore' }).status === 0;

/** The uid and gid of `postgres` when this process is root (servers that refuse root run as it), else nothing. */
export function unprivileged(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root, and no user postgres to run the database tools as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A temporary directory the unprivileged user can read and write (removed by the caller). */
export function sharedTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const who = unprivileged();
  if ('uid' in who) fs.chownSync(dir, who.uid, who.gid);
  return dir;
}

export interface PgBouncer {
  /** The URL of the database through the pooler. */
  url: string;
  stop(): Promise<void>;
}

/** Output lines of `child` until one matches `ready` (rejects if it exits first). */
export function waitForLine(child: ChildProcess, ready: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        child.off('exit', exited);
        resolve();
      }
    };
    const exited = (code: number | null) => reject(new Error(`${what} exited (${code}) before it was ready:\n${output}`));
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', exited);
  });
}

/** A child process stopped: SIGTERM, then waits for its exit. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** PgBouncer in `poolMode` for the database of `databaseUrl` (on 127.0.0.1), at most `poolSize` server connections. */
export async function startPgBouncer(databaseUrl: string, poolMode: 'transaction' | 'session', poolSize: number): Promise<PgBouncer> {
  const target = new URL(databaseUrl);
  const user = decodeURIComponent(target.username) || 'postgres';
  const dbname = target.pathname.slice(1);
  const dir = sharedTempDir('lms-pgbouncer-');
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 });
  const config = [
    '[databases]',
    `${dbname} = host=${target.hostname} port=${target.port || 5432} dbname=${dbname}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    `pool_mode = ${poolMode}`,
    `default_pool_size = ${poolSize}`,
    'max_client_conn = 500',
    'logfile =',
    'pidfile =',
    '',
  ].join('\n');
  const file = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(file, config, { mode: 0o644 });
  const child = spawn(BINARY, [file], { stdio: ['ignore', 'pipe', 'pipe'], ...unprivileged() });
  try {
    await waitForLine(child, /process up/, 'pgbouncer');
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
