/**
 * The final-result column's writes (final/set.json), one student at a time in the background, and a
 * result's history. Retry sends a failed one again (retrySaga, journal.saga.ts).
 */
import { put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Action, PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import type { JournalInfo } from '../../../contract/journal';
import { journalApi } from '../../api/journal';
import { request } from '../../shared/request/request.saga';
import { journalActions, selectJournal, type JournalState } from './journal.slice';

function* openJournal() {
  const state = (yield select(selectJournal)) as JournalState;
  return state.journal.data?.info ?? null;
}

/** One student's final result; the cell says saving, then saved or failed (what was typed stays, with the server's reason). */
export function* finalSaga(action: PayloadAction<{ student: number; points: number | null; seq: number }>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const { student, points, seq } = action.payload;
  yield* request(journalApi.setFinal, [{ id_journal: info.id_journal, id_student: student, points }], {
    succeeded: (result) => journalActions.finalSaved({ student, seq, result: result ?? null }),
    failed: (error) => journalActions.finalFailed({ student, seq, error }),
  });
}

export function* finalHistorySaga(action: PayloadAction<{ student: number }>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  yield* request(journalApi.finalHistory, [{ id_journal: info.id_journal, id_student: action.payload.student }], {
    succeeded: (list) => journalActions.finalHistorySucceeded(list ?? []),
    failed: journalActions.finalHistoryFailed,
  });
}

/** "Restore" in a result's history: an ordinary write of the old points; once saved, the history is read again to show it. */
export function* finalRestoreSaga(action: PayloadAction<{ student: number; points: number | null }>) {
  const write = journalActions.finalWritten(action.payload);
  yield put(write);
  const { seq, student } = write.payload;
  const answered = (a: Action) =>
    (journalActions.finalSaved.match(a) || journalActions.finalFailed.match(a)) && a.payload.seq === seq && a.payload.student === student;
  const outcome = (yield take(answered)) as UnknownAction;
  if (journalActions.finalSaved.match(outcome)) yield put(journalActions.finalHistoryRequested({ student }));
}

export function finalsWatchers() {
  return [
    takeEvery(journalActions.finalWritten.type, finalSaga),
    takeLatest(journalActions.finalHistoryRequested.type, finalHistorySaga),
    takeLeading(journalActions.finalRestoreRequested.type, finalRestoreSaga),
  ];
}
