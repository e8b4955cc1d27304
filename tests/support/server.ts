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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120000);
  for (;;) {
    if (exited(child)) {
      await stop();
      throw new Error(`The server exited before it was ready (code ${child.exitCode}, signal ${child.signalCode}):\n${logTail()}`);
    }
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer GET /api/health within ${options.readyTimeoutMs ?? 120000} ms:\n${logTail()}`);
    }
    await sleep(200);
  }
  return { origin, port, dataDir, logTail, stop };
}
