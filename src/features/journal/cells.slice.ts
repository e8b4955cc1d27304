/**
 * The journal's cells as the teacher writes them: each write saves on its own and keeps its state
 * (saving, failed with what was typed and why) until the server answers; a refused one is dropped,
 * one the network or server failed can be sent again. The reducers join the journal slice
 * (journal.slice.ts).
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { VisitRow } from '@contract/journal';
import { isPassingFailure, type Failure } from '@api/http';
import { cellKey } from './pivot';

/**
 * Whether sending a failed write again can succeed: the network or the server failed (no reply, a
 * 5xx such as 503). A refusal (a 4xx with its reason: a date outside the half-year, a mark out of
 * the scale, a closed period) fails again the same way: it is discarded, not retried.
 */
export function canRetry(error: Failure | null): boolean {
  if (!error) return true;
  return isPassingFailure(error);
}

/** A cell written and not yet confirmed: what was written ('+', a mark, or null to clear) and its state. */
export interface CellEdit {
  written: string | null;
  status: 'saving' | 'failed';
  seq: number;
  error: Failure | null;
  /** Sent in a pasted block (its cells and final results share the seq): a retry sends them together again. */
  block?: true;
}

export interface CellWrite {
  student: number;
  date: string;
  time: number;
  written: string | null;
}

/** The part of the journal's state the cells' reducers work on. */
export interface CellsPart {
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

/** Writes kept from an earlier page (outbox.saga.ts) keep their numbers: new ones come after them. */
export function seqAfter(seq: number): void {
  seqCounter = Math.max(seqCounter, seq);
}

/** A cell's write answered: the stored value shown, and its edit gone unless a newer write is under way. */
export function cellSettled(state: CellsPart, student: number, date: string, time: number, seq: number, cell: VisitRow | null) {
  const key = cellKey(student, date, time);
  applyCell(state, student, date, time, cell);
  state.savedCount++;
  if (state.edits[key]?.seq === seq) delete state.edits[key];
}

/** A cell's write failed: its edit says why, unless a newer write is under way. */
export function cellRefused(state: CellsPart, key: string, seq: number, error: Failure) {
  const edit = state.edits[key];
  if (edit && edit.seq === seq) state.edits[key] = { ...edit, status: 'failed', error };
}

/** Case reducers of the journal slice (their action types are `journal/<name>`). */
export const cellReducers = {
  /** One cell written: saving in the background. */
  cellWritten: {
    reducer(state: CellsPart, action: PayloadAction<CellWrite & { seq: number; undo?: true }>) {
      const { student, date, time, written, seq } = action.payload;
      state.edits[cellKey(student, date, time)] = { written, status: 'saving', seq, error: null };
      state.seq = Math.max(state.seq, seq);
    },
    /** `undo`: written by undo or redo (undo.saga.ts), through the outbox like any write, and not recorded as a step of its own. */
    prepare: (write: CellWrite, undo = false) => ({ payload: { ...write, seq: nextSeq(), ...(undo ? { undo: true as const } : {}) } }),
  },
  cellSaved(state: CellsPart, action: PayloadAction<{ student: number; date: string; time: number; seq: number; cell: VisitRow | null }>) {
    const { student, date, time, seq, cell } = action.payload;
    cellSettled(state, student, date, time, seq, cell);
  },
  cellFailed(state: CellsPart, action: PayloadAction<{ keys: { key: string; seq: number }[]; error: Failure }>) {
    for (const { key, seq } of action.payload.keys) cellRefused(state, key, seq, action.payload.error);
  },
  /**
   * Retry: the kept writes are sent again now, in the order they were made, each as it was sent
   * (outbox.saga.ts); the failed cells that can succeed (canRetry) say saving meanwhile.
   */
  retryRequested(state: CellsPart & { finals: { edits: Record<number, { status: 'saving' | 'failed'; error: Failure | null }> } }) {
    for (const edit of [...Object.values(state.edits), ...Object.values(state.finals.edits)])
      if (edit.status === 'failed' && canRetry(edit.error)) {
        edit.status = 'saving';
        edit.error = null;
      }
  },
  /**
   * Failed cells dropped (the keys given, or every failed one): each shows its stored value again
   * and no longer holds the page (the leave-page warning goes with the last one).
   */
  editsDiscarded(state: CellsPart, action: PayloadAction<string[] | undefined>) {
    const keys = action.payload ?? Object.keys(state.edits);
    for (const key of keys) if (state.edits[key]?.status === 'failed') delete state.edits[key];
  },
};
