/**
 * The user manual (docs/areas/manual.md#for-users): what the reader typed in its search and the
 * audience he chose, kept while he opens a page and comes back. Its pages are data
 * (manual.pages.ts) and texts (manual.json): nothing is loaded from the server.
 */
import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '@shared/session/session';
import { setters } from '@shared/setters';
import type { ManualRole } from './manual.pages';

/** The audience shown: one role's pages, every page, or (null) the reader's own roles'. */
export type RoleFilter = ManualRole | 'all' | null;

export interface ManualState {
  query: string;
  role: RoleFilter;
}

export const initialManualState: ManualState = { query: '', role: null };

const set = setters<ManualState>();

const slice = createSlice({
  name: 'manual',
  initialState: initialManualState,
  reducers: {
    queryTyped: set('query'),
    roleChosen: set('role'),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialManualState);
  },
});

export const manualActions = slice.actions;
export const manualReducer = slice.reducer;
export const selectManual = (state: { manual: ManualState }): ManualState => state.manual;
