/** Notification loads: the count, a page of the list, marking read (docs/areas/notifications.md#calls). */
import type { PayloadAction } from '@reduxjs/toolkit';
import { put, select } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import { notificationsApi } from './notifications.api';
import { request } from '@shared/request/request.saga';
import type { User } from '@contract/auth';
import { takePageData } from '@shared/session/pageData';
import { selectUser, sessionStarted } from '@shared/session/session';
import { notificationsActions as a, selectCountAsked } from './notifications.slice';

function* countSaga() {
  // A page with signed-in data arrived with the count (contract/page.ts).
  const user = (yield select(selectUser)) as User | null;
  const arrived = user ? takePageData('unread', user.id) : null;
  if (arrived) {
    yield put(a.countSucceeded(arrived));
    return;
  }
  yield* request(notificationsApi.count, [], { succeeded: a.countSucceeded, failed: () => a.countFailed() });
}

/** The bell is shown: the count, unless this session's is known or on its way. */
export function* countWantedSaga() {
  if ((yield select(selectCountAsked)) as boolean) return;
  yield put(a.countRequested());
}

export function* pageSaga(action: PayloadAction<{ page: number }>) {
  const { page } = action.payload;
  const result = yield* request(notificationsApi.list, [{ page }], { succeeded: (reply) => a.pageSucceeded({ page, reply }), failed: a.pageFailed });
  // What the page shows has been seen: those, not the older ones a later page would show.
  const shown = result.ok ? result.data.items.filter((n) => !n.read).map((n) => n.id) : [];
  if (shown.length > 0) yield put(a.shownRead({ ids: shown }));
}

export function* shownReadSaga(action: PayloadAction<{ ids: number[] }>) {
  yield* request(notificationsApi.readMany, [action.payload], { succeeded: a.countSucceeded, failed: () => ({ type: 'notifications/readFailed' }) });
}

function* readSaga(action: PayloadAction<{ id: number }>) {
  yield* request(notificationsApi.read, [action.payload], { succeeded: a.countSucceeded, failed: () => ({ type: 'notifications/readFailed' }) });
}

export const notificationsSaga = rootSaga({
  latest: [
    [
      a.opened,
      function* () {
        yield put(a.pageRequested({ page: 1 }));
      },
    ],
    [a.pageRequested, pageSaga],
    [[a.countRequested, sessionStarted], countSaga],
  ],
  leading: [[a.countWanted, countWantedSaga]],
  every: [
    [a.shownRead, shownReadSaga],
    [a.readRequested, readSaga],
  ],
});
