/**
 * A request body that stops arriving. When a request that declares a body (Content-Length or
 * chunked) sends nothing more of it for BODY_IDLE_TIMEOUT_MS, it is answered 408 in the envelope
 * with the security headers and `Connection: close`, and its connection ends: the handler waiting
 * on the body (a form, an upload into a temporary file) then fails and cleans up instead of waiting
 * for the client, and nothing held for the request (its place among the requests in flight, a
 * temporary file) stays held. An upload that keeps sending, however slowly, is never cut; once the
 * body is in, the timer is off (the handler's own work has its own bounds).
 *
 * The timer is the socket's inactivity timeout, which Node's HTTP server keeps up to date as the
 * parser reads the body.
 */
import type { FastifyInstance } from 'fastify';
import { clientErrorReply } from './errors';

/** Time given to the 408 to leave before the connection is cut anyway. */
const FLUSH_MS = 1_000;

export function registerStalledBodyTimeout(app: FastifyInstance, idleMs: number): void {
  if (idleMs <= 0) return;
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    const length = raw.headers['content-length'];
    const declared = length !== undefined ? Number(length) > 0 : raw.headers['transfer-encoding'] !== undefined;
    const socket = raw.socket;
    // (Injected requests have no real socket, and no client to wait for.)
    if (!declared || raw.complete || typeof socket?.setTimeout !== 'function') return done();
    const off = () => {
      if (!socket.destroyed) socket.setTimeout(0);
      raw.removeListener('timeout', stalled);
    };
    // A 'timeout' listener on the request keeps Node's server from cutting the connection itself.
    const stalled = () => {
      off();
      if (raw.complete || socket.destroyed) return;
      req.log.info('request body stalled: answered 408, connection closed');
      if (!raw.socket?.writable || reply.raw.headersSent) {
        socket.destroy();
        return;
      }
      const cut = setTimeout(() => socket.destroy(), FLUSH_MS);
      cut.unref();
      socket.end(clientErrorReply(Object.assign(new Error('body stalled'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' })), () => {
        clearTimeout(cut);
        socket.destroy();
      });
    };
    raw.on('timeout', stalled);
    raw.once('end', off);
    reply.raw.once('close', off);
    socket.setTimeout(idleMs);
    done();
  });
}
