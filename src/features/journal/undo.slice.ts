/**
 * Undo and redo of the teacher's own writes in the open journal, made in this tab (docs/areas/journal.md#for-users):
 * a cell, a pasted block (with the final results it reached) or "mark all present" is one step.
 * Undoing or redoing a step is a new write through the normal write calls (undo.saga.ts), so it
 * enters the cell's (or result's) history and obeys every server rule; a refusal leaves both stacks
 * as they were. The reducers join the journal slice (journal.slice.ts), under `state.undo`; the
 * stacks are emptied when another journal opens.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Failure } from '@api/http';

/** A cell as stored: a mark, null (present without a mark) or false (no record). */
export type Stored = string | null | false;

export interface UndoCell {
  student: number;
  date: string;
  time: number;
  before: Stored;
  after: Stored;
}

/** A final result a pasted block wrote: its points before and after (null: none). */
export interface UndoFinal {
  student: number;
  final: true;
  before: number | null;
  after: number | null;
}

/** One step: the cells it wrote, and the final results when it was a block that reached that column. */
export type UndoStep = (UndoCell | UndoFinal)[];

export interface UndoState {
  /** Steps that can be undone, the last one last. */
  done: UndoStep[];
  /** Steps undone that can be redone, the last one undone last. */
  undone: UndoStep[];
  busy: boolean;
  /** The last undo or redo: refused (the server's reason) or cells skipped as changed by someone else. */
  notice: { error: Failure | null; skipped: number } | null;
}

export const initialUndoState: UndoState = {
  done: [],
  undone: [],
  busy: false,
  notice: null,
};

/** The most steps kept. */
export const UNDO_DEPTH = 50;

type WithUndo = { undo: UndoState };

/** Case reducers of the journal slice (their action types are `journal/<name>`). */
export const undoReducers = {
  /** A write of the teacher's own was saved: it can be undone, and what was undone can no longer be redone. */
  undoRecorded(state: WithUndo, action: PayloadAction<UndoStep>) {
    if (action.payload.length === 0) return;
    state.undo.done.push(action.payload);
    if (state.undo.done.length > UNDO_DEPTH) state.undo.done.shift();
    state.undo.undone = [];
  },
  undoRequested(state: WithUndo) {
    if (state.undo.done.length && !state.undo.busy) state.undo.busy = true;
  },
  redoRequested(state: WithUndo) {
    if (state.undo.undone.length && !state.undo.busy) state.undo.busy = true;
  },
  /** The step was written back (cells changed by someone else since were skipped): it moves to the other stack. */
  undoApplied(state: WithUndo, action: PayloadAction<{ redo: boolean; skipped: number }>) {
    const { redo, skipped } = action.payload;
    const from = redo ? state.undo.undone : state.undo.done;
    const to = redo ? state.undo.done : state.undo.undone;
    const step = from.pop();
    if (step) to.push(step);
    state.undo.busy = false;
    state.undo.notice = skipped ? { error: null, skipped } : null;
  },
  /** Refused or failed: both stacks stay as they were, the reason is shown. */
  undoFailed(state: WithUndo, action: PayloadAction<Failure>) {
    state.undo.busy = false;
    state.undo.notice = { error: action.payload, skipped: 0 };
  },
  /** "Restore" in a cell's history: the value written again as a new write (undo.saga.ts). */
  historyRestoreRequested(_state: WithUndo, _action: PayloadAction<{ student: number; date: string; time: number; written: string | null }>) {},
  undoNoticeCleared(state: WithUndo) {
    state.undo.notice = null;
  },
};
