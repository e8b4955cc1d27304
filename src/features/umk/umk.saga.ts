/**
 * UMK loads and writes: the current year and half-year (the shared settings; and the years one may switch to), then the role's disciplines → semesters →
 * materials (the first of each chosen), the teacher's reference lists, saving with real upload
 * progress (cancellable; the list then reloads) and deleting.
 */
import { all, call, put, select } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@contract/auth';
import type { AppConfig } from '@contract/config';
import type { IdName } from '@contract/common';
import type { UmkItem } from '@contract/umk';
import type { Result } from '@api/http';
import { UMK_SAVE_URL, umkApi } from './umk.api';
import { configActions, selectConfig } from '@shared/config/config';
import { openHalfYear } from '@shared/academic/halfYear';
import { failed, succeeded, type Loadable } from '@shared/request/loadable';
import { request, requireUser } from '@shared/request/request.saga';
import { ROLE_TEACHER } from '@shared/request/roles';
import { selectUser } from '@shared/session/session';
import { cancellable, uploadAsUser } from '@shared/request/upload.saga';
import { umkActions, selectUmk, type UmkDraft, type UmkState } from './umk.slice';

const isTeacher = (user: User | null) => user?.role === ROLE_TEACHER;

export function* openedSaga() {
  const user = (yield* requireUser(umkActions.halfFailed)) as User | null;
  if (!user) return;
  const state = (yield select(selectUmk)) as UmkState;
  if (isTeacher(user)) {
    const config = (yield select(selectConfig)) as AppConfig | null;
    if (!config) yield put(configActions.loadRequested());
    if (state.types.data.length === 0) yield put(umkActions.referenceRequested());
  }
  // A half-year chosen before: the chosen semester's materials load again.
  const kept = yield* openHalfYear(state, umkActions);
  if (kept && state.semesterId !== null) yield put(umkActions.semesterSelected({ id: state.semesterId }));
}

export function* disciplinesSaga(action: PayloadAction<{ year: number; ws: 1 | 2 }>) {
  const user = (yield* requireUser(umkActions.disciplinesFailed)) as User | null;
  if (!user) return;
  const fn = isTeacher(user) ? umkApi.disciplines : umkApi.studentDisciplines;
  const result = yield* request(fn, [action.payload], { succeeded: umkActions.disciplinesSucceeded, failed: umkActions.disciplinesFailed });
  if (result.ok && result.data.length > 0) yield put(umkActions.disciplineSelected({ id: result.data[0].id }));
}

export function* semestersSaga(action: PayloadAction<{ id: number }>) {
  const user = (yield* requireUser(umkActions.semestersFailed)) as User | null;
  const state = (yield select(selectUmk)) as UmkState;
  if (!user || !state.half) return;
  const fn = isTeacher(user) ? umkApi.semesters : umkApi.studentSemesters;
  const result = yield* request(fn, [{ ...state.half, id_discipline: action.payload.id }], {
    succeeded: umkActions.semestersSucceeded,
    failed: umkActions.semestersFailed,
  });
  if (result.ok && result.data.length > 0) yield put(umkActions.semesterSelected({ id: result.data[0].id }));
}

/** A teacher's discipline is chosen: its teachers, to narrow the list to one of them. */
export function* teachersSaga(action: PayloadAction<{ id: number }>) {
  const user = (yield select(selectUser)) as User | null;
  if (!isTeacher(user)) return;
  yield put(umkActions.teachersRequested());
  const result = (yield call(umkApi.teachers, { id_discipline: action.payload.id })) as Result<IdName[]>;
  yield put(umkActions.teachersLoaded(result.ok ? succeeded(result.data) : failed(result, [])));
}

export function* itemsSaga(action: PayloadAction<{ id: number }>) {
  const user = (yield* requireUser(umkActions.itemsFailed)) as User | null;
  const state = (yield select(selectUmk)) as UmkState;
  if (!user || state.disciplineId === null) return;
  const fn = isTeacher(user) ? umkApi.list : umkApi.studentList;
  yield* request(fn, [{ id_discipline: state.disciplineId, id_semester: action.payload.id }], {
    succeeded: umkActions.itemsSucceeded,
    failed: umkActions.itemsFailed,
  });
}

