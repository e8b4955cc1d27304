/**
 * An upload as a saga (docs/areas/library.md#for-users): the form goes out through `upload` (api/http.ts),
 * each progress event of the browser becomes `progress(loaded, total)`, and the reply becomes
 * `succeeded` or `failed`. Cancelling the saga (a `race` with a cancel action, or takeLatest)
 * aborts the request. `uploadAsUser` is the save of an upload form (the signed-in user's), and
 * `cancellable` its saga that the form's cancel button stops.
 */
import type { Action } from '@reduxjs/toolkit';
import { END, eventChannel, type EventChannel } from 'redux-saga';
import { call, cancelled, put, race, take } from 'redux-saga/effects';
import type { User } from '@contract/auth';
import type { Result } from '@api/http';
import { upload } from '@api/upload';
import { requireUser } from './request.saga';

type UploadEvent<T> = { kind: 'progress'; loaded: number; total: number } | { kind: 'done'; result: Result<T> };

export interface UploadOutcome<T> {
  progress: (sent: { loaded: number; total: number }) => Action;
  succeeded: (data: T) => Action;
  failed: (failure: Extract<Result<T>, { ok: false }>) => Action;
}

export function uploadChannel<T>(url: string, form: FormData, controller: AbortController): EventChannel<UploadEvent<T>> {
  return eventChannel<UploadEvent<T>>((emit) => {
    upload<T>(url, form, { signal: controller.signal, onProgress: (loaded, total) => emit({ kind: 'progress', loaded, total }) }).then((result) => {
      emit({ kind: 'done', result });
      emit(END);
    });
    return () => {};
  });
}

/** Sends the form, putting progress as it goes and the outcome at the end; returns the result. */
export function* uploadWithProgress<T>(url: string, form: FormData, outcome: UploadOutcome<T>): Generator<unknown, Result<T> | null, unknown> {
  const controller = new AbortController();
  const channel = (yield call(uploadChannel<T>, url, form, controller)) as EventChannel<UploadEvent<T>>;
  try {
    for (;;) {
      const event = (yield take(channel)) as UploadEvent<T>;
      if (event.kind === 'progress') {
        yield put(outcome.progress({ loaded: event.loaded, total: event.total }));
        continue;
      }
      if (event.result.ok) yield put(outcome.succeeded(event.result.data));
      else yield put(outcome.failed(event.result));
      return event.result;
    }
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
    channel.close();
  }
}

/**
 * Sends the form the signed-in user's record makes, as `uploadWithProgress`; without a user it puts
 * `failed` with the 401 failure and returns null.
 */
export function* uploadAsUser<T>(url: string, form: (user: User) => FormData, outcome: UploadOutcome<T>): Generator<unknown, Result<T> | null, unknown> {
  const user = (yield* requireUser(outcome.failed)) as User | null;
  if (!user) return null;
  return yield* uploadWithProgress<T>(url, form(user), outcome);
}

/**
 * The save raced by the cancel action: cancelling aborts the request. While the form is still being
 * sent nothing is stored; once it was sent in full the server completes the save, so `afterCancel`
 * (the area's reload of its list, when its state says the save is unconfirmed) runs after a cancel.
 */
export function cancellable<A extends Action>(save: (action: A) => Generator, cancelType: string, afterCancel?: (action: A) => Generator) {
  return function* saveOrCancel(action: A) {
    const { cancel } = (yield race({ save: call(save, action), cancel: take(cancelType) })) as { cancel?: Action };
    if (cancel && afterCancel) yield call(afterCancel, action);
  };
}
