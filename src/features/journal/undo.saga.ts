/**
 * Undo and redo (undo.slice.ts). Each of the teacher's own writes that is saved is recorded with
 * what each cell held before it: one cell, a pasted block, "mark all present" (the cells it filled).
 * Undoing writes the values from before, redoing the values written, in one call (one cell through
 * visit/set, several through visit/paste: all or none). A cell changed by someone else since (a live
 * change) is skipped and counted, never overwritten.
 */
import { call, put, select, take, takeEvery, takeLeading } from 'redux-saga/effects';
import type { Action, PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import type { JournalInfo, VisitRow } from '../../../contract/journal';
import type { Result } from '../../api/http';
import { journalApi, PRESENT } from '../../api/journal';
import { journalActions, selectJournal, type CellWrite, type JournalState, type Lesson } from './journal.slice';
import { cellKey } from './pivot';
import type { Stored, UndoCell } from './undo.slice';

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

/** What to write so that a cell stores this. */
export function writtenOf(stored: Stored): string | null {
  if (stored === false) return null;
  return stored === null ? PRESENT : stored;
}

const withSeq = (seq: number) => (a: Action) =>
  (journalActions.cellSaved.match(a) && a.payload.seq === seq) || (journalActions.cellFailed.match(a) && a.payload.keys.some((k) => k.seq === seq));

/** A write of cells (one, or a pasted block) is recorded once it is saved. */
function* recordWrite(cells: CellWrite[], seq: number) {
  const state = (yield select(selectJournal)) as JournalState;
  const before = cells.map((c) => ({
    student: c.student,
    date: c.date,
    time: c.time,
    before: storedAt(state, c.student, c.date, c.time),
    after: storedOf(c.written),
  }));
  const outcome = (yield take(withSeq(seq))) as UnknownAction;
  if (!journalActions.cellSaved.match(outcome)) return;
  const step: UndoCell[] = before.filter((c) => c.before !== c.after);
  yield put(journalActions.undoRecorded(step));
}

export function* recordCellSaga(action: PayloadAction<CellWrite & { seq: number }>) {
  yield* recordWrite([action.payload], action.payload.seq);
}

export function* recordPasteSaga(action: PayloadAction<{ cells: CellWrite[]; seq: number }>) {
  yield* recordWrite(action.payload.cells, action.payload.seq);
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

type Saved = {
  id_student: number;
  visitDate: string;
  id_time: number;
  cell: VisitRow | null;
};

/** Undo (or redo) the last step: its cells that still hold what the step left are written back. */
export function* applySaga(redo: boolean) {
  const state = (yield select(selectJournal)) as JournalState;
  const info: JournalInfo | undefined = state.journal.data?.info;
  const step = redo ? state.undo.undone.at(-1) : state.undo.done.at(-1);
  if (!info || !step) return;
  const expected = (c: UndoCell) => (redo ? c.before : c.after);
  const target = (c: UndoCell) => (redo ? c.after : c.before);
  const writes = step.filter((c) => storedAt(state, c.student, c.date, c.time) === expected(c));
  const skipped = step.length - writes.length;
  if (writes.length === 1) {
    const [c] = writes;
    const result = (yield call(journalApi.setVisit, {
      id_journal: info.id_journal,
      id_student: c.student,
      visitDate: c.date,
      id_time: c.time,
      otsenka: writtenOf(target(c)),
    })) as Result<VisitRow | null>;
    if (!result.ok) {
      yield put(journalActions.undoFailed(result));
      return;
    }
    yield put(
      journalActions.cellSaved({
        student: c.student,
        date: c.date,
        time: c.time,
        seq: -1,
        cell: result.data,
      }),
    );
  } else if (writes.length > 1) {
    const cells = writes.map((c) => ({
      id_student: c.student,
      visitDate: c.date,
      id_time: c.time,
      otsenka: writtenOf(target(c)),
    }));
    const result = (yield call(journalApi.paste, {
      id_journal: info.id_journal,
      cells,
    })) as Result<Saved[]>;
    if (!result.ok) {
      yield put(journalActions.undoFailed(result));
      return;
    }
    for (const r of result.data)
      yield put(
        journalActions.cellSaved({
          student: r.id_student,
          date: r.visitDate,
          time: r.id_time,
          seq: -1,
          cell: r.cell,
        }),
      );
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

export function undoWatchers() {
  return [
    takeEvery(journalActions.cellWritten.type, recordCellSaga),
    takeEvery(journalActions.pasteRequested.type, recordPasteSaga),
    takeEvery(journalActions.markAllRequested.type, recordMarkAllSaga),
    takeLeading(journalActions.undoRequested.type, undoSaga),
    takeLeading(journalActions.redoRequested.type, redoSaga),
    takeLeading(journalActions.historyRestoreRequested.type, restoreSaga),
  ];
}
