/** Notification loads: the count, a page of the list, marking read (docs/api.md#notifications). */
import type { PayloadAction } from '@reduxjs/toolkit';
import { put, takeEvery, takeLatest } from 'redux-saga/effects';
import { notificationsApi } from '../../api/notifications';
import { request } from '../../shared/request/request.saga';
import { sessionStarted } from '../../shared/session/session';
import { notificationsActions as a } from './notifications.slice';

function* countSaga() {
  yield* request(notificationsApi.count, [], { succeeded: a.countSucceeded, failed: () => ({ type: 'notifications/countFailed' }) });
}

function* pageSaga(action: PayloadAction<{ page: number }>) {
  const { page } = action.payload;
  const result = yield* request(notificationsApi.list, [{ page }], { succeeded: (reply) => a.pageSucceeded({ page, reply }), failed: a.pageFailed });
  // What the page shows has been seen.
  if (result.ok && result.data.unread > 0) yield put(a.allReadRequested());
}

function* readAllSaga() {
  yield* request(notificationsApi.readAll, [], { succeeded: a.countSucceeded, failed: () => ({ type: 'notifications/readFailed' }) });
}

function* readSaga(action: PayloadAction<{ id: number }>) {
  yield* request(notificationsApi.read, [action.payload], { succeeded: a.countSucceeded, failed: () => ({ type: 'notifications/readFailed' }) });
}

export function* notificationsSaga() {
  yield takeLatest(a.opened.type, function* () {
    yield put(a.pageRequested({ page: 1 }));
  });
  yield takeLatest(a.pageRequested.type, pageSaga);
  yield takeLatest([a.countRequested.type, sessionStarted.type], countSaga);
  yield takeLatest(a.allReadRequested.type, readAllSaga);
  yield takeEvery(a.readRequested.type, readSaga);
}
