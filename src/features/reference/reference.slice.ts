/**
 * The reference lists (docs/areas/reference.md#for-users): the lists with their row counts, the list
 * shown with its rows, the row being edited (or added) with its save under way and its refusal, and the
 * row whose deletion is asked, with its refusal.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReferenceList, ReferenceListName, ReferenceRow, ReferenceRows, ReferenceSaveBody } from '@contract/reference';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

export interface ReferenceState {
  lists: Loadable<ReferenceList[]>;
  /** The list shown, and its rows. */
  shown: ReferenceListName | null;
  rows: Loadable<ReferenceRows | null>;
  /** The form's row: null id for a new row; its save under way and its refusal. */
  editing: { id: string | null; busy: boolean; failure: Failure | null } | null;
  /** The row whose deletion is asked, the deletion under way, and its refusal (shown beside its button). */
  deleting: { id: string; busy: boolean } | null;
  deleteError: { id: string; failure: Failure } | null;
}

export const initialReferenceState: ReferenceState = {
  lists: idle([]),
  shown: null,
  rows: idle(null),
  editing: null,
  deleting: null,
  deleteError: null,
};

const slice = createSlice({
  name: 'reference',
  initialState: initialReferenceState,
  reducers: {
    /** The screen is shown, with a list or none: the lists are loaded (anew), and the list's rows. */
    opened(state, action: PayloadAction<{ list: ReferenceListName | null }>) {
      state.lists = started(state.lists.data);
      state.shown = action.payload.list;
      state.rows = action.payload.list ? started(null) : idle(null);
      state.editing = null;
      state.deleting = null;
      state.deleteError = null;
    },
    listsLoaded(state, action: PayloadAction<ReferenceList[]>) {
      state.lists = succeeded(action.payload);
    },
    listsFailed(state, action: PayloadAction<Failure>) {
      state.lists = failed(action.payload, []);
    },
    rowsRequested(state) {
      state.rows = started(null);
    },
    rowsLoaded(state, action: PayloadAction<ReferenceRows>) {
      if (action.payload.list.name === state.shown) state.rows = succeeded(action.payload);
    },
    rowsFailed(state, action: PayloadAction<Failure>) {
      state.rows = failed(action.payload, null);
    },
    /** The form opens for a row (its id) or a new one (null). */
    editOpened(state, action: PayloadAction<{ id: string | null }>) {
      state.editing = { id: action.payload.id, busy: false, failure: null };
      state.deleteError = null;
    },
    editClosed(state) {
      state.editing = null;
    },
    saveRequested(state, _action: PayloadAction<ReferenceSaveBody>) {
      if (state.editing) {
        state.editing.busy = true;
        state.editing.failure = null;
      }
    },
    /** The row as stored: it replaces its old self, or joins the list; the form closes. */
    saved(state, action: PayloadAction<{ list: ReferenceListName; row: ReferenceRow }>) {
      state.editing = null;
      const rows = state.rows.data;
      if (!rows || rows.list.name !== action.payload.list) return;
      const at = rows.rows.findIndex((r) => r.id === action.payload.row.id);
      if (at >= 0) rows.rows[at] = action.payload.row;
      else {
        rows.rows.push(action.payload.row);
        rows.list.count += 1;
      }
    },
    saveFailed(state, action: PayloadAction<Failure>) {
      if (state.editing) {
        state.editing.busy = false;
        state.editing.failure = action.payload;
      }
    },
    deleteAsked(state, action: PayloadAction<{ id: string } | null>) {
      state.deleting = action.payload ? { id: action.payload.id, busy: false } : null;
      state.deleteError = null;
    },
    deleteRequested(state) {
      if (state.deleting) state.deleting.busy = true;
    },
    deleted(state, action: PayloadAction<{ list: ReferenceListName; id: string }>) {
      state.deleting = null;
      const rows = state.rows.data;
      if (!rows || rows.list.name !== action.payload.list) return;
      rows.rows = rows.rows.filter((r) => r.id !== action.payload.id);
      rows.list.count = Math.max(0, rows.list.count - 1);
    },
    deleteFailed(state, action: PayloadAction<{ id: string; failure: Failure }>) {
      state.deleting = null;
      state.deleteError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialReferenceState);
  },
});

export const referenceActions = slice.actions;
export const referenceReducer = slice.reducer;

type WithReference = { reference: ReferenceState };
export const selectReference = (state: WithReference) => state.reference;
