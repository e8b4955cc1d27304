/** A student's check-in button on a lesson: in its time, and for a make-up session out of it (attendance open now). */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Schedule, ScheduleLesson } from '@contract/schedule';
import { renderWithStore } from '../../test/render';
import { recordSaga } from '../../test/saga';
import { initialSessionState } from '@shared/session/session';
import { http, ok, server, student } from '../../test/server';
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
