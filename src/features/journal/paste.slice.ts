/**
 * A block pasted from a spreadsheet: its cells and the final results it reaches are one write, saving
 * together, saved or refused together (visit/paste.json), and kept and sent again together (outbox.saga.ts). The
 * reducers join the journal slice (journal.slice.ts), beside the cells' (cells.slice.ts) and the final
 * results' (finals.slice.ts).
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { PastedBlock } from '@contract/journal';
import type { Failure } from '@api/http';
import { cellRefused, cellSettled, nextSeq, type CellsPart, type CellWrite } from './cells.slice';
import { finalRefused, finalSettled, type FinalsState, type FinalWrite } from './finals.slice';
import { cellKey } from './pivot';

type WithCellsAndFinals = CellsPart & { finals: FinalsState };

/** Case reducers of the journal slice (their action types are `journal/<name>`). */
export const pasteReducers = {
  /** A pasted block: all its cells and the final results it reaches saving, one call (pasteSaved, or pasteFailed for all). */
  pasteRequested: {
    reducer(state: WithCellsAndFinals, action: PayloadAction<{ cells: CellWrite[]; finals: FinalWrite[]; seq: number; undo?: true }>) {
      const { cells, finals, seq } = action.payload;
      for (const c of cells) state.edits[cellKey(c.student, c.date, c.time)] = { written: c.written, status: 'saving', seq, error: null, block: true };
      for (const f of finals) state.finals.edits[f.student] = { written: f.points, status: 'saving', seq, error: null, block: true };
      state.seq = Math.max(state.seq, seq);
    },
    prepare: (cells: CellWrite[], finals: FinalWrite[] = [], undo = false) => ({
      payload: { cells, finals, seq: nextSeq(), ...(undo ? { undo: true as const } : {}) },
    }),
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
