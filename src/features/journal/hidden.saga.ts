/**
 * The open journal's hidden students (hidden.slice.ts): their list loads with the journal (asked for
 * at the same time, each time it is read); removing a student offers Undo in a toast, and restoring
 * one (from the toast or the list) reloads the journal with him and his records, keeping marks
 * still being saved.
 */
import i18next from 'i18next';
import { call, put, select, spawn } from 'redux-saga/effects';
import type { Watchers } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { JournalInfo } from '@contract/journal';
import { journalApi } from './journal.api';
import { notifyWithAction } from '@lib/notify';
import { request } from '@shared/request/request.saga';
import { journalActions, selectJournal, type JournalState } from './journal.slice';

function* openJournal() {
  const state = (yield select(selectJournal)) as JournalState;
  return state.journal.data?.info ?? null;
}

/** A journal asked for (opened or read again): its hidden students, asked for side by side with it. */
export function* hiddenSaga(action: PayloadAction<{ id: number }>) {
  yield put(journalActions.hiddenRequested());
  yield* request(journalApi.hiddenStudents, [{ id_journal: action.payload.id }], {
    succeeded: (list) => journalActions.hiddenSucceeded(list ?? []),
    failed: journalActions.hiddenFailed,
  });
}

export function* restoreSaga(action: PayloadAction<{ student: number }>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const result = yield* request(journalApi.restoreStudent, [{ id_journal: info.id_journal, id_student: action.payload.student }], {
    succeeded: () => journalActions.restoreSucceeded(),
    failed: journalActions.restoreFailed,
  });
  if (result.ok) yield put(journalActions.journalRequested({ id: info.id_journal, keepEdits: true }));
}

/** The toast after a removal: its Undo restores the student in the journal he was removed from. */
export function* undoRemovalSaga(journal: number, student: number, name: string) {
  const pressed = (yield call(notifyWithAction, i18next.t('journal:hidden.removed', { name }), i18next.t('journal:hidden.undo'))) as boolean;
  if (!pressed) return;
  const info = (yield* openJournal()) as JournalInfo | null;
  if (info?.id_journal !== journal) return;
  yield put(journalActions.restoreRequested({ student }));
}

/** A student removed: the toast with Undo waits on its own (another removal does not cancel it). */
export function* removedSaga(action: PayloadAction<{ journal: number; student: number; name: string }>) {
  yield spawn(undoRemovalSaga, action.payload.journal, action.payload.student, action.payload.name);
}

export const hiddenWatchers: Watchers = {
  latest: [
    [journalActions.journalRequested, hiddenSaga],
    [journalActions.restoreRequested, restoreSaga],
    [journalActions.studentRemoved, removedSaga],
  ],
};
