/**
 * The final-result column's history and its Restore. Its writes (final/set.json), one student at a
 * time in the background, go through the outbox (outbox.saga.ts), as the cells' do.
 */
import { put, select, take } from 'redux-saga/effects';
import type { Watchers } from '@shared/request/watchers';
import type { Action, PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import type { JournalInfo } from '@contract/journal';
import { journalApi } from './journal.api';
import { request } from '@shared/request/request.saga';
import { journalActions, selectJournal, type JournalState } from './journal.slice';

function* openJournal() {
  const state = (yield select(selectJournal)) as JournalState;
  return state.journal.data?.info ?? null;
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

export const finalsWatchers: Watchers = {
  latest: [[journalActions.finalHistoryRequested, finalHistorySaga]],
  leading: [[journalActions.finalRestoreRequested, finalRestoreSaga]],
};
