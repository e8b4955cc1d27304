/**
 * A student's check-in button on a lesson: in its time, and for a make-up session out of it (attendance
 * open now); his online lesson's Join on its lesson, or when it opens (docs/areas/webinar.md).
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Schedule, ScheduleLesson } from '@contract/schedule';
import type { StudentMeeting } from '@contract/webinar';
import { renderWithStore } from '../../test/render';
import { recordSaga } from '../../test/saga';
import { initialSessionState } from '@shared/session/session';
import { http, ok, server, student } from '../../test/server';
import { wallClock } from '@lib/dates';
import { loadedSettings } from '../../test/settings';
import { makeStore } from '../../test/render';
import { ScheduleView } from './components/ScheduleView';
import { attendanceSaga } from './schedule.saga';
import { scheduleActions } from './schedule.slice';

// Both lessons are on a weekday other than today, so neither is in progress.
const today = ((new Date().getDay() + 6) % 7) + 1;
const otherDay = (today % 7) + 1;
const lesson = (idShed: number, discipline: string): ScheduleLesson => ({
  idShed,
  day_number: otherDay,
  id_time: 1,
  startsAt: '08:00',
  endsAt: '09:20',
  idAud: 3,
  room: '101, Главный корпус',
  id_discipline: idShed,
  discipline,
  id_vid_zaniatiy: 1,
  lessonType: 'Лекция',
  subgroup: 0,
  who: 'Асанов Бакыт Кубанычбекович',
});
const schedule: Schedule = { year: 2026, ws: 1, days: [{ day_number: otherDay, lessons: [lesson(7, 'Компьютерные сети'), lesson(8, 'Базы данных')] }] };

describe('check-in on the schedule', () => {
  it('offers the check-in on a lesson out of its time whose attendance is open (a make-up session), not on the others', () => {
    renderWithStore(<ScheduleView schedule={schedule} role={2} headingLevel={2} attendanceOpen={[7]} />);
    const makeup = within(screen.getByTestId('lesson-7')).getByRole('link', { name: /Отметиться/ });
    expect(makeup).toHaveAttribute('href', '/lms/qrscan');
    expect(within(screen.getByTestId('lesson-8')).queryByRole('link', { name: /Отметиться/ })).not.toBeInTheDocument();
  });

  it('offers none without open attendance, and none offline', () => {
    const { unmount } = renderWithStore(<ScheduleView schedule={schedule} role={2} headingLevel={2} />);
    expect(screen.queryByRole('link', { name: /Отметиться/ })).not.toBeInTheDocument();
    unmount();
    renderWithStore(<ScheduleView schedule={schedule} role={2} headingLevel={2} actions={false} attendanceOpen={[7]} />);
    expect(screen.queryByRole('link', { name: /Отметиться/ })).not.toBeInTheDocument();
  });

  it("asks the server which of a student's lessons have attendance open", async () => {
    server.use(
      http.post('/api/qr/student/lessons.json', () =>
        ok([{ idShed: 7, idAud: 3, discipline: 'Компьютерные сети', room: '101', startsAt: '08:00', marked: false }]),
      ),
    );
    const actions = await recordSaga(attendanceSaga, { session: { ...initialSessionState, status: 'authenticated', user: student } });
    expect(actions).toContainEqual(scheduleActions.attendanceKnown([7]));
  });
});

describe('online lessons on the schedule', () => {
  const meeting = (id: number, idShed: number, opensIn: number): StudentMeeting => ({
    id,
    idShed,
    date: '2026-11-18',
    startsAt: '08:00',
    endsAt: '09:20',
    discipline: 'Базы данных',
    lessonType: 'Лекция',
    group: 'ПИ-1-24',
    opensAt: new Date(Date.now() + opensIn * 60_000).toISOString(),
    closesAt: new Date(Date.now() + (opensIn + 90) * 60_000).toISOString(),
    teacher: 'Асанов Бакыт Кубанычбекович',
    dayNumber: otherDay,
    thisWeek: true,
    joinedAt: null,
    recordings: [],
  });

  it('shows Join on the lesson whose meeting is open, when it opens on the other, and nothing offline', () => {
    const webinars = [meeting(1, 7, -5), meeting(2, 8, 60)];
    const { unmount } = renderWithStore(<ScheduleView schedule={schedule} role={2} headingLevel={2} webinars={webinars} />);
    expect(within(screen.getByTestId('lesson-7')).getByRole('button', { name: /Подключиться/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('lesson-8')).getByTestId('join-opens-2')).toHaveTextContent(/Онлайн-занятие: вход с \d\d:\d\d/);
    unmount();
    renderWithStore(<ScheduleView schedule={schedule} role={2} headingLevel={2} actions={false} webinars={webinars} />);
    expect(screen.queryByRole('button', { name: /Подключиться/ })).not.toBeInTheDocument();
  });
});

describe("the lesson in progress on the university's clock", () => {
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  /** A lesson from half an hour before `clock` to half an hour after it, on `day`. */
  const around = (idShed: number, day: number, clock: string): ScheduleLesson => ({
    ...lesson(idShed, `Урок ${idShed}`),
    day_number: day,
    startsAt: hhmm(Math.max(0, minutesOf(clock) - 30)),
    endsAt: hhmm(minutesOf(clock) + 30),
  });

  it("marks the lesson on now in the university's zone, not the one on now on this device's clock", () => {
    const now = new Date();
    const device = wallClock(now, null);
    // A zone at least three hours away from this device's.
    const zone = ['Pacific/Kiritimati', 'America/Los_Angeles'].find((z) => {
      const there = wallClock(now, z);
      return there.date !== device.date || Math.abs(minutesOf(there.clock) - minutesOf(device.clock)) >= 180;
    })!;
    const university = wallClock(now, zone);
    const one = around(1, university.day, university.clock);
    const two = around(2, device.day, device.clock);
    const days =
      university.day === device.day
        ? [{ day_number: university.day, lessons: [one, two] }]
        : [
            { day_number: university.day, lessons: [one] },
            { day_number: device.day, lessons: [two] },
          ];
    const settings = loadedSettings(2026, 1);
    const store = makeStore({ settings: { ...settings, data: { ...settings.data, defaults: { ...settings.data.defaults!, timeZone: zone } } } });
    renderWithStore(<ScheduleView schedule={{ year: 2026, ws: 1, days }} role={2} headingLevel={2} />, { store });
    expect(screen.getByTestId('lesson-1')).toHaveClass('is-now');
    expect(screen.getByTestId('lesson-2')).not.toHaveClass('is-now');
  });
});
