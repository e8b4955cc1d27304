/**
 * Turns an apisauce reply into a typed result (docs/product.md#shell): success `{ok: true, data, sms}` or failure
 * `{ok: false, problem, status, error}`. A reply's `sms` is shown as a toast; a 401 on a call that needs
 * the session reports the session as ended.
 */
import type { ApiResponse } from 'apisauce';
import type { ApiError, Envelope } from '@contract/common';
import { api } from './client';
import { notify } from '@lib/notify';
import { contentOf, IDEMPOTENCY_HEADER, keyFor, settleKey } from './idempotency';

export const PROBLEMS = ['CLIENT_ERROR', 'SERVER_ERROR', 'TIMEOUT_ERROR', 'CONNECTION_ERROR', 'NETWORK_ERROR', 'CANCEL_ERROR', 'UNKNOWN_ERROR'] as const;
export type Problem = (typeof PROBLEMS)[number];

export interface Success<T> {
  ok: true;
  data: T;
  sms?: string;
}

export interface Failure {
  ok: false;
  problem: Problem;
  status: number | null;
  /** The server's `{code, message, params}` when it sent one. */
  error: ApiError | null;
  /** Seconds from a Retry-After header (429). */
  retryAfter?: number;
}

export type Result<T> = Success<T> | Failure;

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'result' in body;
}

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).code === 'string';
}

function classifyStatus(status: number | undefined): Problem | null {
  if (!status) return null;
  if (status >= 400 && status < 500) return 'CLIENT_ERROR';
  if (status >= 500 && status < 600) return 'SERVER_ERROR';
  return null;
}

function retryAfterSeconds(headers: Record<string, string> | undefined): number | undefined {
  const raw = headers?.['retry-after'] ?? headers?.['Retry-After'];
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.round((date - Date.now()) / 1000));
}

/** Pure classification of one reply; no side effects. */
export function toResult<T>(response: ApiResponse<unknown>): Result<T> {
  const body = response.data;
  const status = response.status ?? null;
  if (response.ok) {
    if (!isEnvelope(body)) return { ok: false, problem: 'UNKNOWN_ERROR', status, error: null };
    if (body.result) {
      // A 2xx reply that still says result: true is a refusal by the server.
      return { ok: false, problem: 'CLIENT_ERROR', status, error: isApiError(body.error) ? body.error : null };
    }
    const success: Success<T> = { ok: true, data: body.data as T };
    if (typeof body.sms === 'string' && body.sms) success.sms = body.sms;
    return success;
  }
  const known = (PROBLEMS as readonly string[]).includes(response.problem ?? '');
  const problem: Problem = known ? (response.problem as Problem) : (classifyStatus(response.status) ?? 'UNKNOWN_ERROR');
  const failure: Failure = {
    ok: false,
    problem,
    status,
    error: isEnvelope(body) && isApiError(body.error) ? body.error : null,
  };
  const retryAfter = retryAfterSeconds(response.headers);
  if (retryAfter !== undefined) failure.retryAfter = retryAfter;
  return failure;
}

let sessionEndedHandler: (() => void) | null = null;

/** The store registers what happens when the server says the session is gone. */
export function onSessionEnded(handler: (() => void) | null): void {
  sessionEndedHandler = handler;
}

/** True for failures where the network or the server could not be reached at all. */
export function isConnectionProblem(failure: Failure): boolean {
  return failure.problem === 'NETWORK_ERROR' || failure.problem === 'CONNECTION_ERROR' || failure.problem === 'TIMEOUT_ERROR';
}

/**
 * True for failures that pass: the network or the server away, or the server failing (a 5xx such as
 * 503). The same request sent again may succeed; a refusal (a 4xx with its reason) fails again.
 */
export function isPassingFailure(failure: Failure): boolean {
  return isConnectionProblem(failure) || failure.problem === 'SERVER_ERROR' || (failure.status !== null && failure.status >= 500);
}

export interface CallOptions {
  /** The call needs a session: a 401 means it ended. */
  session?: boolean;
  /** Show the reply's `sms` as a toast (default true). */
  toast?: boolean;
  /** The call creates something: it goes with an Idempotency-Key (api/idempotency.ts). */
  idempotent?: boolean;
  /** The Idempotency-Key the caller keeps itself (a write of the outbox, lib/outbox.ts), the same each time it is sent. */
  idempotencyKey?: string;
}

const answered = new Set<() => void>();

/** Calls `listener` after each call the server answered with success (the connection is back); returns its removal. */
export function onServerAnswered(listener: () => void): () => void {
  answered.add(listener);
  return () => answered.delete(listener);
}

export function settle<T>(response: ApiResponse<unknown>, options: CallOptions): Result<T> {
  return settleResult(toResult<T>(response), options);
}

/** What follows a classified reply (toResult): its `sms` shown, an ended session reported, the connection known to be back. */
export function settleResult<T>(result: Result<T>, options: CallOptions): Result<T> {
  if (result.ok && result.sms && options.toast !== false) notify(result.sms, 'success');
  if (!result.ok && result.status === 401 && options.session) sessionEndedHandler?.();
  if (result.ok) for (const listener of answered) listener();
  return result;
}

export async function get<T>(url: string, options: CallOptions = {}): Promise<Result<T>> {
  return settle<T>(await api.get(url), options);
}

/** A FormData body goes as multipart/form-data (the browser adds the boundary). */
export async function post<T>(url: string, body: unknown, options: CallOptions = {}): Promise<Result<T>> {
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = form ? { 'Content-Type': 'multipart/form-data' } : {};
  const content = options.idempotent ? (form ? contentOf(url, body) : JSON.stringify([url, body])) : null;
  if (content !== null) headers[IDEMPOTENCY_HEADER] = keyFor(content);
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  const result = settle<T>(await api.post(url, body, Object.keys(headers).length > 0 ? { headers } : undefined), options);
  if (content !== null) settleKey(content, result);
  return result;
}
