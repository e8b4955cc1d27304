/**
 * The server's process entry: one process, or with PostgreSQL `WORKERS` processes sharing the port
 * (node:cluster). Every worker is a whole server (main.ts); sessions, login throttling and live
 * events go through PostgreSQL, so any worker may answer any request. A worker that dies is
 * replaced; SIGTERM/SIGINT/SIGHUP reach every worker, which finish their requests in flight
 * (SHUTDOWN_GRACE_MS), and the primary exits when the last one has.
 */
import cluster, { type Worker } from 'node:cluster';
import { ConfigError, loadConfig, workerCount, type Config } from './config';
import { serveClusterMetrics } from './plugins/metrics.cluster';

/** A worker that lived shorter than this is replaced only after a pause (no restart storm). */
const QUICK_DEATH_MS = 5000;
const RESTART_PAUSE_MS = 1000;
/** Beyond the grace period, the time left to workers before they are killed. */
const STOP_MARGIN_MS = 10000;

function runPrimary(count: number, graceMs: number): void {
  const log = (line: string) => console.log(`[cluster] ${line}`);
  const startedAt = new Map<Worker, number>();
  let anyListening = false;
  let stopping = false;
  let exitCode = 0;

  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !w!.isDead());
  let forks = 0;
  const fork = () => {
    // Only the first worker prints the start banner (address and demo accounts).
    const worker = cluster.fork(forks++ === 0 ? {} : { LMS_QUIET_START: '1' });
    startedAt.set(worker, Date.now());
    worker.once('listening', () => (anyListening = true));
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (code !== 0 && code !== null) exitCode = code;
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    if (!anyListening) {
      // No worker ever served: a configuration or start-up problem that a restart will not fix.
      stopping = true;
      exitCode = code || 1;
      for (const w of alive()) w.process.kill('SIGTERM');
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    log(`worker ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another`);
    if (lived < QUICK_DEATH_MS) setTimeout(fork, RESTART_PAUSE_MS).unref();
    else fork();
  });

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (!stopping) {
        stopping = true;
        log(`${signal}: stopping ${alive().length} workers`);
        setTimeout(() => {
          for (const w of alive()) w.process.kill('SIGKILL');
          process.exit(1);
        }, graceMs + STOP_MARGIN_MS).unref();
      }
      // A repeated signal is passed on too: the workers then exit at once.
      for (const w of alive()) w.process.kill(signal);
      if (alive().length === 0) process.exit(exitCode);
    });
  }

  log(`${count} workers sharing the port`);
  // A scrape of /metrics reaches one worker, which asks here for every worker's metrics, added up.
  serveClusterMetrics();
  for (let i = 0; i < count; i++) fork();
}

/**
 * Started by scripts/start.mjs, the server holds a channel to it: when that process is gone (killed
 * outright, so it could not pass a signal on), the server stops as on SIGTERM instead of running on
 * with nobody to stop it. The channel does not keep the process alive.
 */
function stopWithLauncher(): void {
  if (!process.channel) return;
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  process.channel.unref();
}

async function start(): Promise<void> {
  if (!cluster.isPrimary) {
    await import('./main');
    return;
  }
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  stopWithLauncher();
  const count = workerCount(config);
  if (count <= 1) await import('./main');
  else runPrimary(count, config.shutdownDrainMs + config.shutdownGraceMs);
}

await start();