function* referenceList(fn: () => Promise<Result<IdName[]>>, loaded: (list: Loadable<IdName[]>) => Action) {
  const result = (yield call(fn)) as Result<IdName[]>;
  yield put(loaded(result.ok ? succeeded(result.data) : failed(result, [])));
}

export function* referenceSaga() {
  yield all([
    call(referenceList, umkApi.types, umkActions.typesLoaded),
    call(referenceList, umkApi.examTypes, umkActions.examTypesLoaded),
    call(referenceList, umkApi.bookCategories, umkActions.categoriesLoaded),
  ]);
}

/** The multipart form of insertorupdateumk (its fields: docs/areas/umk.md#calls). */
export function umkForm(draft: UmkDraft, user: User, state: UmkState): FormData {
  const discipline = state.disciplines.data.find((d) => d.id === state.disciplineId);
  const fields: Record<string, string> = {
    idBook: String(draft.id),
    id_human: String(user.uid),
    id_humanType: String(user.role),
    idUser: String(user.id),
    id_a_year: String(state.half?.year ?? ''),
    id_semester: String(state.semesterId ?? ''),
    id_discipline: String(state.disciplineId ?? ''),
    id_examination: String(draft.examTypeId),
    id_speciality: '-1',
    id_typeUmk: String(draft.typeId),
    isHTMLBook: 'false',
    bookName: draft.name,
    author: draft.author,
    description: draft.description,
    totalPages: String(draft.totalPages),
    id_bookCategory: String(draft.forEBooks ? draft.bookCategoryId : -1),
    isForEBooks: draft.forEBooks ? 'true' : 'false',
    kredits: String(discipline?.kredit ?? 0),
    id_forStudentKind: String(draft.audience),
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (draft.file) {
    form.append('fileName', draft.file.name);
    form.append('files', draft.file, draft.file.name);
  }
  return form;
}

export function* saveSaga(action: PayloadAction<UmkDraft>) {
  const state = (yield select(selectUmk)) as UmkState;
  const result = yield* uploadAsUser<UmkItem>(UMK_SAVE_URL, (user) => umkForm(action.payload, user, state), {
    progress: umkActions.saveProgressed,
    succeeded: umkActions.saveSucceeded,
    failed: umkActions.saveFailed,
  });
  if (result?.ok && state.semesterId !== null) yield put(umkActions.semesterSelected({ id: state.semesterId }));
}

/** After a cancel: a material whose file had been sent in full may have been saved (the server completes such a save), so the list reloads. */
export function* cancelledSaga() {
  const state = (yield select(selectUmk)) as UmkState;
  if (state.save.unconfirmed && state.semesterId !== null) yield put(umkActions.semesterSelected({ id: state.semesterId }));
}

export function* deleteSaga(action: PayloadAction<{ id: number }>) {
  const user = (yield* requireUser(umkActions.deleteFailed)) as User | null;
  if (!user) return;
  yield* request(umkApi.remove, [{ id_human: user.uid, id_humanType: user.role, id_books: action.payload.id }], {
    succeeded: () => umkActions.deleteSucceeded({ id: action.payload.id }),
    failed: umkActions.deleteFailed,
  });
}

export const umkSaga = rootSaga({
  latest: [
    [umkActions.opened, openedSaga],
    [umkActions.halfSelected, disciplinesSaga],
    [umkActions.disciplineSelected, semestersSaga],
    [umkActions.disciplineSelected, teachersSaga],
    [umkActions.semesterSelected, itemsSaga],
    [umkActions.referenceRequested, referenceSaga],
    [umkActions.saveRequested, cancellable(saveSaga, umkActions.saveCancelled.type, cancelledSaga)],
  ],
  every: [[umkActions.deleteRequested, deleteSaga]],
});
