/**
 * The import screen (docs/areas/imports.md#the-screen): the kind chosen, the file's check (a dry run)
 * and its import, the upload's progress, the refusal of the last step, and the new accounts' file
 * of the import (kept only until it is taken or the screen moves on).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ImportAccountsFile, ImportKind, ImportReport, ImportRunResult } from '@contract/imports';
import type { Failure } from '@api/http';
import { sessionEnded } from '@shared/session/session';

export type ImportStep = 'check' | 'import';

export interface ImportsState {
  kind: ImportKind;
  /** "Only the valid rows": an import writes them although some rows are refused. */
  validOnly: boolean;
  /** The step under way, and the bytes of its upload sent so far. */
  busy: ImportStep | null;
  progress: { loaded: number; total: number } | null;
  /** The last check of the chosen file, and the import's report once it ran. */
  preview: ImportReport | null;
  result: ImportReport | null;
  /** The new accounts of the import, offered once. */
  accountsFile: ImportAccountsFile | null;
  /** The last step's failure (shown with Retry; the chosen file is kept). */
  failure: { step: ImportStep; failure: Failure } | null;
}

export const initialImportsState: ImportsState = {
  kind: 'faculties',
  validOnly: false,
  busy: null,
  progress: null,
  preview: null,
  result: null,
  accountsFile: null,
  failure: null,
};

/** A new choice (kind or file): the last check and import are of something else. */
const cleared = (state: ImportsState): ImportsState => ({ ...initialImportsState, kind: state.kind, accountsFile: state.accountsFile });

const slice = createSlice({
  name: 'imports',
  initialState: initialImportsState,
  reducers: {
    /** The screen is shown: the upload limit it checks files against comes with the config. */
    opened() {},
    kindChosen(state, action: PayloadAction<ImportKind>) {
      return { ...cleared(state), kind: action.payload };
    },
    fileChosen(state) {
      return cleared(state);
    },
    validOnlyChanged(state, action: PayloadAction<boolean>) {
      state.validOnly = action.payload;
    },
    /** Check the file: upload it with dryRun. */
    checkRequested(state, _action: PayloadAction<{ file: File }>) {
      state.busy = 'check';
      state.progress = null;
      state.failure = null;
      state.result = null;
    },
    /** Import the file: upload it again, for real (the server checks it anew). */
    importRequested(state, _action: PayloadAction<{ file: File }>) {
      state.busy = 'import';
      state.progress = null;
      state.failure = null;
    },
    progressed(state, action: PayloadAction<{ loaded: number; total: number }>) {
      state.progress = action.payload;
    },
    checked(state, action: PayloadAction<ImportRunResult>) {
      state.busy = null;
      state.preview = action.payload.report;
    },
    imported(state, action: PayloadAction<ImportRunResult>) {
      state.busy = null;
      state.result = action.payload.report;
      state.accountsFile = action.payload.accountsFile;
    },
    failed(state, action: PayloadAction<{ step: ImportStep; failure: Failure }>) {
      state.busy = null;
      state.failure = action.payload;
    },
    /** The accounts' file was saved (or dismissed): it is not kept any longer. */
    accountsTaken(state) {
      state.accountsFile = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialImportsState);
  },
});

export const importsActions = slice.actions;
export const importsReducer = slice.reducer;

type WithImports = { imports: ImportsState };
export const selectImports = (state: WithImports) => state.imports;
