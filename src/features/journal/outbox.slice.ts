/**
 * The open journal's writes kept in the outbox (lib/outbox.ts, sent by outbox.saga.ts): those made
 * on an earlier visit or before a reload show again in their cells, saving, then saved or failed as
 * any write. The reducers join the journal slice (journal.slice.ts).
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { CellsPart } from './cells.slice';
import type { FinalsState } from './finals.slice';

/** What kept writes hold for the open journal: each cell and final result with what was typed and its write's number. */
export interface KeptWrites {
  journal: number;
  cells: { key: string; written: string | null; seq: number; block: boolean }[];
  finals: { student: number; written: number | null; seq: number; block: boolean }[];
}

type WithCellsAndFinals = CellsPart & { finals: FinalsState; journal: { data: { info: { id_journal: number } } | null } };

/** Case reducers of the journal slice (their action types are `journal/<name>`). */
export const outboxReducers = {
  /** Send the kept writes now (a new write, the journal read, the connection back): outbox.saga.ts. */
  outboxFlushRequested() {},
  /**
   * The open journal's kept writes, oldest first: a cell or result that shows no write of this page
   * shows the kept one, saving (a write of this page is newer, or the same one).
   */
  outboxRestored(state: WithCellsAndFinals, action: PayloadAction<KeptWrites>) {
    const { journal, cells, finals } = action.payload;
    if (state.journal.data?.info.id_journal !== journal) return;
    const shown = new Set(Object.keys(state.edits));
    const shownFinals = new Set(Object.keys(state.finals.edits).map(Number));
    for (const c of cells)
      if (!shown.has(c.key))
        state.edits[c.key] = { written: c.written, status: 'saving', seq: c.seq, error: null, ...(c.block ? { block: true as const } : {}) };
    for (const f of finals)
      if (!shownFinals.has(f.student))
        state.finals.edits[f.student] = { written: f.written, status: 'saving', seq: f.seq, error: null, ...(f.block ? { block: true as const } : {}) };
  },
};
