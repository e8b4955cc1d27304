/**
 * Documents loads: on opening, what the caller may upload and the list; the list again for each
 * category and search (the latest wins) and in another language; a document with its versions; the
 * uploads with their progress (a new document opens once saved, a new version reloads the list);
 * an edit of a document's details and its withdrawal (each reloads the list).
 */
import { put, select } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { DocumentDetail, DocumentUpdateBody } from '@contract/documents';
import { rootSaga } from '@shared/request/watchers';
import { request } from '@shared/request/request.saga';
import { uploadWithProgress } from '@shared/request/upload.saga';
import { shellActions } from '@shared/shell/shell.slice';
import { CREATE_URL, documentsApi, FILE_FIELD, VERSION_URL } from './documents.api';
import { documentsActions as A, selectDocuments, type DocumentDraft, type DocumentsState, type VersionDraft } from './documents.slice';

const outcome = { progress: A.saveProgressed, succeeded: A.saveSucceeded, failed: A.saveFailed };

export function* openedSaga() {
  const state = (yield select(selectDocuments)) as DocumentsState;
  if (!state.options.loaded) yield* request(documentsApi.options, [], { succeeded: A.optionsSucceeded, failed: A.optionsFailed });
  if (!state.list.loaded) yield put(A.filtered({ category: state.category, text: state.text }));
}

export function* listSaga() {
  const { category, text } = (yield select(selectDocuments)) as DocumentsState;
  const body = { ...(category ? { category } : {}), ...(text.trim() ? { text: text.trim() } : {}) };
  yield* request(documentsApi.list, [body], { succeeded: A.listSucceeded, failed: A.listFailed });
}

export function* detailSaga(action: PayloadAction<{ id: number }>) {
  yield* request(documentsApi.detail, [action.payload.id], { succeeded: A.detailSucceeded, failed: A.detailFailed });
}

export function createForm(d: DocumentDraft): FormData {
  const form = new FormData();
  for (const key of ['titleRu', 'titleKg', 'titleEn', 'descriptionRu', 'descriptionKg', 'descriptionEn', 'category', 'audience'] as const)
    if (d[key].trim()) form.append(key, d[key].trim());
  if (d.facultyId) form.append('id_faculty', d.facultyId);
  if (d.file) form.append(FILE_FIELD, d.file, d.file.name);
  return form;
}

export function* createSaga(action: PayloadAction<DocumentDraft>) {
  const result = yield* uploadWithProgress<DocumentDetail>(CREATE_URL, createForm(action.payload), outcome);
  if (result?.ok) yield* listSaga();
}

export function* versionSaga(action: PayloadAction<VersionDraft>) {
  const form = new FormData();
  form.append('id', String(action.payload.id));
  if (action.payload.note.trim()) form.append('note', action.payload.note.trim());
  if (action.payload.file) form.append(FILE_FIELD, action.payload.file, action.payload.file.name);
  const result = yield* uploadWithProgress<DocumentDetail>(VERSION_URL, form, outcome);
  if (result?.ok) yield* listSaga();
}

export function* updateSaga(action: PayloadAction<DocumentUpdateBody>) {
  const result = yield* request(documentsApi.update, [action.payload], { succeeded: A.updateSucceeded, failed: A.updateFailed });
  if (result.ok) yield* listSaga();
}

export function* withdrawSaga(action: PayloadAction<{ id: number }>) {
  const { id } = action.payload;
  const result = yield* request(documentsApi.withdraw, [id], { succeeded: () => A.withdrawSucceeded({ id }), failed: A.withdrawFailed });
  if (result.ok) yield* listSaga();
}

/** Another language: the titles and faculties come again in it. */
export function* languageSaga() {
  const state = (yield select(selectDocuments)) as DocumentsState;
  if (state.options.data?.mayUpload) yield* request(documentsApi.options, [], { succeeded: A.optionsSucceeded, failed: A.optionsFailed });
  if (state.list.loaded || state.list.fetching) yield put(A.filtered({ category: state.category, text: state.text }));
  const open = state.detail.data?.document.id;
  if (open !== undefined) yield put(A.documentOpened({ id: open }));
}

export const documentsSaga = rootSaga({
  latest: [
    [A.opened, openedSaga],
    [A.filtered, listSaga],
    [A.documentOpened, detailSaga],
    [A.createRequested, createSaga],
    [A.versionRequested, versionSaga],
    [A.updateRequested, updateSaga],
    [A.withdrawRequested, withdrawSaga],
    [shellActions.languageChanged, languageSaga],
  ],
});
