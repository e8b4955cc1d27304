/** Grading sheet requests: the list or the student's lines when the screen opens, a sheet, and each write. */
import { ROLE_STUDENT } from '@shared/request/roles';
import type { PayloadAction } from '@reduxjs/toolkit';
import { actionChannel, call, fork, put, select, take } from 'redux-saga/effects';
import type { SheetExamBody, SheetOpenBody, SheetReopenBody, SheetResitBody } from '@contract/gradingsheet';
import { rememberLoaded, request, requestEarly, requireUser } from '@shared/request/request.saga';
import { rootSaga } from '@shared/request/watchers';
import { takePageData } from '@shared/session/pageData';
import { requirePeriod } from '@shared/settings/settings';
import { gradingSheetApi as api } from './gradingsheet.api';
import { gradingSheetActions as A, selectGradingSheet, type GradingSheetState } from './gradingsheet.slice';

/**
 * The screen is shown: a student's own lines; a teacher's list of the current half-year (from the
 * shared settings), which the page may have arrived with (contract/page.ts; asked for again when the
 * page's half-year is not the settings', a period that just turned).
 */
export function* openedSaga() {
  const user = yield* requireUser(A.listFailed);
  if (!user) return;
  if (user.role === ROLE_STUDENT) {
    yield put(A.mineRequested());
    return;
  }
  const arrived = takePageData('gradingsheet', user.id);
  const period = yield* requirePeriod(A.listFailed);
  if (!period) return;
  const half = { year: period.year, ws: period.ws };
  if (arrived && arrived.half.id_a_year === half.year && arrived.half.id_w_s === half.ws) yield put(A.listArrived({ half, list: arrived.list }));
  else yield put(A.halfChosen(half));
}

export function* listSaga(action: PayloadAction<{ year: number; ws: 1 | 2 }>) {
  yield* request(api.list, [action.payload.year, action.payload.ws], { succeeded: A.listSucceeded, failed: A.listFailed });
}

/** Back to the list: it is read again, with what was signed or made meanwhile. */
export function* closedSaga() {
  const { half } = (yield select(selectGradingSheet)) as GradingSheetState;
  if (half) yield put(A.halfChosen(half));
}

export function* mineSaga() {
  yield* request(api.mine, [], { succeeded: A.mineSucceeded, failed: A.mineFailed });
}

/** Outcome of every call that answers a sheet. */
const SHEET = { succeeded: A.sheetSucceeded, failed: A.sheetFailed };

/** A sheet made on its first open is the one the page asks for on the next visit (public/early.js). */
export function* openSaga(action: PayloadAction<SheetOpenBody>) {
  const result = yield* request(api.open, [action.payload], SHEET);
  if (result.ok) yield* rememberLoaded('gradingsheet', result.data.id);
}

/**
 * A sheet opened from the list (or a resit from its parent). The first open after the page arrived
 * may take the reply the page asked for while the app started (src/shared/request/early.ts), read
 * again at once when it waited (EARLY_FRESH_MS).
 */
export function* sheetSaga(action: PayloadAction<number>) {
  const id = action.payload;
  const loaded = yield* requestEarly('gradingsheet', id, api.sheet, [id], SHEET);
  if (loaded.stale) yield* refreshSaga(A.sheetRefreshRequested(id));
}

/**
 * The open sheet read again (the early reply that waited, or Retry): when the read fails (the server
 * away), the sheet shown stays, with "could not bring it up to date" and Retry above it, as the journal's.
 */
export function* refreshSaga(action: PayloadAction<number>) {
  yield* request(api.sheet, [action.payload], { succeeded: A.sheetSucceeded, failed: A.sheetRefreshFailed });
}

export function* examSaga(action: PayloadAction<SheetExamBody>) {
  yield* request(api.exam, [action.payload], { succeeded: A.writeSucceeded, failed: A.writeFailed });
}

export function* signSaga(action: PayloadAction<number>) {
  yield* request(api.sign, [action.payload], { succeeded: A.writeSucceeded, failed: A.writeFailed });
}

export function* reopenSaga(action: PayloadAction<SheetReopenBody>) {
  yield* request(api.reopen, [action.payload], { succeeded: A.writeSucceeded, failed: A.writeFailed });
}

export function* resitSaga(action: PayloadAction<SheetResitBody>) {
  yield* request(api.resit, [action.payload], { succeeded: A.writeSucceeded, failed: A.writeFailed });
}

/**
 * The sheet's writes one after another, in the order they were made: each reply is the whole sheet,
 * so a reply of an earlier write arriving after a later one's would show stale cells.
 */
export function* writesInOrder() {
  const writes = yield* typedChannel();
  for (;;) {
    const action = (yield take(writes)) as PayloadAction<unknown>;
    if (action.type === A.examSaved.type) yield call(examSaga, action as PayloadAction<SheetExamBody>);
    else if (action.type === A.signRequested.type) yield call(signSaga, action as PayloadAction<number>);
    else if (action.type === A.reopenRequested.type) yield call(reopenSaga, action as PayloadAction<SheetReopenBody>);
    else yield call(resitSaga, action as PayloadAction<SheetResitBody>);
  }
}

function* typedChannel() {
  return (yield actionChannel([A.examSaved.type, A.signRequested.type, A.reopenRequested.type, A.resitRequested.type])) as Parameters<typeof take>[0];
}

export const gradingSheetSaga = rootSaga(
  {
    latest: [
      [A.opened, openedSaga],
      [A.halfChosen, listSaga],
      [A.mineRequested, mineSaga],
      [A.sheetOpened, openSaga],
      [A.sheetRequested, sheetSaga],
      [A.sheetRefreshRequested, refreshSaga],
      [A.sheetClosed, closedSaga],
    ],
  },
  [fork(writesInOrder)],
);
