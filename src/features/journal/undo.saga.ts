/**
 * Undo and redo (undo.slice.ts). Each of the teacher's own writes that is saved is recorded with
 * what each cell held before it: one cell, one final result, a pasted block (with the final results
 * it reached), "mark all present" (the cells it filled). Undoing writes the values from before, redoing the
 * values written, as one write through the outbox (outbox.saga.ts: one cell through visit/set,
 * anything more through visit/paste, all or none), so that one made while the server is away is
 * kept and sent later in order. A cell or result changed by someone else since is skipped and counted, never overwritten.
 */
import { put, select, take } from 'redux-saga/effects';
import type { Watchers } from '@shared/request/watchers';
import type { Action, PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import type { JournalInfo } from '@contract/journal';
import { PRESENT } from './journal.api';
import { storedFinal, type FinalWrite } from './finals.slice';
import { canRetry, journalActions, selectJournal, type CellWrite, type JournalState, type Lesson } from './journal.slice';
import { cellKey } from './pivot';
import type { Stored, UndoCell, UndoFinal, UndoStep } from './undo.slice';

/** What a cell holds now (false: no record). */
function storedAt(state: JournalState, student: number, date: string, time: number): Stored {
  const key = cellKey(student, date, time);
  return key in state.marks ? state.marks[key] : false;
}

/** What a write stores: '+' is present (null), null clears the record. */
export function storedOf(written: string | null): Stored {
  if (written === null) return false;
  return written === PRESENT ? null : written;
}

/** A student's final points now (null: none). */
function finalAt(state: JournalState, student: number): number | null {
  return storedFinal(state.finals, state.journal.data?.finals, student)?.points ?? null;
}

/** What to write so that a cell stores this. */
export function writtenOf(stored: Stored): string | null {
  if (stored === false) return null;
  return stored === null ? PRESENT : stored;
}

const withSeq = (seq: number) => (a: Action) =>
  (journalActions.cellSaved.match(a) && a.payload.seq === seq) || (journalActions.cellFailed.match(a) && a.payload.keys.some((k) => k.seq === seq));

/** What a write would change (cells, and final results of a pasted block), read before it is saved. */
function* changesOf(cells: CellWrite[], finals: FinalWrite[] = []) {
  const state = (yield select(selectJournal)) as JournalState;
  const step: UndoStep = [
    ...cells.map((c) => ({ student: c.student, date: c.date, time: c.time, before: storedAt(state, c.student, c.date, c.time), after: storedOf(c.written) })),
    ...finals.map((f) => ({ student: f.student, final: true as const, before: finalAt(state, f.student), after: f.points })),
  ];
  return step.filter((c) => c.before !== c.after);
}

/** One cell's write is recorded once it is saved. */
export function* recordCellSaga(action: PayloadAction<CellWrite & { seq: number; undo?: true }>) {
  if (action.payload.undo) return;
  const step = (yield* changesOf([action.payload])) as UndoStep;
  const outcome = (yield take(withSeq(action.payload.seq))) as UnknownAction;
  if (journalActions.cellSaved.match(outcome)) yield put(journalActions.undoRecorded(step));
}

/** A pasted block (its cells and final results) is one step, recorded once it is saved. */
export function* recordPasteSaga(action: PayloadAction<{ cells: CellWrite[]; finals: FinalWrite[]; seq: number; undo?: true }>) {
  if (action.payload.undo) return;
  const { cells, finals, seq } = action.payload;
  const step = (yield* changesOf(cells, finals)) as UndoStep;
  const answered = (a: Action) => (journalActions.pasteSaved.match(a) || journalActions.pasteFailed.match(a)) && a.payload.seq === seq;
  const outcome = (yield take(answered)) as UnknownAction;
  if (journalActions.pasteSaved.match(outcome)) yield put(journalActions.undoRecorded(step));
}

/** One final result typed in its column (or restored from its history) is recorded once it is saved. */
export function* recordFinalSaga(action: PayloadAction<FinalWrite & { seq: number }>) {
  const { student, points, seq } = action.payload;
  const step = (yield* changesOf([], [{ student, points }])) as UndoStep;
  const answered = (a: Action) =>
    (journalActions.finalSaved.match(a) || journalActions.finalFailed.match(a)) && a.payload.seq === seq && a.payload.student === student;
  const outcome = (yield take(answered)) as UnknownAction;
  if (journalActions.finalSaved.match(outcome)) yield put(journalActions.undoRecorded(step));
}

/** "Mark all present": the students with no record in the lesson become present. */
export function* recordMarkAllSaga(action: PayloadAction<Lesson>) {
  const state = (yield select(selectJournal)) as JournalState;
  const { date, time } = action.payload;
  const empty = (state.journal.data?.students ?? []).filter((s) => storedAt(state, s.id_student, date, time) === false);
  const outcome = (yield take([journalActions.markAllSucceeded.type, journalActions.markAllFailed.type])) as UnknownAction;
  if (!journalActions.markAllSucceeded.match(outcome) || outcome.payload === 0) return;
  yield put(
    journalActions.undoRecorded(
      empty.map((s) => ({
        student: s.id_student,
        date,
        time,
        before: false,
        after: null,
      })),
    ),
  );
}

const isFinal = (c: UndoCell | UndoFinal): c is UndoFinal => 'final' in c;

/** Undo (or redo) the last step: its cells and results that still hold what the step left are written back. */
export function* applySaga(redo: boolean) {
  const state = (yield select(selectJournal)) as JournalState;
  const info: JournalInfo | undefined = state.journal.data?.info;
  const step = redo ? state.undo.undone.at(-1) : state.undo.done.at(-1);
  if (!info || !step) return;
  const now = (c: UndoCell | UndoFinal) => (isFinal(c) ? finalAt(state, c.student) : storedAt(state, c.student, c.date, c.time));
  const writes = step.filter((c) => now(c) === (redo ? c.before : c.after));
  const skipped = step.length - writes.length;
  const cells = writes.filter((c): c is UndoCell => !isFinal(c));
  const finals = writes.filter(isFinal);
  const target = <T>(c: { before: T; after: T }) => (redo ? c.after : c.before);
  // Written through the outbox like any write (outbox.saga.ts): one typed while the server is away is
  // kept and sent later, in order with the writes around it; the step counts as done then.
  if (cells.length === 1 && finals.length === 0) {
    const [c] = cells;
    const write = journalActions.cellWritten({ student: c.student, date: c.date, time: c.time, written: writtenOf(target(c)) }, true);
    yield put(write);
    const outcome = (yield take(withSeq(write.payload.seq))) as UnknownAction;
    if (journalActions.cellFailed.match(outcome) && !canRetry(outcome.payload.error)) {
      yield put(journalActions.undoFailed(outcome.payload.error));
      return;
    }
  } else if (writes.length > 0) {
    const write = journalActions.pasteRequested(
      cells.map((c) => ({ student: c.student, date: c.date, time: c.time, written: writtenOf(target(c)) })),
      finals.map((f) => ({ student: f.student, points: target(f) })),
      true,
    );
    yield put(write);
    const seq = write.payload.seq;
    const answered = (a: Action) => (journalActions.pasteSaved.match(a) || journalActions.pasteFailed.match(a)) && a.payload.seq === seq;
    const outcome = (yield take(answered)) as UnknownAction;
    if (journalActions.pasteFailed.match(outcome) && !canRetry(outcome.payload.error)) {
      yield put(journalActions.undoFailed(outcome.payload.error));
      return;
    }
  }
  yield put(journalActions.undoApplied({ redo, skipped }));
}

export function* undoSaga() {
  yield* applySaga(false);
}

export function* redoSaga() {
  yield* applySaga(true);
}

/** "Restore" in a cell's history: an ordinary write of the old value; once saved, the history is read again to show it. */
export function* restoreSaga(action: PayloadAction<CellWrite>) {
  const write = journalActions.cellWritten(action.payload);
  yield put(write);
  const outcome = (yield take(withSeq(write.payload.seq))) as UnknownAction;
  if (journalActions.cellSaved.match(outcome)) yield put(journalActions.historyRequested({ ...action.payload, written: null }));
}

export const undoWatchers: Watchers = {
  every: [
    [journalActions.cellWritten, recordCellSaga],
    [journalActions.pasteRequested, recordPasteSaga],
    [journalActions.finalWritten, recordFinalSaga],
    [journalActions.markAllRequested, recordMarkAllSaga],
  ],
  leading: [
    [journalActions.undoRequested, undoSaga],
    [journalActions.redoRequested, redoSaga],
    [journalActions.historyRestoreRequested, restoreSaga],
  ],
};
