/**
 * One failure shape for everything: thrown AppErrors, Fastify's validation and body errors,
 * database outages (503 + Retry-After), values the database refuses as data (400) and bugs (500,
 * logged), plus the 404 of unknown paths.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Failure } from '../../../contract/common';
import { integrityViolation, isDatabaseUnavailable, isDataException, loggableError } from '../db/errors';
import { errorText, languageOf } from '../i18n';
import { AppError, badRequest, forbidden, notFound, serviceUnavailable } from '../app-error';
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const error = classify(err);
    // Never the values: a failed query's parameters may be a chat message or a password hash.
    if (error.status >= 500) req.log[error.status === 503 ? 'warn' : 'error']({ err: loggableError(err) }, 'request failed');
    return sendFailure(req, reply, error);
  });
  app.setNotFoundHandler((req, reply) => sendFailure(req, reply, notFound()));
}
