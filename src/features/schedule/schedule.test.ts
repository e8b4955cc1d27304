/** The stored timetable and the weekly rule of docs/areas/schedule.md#for-users, and what the schedule sagas ask and store. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Schedule } from '@contract/schedule';
import { initialSessionState } from '@shared/session/session';
import { loadedSettings } from '../../test/settings';
import { recordSaga } from '../../test/saga';
import { http, ok, recordRequests, server, student } from '../../test/server';
import { readCache, readStoredCache, weeklyRefreshDue, writeCache } from './schedule.cache';
import { languageSaga, loadSaga, openedSaga } from './schedule.saga';
import { initialScheduleState, scheduleActions } from './schedule.slice';

const schedule: Schedule = {
  year: 2026,
  ws: 1,
  days: [
    {
      day_number: 1,
      lessons: [
        {
          idShed: 7,
          day_number: 1,
          id_time: 1,
          startsAt: '08:00',
          endsAt: '09:20',
          idAud: 3,
          room: '101, Главный корпус',
          id_discipline: 4,
          discipline: 'Веб-программирование',
          id_vid_zaniatiy: 1,
          lessonType: 'Лекция',
          subgroup: 0,
          who: 'Асанов Бакыт Кубанычбекович',
        },
      ],
    },
  ],
};
const signedIn = { session: { ...initialSessionState, status: 'authenticated', user: student }, settings: loadedSettings(2026, 1) };
const DAY = 86_400_000;

afterEach(() => localStorage.clear());

describe('the weekly rule', () => {
  // 21 November 2026 is a Saturday, 23 November a Monday.
  const saturday = new Date(2026, 10, 21, 10, 0);
  it('reloads on Saturday or Sunday when the stored copy is 7 days old or more', () => {
    expect(weeklyRefreshDue(new Date(saturday.getTime() - 7 * DAY).toISOString(), saturday)).toBe(true);
    expect(weeklyRefreshDue(new Date(saturday.getTime() - 8 * DAY).toISOString(), new Date(2026, 10, 22, 10, 0))).toBe(true);
    expect(weeklyRefreshDue(null, saturday)).toBe(true);
  });
  it('not on a weekday, and not when younger than 7 days', () => {
    expect(weeklyRefreshDue(new Date(2026, 9, 1).toISOString(), new Date(2026, 10, 23, 10, 0))).toBe(false);
    expect(weeklyRefreshDue(new Date(saturday.getTime() - 6 * DAY).toISOString(), saturday)).toBe(false);
  });
  it("counts the university's days, not the device's", () => {
    // Friday 23:30 in UTC is already Saturday 05:30 in Bishkek; Sunday 20:00 in UTC is Monday 02:00 there.
    const fridayNightUtc = new Date(Date.UTC(2026, 10, 20, 23, 30));
    const sundayEveningUtc = new Date(Date.UTC(2026, 10, 22, 20, 0));
    const old = new Date(Date.UTC(2026, 10, 1)).toISOString();
    expect(weeklyRefreshDue(old, fridayNightUtc, 'Asia/Bishkek')).toBe(true);
    expect(weeklyRefreshDue(old, fridayNightUtc, 'UTC')).toBe(false);
    expect(weeklyRefreshDue(old, sundayEveningUtc, 'Asia/Bishkek')).toBe(false);
    expect(weeklyRefreshDue(old, sundayEveningUtc, 'UTC')).toBe(true);
  });
});

describe('the stored copy', () => {
  it('is kept per user: another account does not get it; the offline page shows the last one', () => {
    writeCache({ year: 2026, ws: 1, uid: student.uid, role: 2, isWeeklyUpdated: false, date: '2026-11-20T08:00:00.000Z', schedule });
    expect(localStorage.getItem('lastUpdated')).toBe('2026-11-20T08:00:00.000Z');
    expect(readCache(student.uid, 2)?.schedule).toEqual(schedule);
    expect(readCache(student.uid + 1, 2)).toBeNull();
    expect(readStoredCache()?.schedule).toEqual(schedule);
    localStorage.setItem('schedule', '{not json');
    expect(readCache(student.uid, 2)).toBeNull();
  });
});

describe('schedule sagas', () => {
  it('opened without a stored copy: loads', async () => {
    expect(await recordSaga(openedSaga, signedIn)).toEqual([scheduleActions.loadRequested({ weekly: false })]);
  });

  it('opened with a fresh stored copy: shows it and asks nothing', async () => {
    const date = new Date().toISOString();
    writeCache({ year: 2026, ws: 1, uid: student.uid, role: 2, isWeeklyUpdated: false, date, language: 'ru', schedule });
    expect(await recordSaga(openedSaga, signedIn)).toEqual([scheduleActions.cacheRestored({ schedule, date })]);
  });

  it('opened with a fresh copy stored in another language: shows it, then loads it again in this one', async () => {
    const date = new Date().toISOString();
    writeCache({ year: 2026, ws: 1, uid: student.uid, role: 2, isWeeklyUpdated: false, date, language: 'en', schedule });
    expect(await recordSaga(openedSaga, signedIn)).toEqual([
      scheduleActions.cacheRestored({ schedule, date }),
      scheduleActions.loadRequested({ weekly: false }),
    ]);
  });

  it('a language switch loads a shown timetable again, and nothing when none was opened', async () => {
    const shown = { ...signedIn, schedule: { ...initialScheduleState, timetable: { ...initialScheduleState.timetable, data: schedule } } };
    expect(await recordSaga(languageSaga, shown)).toEqual([scheduleActions.loadRequested({ weekly: false })]);
    expect(await recordSaga(languageSaga, { ...signedIn, schedule: initialScheduleState })).toEqual([]);
  });

  it('load: the current year and half-year of the shared settings, then the student call alone; the reply is stored', async () => {
    const log = recordRequests();
    server.use(http.post('/api/schedule/student.json', () => ok(schedule)));
    const actions = await recordSaga(loadSaga, { ...signedIn, settings: loadedSettings(2026, 1) }, scheduleActions.loadRequested({ weekly: true }));
    log.stop();
    expect(log.paths()).toEqual(['/api/schedule/student.json']);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ type: 'schedule/loadSucceeded', payload: { schedule } });
    expect(log.requests.find((r) => r.path === '/api/schedule/student.json')?.body).toEqual({
      year: 2026,
      ws: 1,
      uid: student.uid,
      role: 2,
      isWeeklyUpdated: true,
    });
    expect(readCache(student.uid, 2)?.schedule).toEqual(schedule);
    expect(readCache(student.uid, 2)?.language).toBe('ru');
  });
});
