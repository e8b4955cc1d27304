/** Schedule loads: the stored copy first, the weekly rule of docs/areas/schedule.md#for-users, loads on demand, the 7-day timer, and the calendar link. */
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, fork, put, race, select, take } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@contract/auth';
import { ROLE_STUDENT, ROLE_TEACHER } from '@shared/request/roles';
import { qrApi } from '@api/qr';
import type { Result } from '@api/http';
import type { QrOpenLesson } from '@contract/qr';
import { scheduleApi } from '@api/schedule';
import { webinarStudentApi } from '@api/webinar';
import type { StudentMeeting } from '@contract/webinar';
import { currentLanguage } from '../../i18n/languages';
import { readItem, STORAGE_KEYS } from '@lib/storage';
import { request, requireUser } from '@shared/request/request.saga';
import { selectUser, sessionStarted } from '@shared/session/session';
import { requirePeriod, selectTimeZone } from '@shared/settings/settings';
import { shellActions } from '@shared/shell/shell.slice';
import { readCache, SCHEDULE_REFRESH_MS, weeklyRefreshDue, writeCache } from './schedule.cache';
import { scheduleActions, selectSchedule, type ScheduleState } from './schedule.slice';

/**
 * The stored copy at once; a first load when there is none for this user, or when it was loaded in
 * another language (the server names the disciplines, rooms and teachers in the caller's language);
 * else the weekly rule.
 */
export function* openedSaga() {
  const user = (yield select(selectUser)) as User | null;
  if (!user) return;
  const cached = readCache(user.uid, user.role);
  if (cached) yield put(scheduleActions.cacheRestored({ schedule: cached.schedule, date: cached.date }));
  if (!cached || cached.language !== currentLanguage()) yield put(scheduleActions.loadRequested({ weekly: false }));
  else if (weeklyRefreshDue(readItem(STORAGE_KEYS.lastUpdated), new Date(), (yield select(selectTimeZone)) as string | null))
    yield put(scheduleActions.loadRequested({ weekly: true }));
}

/** The weekly timer fired. */
export function* weeklyTickSaga() {
  const user = (yield select(selectUser)) as User | null;
  const timeZone = (yield select(selectTimeZone)) as string | null;
  if (user && weeklyRefreshDue(readItem(STORAGE_KEYS.lastUpdated), new Date(), timeZone)) yield put(scheduleActions.loadRequested({ weekly: true }));
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
  yield call(writeCache, { ...body, date, language: currentLanguage(), schedule: result.data });
  yield put(scheduleActions.loadSucceeded({ schedule: result.data, date }));
}

export function* calendarSaga(action: PayloadAction<{ renew: boolean }>) {
  yield* request(action.payload.renew ? scheduleApi.revokeCalendar : scheduleApi.calendar, [], {
    succeeded: (link) => scheduleActions.calendarSucceeded(link.path),
    failed: scheduleActions.calendarFailed,
  });
}

/**
 * The language was switched: a timetable on screen or in the store is loaded again in the new one
 * (the stored copy stays on screen until it arrives, and offline).
 */
export function* languageSaga() {
  const { timetable } = (yield select(selectSchedule)) as ScheduleState;
  if (timetable.data || timetable.fetching) yield put(scheduleActions.loadRequested({ weekly: false }));
}

/** Every SCHEDULE_REFRESH_MS the weekly rule is checked again. */
export function* weeklyTimer() {
  for (;;) {
    yield delay(SCHEDULE_REFRESH_MS);
    yield put(scheduleActions.weeklyTick());
  }
}

/** How often a student's open attendance is asked while nothing else asks it (ms). */
export const ATTENDANCE_POLL_MS = 60_000;

/** The student's lessons whose attendance is open now, and his online lessons of the week (a failed call keeps what is known). */
export function* attendanceSaga() {
  const user = (yield select(selectUser)) as User | null;
  if (user?.role !== ROLE_STUDENT) return;
  const result = (yield call(qrApi.openLessons)) as Result<QrOpenLesson[]>;
  if (result.ok) yield put(scheduleActions.attendanceKnown(result.data.map((l) => l.idShed)));
  const webinars = (yield call(webinarStudentApi.list)) as Result<StudentMeeting[]>;
  if (webinars.ok) yield put(scheduleActions.webinarsKnown(webinars.data));
}

/** The page came back into view (the window focused, the tab shown again). */
export function viewChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const shown = () => {
      if (document.visibilityState !== 'hidden') emit(true);
    };
    window.addEventListener('focus', shown);
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.removeEventListener('focus', shown);
      document.removeEventListener('visibilitychange', shown);
    };
  });
}

/**
 * A student's open attendance: asked at once, when the page comes back into view and every
 * ATTENDANCE_POLL_MS while it is in view (a session's end by the clock), and on sign-in; the live
 * `qrAttendance` event asks at once too. A hidden tab does not ask: it asks when shown again.
 */
export function* attendanceWatch() {
  const views: EventChannel<true> = yield call(viewChannel);
  try {
    for (;;) {
      if (document.visibilityState !== 'hidden') yield put(scheduleActions.attendanceRequested());
      yield race({ view: take(views), tick: delay(ATTENDANCE_POLL_MS), signedIn: take(sessionStarted.type) });
    }
  } finally {
    views.close();
  }
}

// The timers start after the watchers: the first attendance request may be put at once.
export const scheduleSaga = rootSaga(
  {
    latest: [
      [scheduleActions.opened, openedSaga],
      [scheduleActions.weeklyTick, weeklyTickSaga],
      [scheduleActions.loadRequested, loadSaga],
      [scheduleActions.calendarRequested, calendarSaga],
      [shellActions.languageChanged, languageSaga],
      [scheduleActions.attendanceRequested, attendanceSaga],
    ],
  },
  [fork(weeklyTimer), fork(attendanceWatch)],
);
