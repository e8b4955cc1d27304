/** News loads and writes: the feed by page, posting (then the feed reloads from page 1), deleting, faculties. */
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../../contract/auth';
import type { IdName } from '../../../contract/common';
import type { NewsDeleted, NewsItem } from '../../../contract/news';
import { academicApi } from '../../api/academic';
import { newsApi } from '../../api/news';
import type { Failure, Result } from '../../api/http';
import { selectUser } from '../../shared/session/session';
import { newsActions, type NewsDraft } from './news.slice';

const noSession = (): Failure => ({ ok: false, problem: 'CLIENT_ERROR', status: 401, error: { code: 'UNAUTHORIZED', message: '' } });

export function* loadSaga(action: PayloadAction<{ page: number }>) {
  const user: User | null = yield select(selectUser);
  if (!user) {
    yield put(newsActions.loadFailed(noSession()));
    return;
  }
  const page = Math.max(1, action.payload.page);
  const result = (yield call(newsApi.data, { id: user.id, uid: user.uid, role: user.role, page })) as Result<NewsItem[]>;
  if (result.ok) yield put(newsActions.loadSucceeded({ page, items: result.data ?? [] }));
  else yield put(newsActions.loadFailed(result));
}

/** The multipart form of insert.json. */
export function draftForm(draft: NewsDraft): FormData {
  const form = new FormData();
  form.append('message', draft.message);
  form.append('audience', String(draft.audience));
  form.append('faculty', String(draft.faculty));
  form.append('pinned', draft.pinned ? 'true' : 'false');
  if (draft.publishAt) form.append('publishAt', draft.publishAt);
  for (const file of draft.files) form.append('files', file, file.name);
  return form;
}

/** docs/product.md#news: after posting, the list reloads with page 1. */
export function* postSaga(action: PayloadAction<NewsDraft>) {
  const result = (yield call(newsApi.insert, draftForm(action.payload))) as Result<NewsItem>;
  if (!result.ok) {
    yield put(newsActions.postFailed(result));
    return;
  }
  yield put(newsActions.postSucceeded(result.data));
  yield put(newsActions.loadRequested({ page: 1 }));
}

/** docs/product.md#news: a delete with no data is a failure with no message. */
export function* deleteSaga(action: PayloadAction<{ id: number }>) {
  const result = (yield call(newsApi.remove, { id: action.payload.id })) as Result<NewsDeleted | null>;
  if (result.ok && result.data?.deleted) yield put(newsActions.deleteSucceeded({ id: action.payload.id }));
  else if (result.ok) yield put(newsActions.deleteFailed({ ok: false, problem: 'UNKNOWN_ERROR', status: null, error: null }));
  else yield put(newsActions.deleteFailed(result));
}

/** The composer's faculties: those with groups in the current academic year (year first, then the list). */
export function* facultiesSaga() {
  const year = (yield call(academicApi.defaultYear)) as Result<IdName>;
  if (!year.ok) {
    yield put(newsActions.facultiesFailed(year));
    return;
  }
  const result = (yield call(academicApi.faculties, { id: year.data.id })) as Result<IdName[]>;
  if (result.ok) yield put(newsActions.facultiesSucceeded(result.data ?? []));
  else yield put(newsActions.facultiesFailed(result));
}

export function* newsSaga() {
  yield all([
    takeLatest(newsActions.loadRequested.type, loadSaga),
    takeLatest(newsActions.postRequested.type, postSaga),
    takeEvery(newsActions.deleteRequested.type, deleteSaga),
    takeLatest(newsActions.facultiesRequested.type, facultiesSaga),
  ]);
}
