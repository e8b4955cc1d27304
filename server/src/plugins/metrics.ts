/**
 * GET /metrics: the server's metrics in Prometheus's text format, through prom-client
 * (docs/deployment.md#metrics). Readable with METRICS_TOKEN or from METRICS_ALLOW
 * (plugins/metrics.access.ts); anyone else gets the 404 of an unknown path. Outside /api: no
 * session, not in the API's description, not counted in the request metrics.
 *
 * - lms_http_requests_total, lms_http_request_duration_seconds: every answered request by method,
 *   route (the route's pattern, `unmatched` for an unknown path, never the URL) and status;
 * - lms_db_pool_*: the PostgreSQL pool's connections (open, idle, its maximum), the requests waiting
 *   for one, and how long they waited (plugins/metrics.pool.ts); none with PGlite, one embedded engine
 *   without a pool, whose statements run one at a time;
 * - lms_reply_cache_hits_total, lms_reply_cache_misses_total: calls of each reply cache
 *   (plugins/reply-cache.ts) answered with a kept reply, and read afresh;
 * - lms_live_streams: open event streams (Server-Sent Events, plugins/live.ts);
 * - lms_upload_received_bytes_total: bytes of upload bodies read (plugins/files.ts);
 * - lms_queue_length: the waiting items of the process's queues (lib/queues.ts);
 * - prom-client's process metrics (CPU, memory, event loop lag, garbage collection...).
 *
 * With WORKERS > 1 the worker asked answers for all of them (plugins/metrics.cluster.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../app-error';
import type { AppContext } from '../context';
import { queueLengths } from '../lib/queues';
import { metricsAccess } from './metrics.access';
import { RequestMetrics } from './metrics.http';
import { clusterMetrics, inCluster, joinClusterMetrics } from './metrics.cluster';
import { watchPoolWaits } from './metrics.pool';

export const METRICS_PATH = '/metrics';
/** Marks a refused scrape, answered by the not-found handler: not counted either. */
const REFUSED = Symbol('refused scrape');

/** Seconds: a free connection is handed over in well under a millisecond; a full pool makes requests wait. */
const POOL_WAIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

let processRegistry: Registry | null = null;
/** prom-client's process metrics, once per process (their collectors run for the process's life). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Metrics of one app (tests build several in one process; production one); returns what stops them. */
function appMetrics(ctx: AppContext, registry: Registry): () => void {
  const registers = [registry];
  const caches = () => ctx.dataChanges.all;
  new Counter({
    name: 'lms_reply_cache_hits_total',
    help: 'Calls answered with a kept reply, by reply cache.',
    labelNames: ['cache'],
    registers,
    collect() {
      this.reset();
      for (const cache of caches()) this.inc({ cache: cache.name }, cache.hits);
    },
  });
  new Counter({
    name: 'lms_reply_cache_misses_total',
    help: 'Calls read afresh (nothing kept, or kept replies off), by reply cache.',
    labelNames: ['cache'],
    registers,
    collect() {
      this.reset();
      for (const cache of caches()) this.inc({ cache: cache.name }, cache.misses);
    },
  });
  new Gauge({
    name: 'lms_live_streams',
    help: 'Open live event streams (Server-Sent Events).',
    registers,
    collect() {
      this.set(ctx.live.openStreams);
    },
  });
  new Counter({
    name: 'lms_upload_received_bytes_total',
    help: 'Bytes of upload bodies (multipart forms) read.',
    registers,
    collect() {
      this.reset();
      this.inc(ctx.files.receivedBytes);
    },
  });
  new Gauge({
    name: 'lms_queue_length',
    help: 'Items waiting in a queue of the server process (registration saves, QR scans and marks, session look-ups, live events...).',
    labelNames: ['queue'],
    registers,
    collect() {
      this.reset();
      for (const [queue, length] of queueLengths()) this.set({ queue }, length);
    },
  });
  new Gauge({
    name: 'lms_info',
    help: "The portal's version and database engine (always 1).",
    labelNames: ['version', 'database'],
    registers,
    collect() {
      this.set({ version: ctx.version, database: ctx.database.kind }, 1);
    },
  });
  return poolMetrics(ctx, registers);
}

/** The PostgreSQL pool's gauges and wait histogram; returns what stops watching its waits. */
function poolMetrics(ctx: AppContext, registers: Registry[]): () => void {
  const pool = ctx.database.pool;
  if (!pool) return () => {};
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(value());
      },
    });
  gauge('lms_db_pool_connections', 'Connections the PostgreSQL pool holds open (in use or idle).', () => pool.totalCount);
  gauge('lms_db_pool_idle_connections', 'Open connections of the pool that no request uses.', () => pool.idleCount);
  gauge('lms_db_pool_waiting_requests', 'Requests waiting for a connection of the pool.', () => pool.waitingCount);
  gauge('lms_db_pool_max_connections', 'Most connections the pool opens (DB_POOL_MAX).', () => pool.options.max ?? 10);
  const waits = new Histogram({
    name: 'lms_db_pool_wait_seconds',
    help: 'Time a request waited for a connection of the pool (also when it gave up).',
    buckets: POOL_WAIT_BUCKETS,
    registers,
  });
  return watchPoolWaits(pool, (seconds) => waits.observe(seconds));
}

export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const registry = new Registry();
  const stop = appMetrics(ctx, registry);
  const requests = new RequestMetrics();
  requests.register(registry);
  app.addHook('onClose', async () => stop());
  const registries = [processMetrics(), registry];
  if (inCluster()) joinClusterMetrics(registries);

  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    if (route !== METRICS_PATH && !(REFUSED in req)) requests.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const allowed = metricsAccess({ token: ctx.config.metricsToken, allow: ctx.config.metricsAllow });
  app.get(METRICS_PATH, async (req, reply) => {
    // Refused as an unknown path is: nothing tells that metrics are here.
    if (!allowed(req)) {
      (req as unknown as Record<symbol, boolean>)[REFUSED] = true;
      return reply.callNotFound();
    }
    const text = inCluster()
      ? await clusterMetrics().catch((err: unknown) => {
          // A worker that did not answer in time (ended, stuck): 503, the scraper tries at its next interval.
          req.log.warn({ err }, 'metrics: the workers did not answer');
          throw serviceUnavailable();
        })
      : (await Promise.all(registries.map((r) => r.metrics()))).join('\n');
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
