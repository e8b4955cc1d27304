/**
 * Database tools that refuse to run as root (PgBouncer, PostgreSQL's initdb and pg_ctl) run as the
 * user `postgres` when the tests run as root, on temporary directories that user owns.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

/** Runs `command` to its end (as `postgres` under root); throws with its output when it fails. */
export function runAsPostgres(command: string, args: string[]): string {
  const r = spawnSync(command, args, { encoding: 'utf8', cwd: os.tmpdir(), ...unprivileged() });
  if (r.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${r.stdout}${r.stderr}${r.error ?? ''}`);
  return r.stdout;
}
