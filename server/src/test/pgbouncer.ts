/**
 * A PgBouncer of the test's own in front of a test database: a temporary configuration, a free port,
 * trust authentication, and the pool mode asked for. It runs as the user `postgres` when the tests
 * run as root (PgBouncer refuses root, test/as-postgres.ts). Without the binary the tests that need it skip, saying so.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pgbouncerConfig } from '../../../scripts/lib/pgbouncer-config.mjs';
import { sharedTempDir, unprivileged } from './as-postgres';
import { freePort } from './ports';

export const PGBOUNCER_MISSING = 'pgbouncer is not installed: apt-get install -y pgbouncer (.ci/run installs it)';

const BINARY = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => fs.existsSync(p)) ?? 'pgbouncer';
export const hasPgBouncer = spawnSync(BINARY, ['--version'], { stdio: 'ignore' }).status === 0;

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
  const dir = sharedTempDir('lms-pgbouncer-');
  const port = await freePort();
  const config = pgbouncerConfig({ databaseUrl, dir, port, poolMode, poolSize, maxClients: 500, extra: ['logfile =', 'pidfile ='] });
  fs.writeFileSync(path.join(dir, 'users.txt'), config.users, { mode: 0o644 });
  const file = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(file, config.ini, { mode: 0o644 });
  const child = spawn(BINARY, [file], { stdio: ['ignore', 'pipe', 'pipe'], ...unprivileged() });
  try {
    await waitForLine(child, /process up/, 'pgbouncer');
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: config.url,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
