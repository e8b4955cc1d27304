/** Schedule loads: the stored copy first, the weekly rule of docs/product.md#schedule, loads on demand, the 7-day timer, and the calendar link. */
import { all, call, delay, fork, put, select, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../../contract/auth';
import { ROLE_TEACHER } from '../../shared/request/roles';
import { scheduleApi } from '../../api/schedule';
import { readItem, STORAGE_KEYS } from '../../lib/storage';
import { request, requireUser } from '../../shared/request/request.saga';
import { selectUser } from '../../shared/session/session';
import { requirePeriod } from '../../shared/settings/settings';
import { readCache, SCHEDULE_REFRESH_MS, weeklyRefreshDue, writeCache } from './schedule.cache';
import { scheduleActions } from './schedule.slice';

/** The stored copy at once; a first load when there is none for this user; else the weekly rule. */
export function* openedSaga() {
  const user = (yield select(selectUser)) as User | null;
  if (!user) return;
  const cached = readCache(user.uid, user.role);
  if (cached) yield put(scheduleActions.cacheRestored({ schedule: cached.schedule, date: cached.date }));
  if (!cached) yield put(scheduleActions.loadRequested({ weekly: false }));
  else if (weeklyRefreshDue(readItem(STORAGE_KEYS.lastUpdated), new Date())) yield put(scheduleActions.loadRequested({ weekly: true }));
}

/** The weekly timer fired. */
export function* weeklyTickSaga() {
  const user = (yield select(selectUser)) as User | null;
  if (user && weeklyRefreshDue(readItem(STORAGE_KEYS.lastUpdated), new Date())) yield put(scheduleActions.loadRequested({ weekly: true }));
}

/** The current year and half-year (the shared settings), then the role's call; a success is stored. */
export function* loadSaga(action: PayloadAction<{ weekly: boolean }>) {
  const user = (yield* requireUser(scheduleActions.loadFailed)) as User | null;
  if (!user) return;
  const period = yield* requirePeriod(scheduleActions.loadFailed);
  if (!period) return;
  const body = { year: period.year, ws: period.ws, uid: user.uid, role: user.role, isWeeklyUpdated: action.payload.weekly } as const;
  const result = yield* request(user.role === ROLE_TEACHER ? scheduleApi.teacher : scheduleApi.student, [body], { failed: scheduleActions.loadFailed });
  if (!result.ok) return;
  const date = new Date().toISOString();
  yield call(writeCache, { ...body, date, schedule: result.data });
  yield put(scheduleActions.loadSucceeded({ schedule: result.data, date }));
}

export function* calendarSaga(action: PayloadAction<{ renew: boolean }>) {
  yield* request(action.payload.renew ? scheduleApi.revokeCalendar : scheduleApi.calendar, [], {
    succeeded: (link) => scheduleActions.calendarSucceeded(link.path),
    failed: scheduleActions.calendarFailed,
  });
}

/** Every SCHEDULE_REFRESH_MS the weekly rule is checked again. */
export function* weeklyTimer() {
  for (;;) {
    yield delay(SCHEDULE_REFRESH_MS);
    yield put(scheduleActions.weeklyTick());
  }
}

export function* scheduleSaga() {
  yield all([
    takeLatest(scheduleActions.opened.type, openedSaga),
    takeLatest(scheduleActions.weeklyTick.type, weeklyTickSaga),
    takeLatest(scheduleActions.loadRequested.type, loadSaga),
    takeLatest(scheduleActions.calendarRequested.type, calendarSaga),
    fork(weeklyTimer),
  ]);
}
