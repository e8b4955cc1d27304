/**
 * A block pasted from a spreadsheet: its cells and the final results it reaches are one write, saving
 * together, saved or refused together (visit/paste.json), and sent again together by Retry. The
 * reducers join the journal slice (journal.slice.ts), beside the cells' (cells.slice.ts) and the final
 * results' (finals.slice.ts).
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { PastedBlock } from '../../../contract/journal';
import type { Failure } from '../../api/http';
import { canRetry, cellRefused, cellSettled, nextSeq, type CellsPart, type CellWrite } from './cells.slice';
import { finalRefused, finalSettled, type FinalsState, type FinalWrite } from './finals.slice';
import { cellKey } from './pivot';

type WithCellsAndFinals = CellsPart & { finals: FinalsState };

/** Case reducers of the journal slice (their action types are `journal/<name>`). */
export const pasteReducers = {
  /** A pasted block: all its cells and the final results it reaches saving, one call (pasteSaved, or pasteFailed for all). */
  pasteRequested: {
    reducer(state: WithCellsAndFinals, action: PayloadAction<{ cells: CellWrite[]; finals: FinalWrite[]; seq: number }>) {
      const { cells, finals, seq } = action.payload;
      for (const c of cells) state.edits[cellKey(c.student, c.date, c.time)] = { written: c.written, status: 'saving', seq, error: null, block: true };
      for (const f of finals) state.finals.edits[f.student] = { written: f.points, status: 'saving', seq, error: null, block: true };
      state.seq = Math.max(state.seq, seq);
    },
    prepare: (cells: CellWrite[], finals: FinalWrite[] = []) => ({ payload: { cells, finals, seq: nextSeq() } }),
  },
  /** A pasted block saved (or an undo's, seq -1): each cell and final result as stored. */
  pasteSaved(state: WithCellsAndFinals, action: PayloadAction<{ seq: number; block: PastedBlock }>) {
    const { seq, block } = action.payload;
    for (const c of block.cells) cellSettled(state, c.id_student, c.visitDate, c.id_time, seq, c.cell);
    for (const f of block.finals) finalSettled(state, f.id_student, seq, f.result);
  },
  /** A pasted block refused or failed: every cell and final result of it shows why; nothing was saved. */
  pasteFailed(state: WithCellsAndFinals, action: PayloadAction<{ seq: number; keys: string[]; students: number[]; error: Failure }>) {
    const { seq, keys, students, error } = action.payload;
    for (const key of keys) cellRefused(state, key, seq, error);
    for (const student of students) finalRefused(state, student, seq, error);
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
