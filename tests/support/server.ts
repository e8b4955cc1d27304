/**
 * The real portal server as a child process for end-to-end tests: the built client from dist/,
 * a fresh embedded PGlite database in a temporary DATA_DIR (or the PostgreSQL database given as
 * `databaseUrl`, kept as it is: several servers may share it), a free loopback port. `stop()` sends
 * SIGTERM, then SIGKILL when the server does not exit in time.
 *
 * The DATA_DIR starts as a copy of a seeded one (the demo university, its files included), built
 * once by `npm run seed` for the current migrations and seed code and kept in the temporary
 * directory: copying takes a fraction of a second where creating and seeding a database takes many.
 * The server still migrates and seeds at start, finding nothing left to do. It runs as `npm start`
 * runs it, compiled (`npm run build:server`, rebuilt only when its sources changed), which starts in
 * half the time of transpiling TypeScript on every start. A test may instead give a DATA_DIR it
 * prepared (`dataDir`), which the server runs on as it is.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST_DIR = path.join(ROOT, 'dist');

export interface RunningServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  dataDir: string;
  /** The last lines the server printed (for failure reports). */
  logTail(lines?: number): string;
  /**
   * Ends the server and removes its data (not a `dataDir` the test gave). By default as a deployment stops it (SIGTERM: requests
   * drained, the database closed); `discard` kills it at once, for a server whose database and files
   * are thrown away with it (a graceful stop of the embedded database takes seconds on a loaded machine).
   */
  stop(options?: { discard?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for the server (PORT, HOST, DATA_DIR and DATABASE_URL are set by the harness). */
  env?: Record<string, string>;
  /**
   * A PostgreSQL database for the server (DATABASE_URL) instead of a fresh embedded one: used as it
   * is, not copied or dropped (the server migrates and seeds what is missing at start), so that
   * several servers can share it. DATA_DIR is then an empty temporary directory of its own.
   */
  databaseUrl?: string;
  /**
   * A DATA_DIR the test prepared itself (e.g. an empty portal made by `npm run seed -- --empty` and
   * loaded by `npm run import`, tests/empty-portal.e2e.ts), used as it is instead of a copy of the
   * seeded demo template; `stop()` leaves it in place: the test that made it removes it.
   */
  dataDir?: string;
  /** How long to wait for GET /api/health (ms). */
  readyTimeoutMs?: number;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function assertBuilt(): void {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html')))
    throw new Error('dist/index.html is missing: build the client first (`npm run build`; `npm test` does it before the tests).');
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Everything the seeded data depends on: migrations, seed code and what it uses, password hashing,
 * and the day (the seed dates things relative to today).
 */
function seedKey(): string {
  const hash = createHash('sha256').update(new Date().toDateString());
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.test.ts')) hash.update(full.slice(ROOT.length)).update(fs.readFileSync(full));
    }
  };
  for (const dir of ['server/src/db', 'server/src/lib', 'server/src/shared', 'contract']) walk(path.join(ROOT, dir));
  // The areas' own tables and seed steps and the module list declaring them (server/src/db/seed/area-files.ts says which).
  const modules = path.join(ROOT, 'server/src/modules');
  const areaFiles = fs
    .readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((f) => f === 'index.ts' || /^(\w+)[/\\]\1\.(schema|seed)\.ts$/.test(f));
  for (const file of areaFiles.sort()) hash.update(file).update(fs.readFileSync(path.join(modules, file)));
  hash.update(fs.readFileSync(path.join(ROOT, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}

let template: string | undefined;
let compiled: string | undefined;

/** Where the seeded DATA_DIR of this code and day is kept. */
function templateDir(): string {
  return path.join(os.tmpdir(), `lms-e2e-template-${seedKey()}`);
}

/** Beside the template while the run's global setup seeds it: the seeding process's pid. */
const preparingMarker = (dir: string) => `${dir}.preparing`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The environment of a seed into `dataDir`: the embedded database, quiet. */
function seedEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  return env;
}

/** `npm run seed`, as its npm script runs it (compiled, scripts/cli.mjs). */
const SEED_CLI = () => [path.join(ROOT, 'scripts/cli.mjs'), 'seed'];

/**
 * The end-to-end project's global setup (support/global-setup.ts): starts seeding the template in
 * the background when the run starts, so that it is ready by the time the first end-to-end file
 * starts its server (after the client and server tests), instead of every end-to-end worker seeding
 * one at that moment. Returns what stops it (the run's end). A worker that finds the seed under way
 * waits for it (seededTemplate); when it failed, the worker seeds itself and reports the failure.
 */
export function seedTemplateInBackground(): () => void {
  const dir = templateDir();
  if (fs.existsSync(dir)) return () => {};
  const partial = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const child = spawn(process.execPath, SEED_CLI(), { cwd: ROOT, env: seedEnv(partial), stdio: 'ignore' });
  const marker = preparingMarker(dir);
  if (child.pid) fs.writeFileSync(marker, String(child.pid));
  child.once('exit', (code) => {
    if (code === 0) {
      try {
        fs.renameSync(partial, dir);
      } catch {
        // a worker seeded it meanwhile
      }
    }
    fs.rmSync(partial, { recursive: true, force: true });
    fs.rmSync(marker, { force: true });
  });
  child.once('error', () => fs.rmSync(marker, { force: true }));
  return () => {
    if (!exited(child)) child.kill('SIGKILL');
    fs.rmSync(marker, { force: true });
  };
}

/** server/build/server.mjs, built (or found up to date) once per test process. */
function compiledServer(): string {
  if (compiled) return compiled;
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/lib/server-build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Building the server failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  compiled = path.join(ROOT, 'server/build/server.mjs');
  return compiled;
}

/**
 * The seeded DATA_DIR to copy (built by the seed command when this code has none yet). A seed the
 * run's global setup started is waited for: its process's end, which leaves the template in place.
 */
async function seededTemplate(): Promise<string> {
  if (template && fs.existsSync(template)) return template;
  const dir = templateDir();
  for (;;) {
    if (fs.existsSync(dir)) break;
    let seeding: number | null = null;
    try {
      seeding = Number(fs.readFileSync(preparingMarker(dir), 'utf8')) || null;
    } catch {
      // no seed under way
    }
    if (seeding === null || !isAlive(seeding)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!fs.existsSync(dir)) {
    // Several test files may build it at once: each into its own directory, the first rename wins.
    const partial = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const run = spawnSync(process.execPath, SEED_CLI(), { cwd: ROOT, env: seedEnv(partial), encoding: 'utf8' });
    if (run.status !== 0) {
      fs.rmSync(partial, { recursive: true, force: true });
      throw new Error(`Seeding the end-to-end template failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
    }
    try {
      fs.renameSync(partial, dir);
    } catch {
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  template = dir;
  return dir;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  assertBuilt();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lms-e2e-'));
  if (!options.databaseUrl && !options.dataDir) fs.cpSync(await seededTemplate(), dataDir, { recursive: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // The sandbox card provider, as the demo start has it (scripts/start.mjs); a test may set PAYMENT_PROVIDER=none.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    PAYMENT_PROVIDER: 'sandbox',
    // Its own address in documents' QR codes, as the demo start sets it (scripts/start.mjs).
    PUBLIC_URL: origin,
    // The zone of the tests and the browser they drive (this machine's), over the demo university's
    // (site setting time_zone): what a test computes from its clock is what the server reads.
    TZ: process.env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  // The embedded database (a fresh, seeded one per server) unless a PostgreSQL database is given.
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;

  const log: string[] = [];
  const child = spawn(process.execPath, [compiledServer()], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (log.length > 400) log.splice(0, log.length - 400);
  };
  // server/src/main.ts prints "University portal <version> is running" once it listens.
  let stdoutTail = '';
  let announce: () => void = () => {};
  const announced = new Promise<'ready'>((resolve) => (announce = () => resolve('ready')));
  child.stdout?.on('data', (chunk: Buffer) => {
    stdoutTail = (stdoutTail + chunk.toString('utf8')).slice(-2000);
    if (/University portal \S+ is running/.test(stdoutTail)) announce();
  });
  const exitedEarly = new Promise<'exited'>((resolve) => child.once('exit', () => resolve('exited')));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const logTail = (lines = 40) => log.slice(-lines).join('\n');

  const stop = async ({ discard = false }: { discard?: boolean } = {}) => {
    if (!exited(child)) {
      child.kill(discard ? 'SIGKILL' : 'SIGTERM');
      if (!(await waitForExit(child, 15000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5000);
      }
    }
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  // Waits for the server to say it listens (or to exit), not on a polling clock; the time-out is
  // only a ceiling for a server that hangs while starting.
  const readyTimeoutMs = options.readyTimeoutMs ?? 120000;
  let ceiling: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (ceiling = setTimeout(() => resolve('timeout'), readyTimeoutMs)));
  const outcome = exited(child) ? 'exited' : await Promise.race([announced, exitedEarly, timedOut]);
  clearTimeout(ceiling);
  if (outcome === 'exited') {
    await stop();
    throw new Error(`The server exited before it was ready (code ${child.exitCode}, signal ${child.signalCode}):\n${logTail()}`);
  }
  if (outcome === 'timeout') {
    await stop();
    throw new Error(`The server did not say it was running within ${readyTimeoutMs} ms:\n${logTail()}`);
  }
  const health = await fetch(`${origin}/api/health`).catch((err: unknown) => err as Error);
  if (health instanceof Error || !health.ok) {
    await stop();
    throw new Error(`The server is running but GET /api/health failed (${health instanceof Error ? health.message : health.status}):\n${logTail()}`);
  }
  return { origin, port, dataDir, logTail, stop };
}
