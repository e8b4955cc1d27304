/**
 * Registration loads and writes: the current period (the shared settings), the years, then the
 * half-year's list (students: with the elective permission and electives; teachers: their
 * subgroups), the chooser's teachers and subgroups, saving and deleting (each success reloads the list).
 */
import { all, call, delay, put, select } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@contract/auth';
import type { IdName } from '@contract/common';
import type { RegRow, RegSubgroup, SaveRegistrationBody, Saved } from '@contract/registration';
import { isConnectionProblem, type Result } from '@api/http';
import { registrationApi } from './registration.api';
import { openHalfYear } from '@shared/academic/halfYear';
import { failed, succeeded } from '@shared/request/loadable';
import { request, requireUser } from '@shared/request/request.saga';
import { ROLE_TEACHER } from '@shared/request/roles';
import { registrationActions as A, selectRegistration, type RegistrationState } from './registration.slice';

const isTeacher = (user: User | null) => user?.role === ROLE_TEACHER;

export function* openedSaga() {
  const user = (yield* requireUser(A.halfFailed)) as User | null;
  if (!user) return;
  const state = (yield select(selectRegistration)) as RegistrationState;
  // A half-year chosen before: its list loads again.
  const kept = yield* openHalfYear(state, A);
  if (kept) yield put(A.halfSelected(kept));
}

export function* listSaga() {
  const user = (yield* requireUser(A.listFailed)) as User | null;
  const state = (yield select(selectRegistration)) as RegistrationState;
  if (!user || !state.half) return;
  const half = { id_a_year: state.half.year, id_w_s: state.half.ws };
  if (isTeacher(user)) {
    yield put(A.teacherViewRequested());
    yield* request(registrationApi.teacherView, [{ ...half, sourceType: 1 }], { succeeded: A.teacherViewSucceeded, failed: A.teacherViewFailed });
    return;
  }
  const [list, permission] = (yield all([call(registrationApi.list, half), call(registrationApi.permission, half)])) as [
    Result<never>,
    Result<{ allowed: boolean }>,
  ];
  yield put(list.ok ? A.listSucceeded(list.data) : A.listFailed(list));
  if (!permission.ok) {
    yield put(A.electivesLoaded({ allowed: false, electives: failed(permission, []) }));
    return;
  }
  const allowed = permission.data.allowed;
  if (!allowed) {
    yield put(A.electivesLoaded({ allowed: false, electives: succeeded([]) }));
    return;
  }
  const electives = (yield call(registrationApi.electives, half)) as Result<RegRow[]>;
  yield put(A.electivesLoaded({ allowed: true, electives: electives.ok ? succeeded(electives.data) : failed(electives, []) }));
}

function offeringOf(state: RegistrationState): RegRow | undefined {
  return [...(state.list.data?.rows ?? []), ...state.electives.data].find((r) => r.id_disciplineForStudent === state.offeringId);
}

export function* teachersSaga(action: PayloadAction<{ id: number | null }>) {
  if (action.payload.id === null) return;
  const state = (yield select(selectRegistration)) as RegistrationState;
  const row = offeringOf(state);
  if (!row) return;
  const fn = row.isElective ? registrationApi.electiveTeachers : registrationApi.teachers;
  const result = (yield call(fn, { id_disciplineForStudent: row.id_disciplineForStudent })) as Result<IdName[]>;
  yield put(A.teachersLoaded(result.ok ? succeeded(result.data) : failed(result, [])));
  if (result.ok && result.data.length === 1) yield put(A.teacherSelected({ id: result.data[0].id }));
}

export function* subgroupsSaga(action: PayloadAction<{ id: number | null }>) {
  if (action.payload.id === null) return;
  const state = (yield select(selectRegistration)) as RegistrationState;
  const row = offeringOf(state);
  if (!row) return;
  const fn = row.isElective ? registrationApi.electiveSubgroups : registrationApi.subgroups;
  const result = (yield call(fn, { id_disciplineForStudent: row.id_disciplineForStudent, id_teacher: action.payload.id })) as Result<RegSubgroup[]>;
  yield put(A.subgroupsLoaded(result.ok ? succeeded(result.data) : failed(result, [])));
}

