/**
 * Runs the portal for a benchmark: `node scripts/start.mjs` (the same path as `npm start`) on a
 * loopback port with a DATA_DIR of the caller's choice, and stops it with SIGTERM.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureClientBuild } from '../../scripts/lib/client-build.mjs';
import { SERVER_BUNDLE, ensureServerBuild } from '../../scripts/lib/server-build.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `url` answers 200, or rejects after timeoutMs or when the process exits. */
async function waitFor(url, child, timeoutMs, log) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}):\n${log.slice(-30).join('\n')}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${log.slice(-30).join('\n')}`);
    await sleep(50);
  }
}

/**
 * Starts the server and waits until /lms/login is served. Returns {origin, port, ms, stop()} where ms
 * is the time from spawn to the first 200 of /lms/login. With `nodeArgs` (e.g. `--cpu-prof`, which
 * NODE_OPTIONS does not pass) the compiled server is run straight with them, built first when stale,
 * instead of through scripts/start.mjs.
 */
export async function startPortal({ dataDir, port, env = {}, timeoutMs = 180000, nodeArgs = null }) {
  port ??= await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  // The embedded database unless the caller asks for a PostgreSQL one.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const log = [];
  const started = performance.now();
  if (nodeArgs) {
    await ensureClientBuild({ log: () => {} });
    await ensureServerBuild();
  }
  const args = nodeArgs ? [...nodeArgs, '--enable-source-maps', SERVER_BUNDLE] : [path.join(ROOT, 'scripts/start.mjs')];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (d) => {
    log.push(...d.toString('utf8').split('\n').filter(Boolean));
    if (log.length > 300) log.splice(0, log.length - 300);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitFor(`${origin}/lms/login`, child, timeoutMs, log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, port, pid: child.pid, ms: performance.now() - started, stop, log };
}
