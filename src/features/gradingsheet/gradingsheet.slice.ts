/** Grading sheet area (docs/areas/gradingsheet.md#for-users): the teacher's list and open sheet, the student's own lines. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MySheetLine, Sheet, SheetExamBody, SheetListItem, SheetOpenBody, SheetReopenBody, SheetResitBody } from '@contract/gradingsheet';
import type { Failure } from '@api/http';
import { failed, idle, refreshing, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

export interface GradingSheetState {
  half: { year: number; ws: 1 | 2 } | null;
  list: Loadable<SheetListItem[]>;
  sheet: Loadable<Sheet | null>;
  mine: Loadable<MySheetLine[]>;
  /** A write under way (exam points, signing, reopening, a resit). */
  saving: boolean;
  /** The last write's refusal, until the next write. */
  writeError: Failure | null;
}

const initialState: GradingSheetState = {
  half: null,
  list: idle<SheetListItem[]>([]),
  sheet: idle<Sheet | null>(null),
  mine: idle<MySheetLine[]>([]),
  saving: false,
  writeError: null,
};

const wrote = (state: GradingSheetState, sheet: Sheet) => {
  state.sheet = succeeded<Sheet | null>(sheet);
  state.saving = false;
  state.writeError = null;
};
const writing = (state: GradingSheetState) => {
  state.saving = true;
  state.writeError = null;
};

const slice = createSlice({
  name: 'gradingsheet',
  initialState,
  reducers: {
    /** The screen opened: the teacher's list of the current half-year, or the student's own lines. */
    opened: (state) => {
      state.sheet = idle<Sheet | null>(null);
    },
    halfChosen: (state, action: PayloadAction<{ year: number; ws: 1 | 2 }>) => {
      state.half = action.payload;
      state.list = started(state.list.data);
    },
    /** The list of the half-year arrived with the page (contract/page.ts): no call. */
    listArrived: (state, action: PayloadAction<{ half: { year: number; ws: 1 | 2 }; list: SheetListItem[] }>) => {
      state.half = action.payload.half;
      state.list = succeeded(action.payload.list);
    },
    listSucceeded: (state, action: PayloadAction<SheetListItem[]>) => {
      state.list = succeeded(action.payload);
    },
    listFailed: (state, action: PayloadAction<Failure>) => {
      state.list = failed(action.payload, state.list.data);
    },
    mineRequested: (state) => {
      state.mine = started(state.mine.data);
    },
    mineSucceeded: (state, action: PayloadAction<MySheetLine[]>) => {
      state.mine = succeeded(action.payload);
    },
    mineFailed: (state, action: PayloadAction<Failure>) => {
      state.mine = failed(action.payload, state.mine.data);
    },
    sheetOpened: (state, _action: PayloadAction<SheetOpenBody>) => {
      state.sheet = started<Sheet | null>(null);
      state.writeError = null;
    },
    sheetRequested: (state, _action: PayloadAction<number>) => {
      state.sheet = started<Sheet | null>(null);
      state.writeError = null;
    },
    /** The open sheet read again: it stays shown until the reply, or beside the read's failure (the sheet's `error` with its data). */
    sheetRefreshRequested: (state, _action: PayloadAction<number>) => {
      state.sheet = refreshing(state.sheet);
    },
    sheetRefreshFailed: (state, action: PayloadAction<Failure>) => {
      state.sheet = failed(action.payload, state.sheet.data);
    },
    sheetSucceeded: (state, action: PayloadAction<Sheet>) => wrote(state, action.payload),
    sheetFailed: (state, action: PayloadAction<Failure>) => {
      state.sheet = failed<Sheet | null>(action.payload, null);
    },
    sheetClosed: (state) => {
      state.sheet = idle<Sheet | null>(null);
      state.writeError = null;
    },
    examSaved: (state, _action: PayloadAction<SheetExamBody>) => writing(state),
    signRequested: (state, _action: PayloadAction<number>) => writing(state),
    reopenRequested: (state, _action: PayloadAction<SheetReopenBody>) => writing(state),
    resitRequested: (state, _action: PayloadAction<SheetResitBody>) => writing(state),
    writeSucceeded: (state, action: PayloadAction<Sheet>) => wrote(state, action.payload),
    writeFailed: (state, action: PayloadAction<Failure>) => {
      state.saving = false;
      state.writeError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const gradingSheetActions = slice.actions;
export const gradingSheetReducer = slice.reducer;
export const selectGradingSheet = (state: { gradingsheet: GradingSheetState }) => state.gradingsheet;
