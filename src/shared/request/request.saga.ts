/**
 * The one saga body for "call the API, then put succeeded or failed". A 401 on a call that needs the
 * session ends it everywhere (api/http.ts); a saga that needs the signed-in user and finds none puts
 * the same 401 failure (`requireUser`).
 */
import type { Action } from '@reduxjs/toolkit';
import { call, put, select } from 'redux-saga/effects';
import type { User } from '@contract/auth';
import type { ApiError } from '@contract/common';
import type { Failure, Result } from '@api/http';
import { selectUser } from '../session/session';
import { rememberEarly, takeEarly, type EarlyPage, type Taken } from './early';

/** A failure the client decides itself, shaped as the server's refusal with that status and code. */
export const refusal = (status: number, code: ApiError['code'], message = ''): Failure => ({
  ok: false,
  problem: 'CLIENT_ERROR',
  status,
  error: { code, message },
});

/** The failure of a call made without a session (the server would answer 401 UNAUTHORIZED). */
export const noSession = (): Failure => refusal(401, 'UNAUTHORIZED');

/** A reply that succeeded but carried nothing usable (no message to show). */
export const NO_DATA: Failure = Object.freeze({ ok: false, problem: 'UNKNOWN_ERROR', status: null, error: null }) as Failure;

export interface Outcome<T> {
  /** The action to put with the reply's data; none when the caller handles success itself. */
  succeeded?: (data: T) => Action;
  failed: (failure: Failure) => Action;
}

/** Calls `fn(...args)`, puts `succeeded(data)` or `failed(failure)`, and returns the result. */
export function* request<A extends unknown[], T>(fn: (...args: A) => Promise<Result<T>>, args: A, outcome: Outcome<T>): Generator<unknown, Result<T>, unknown> {
  const result = (yield call(fn, ...args)) as Result<T>;
  if (!result.ok) yield put(outcome.failed(result));
  else if (outcome.succeeded) yield put(outcome.succeeded(result.data));
  return result;
}

/** The signed-in user, or null after putting `failed(noSession())`. */
export function* requireUser(failed: (failure: Failure) => Action): Generator<unknown, User | null, unknown> {
  const user = (yield select(selectUser)) as User | null;
  if (!user) yield put(failed(noSession()));
  return user;
}

/**
 * Item `id` of a page that asks early (early.ts): the reply the page asked for while the app started
 * when there is one to take, else the call; `succeeded` or `failed` is put as `request` does, and an
 * item that loaded is the one the page asks for on the next visit. Returns whether it loaded and
 * whether the reply taken is to be read again at once (EARLY_FRESH_MS); the caller reads it again its
 * own way.
 */
export function* requestEarly<A extends unknown[], T>(
  page: EarlyPage,
  id: number,
  fn: (...args: A) => Promise<Result<T>>,
  args: A,
  outcome: Outcome<T>,
): Generator<unknown, { ok: boolean; stale: boolean }, unknown> {
  const user = (yield select(selectUser)) as User | null;
  const early = user ? ((yield call(takeEarly<T>, page, 'reply', id, user)) as Taken<T> | null) : null;
  if (early) {
    if (outcome.succeeded) yield put(outcome.succeeded(early.data));
  } else if (!(yield* request(fn, args, outcome)).ok) return { ok: false, stale: false };
  yield* rememberLoaded(page, id);
  return { ok: true, stale: early?.stale ?? false };
}

/** Item `id` of `page` loaded otherwise (made on its first open, say): the one the page asks for on the next visit. */
export function* rememberLoaded(page: EarlyPage, id: number): Generator<unknown, void, unknown> {
  const user = (yield select(selectUser)) as User | null;
  if (user) yield call(rememberEarly, page, user, id);
}
