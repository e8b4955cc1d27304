/**
 * PostgreSQL's own client tools: pg_dump (custom format) to back up, pg_restore and psql to restore.
 * They come from PATH (Debian: the package postgresql-client-NN); pg_dump must be of the server's
 * major version or newer, which is checked first. The password travels in PGPASSWORD, not on the
 * command line where any user's `ps` would show it.
 */
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { BackupError } from './manifest';

/** The connection for libpq's tools: the URL without its password, and the password in the environment. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  return { dbname: parsed.toString(), env };
}

interface Run {
  code: number | null;
  err: string;
}

/** Runs a tool; its stdout goes to `stdout` when given (not ended: the caller decides). A missing tool is explained. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv, stdout?: NodeJS.WritableStream): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    if (stdout) child.stdout!.pipe(stdout, { end: false });
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new BackupError(`${tool} was not found. Install PostgreSQL's client tools of the server's major version or newer (Debian: postgresql-client-15).`)
          : e,
      ),
    );
    child.on('close', (code) => resolve({ code, err }));
  });
}

/** The major version of a tool (`pg_dump (PostgreSQL) 15.20 (Debian …)` → 15). */
export async function toolVersion(tool: string): Promise<{ major: number; text: string }> {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  const result = await run(tool, ['--version'], process.env, sink);
  const match = /(\d+)(?:\.\d+)?/.exec(out);
  if (result.code !== 0 || !match) throw new BackupError(`${tool} --version did not answer: ${result.err.trim()}`);
  return { major: Number(match[1]), text: out.trim() };
}

/** Refuses a tool older than the server (pg_dump of an older major version cannot read a newer server). */
export async function checkToolFor(tool: string, serverMajor: number): Promise<string> {
  const { major, text } = await toolVersion(tool);
  if (major < serverMajor)
    throw new BackupError(
      `${text} is older than the PostgreSQL ${serverMajor} server: install postgresql-client-${serverMajor} (or newer) and put its bin folder first in PATH.`,
    );
  return text;
}

/** pg_dump in the custom format into `file`. */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  const result = await run('pg_dump', ['--format=custom', '--file', file, '--dbname', dbname], env);
  if (result.code !== 0) throw new BackupError(`pg_dump failed (exit ${result.code}):\n${result.err.trim()}`);
}

/**
 * Replaces the database's schemas with the dump's, in one transaction: the script pg_restore writes
 * runs in psql after dropping the portal's schemas (public and drizzle, the migration journal), with
 * --single-transaction and ON_ERROR_STOP, so a failure anywhere leaves the database as it was.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  const prelude = [
    'drop schema if exists drizzle cascade;',
    'drop schema if exists public cascade;',
    // As a new database has it (PostgreSQL 15): owned by the database's owner, usable by everyone.
    'create schema public authorization pg_database_owner;',
    'grant usage on schema public to public;',
    '',
  ].join('\n');
  const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1', '--dbname', dbname, '--file', '-'], {
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let psqlErr = '';
  psql.stderr.on('data', (chunk: Buffer) => (psqlErr += chunk.toString()));
  const psqlDone = new Promise<number | null>((resolve, reject) => {
    psql.on('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'ENOENT' ? new BackupError("psql was not found. Install PostgreSQL's client tools (Debian: postgresql-client-15).") : e),
    );
    psql.on('close', resolve);
  });
  // psql may end early (an error): what is still being written to it then goes nowhere.
  psql.stdin.on('error', () => {});
  psql.stdin.write(prelude);
  const restored = await run('pg_restore', ['--no-owner', '--no-privileges', '--file', '-', file], env, psql.stdin).catch((err: unknown) => {
    psql.kill('SIGKILL');
    throw err;
  });
  // A script cut short must not be committed: psql ended without its end of input rolls back.
  if (restored.code === 0) psql.stdin.end();
  else psql.kill('SIGKILL');
  const psqlCode = await psqlDone;
  if (restored.code !== 0) throw new BackupError(`pg_restore failed (exit ${restored.code}), the database is unchanged:\n${restored.err.trim()}`);
  if (psqlCode !== 0) throw new BackupError(`Restoring into the database failed, and it is unchanged (one transaction):\n${psqlErr.trim()}`);
}
