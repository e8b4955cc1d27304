/**
 * The real portal server as a child process for end-to-end tests: the built client from dist/,
 * a fresh embedded PGlite database in a temporary DATA_DIR (migrated and seeded at start), a free
 * loopback port. `stop()` sends SIGTERM, then SIGKILL when the server does not exit in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for the server (PORT, HOST and DATA_DIR are set by the harness). */
  env?: Record<string, string>;
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

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  assertBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-e2e-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...options.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  // Always the embedded database: a fresh, seeded one per server.
  delete env.DATABASE_URL;

  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
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

  const stop = async () => {
    if (!exited(child)) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 15000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5000);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
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
