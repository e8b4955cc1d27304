/**
 * The reply envelope (contract/common.ts): success `{result: 0, error: null, data}` (+ `sms`),
 * failure `{result: true, error: {code, message}, data: null}` with the HTTP status. Services throw
 * AppError; the error handler (plugins/errors.ts) turns it into the failure envelope, localised.
 */
import type { TSchema } from 'typebox';
import { Failure, type ErrorCode } from '../../../contract/common';

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
export const tooManyRequests = (seconds: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', { seconds }, { 'retry-after': String(seconds) });
export const serviceUnavailable = (retryAfterSeconds = 5) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', undefined, { 'retry-after': String(retryAfterSeconds) });

export interface Ok<T> {
  result: 0;
  error: null;
  data: T;
  sms?: string;
}

export function ok<T>(data: T, sms?: string): Ok<T> {
  return sms === undefined ? { result: 0, error: null, data } : { result: 0, error: null, data, sms };
}

/** Response schemas of a route: the success envelope, and the failure envelope for 4xx/5xx. */
export function replies<T extends TSchema>(success: T) {
  return { 200: success, '4xx': Failure, '5xx': Failure } as const;
}
