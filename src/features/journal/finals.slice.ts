/**
 * The open journal's final-result column (docs/areas/journal.md#for-users): each student's final result in
 * points 0–100 with its letter, which the teacher writes or clears one cell at a time. A cell keeps
 * its state (saving, failed with what was typed and why) until the server answers, like a mark's;
 * the results' history (who, when, old → new) opens on the cell. The reducers join the journal slice
 * (journal.slice.ts), under `state.finals`.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { FinalHistoryEntry, FinalResult } from '@contract/journal';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { nextSeq } from './cells.slice';

/** A final result to write: the student's points (null: cleared). */
export interface FinalWrite {
  student: number;
  points: number | null;
}

/** A final result written and not yet confirmed: the points (null: cleared) and the cell's state. */
export interface FinalEdit {
  written: number | null;
  status: 'saving' | 'failed';
  seq: number;
  error: Failure | null;
  /** Sent in a pasted block with cells (they share the seq): a retry sends them together again. */
  block?: true;
}

export interface FinalsState {
  /** Results saved since the journal was last read, by student (null: cleared); over the journal's own. */
  saved: Record<number, FinalResult | null>;
  edits: Record<number, FinalEdit>;
  /** The history of one student's result (student null: closed). */
  history: Loadable<FinalHistoryEntry[]> & { student: number | null };
}

export const initialFinalsState: FinalsState = { saved: {}, edits: {}, history: { ...idle([]), student: null } };

type WithFinals = { finals: FinalsState };

/** A result's write answered: the stored result shown, and its edit gone unless a newer write is under way. */
export function finalSettled(state: WithFinals, student: number, seq: number, result: FinalResult | null) {
  state.finals.saved[student] = result;
  if (state.finals.edits[student]?.seq === seq) delete state.finals.edits[student];
}

/** A result's write failed: its edit says why, unless a newer write is under way. */
export function finalRefused(state: WithFinals, student: number, seq: number, error: Failure) {
  const edit = state.finals.edits[student];
  if (edit && edit.seq === seq) state.finals.edits[student] = { ...edit, status: 'failed', error };
}

/** Case reducers of the journal slice (their action types are `journal/<name>`). */
export const finalsReducers = {
  /** A student's final result written (null: cleared): saving in the background. */
  finalWritten: {
    reducer(state: WithFinals, action: PayloadAction<{ student: number; points: number | null; seq: number }>) {
      const { student, points, seq } = action.payload;
      state.finals.edits[student] = { written: points, status: 'saving', seq, error: null };
    },
    prepare: (write: FinalWrite) => ({ payload: { ...write, seq: nextSeq() } }),
  },
  finalSaved(state: WithFinals, action: PayloadAction<{ student: number; seq: number; result: FinalResult | null }>) {
    const { student, seq, result } = action.payload;
    finalSettled(state, student, seq, result);
  },
  finalFailed(state: WithFinals, action: PayloadAction<{ student: number; seq: number; error: Failure }>) {
    const { student, seq, error } = action.payload;
    finalRefused(state, student, seq, error);
  },
  /** Failed results dropped (the students given, or every failed one): the stored result shows again. */
  finalsDiscarded(state: WithFinals, action: PayloadAction<number[] | undefined>) {
    const students = action.payload ?? Object.keys(state.finals.edits).map(Number);
    for (const s of students) if (state.finals.edits[s]?.status === 'failed') delete state.finals.edits[s];
  },
  finalHistoryRequested(state: WithFinals, action: PayloadAction<{ student: number }>) {
    state.finals.history = { ...started([]), student: action.payload.student };
  },
  finalHistorySucceeded(state: WithFinals, action: PayloadAction<FinalHistoryEntry[]>) {
    state.finals.history = { ...succeeded(action.payload), student: state.finals.history.student };
  },
  finalHistoryFailed(state: WithFinals, action: PayloadAction<Failure>) {
    state.finals.history = { ...failed(action.payload, []), student: state.finals.history.student };
  },
  /** "Restore" in a result's history: the points an entry left (null: none) written again (finals.saga.ts). */
  finalRestoreRequested(_state: WithFinals, _action: PayloadAction<{ student: number; points: number | null }>) {},
  finalHistoryClosed(state: WithFinals) {
    state.finals.history = { ...idle([]), student: null };
  },
};

/** A student's stored final result: saved here since the journal was read, else the journal's own (undefined: none). */
export function storedFinal(finals: FinalsState, fromJournal: readonly FinalResult[] | undefined, student: number): FinalResult | undefined {
  if (student in finals.saved) return finals.saved[student] ?? undefined;
  return fromJournal?.find((f) => f.id_student === student);
}

/** Typed final points: '' clears (null), a number is sent as it is (the server refuses one outside whole 0–100), anything else is not points. */
export function readPoints(text: string): number | null | 'invalid' {
  const v = text.trim().replace(',', '.');
  if (v === '') return null;
  if (!/^-?\d{1,4}(\.\d{1,2})?$/.test(v)) return 'invalid';
  return Number(v);
}
