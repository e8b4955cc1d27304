/**
 * The students hidden in the open journal (docs/areas/journal.md#for-users): removing a student from the
 * list hides him, keeping his records; the list of the hidden ones loads with the journal and each
 * can be restored (then the journal reloads with him and his records). The reducers join the journal
 * slice (journal.slice.ts), under `state.hidden`.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { HiddenStudent } from '@contract/journal';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';

export interface HiddenState {
  /** The open journal's hidden students (null: not loaded). */
  list: Loadable<HiddenStudent[] | null>;
  /** The last restore: the student being restored, its refusal. */
  restore: Loadable<null> & { student: number | null };
}

export const initialHiddenState: HiddenState = {
  list: idle(null),
  restore: { ...idle(null), student: null },
};

type WithHidden = { hidden: HiddenState };

/** Case reducers of the journal slice (their action types are `journal/<name>`). */
export const hiddenReducers = {
  /** The open journal's hidden students are asked for (the list shown stays until the reply). */
  hiddenRequested(state: WithHidden) {
    state.hidden.list = { ...state.hidden.list, fetching: true, error: null };
  },
  hiddenSucceeded(state: WithHidden, action: PayloadAction<HiddenStudent[]>) {
    state.hidden.list = succeeded(action.payload);
  },
  hiddenFailed(state: WithHidden, action: PayloadAction<Failure>) {
    state.hidden.list = failed(action.payload, null);
  },
  /** A student was removed (hidden): the toast offers Undo. */
  studentRemoved(_state: WithHidden, _action: PayloadAction<{ journal: number; student: number; name: string }>) {},
  /** Brings a hidden student back into the open journal's list. */
  restoreRequested(state: WithHidden, action: PayloadAction<{ student: number }>) {
    state.hidden.restore = { ...started(null), student: action.payload.student };
  },
  restoreSucceeded(state: WithHidden) {
    const student = state.hidden.restore.student;
    state.hidden.restore = { ...succeeded(null), student: null };
    if (state.hidden.list.data) state.hidden.list.data = state.hidden.list.data.filter((h) => h.id_student !== student);
  },
  restoreFailed(state: WithHidden, action: PayloadAction<Failure>) {
    state.hidden.restore = { ...failed(action.payload, null), student: state.hidden.restore.student };
  },
};
