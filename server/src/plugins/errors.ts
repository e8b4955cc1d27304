/**
 * One failure shape for everything: thrown AppErrors, Fastify's validation and body errors,
 * database outages (503 + Retry-After), values the database refuses as data (400) and bugs (500,
 * logged), plus the 404 of unknown paths.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Failure } from '../../../contract/common';
import { isDatabaseUnavailable, isDataException } from '../db/errors';
import { errorText, languageOf } from '../i18n';
import { AppError, badRequest, forbidden, notFound, serviceUnavailable } from '../app-error';

function classify(err: FastifyError): AppError {
  if (err instanceof AppError) return err;
  if (err.validation) {
    const first = err.validation[0] as { instancePath?: string } | undefined;
    const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    return badRequest(field ? { field } : undefined);
  }
  if (isDatabaseUnavailable(err)) return serviceUnavailable();
  if (isDataException(err)) return badRequest();
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const error = classify(err);
    if (error.status >= 500) req.log[error.status === 503 ? 'warn' : 'error']({ err }, 'request failed');
    return sendFailure(req, reply, error);
  });
  app.setNotFoundHandler((req, reply) => sendFailure(req, reply, notFound()));
}
