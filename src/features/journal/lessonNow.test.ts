import { describe, expect, it } from 'vitest';
import { lessonNow, scheduledToday, startOf } from './lessonNow';

const period = { startsOn: '2026-09-01', endsOn: '2026-12-27' };
/** Tuesday 08:00–09:20 (id 1) in the teacher's timetable. */
const timetable = [{ day_number: 2, id_time: 1, time: '08:00–09:20' }];
const at = (iso: string) => new Date(`${iso}:00`);

describe('the lesson a journal opens on', () => {
  it("a Tuesday 08:00 lesson, clock Tue 08:10: today's lesson of the timetable, not last week's", () => {
    const lessons = [
      { date: '2026-11-17', time: 1, start: '08:00' },
      { date: '2026-11-24', time: 1, start: '08:00' },
    ];
    expect(lessonNow({ lessons, timetable, period, now: at('2026-12-01T08:10') })).toEqual({ date: '2026-12-01', time: 1 });
    expect(scheduledToday({ timetable, period, now: at('2026-12-01T08:10') })).toEqual([{ date: '2026-12-01', time: 1, start: '08:00' }]);
  });

  it('before the lesson starts: the latest one not in the future', () => {
    const lessons = [{ date: '2026-11-24', time: 1, start: '08:00' }];
    expect(lessonNow({ lessons, timetable, period, now: at('2026-12-01T07:55') })).toEqual({ date: '2026-11-24', time: 1 });
  });

  it('a lesson planned ahead is never opened on; every lesson ahead: none', () => {
    const lessons = [
      { date: '2026-11-23', time: 2, start: '09:30' },
      { date: '2026-12-08', time: 1, start: '08:00' },
    ];
    expect(lessonNow({ lessons, timetable: [], period, now: at('2026-11-29T12:00') })).toEqual({ date: '2026-11-23', time: 2 });
    expect(lessonNow({ lessons: lessons.slice(1), timetable: [], period, now: at('2026-11-29T12:00') })).toBeNull();
  });

  it('later the same day: the lesson on now, of two that day', () => {
    const two = [...timetable, { day_number: 2, id_time: 3, time: '11:10–12:30' }];
    expect(lessonNow({ lessons: [], timetable: two, period, now: at('2026-12-01T11:20') })).toEqual({ date: '2026-12-01', time: 3 });
    expect(lessonNow({ lessons: [], timetable: two, period, now: at('2026-12-01T10:00') })).toEqual({ date: '2026-12-01', time: 1 });
  });

  it('a day outside the half-year offers no timetable lesson', () => {
    expect(scheduledToday({ timetable, period, now: at('2027-01-05T08:10') })).toEqual([]);
    expect(startOf('8:00–9:20')).toBe('08:00');
  });

  it("reads the clock in the university's zone, not the device's", () => {
    const lessons = [{ date: '2026-11-24', time: 1, start: '08:00' }];
    // Tuesday 08:10 in Bishkek is Monday evening in New York: there the Tuesday lesson has not begun.
    const now = new Date('2026-12-01T02:10:00Z');
    expect(lessonNow({ lessons, timetable, period, now, timeZone: 'Asia/Bishkek' })).toEqual({ date: '2026-12-01', time: 1 });
    expect(scheduledToday({ timetable, period, now, timeZone: 'Asia/Bishkek' })).toEqual([{ date: '2026-12-01', time: 1, start: '08:00' }]);
    expect(lessonNow({ lessons, timetable, period, now, timeZone: 'America/New_York' })).toEqual({ date: '2026-11-24', time: 1 });
    expect(scheduledToday({ timetable, period, now, timeZone: 'America/New_York' })).toEqual([]);
  });
});