/** The save payload of SPEC §3 from the chosen discipline, teacher and subgroup. */
export function savePayload(
  user: User,
  groupId: number,
  state: RegistrationState,
  row: RegRow,
  sub: RegSubgroup,
  joinWaitingList: boolean,
): SaveRegistrationBody {
  return {
    id_a_year: state.half!.year,
    id_semester: row.id_semester,
    id_kafedra: row.id_kafedra,
    id_teacher: state.teacherId!,
    id_discipline: row.id_discipline,
    kredits: row.kredits,
    id_examination: row.id_examination,
    id_group: groupId,
    subgroup: sub.id,
    id_student: user.uid,
    id_vid_zaniatiy: sub.id_vid_zaniatiy,
    id_disciplineForStudent: row.id_disciplineForStudent,
    isByPlan: !row.isElective,
    id_w_s: state.half!.ws,
    descGroupNum: row.descGroupNum,
    joinWaitingList,
  };
}

/**
 * Times a save is sent again before its failure shows: when the server put it off in a registration
 * rush (503 with Retry-After; it changed nothing), when its reply was lost (the network or the server
 * could not be reached, or a time-out), or while its first send is still being handled (409
 * REQUEST_IN_PROGRESS). It goes again with the same Idempotency-Key (src/api/idempotency.ts), so a
 * save the server did make is answered with its first reply, never made twice.
 */
export const SAVE_RETRIES = 3;

/** Seconds before sending a save again, or null when its answer settles it. */
function retryDelay(result: Result<Saved>): number | null {
  if (result.ok) return null;
  if (result.status === 503 || (result.status === 409 && result.error?.code === 'REQUEST_IN_PROGRESS')) return Math.min(10, result.retryAfter ?? 1);
  return isConnectionProblem(result) ? 1 : null;
}

/** Sends a save, and again after the wait of retryDelay while its answer does not settle it, up to SAVE_RETRIES times. */
export function* sendSave(fn: (body: SaveRegistrationBody) => Promise<Result<Saved>>, body: SaveRegistrationBody): Generator<unknown, Result<Saved>, unknown> {
  for (let attempt = 0; ; attempt++) {
    const result = (yield call(fn, body)) as Result<Saved>;
    const wait = retryDelay(result);
    if (wait === null || attempt >= SAVE_RETRIES) return result;
    yield delay(wait * 1000);
  }
}

export function* saveSaga(action: PayloadAction<{ joinWaitingList: boolean }>) {
  const user = (yield* requireUser(A.saveFailed)) as User | null;
  const state = (yield select(selectRegistration)) as RegistrationState;
  const row = offeringOf(state);
  const sub = state.subgroups.data.find((s) => s.id === state.subgroup);
  if (!user || !row || !sub || !state.half || state.teacherId === null) return;
  const groupId = state.list.data?.id_group ?? 0;
  const fn = row.isElective ? registrationApi.saveElective : registrationApi.save;
  const result = yield* sendSave(fn, savePayload(user, groupId, state, row, sub, action.payload.joinWaitingList));
  yield put(result.ok ? A.saveSucceeded(result.data) : A.saveFailed(result));
  if (result.ok) yield put(A.halfSelected(state.half));
  // Registered already (in another tab, or a save whose reply was lost): the list shows it.
  else if (result.error?.code === 'ALREADY_REGISTERED') yield put(A.listReloadRequested());
}

export function* deleteSaga(action: PayloadAction<{ id: number }>) {
  const user = (yield* requireUser(A.deleteFailed)) as User | null;
  const state = (yield select(selectRegistration)) as RegistrationState;
  if (!user || !state.half) return;
  const fn = isTeacher(user) ? registrationApi.teacherRemove : registrationApi.remove;
  const result = yield* request(fn, [{ id_registration: action.payload.id, sourceType: isTeacher(user) ? 1 : 2 }], {
    succeeded: () => A.deleteSucceeded({ id: action.payload.id }),
    failed: A.deleteFailed,
  });
  if (result.ok) yield put(A.halfSelected(state.half));
}

export const registrationSaga = rootSaga({
  latest: [
    [A.opened, openedSaga],
    [[A.halfSelected, A.listReloadRequested], listSaga],
    // A freed seat became the student's: the row says so at once, not after a reload.
    [
      A.seatReceived,
      function* () {
        yield put(A.listReloadRequested());
      },
    ],
    [A.disciplineSelected, teachersSaga],
    [A.teacherSelected, subgroupsSaga],
    [A.saveRequested, saveSaga],
  ],
  every: [[A.deleteRequested, deleteSaga]],
});
