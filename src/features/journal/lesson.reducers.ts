/**
 * What acts on a lesson of the open journal (docs/areas/journal.md#for-users): adding it (saved at once),
 * marking all present, its topic, deleting it and restoring it from the history. Case reducers of
 * the journal slice (journal.slice.ts): their action types are `journal/<name>`.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded } from '@shared/request/loadable';
import type { JournalState, Lesson } from './journal.slice';
import { lessonKey } from './pivot';

export const lessonReducers = {
  /** "Add lesson": saved at once (a lesson of the journal on the server). */
  lessonAddRequested(state: JournalState, _action: PayloadAction<Lesson>) {
    state.lessonAdd = started(null);
  },
  /** The lesson is saved: its column shows (and becomes the lesson in focus) before the journal is read again. */
  lessonAddSucceeded(state: JournalState, action: PayloadAction<Lesson>) {
    const { date, time } = action.payload;
    state.lessonAdd = succeeded(null);
    state.lesson = { date, time };
    state.lessonPicked = true;
    const key = lessonKey(date, time);
    const exists =
      state.journal.data?.dates.some((d) => lessonKey(d.visitDate, d.id_time) === key) || state.added.some((l) => lessonKey(l.date, l.time) === key);
    if (!exists) state.added.push({ date, time });
  },
  lessonAddFailed(state: JournalState, action: PayloadAction<Failure>) {
    state.lessonAdd = failed(action.payload, null);
  },
  markAllRequested(state: JournalState, _action: PayloadAction<Lesson>) {
    state.bulk = started(null);
  },
  markAllSucceeded(state: JournalState, action: PayloadAction<number>) {
    state.bulk = succeeded(action.payload);
  },
  markAllFailed(state: JournalState, action: PayloadAction<Failure>) {
    state.bulk = failed(action.payload, null);
  },
  /** docs/areas/journal.md#for-users: a clear action resets the bulk-attendance result and error. */
  markAllCleared(state: JournalState) {
    state.bulk = idle(null);
  },
  lessonDeleteRequested(state: JournalState, _action: PayloadAction<Lesson>) {
    state.remove = started(null);
  },
  /** A lesson deleted (after its reload was asked for): it can be restored from the history. */
  lessonDeleted(state: JournalState, action: PayloadAction<Lesson & { count: number }>) {
    state.deleted = action.payload;
    state.lessonRestore = idle(null);
  },
  lessonRestoreRequested(state: JournalState, _action: PayloadAction<Lesson>) {
    state.lessonRestore = started(null);
  },
  lessonRestoreSucceeded(state: JournalState, action: PayloadAction<number>) {
    state.lessonRestore = succeeded(action.payload);
    if (state.deleted) state.lesson = { date: state.deleted.date, time: state.deleted.time };
    state.deleted = null;
  },
  lessonRestoreFailed(state: JournalState, action: PayloadAction<Failure>) {
    state.lessonRestore = failed(action.payload, null);
  },
  deletedCleared(state: JournalState) {
    state.deleted = null;
    state.lessonRestore = idle(null);
  },
  topicSaveRequested(
    state: JournalState,
    _action: PayloadAction<{ date: string; time: number; topic: string; lessonNumber: number; hours: number; module: number }>,
  ) {
    state.topic = started(null);
  },
  topicSaved(state: JournalState) {
    state.topic = succeeded(null);
  },
  topicFailed(state: JournalState, action: PayloadAction<Failure>) {
    state.topic = failed(action.payload, null);
  },
};
