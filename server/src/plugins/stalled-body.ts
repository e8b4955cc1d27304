/**
 * A request body that stops arriving, or takes too long to arrive. When a request that declares a
 * body (Content-Length or chunked) sends nothing more of it for BODY_IDLE_TIMEOUT_MS, or has not
 * sent it whole BODY_TIMEOUT_MS after it began (a body that trickles on without end), it is answered
 * 408 in the envelope with the security headers and `Connection: close`, and its connection ends:
 * the handler waiting on the body (a form, an upload into a temporary file) then fails and cleans up
 * instead of waiting for the client, and nothing held for the request (its place among the requests
 * in flight, a temporary file) stays held. The total bound is generous (by default a file at the
 * upload limit at 100 KB/s, config.ts bodyTimeoutOf); once the body is in, both timers are off (the
 * handler's own work has its own bounds).
 *
 * The idle timer is the socket's inactivity timeout, which Node's HTTP server keeps up to date as
 * the parser reads the body.
 */
import type { FastifyInstance } from 'fastify';
import { clientErrorReply } from './errors';

/** Time given to the 408 to leave before the connection is cut anyway. */
const FLUSH_MS = 1_000;

export function registerStalledBodyTimeout(app: FastifyInstance, idleMs: number, totalMs = 0): void {
  if (idleMs <= 0 && totalMs <= 0) return;
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    const length = raw.headers['content-length'];
    const declared = length !== undefined ? Number(length) > 0 : raw.headers['transfer-encoding'] !== undefined;
    const socket = raw.socket;
    // (Injected requests have no real socket, and no client to wait for.)
    if (!declared || raw.complete || typeof socket?.setTimeout !== 'function') return done();
    let overall: NodeJS.Timeout | undefined;
    const off = () => {
      if (idleMs > 0 && !socket.destroyed) socket.setTimeout(0);
      raw.removeListener('timeout', stalled);
      clearTimeout(overall);
    };
    const cut = (why: string) => {
      off();
      if (raw.complete || socket.destroyed) return;
      req.log.info(`request body ${why}: answered 408, connection closed`);
      if (!raw.socket?.writable || reply.raw.headersSent) {
        socket.destroy();
        return;
      }
      const flushed = setTimeout(() => socket.destroy(), FLUSH_MS);
      flushed.unref();
      socket.end(clientErrorReply(Object.assign(new Error(`body ${why}`), { code: 'ERR_HTTP_REQUEST_TIMEOUT' })), () => {
        clearTimeout(flushed);
        socket.destroy();
      });
    };
    // A 'timeout' listener on the request keeps Node's server from cutting the connection itself.
    const stalled = () => cut('stalled');
    if (idleMs > 0) {
      raw.on('timeout', stalled);
      socket.setTimeout(idleMs);
    }
    if (totalMs > 0) {
      overall = setTimeout(() => cut('too slow'), totalMs);
      overall.unref();
    }
    raw.once('end', off);
    reply.raw.once('close', off);
    done();
  });
}
