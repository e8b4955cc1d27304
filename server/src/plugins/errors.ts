/**
 * One failure shape for everything: thrown AppErrors, Fastify's validation and body errors,
 * database outages (503 + Retry-After), values the database refuses as data (400) and bugs (500,
 * logged), plus the 404 of unknown paths.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Failure } from '@contract/common';
import { integrityViolation, isDatabaseUnavailable, isDataException, loggableError } from '../db/errors';
import { errorText, languageOf } from '../i18n';
import { AppError, badRequest, forbidden, notFound, serviceUnavailable } from '../app-error';
import { IdempotentReplay, sendReplay } from './idempotency';
import { CSP_DIRECTIVES } from './security';

/** The security headers for replies sent before Fastify runs its hooks (helmet's, see security.ts). */
const EARLY_SECURITY_HEADERS = {
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';'),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

function classify(err: FastifyError): AppError {
  if (err instanceof AppError) return err;
  if (err.validation) {
    const first = err.validation[0] as { instancePath?: string } | undefined;
    const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    return badRequest(field ? { field } : undefined);
  }
  if (isDatabaseUnavailable(err)) return serviceUnavailable();
  if (isDataException(err)) return badRequest();
  const integrity = integrityViolation(err);
  if (integrity) return integrity === 'conflict' ? new AppError(409, 'CONFLICT') : badRequest();
  switch (err.statusCode) {
    case 413:
      return new AppError(413, 'TOO_LARGE');
    case 415:
      return new AppError(415, 'UNSUPPORTED_TYPE');
    case 403:
      return forbidden();
    case 404:
      return notFound();
    case 503:
      return serviceUnavailable();
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return badRequest();
  return new AppError(500, 'INTERNAL');
}

export function sendFailure(req: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const body: Failure = {
    result: true,
    error: { code: error.code, message: errorText(languageOf(req), error.code, error.params), ...(error.params ? { params: error.params } : {}) },
    data: null,
  };
  if (error.headers) void reply.headers(error.headers);
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's own early failures (a malformed URL such as `/api/%ff`, ...) in the envelope: 400,
 * localised, never echoing the URL (Fastify option `frameworkErrors`).
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const error = classify(err);
  // Routing failed, so no hook runs for this reply: it gets the security headers here.
  void reply.headers(EARLY_SECURITY_HEADERS);
  void sendFailure(req, reply, error.status >= 500 ? badRequest() : error);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a URL or headers too large, a
 * control character in the path or a header, Content-Length with Transfer-Encoding, a request that
 * did not arrive in time) in the envelope with the security headers, then the connection is closed
 * (Fastify option `clientErrorHandler`). Nothing of the request is known, so the text is in the
 * default language; the request is never echoed.
 */
export function clientErrorReply(err: NodeJS.ErrnoException): Buffer {
  const [status, reason, error] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', new AppError(431, 'TOO_LARGE')]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_HEADERS_TIMEOUT'
        ? [408, 'Request Timeout', new AppError(408, 'BAD_REQUEST')]
        : [400, 'Bad Request', badRequest()];
  const body: Failure = { result: true, error: { code: error.code, message: errorText(DEFAULT_LANGUAGE, error.code) }, data: null };
  const payload = Buffer.from(JSON.stringify(body));
  const headers = {
    ...EARLY_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(payload.length),
    connection: 'close',
  };
  const head = `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), payload]);
}

export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ code: err.code }, 'malformed request refused');
  if (socket.writable) socket.end(clientErrorReply(err));
  else socket.destroy();
}

/**
 * Requests Node's HTTP server would answer itself with a bare status line (HTTP/1.1 without `Host`:
 * 400; an `Expect` other than 100-continue: 417) reach Fastify instead (`requireHostHeader: false` in
 * app.ts, and the server's `checkExpectation` event handed on as a request), and are refused here,
 * after the security headers are set, in the envelope and in the caller's language. The connection
 * ends with the reply: a body that may follow is not read.
 */
export function registerRequestChecks(app: FastifyInstance): void {
  app.server.on('checkExpectation', (req, res) => app.server.emit('request', req, res));
  app.addHook('onRequest', (req, reply, done) => {
    const expectation = req.headers.expect;
    const error =
      req.raw.httpVersion === '1.1' && !req.headers.host
        ? badRequest()
        : expectation !== undefined && expectation.trim().toLowerCase() !== '100-continue'
          ? new AppError(417, 'BAD_REQUEST')
          : null;
    if (!error) return done();
    void reply.header('connection', 'close');
    void sendFailure(req, reply, error);
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof IdempotentReplay) return sendReplay(reply, err);
    // The client went away in the middle of its request (an upload cancelled, a tab closed): no
    // failure of the server or the database, and nobody reads the reply.
    if (!req.raw.complete && (req.raw.destroyed || req.raw.socket?.destroyed)) {
      req.log.info({ code: (err as { code?: unknown }).code }, 'request aborted by the client');
      return sendFailure(req, reply, badRequest());
    }
    const error = classify(err);
    // Refused before its body was read whole (an upload cut short by a full disk, a form too
    // large...): the rest of the body would be read as the next request on the connection, so the
    // connection ends with this reply and what is still arriving is discarded; a body refused as
    // too large is not read further at all (plugins/files.ts stopped reading it at the limit).
    if (!req.raw.complete) {
      void reply.header('connection', 'close');
      if (error.status !== 413) req.raw.resume();
    }
    // Never the values: a failed query's parameters may be a chat message or a password hash.
    if (error.status >= 500) req.log[error.status === 503 ? 'warn' : 'error']({ err: loggableError(err) }, 'request failed');
    return sendFailure(req, reply, error);
  });
  app.setNotFoundHandler((req, reply) => sendFailure(req, reply, notFound()));
}
