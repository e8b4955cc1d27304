/**
 * Graceful shutdown: `app.shutdown(graceMs, drainMs)` first drains for drainMs (SHUTDOWN_DRAIN_MS):
 * every request is served as usual but GET /api/ready answers 503, so that a load balancer checking
 * it stops sending work here before anything is refused. Then it stops taking work (new requests get
 * 503 + Retry-After + Connection: close), lets the requests in flight finish (up to graceMs), and
 * closes the server and the database. main.ts calls it on SIGTERM/SIGINT. Long-lived replies (event
 * streams) register `app.onShutdown(fn)` to end themselves when the server stops taking work.
 *
 * Each request runs with its database deadline (db/client.ts, requestDeadline): DB_REQUEST_TIMEOUT_MS
 * from its arrival, not counting the time its body takes to arrive. A body is read (a form, an
 * upload streamed to a temporary file) before the work on it begins, and an upload over a phone's
 * uplink takes many seconds: the deadline bounds the database work, not the client's connection
 * (which BODY_IDLE_TIMEOUT_MS and BODY_TIMEOUT_MS bound, plugins/stalled-body.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../app-error';
import { requestDeadline } from '../db/client';
import { sendFailure } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops the server: for drainMs it serves on while /api/ready answers 503 (the load balancer
     * takes it out), then new requests get 503, those in flight finish within graceMs, and it closes.
     * A later call with no drain ends a drain under way at once.
     */
    shutdown(graceMs: number, drainMs?: number): Promise<void>;
    /** True from the start of a shutdown: the server no longer wants new work (GET /api/ready: 503). */
    readonly draining: boolean;
    /** Requests being served right now. */
    readonly inFlight: number;
    /** Runs fn when the shutdown begins (before waiting for requests in flight). */
    onShutdown(fn: () => void): void;
  }
}

export function registerLifecycle(app: FastifyInstance, dbRequestTimeoutMs = 0): void {
  let closing = false;
  let draining = false;
  let endDrain: (() => void) | null = null;
  let inFlight = 0;
  let drained: (() => void) | null = null;

  app.addHook('onRequest', (req, reply, done) => {
    if (closing) {
      void reply.header('connection', 'close');
      sendFailure(req, reply, serviceUnavailable(5));
      return;
    }
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) drained?.();
    });
    if (dbRequestTimeoutMs <= 0) return done();
    const deadline = { until: performance.now() + dbRequestTimeoutMs };
    // From the moment the body is read (the stream starts flowing into a parser or the upload's
    // form) until its end, the request waits for the client: that time is given back.
    req.raw.once('resume', () => {
      const reading = performance.now();
      req.raw.once('end', () => (deadline.until += performance.now() - reading));
    });
    // The hooks and the handler run from done(), inside the request's deadline.
    requestDeadline.run(deadline, done);
  });

  app.decorate('inFlight', {
    getter: () => inFlight,
  });
  app.decorate('draining', {
    getter: () => draining,
  });

  const shutdownHooks: Array<() => void> = [];
  app.decorate('onShutdown', (fn: () => void) => void shutdownHooks.push(fn));

  let closed: Promise<void> | null = null;
  app.decorate('shutdown', function shutdown(graceMs: number, drainMs = 0) {
    if (closed && drainMs <= 0) endDrain?.();
    closed ??= (async () => {
      draining = true;
      if (drainMs > 0) {
        // Served as usual meanwhile: the balancer's readiness checks see 503 and stop sending work.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainMs);
          endDrain = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      closing = true;
      for (const fn of shutdownHooks) fn();
      if (inFlight > 0) {
        const idle = new Promise<void>((resolve) => (drained = resolve));
        await Promise.race([idle, sleep(graceMs, undefined, { ref: false })]);
      }
      const closed = app.close();
      // Requests still running after the grace period are cut off.
      if (inFlight > 0) app.server.closeAllConnections();
      await closed;
    })();
    return closed;
  });
}
