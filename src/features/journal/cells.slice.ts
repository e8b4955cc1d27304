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
  /**
   * Every failed write that can succeed (canRetry) is sent again as it was sent: a single cell or
   * result on its own, what is left of a pasted block in one paste call (retryWrites).
   */
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
      for (const c of cells) state.edits[cellKey(c.student, c.date, c.time)] = { written: c.written, status: 'saving', seq, error: null, block: true };
      for (const f of finals) state.finals.edits[f.student] = { written: f.points, status: 'saving', seq, error: null, block: true };
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

/** A pasted block to send again: its cells and final results still waiting on its failed write. */
export interface FailedBlock {
  cells: CellWrite[];
  finals: FinalWrite[];
}

/**
 * What Retry sends again, with what is typed now: the failed cells and final results that can
 * succeed, written on their own, and the failed pasted blocks, each in one paste call. An edit of a
 * block that was written anew since (a newer seq) is no longer part of it; refused edits stay.
 */
export function retryWrites(state: Pick<CellsPart, 'edits'> & { finals: FinalsState }): { cells: CellWrite[]; finals: FinalWrite[]; blocks: FailedBlock[] } {
  const cells: CellWrite[] = [];
  const finals: FinalWrite[] = [];
  const blocks = new Map<number, FailedBlock>();
  const blockOf = (seq: number) => blocks.get(seq) ?? blocks.set(seq, { cells: [], finals: [] }).get(seq)!;
  for (const [key, edit] of Object.entries(state.edits)) {
    if (edit.status !== 'failed' || !canRetry(edit.error)) continue;
    const [student, date, time] = key.split('|');
    const write = { student: Number(student), date, time: Number(time), written: edit.written };
    if (edit.block) blockOf(edit.seq).cells.push(write);
    else cells.push(write);
  }
  for (const [student, edit] of Object.entries(state.finals.edits)) {
    if (edit.status !== 'failed' || !canRetry(edit.error)) continue;
    const write = { student: Number(student), points: edit.written };
    if (edit.block) blockOf(edit.seq).finals.push(write);
    else finals.push(write);
  }
  return { cells, finals, blocks: [...blocks.values()] };
}
