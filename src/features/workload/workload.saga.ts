/**
 * Workload loads: on opening, the years and the current half-year (the shared settings) and what the
 * choosers need; an administrator's (a dean's office's) department's teachers; the workload of the chosen half-year and
 * teacher (again for each choice, and in another language; the latest wins).
 */
import { put, select } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { WorkloadOptions } from '@contract/workload';
import { rootSaga } from '@shared/request/watchers';
import { openHalfYear } from '@shared/academic/halfYear';
import { request } from '@shared/request/request.saga';
import { shellActions } from '@shared/shell/shell.slice';
import { workloadApi } from './workload.api';
import { workloadActions as A, selectWorkload, type WorkloadState } from './workload.slice';

export function* openedSaga() {
  const state = (yield select(selectWorkload)) as WorkloadState;
  if (!state.options.loaded) {
    yield put(A.optionsRequested());
    yield* request(workloadApi.options, [], { succeeded: A.optionsSucceeded, failed: A.optionsFailed });
  }
  const kept = yield* openHalfYear(state, A);
  // A half-year chosen before: its workload loads again.
  if (kept) yield put(A.halfSelected(kept));
}

/**
 * An administrator (a dean's office) starts in his own department when he may choose it, else in the
 * first he may, on his own workload.
 */
export function* optionsSaga(action: PayloadAction<WorkloadOptions>) {
  const state = (yield select(selectWorkload)) as WorkloadState;
  const { chooseTeacher, departments, teacher } = action.payload;
  if (!chooseTeacher || state.departmentId !== null || departments.length === 0) return;
  const start = departments.some((d) => d.id === teacher.id_department) ? teacher.id_department : departments[0].id;
  yield put(A.departmentSelected({ id: start }));
}

export function* teachersSaga(action: PayloadAction<{ id: number | null }>) {
  if (action.payload.id === null) return;
  yield* request(workloadApi.teachers, [action.payload.id], { succeeded: A.teachersSucceeded, failed: A.teachersFailed });
}

export function* loadSaga() {
  const state = (yield select(selectWorkload)) as WorkloadState;
  if (!state.half) return;
  const query = { id_a_year: state.half.year, id_w_s: state.half.ws, ...(state.teacherId === null ? {} : { id_teacher: state.teacherId }) };
  yield* request(workloadApi.load, [query], { succeeded: A.workloadSucceeded, failed: A.workloadFailed });
}

/** Another language: the names (disciplines, lesson types, departments) come again in it. */
export function* languageSaga() {
  const state = (yield select(selectWorkload)) as WorkloadState;
  if (state.options.data?.chooseTeacher) yield* request(workloadApi.options, [], { succeeded: A.optionsSucceeded, failed: A.optionsFailed });
  if (state.half && (state.workload.data || state.workload.fetching)) yield put(A.halfSelected(state.half));
}

export const workloadSaga = rootSaga({
  latest: [
    [A.opened, openedSaga],
    [A.optionsSucceeded, optionsSaga],
    [A.departmentSelected, teachersSaga],
    [[A.halfSelected, A.teacherSelected], loadSaga],
    [shellActions.languageChanged, languageSaga],
  ],
});
