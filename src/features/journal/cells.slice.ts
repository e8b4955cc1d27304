/**
 * The journal's cells as the teacher writes them: each write saves on its own and keeps its state
 * (saving, failed with what was typed and why) until the server answers; a refused one is dropped,
 * one the network or server failed can be sent again. The reducers join the journal slice
 * (journal.slice.ts).
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { PastedBlock, VisitRow } from '../../../contract/journal';
import { isConnectionProblem, type Failure } from '../../api/http';
import type { FinalsState, FinalWrite } from './finals.slice';
import { cellKey } from './pivot';

/**
 * Whether sending a failed write again can succeed: the network or the server failed (no reply, a
 * 5xx such as 503). A refusal (a 4xx with its reason: a date outside the half-year, a mark out of
 * the scale, a closed period) fails again the same way: it is discarded, not retried.
 */
export function canRetry(error: Failure | null): boolean {
  if (!error) return true;
  return isConnectionProblem(error) || error.problem === 'SERVER_ERROR' || (error.status !== null && error.status >= 500);
}

/** A cell written and not yet confirmed: what was written ('+', a mark, or null to clear) and its state. */
export interface CellEdit {
  written: string | null;
  status: 'saving' | 'failed';
  seq: number;
  error: Failure | null;
}

export interface CellWrite {
  student: number;
  date: string;
  time: number;
  written: string | null;
}

/** The part of the journal's state the cells' reducers work on. */
interface CellsPart {
  /** Stored marks by cell key (null: present without a mark). */
  marks: Record<string, string | null>;
  edits: Record<string, CellEdit>;
  seq: number;
  savedCount: number;
}

export function applyCell(state: Pick<CellsPart, 'marks'>, student: number, date: string, time: number, cell: VisitRow | null) {
  const key = cellKey(student, date, time);
  if (cell) state.marks[key] = cell.otsenka;
  else delete state.marks[key];
}

let seqCounter = 0;
/** A write's number, one sequence for cells and final results (a paste carries both under one). */
export function nextSeq(): number {
  seqCounter += 1;
  return seqCounter;
}

/** Case reducers of the journal slice (their action types are `journal/<name>`). */
export const cellReducers = {
  /** One cell written: saving in the background. */
  cellWritten: {
    reducer(state: CellsPart, action: PayloadAction<CellWrite & { seq: number }>) {
      const { student, date, time, written, seq } = action.payload;
      state.edits[cellKey(student, date, time)] = { written, status: 'saving', seq, error: null };
      state.seq = Math.max(state.seq, seq);
    },
    prepare: (write: CellWrite) => ({ payload: { ...write, seq: nextSeq() } }),
  },
  cellSaved(state: CellsPart, action: PayloadAction<{ student: number; date: string; time: number; seq: number; cell: VisitRow | null }>) {
    const { student, date, time, seq, cell } = action.payload;
    const key = cellKey(student, date, time);
    applyCell(state, student, date, time, cell);
    state.savedCount++;
    if (state.edits[key]?.seq === seq) delete state.edits[key];
  },
  cellFailed(state: CellsPart, action: PayloadAction<{ keys: { key: string; seq: number }[]; error: Failure }>) {
    for (const { key, seq } of action.payload.keys) {
      const edit = state.edits[key];
      if (edit && edit.seq === seq) state.edits[key] = { ...edit, status: 'failed', error: action.payload.error };
    }
  },
  /** Every failed cell that can succeed (canRetry) is sent again. */
  retryRequested() {},
  /**
   * Failed cells dropped (the keys given, or every failed one): each shows its stored value again
   * and no longer holds the page (the leave-page warning goes with the last one).
   */
  editsDiscarded(state: CellsPart, action: PayloadAction<string[] | undefined>) {
    const keys = action.payload ?? Object.keys(state.edits);
    for (const key of keys) if (state.edits[key]?.status === 'failed') delete state.edits[key];
  },
  /** A pasted block: all its cells and the final results it reaches saving, one call (pasteSaved, or pasteFailed for all). */
  pasteRequested: {
    reducer(state: CellsPart & { finals: FinalsState }, action: PayloadAction<{ cells: CellWrite[]; finals: FinalWrite[]; seq: number }>) {
      const { cells, finals, seq } = action.payload;
      for (const c of cells) state.edits[cellKey(c.student, c.date, c.time)] = { written: c.written, status: 'saving', seq, error: null };
      for (const f of finals) state.finals.edits[f.student] = { written: f.points, status: 'saving', seq, error: null };
      state.seq = Math.max(state.seq, seq);
    },
    prepare: (cells: CellWrite[], finals: FinalWrite[] = []) => ({ payload: { cells, finals, seq: nextSeq() } }),
  },
  /** A pasted block saved (or an undo's, seq -1): each cell and final result as stored. */
  pasteSaved(state: CellsPart & { finals: FinalsState }, action: PayloadAction<{ seq: number; block: PastedBlock }>) {
    const { seq, block } = action.payload;
    for (const c of block.cells) {
      const key = cellKey(c.id_student, c.visitDate, c.id_time);
      applyCell(state, c.id_student, c.visitDate, c.id_time, c.cell);
      state.savedCount++;
      if (state.edits[key]?.seq === seq) delete state.edits[key];
    }
    for (const f of block.finals) {
      state.finals.saved[f.id_student] = f.result;
      if (state.finals.edits[f.id_student]?.seq === seq) delete state.finals.edits[f.id_student];
    }
  },
  /** A pasted block refused or failed: every cell and final result of it shows why; nothing was saved. */
  pasteFailed(state: CellsPart & { finals: FinalsState }, action: PayloadAction<{ seq: number; keys: string[]; students: number[]; error: Failure }>) {
    const { seq, keys, students, error } = action.payload;
    for (const key of keys) if (state.edits[key]?.seq === seq) state.edits[key] = { ...state.edits[key], status: 'failed', error };
    for (const s of students) if (state.finals.edits[s]?.seq === seq) state.finals.edits[s] = { ...state.finals.edits[s], status: 'failed', error };
  },
};
