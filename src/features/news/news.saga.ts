/** News loads and writes: the feed by page, posting (then the feed reloads from page 1), deleting, faculties. */
import { put, select } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@contract/auth';
import type { AppConfig } from '@contract/config';
import { academicApi } from '@api/academic';
import { newsApi } from './news.api';
import { configActions, selectConfig } from '@shared/config/config';
import { NO_DATA, request, requireUser } from '@shared/request/request.saga';
import { rootSaga } from '@shared/request/watchers';
import { requirePeriod } from '@shared/settings/settings';
import { takePageData } from '@shared/session/pageData';
import { selectUser } from '@shared/session/session';
import { newsActions, type NewsDraft } from './news.slice';

/** The screen is shown: the feed from page 1; for those who may post, the faculties and the config (upload limit). */
export function* openedSaga() {
  const user = (yield select(selectUser)) as User | null;
  yield put(newsActions.loadRequested({ page: 1 }));
  if (!user?.newsPerms) return;
  yield put(newsActions.facultiesRequested());
  const config = (yield select(selectConfig)) as AppConfig | null;
  if (!config) yield put(configActions.loadRequested());
}

export function* loadSaga(action: PayloadAction<{ page: number }>) {
  const user = (yield* requireUser(newsActions.loadFailed)) as User | null;
  if (!user) return;
  const page = Math.max(1, action.payload.page);
  // The signed-in /news page may arrive with its first page (shared/session/pageData.ts).
  const arrived = page === 1 ? takePageData('news', user.id) : null;
  if (arrived) {
    yield put(newsActions.loadSucceeded({ page, items: arrived }));
    return;
  }
  yield* request(newsApi.data, [{ id: user.id, uid: user.uid, role: user.role, page }], {
    succeeded: (items) => newsActions.loadSucceeded({ page, items: items ?? [] }),
    failed: newsActions.loadFailed,
  });
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

/** docs/areas/news.md#for-users: after posting, the list reloads with page 1. */
export function* postSaga(action: PayloadAction<NewsDraft>) {
  const result = yield* request(newsApi.insert, [draftForm(action.payload)], { succeeded: newsActions.postSucceeded, failed: newsActions.postFailed });
  if (result.ok) yield put(newsActions.loadRequested({ page: 1 }));
}

/** docs/areas/news.md#for-users: a delete with no data is a failure with no message. */
export function* deleteSaga(action: PayloadAction<{ id: number }>) {
  const { id } = action.payload;
  yield* request(newsApi.remove, [{ id }], {
    succeeded: (data) => (data?.deleted ? newsActions.deleteSucceeded({ id }) : newsActions.deleteFailed(NO_DATA)),
    failed: newsActions.deleteFailed,
  });
}

/** The composer's faculties: those with groups in the current academic year (the shared settings). */
export function* facultiesSaga() {
  const period = yield* requirePeriod(newsActions.facultiesFailed);
  if (!period) return;
  yield* request(academicApi.faculties, [{ id: period.year }], {
    succeeded: (faculties) => newsActions.facultiesSucceeded(faculties ?? []),
    failed: newsActions.facultiesFailed,
  });
}

export const newsSaga = rootSaga({
  latest: [
    [newsActions.opened, openedSaga],
    [newsActions.loadRequested, loadSaga],
    [newsActions.postRequested, postSaga],
    [newsActions.facultiesRequested, facultiesSaga],
  ],
  every: [[newsActions.deleteRequested, deleteSaga]],
});
