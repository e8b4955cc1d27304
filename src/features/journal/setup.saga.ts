/**
 * The journal's setup calls (setup.slice.ts): the open journal's subgroups and planned topics, each
 * loaded when its dialog opens and saved in one call. After the subgroups change the journal
 * reloads (its list of students follows them), keeping marks still being saved.
 */
import { put, select } from 'redux-saga/effects';
import type { Watchers } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { JournalInfo, PlanTopic, Subgroup } from '@contract/journal';
import { journalApi, type MarkScale } from './journal.api';
import { request } from '@shared/request/request.saga';
import { journalActions, selectJournal, type JournalState } from './journal.slice';

function* openJournal() {
  const state = (yield select(selectJournal)) as JournalState;
  return state.journal.data?.info ?? null;
}

export function* subgroupsSaga() {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  yield* request(journalApi.subgroups, [{ id_journal: info.id_journal }], {
    succeeded: journalActions.subgroupsSucceeded,
    failed: journalActions.subgroupsFailed,
  });
}

export function* subgroupsSaveSaga(action: PayloadAction<Subgroup[]>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const result = yield* request(journalApi.updateSubgroups, [{ id_journal: info.id_journal, subgroups: action.payload }], {
    succeeded: journalActions.subgroupsSaved,
    failed: journalActions.setupSaveFailed,
  });
  if (result.ok) yield put(journalActions.journalRequested({ id: info.id_journal, keepEdits: true }));
}

export function* planTopicsSaga() {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  yield* request(journalApi.planTopics, [{ id_journal: info.id_journal }], {
    succeeded: (list) => journalActions.planTopicsSucceeded(list ?? []),
    failed: journalActions.planTopicsFailed,
  });
}

/** The topics as listed, numbered 1, 2, 3… in that order. */
export function* planTopicsSaveSaga(action: PayloadAction<PlanTopic[]>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const topics = action.payload.map((t, i) => ({ ...t, number: i + 1 }));
  yield* request(journalApi.savePlanTopics, [{ id_journal: info.id_journal, topics }], {
    succeeded: (list) => journalActions.planTopicsSaved(list ?? []),
    failed: journalActions.setupSaveFailed,
  });
}

/** The journal's mark scale (refused while stored marks do not fit it), then the journal reloads with it. */
export function* scaleSaga(action: PayloadAction<MarkScale>) {
  const info = (yield* openJournal()) as JournalInfo | null;
  if (!info) return;
  const result = yield* request(journalApi.setScale, [{ id_journal: info.id_journal, scale: action.payload }], {
    succeeded: () => journalActions.scaleSucceeded(),
    failed: journalActions.scaleFailed,
  });
  if (result.ok) yield put(journalActions.journalRequested({ id: info.id_journal, keepEdits: true }));
}

/** The watchers the journal's root saga starts. */
export const setupWatchers: Watchers = {
  latest: [
    [journalActions.subgroupsRequested, subgroupsSaga],
    [journalActions.subgroupsSaveRequested, subgroupsSaveSaga],
    [journalActions.planTopicsRequested, planTopicsSaga],
    [journalActions.planTopicsSaveRequested, planTopicsSaveSaga],
    [journalActions.scaleRequested, scaleSaga],
  ],
};
