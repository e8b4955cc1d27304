/**
 * Workload area (docs/areas/workload.md#for-users): the year and half-year, what the choosers need
 * (the caller, and for an administrator or a dean's office the departments he may choose from), the chosen department and
 * teacher, the workload of the chosen teacher (none chosen: the caller's) and the view shown (the
 * table, or the hours week by week).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { IdName } from '@contract/common';
import type { Workload, WorkloadOptions } from '@contract/workload';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { chooseHalf, halfYearReducers, initialHalfYear, type HalfYear, type HalfYearChoice } from '@shared/academic/halfYear';
import { sessionEnded } from '@shared/session/session';

export type WorkloadView = 'table' | 'weeks';

export interface WorkloadState extends HalfYearChoice {
  options: Loadable<WorkloadOptions | null>;
  /** An administrator's (a dean's office's) chosen department and its teachers. */
  departmentId: number | null;
  teachers: Loadable<IdName[]>;
  /** The teacher whose workload is shown; null: the caller's own. */
  teacherId: number | null;
  workload: Loadable<Workload | null>;
  view: WorkloadView;
}

export const initialWorkloadState: WorkloadState = {
  ...initialHalfYear,
  options: idle(null),
  departmentId: null,
  teachers: idle([]),
  teacherId: null,
  workload: idle(null),
  view: 'table',
};

const slice = createSlice({
  name: 'workload',
  initialState: initialWorkloadState,
  reducers: {
    opened() {},
    ...halfYearReducers,
    /** A year or half-year is chosen (or the workload loads again). */
    halfSelected(state, action: PayloadAction<HalfYear>) {
      const same = chooseHalf(state, action.payload);
      state.workload = started(same ? state.workload.data : null);
    },
    optionsRequested(state) {
      state.options = started(state.options.data);
    },
    optionsSucceeded(state, action: PayloadAction<WorkloadOptions>) {
      state.options = succeeded<WorkloadOptions | null>(action.payload);
    },
    optionsFailed(state, action: PayloadAction<Failure>) {
      state.options = failed<WorkloadOptions | null>(action.payload, null);
    },
    departmentSelected(state, action: PayloadAction<{ id: number | null }>) {
      state.departmentId = action.payload.id;
      state.teachers = action.payload.id === null ? idle([]) : started([]);
    },
    teachersSucceeded(state, action: PayloadAction<IdName[]>) {
      state.teachers = succeeded(action.payload);
    },
    teachersFailed(state, action: PayloadAction<Failure>) {
      state.teachers = failed(action.payload, []);
    },
    /** An administrator chooses a teacher (null: himself). */
    teacherSelected(state, action: PayloadAction<{ id: number | null }>) {
      const own = state.options.data?.teacher.id ?? null;
      state.teacherId = action.payload.id === own ? null : action.payload.id;
      state.workload = started(null);
    },
    workloadSucceeded(state, action: PayloadAction<Workload>) {
      state.workload = succeeded<Workload | null>(action.payload);
    },
    workloadFailed(state, action: PayloadAction<Failure>) {
      state.workload = failed<Workload | null>(action.payload, null);
    },
    viewChosen(state, action: PayloadAction<WorkloadView>) {
      state.view = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialWorkloadState);
  },
});

export const workloadActions = slice.actions;
export const workloadReducer = slice.reducer;
export const selectWorkload = (state: { workload: WorkloadState }) => state.workload;
