/**
 * The typed errors services throw: an HTTP status, a code of contract/common.ts and its parameters.
 * The error handler (plugins/errors.ts) turns one into the failure envelope
 * `{result: true, error: {code, message}, data: null}`, localised. Nothing here knows Fastify.
 */
import type { ErrorCode } from '@contract/common';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly params?: Record<string, string | number>,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (params?: Record<string, string | number>) => new AppError(400, 'BAD_REQUEST', params);
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const notFound = () => new AppError(404, 'NOT_FOUND');
export const tooManyRequests = (seconds: number) => new AppError(429, 'TOO_MANY_REQUESTS', { seconds }, { 'retry-after': String(seconds) });
/** A document with a verification QR code while PUBLIC_URL is not configured. */
export const documentsUnavailable = () => new AppError(503, 'DOCUMENTS_UNAVAILABLE');
export const serviceUnavailable = (retryAfterSeconds = 5) => new AppError(503, 'SERVICE_UNAVAILABLE', undefined, { 'retry-after': String(retryAfterSeconds) });
