/**
 * Which lesson a journal opens on (docs/areas/journal.md#for-users): the lesson of the teacher's timetable
 * that is on now, else the latest lesson that is not in the future. A lesson starts at its time's
 * start ("08:00" of "08:00–09:20"); one that starts later today, or on a later day, is in the future
 * and is never chosen by itself (marks and attendance are refused there).
 */
import type { TeacherTime } from '@contract/journal';
import { wallClock } from '@lib/dates';
import type { Lesson } from './journal.slice';
import { lessonKey, weekday } from './pivot';

/** The date, YYYY-MM-DD, and the time of day, HH:MM, on the university's clock (this device's without its zone). */
export function localNow(now: Date, timeZone: string | null = null): { date: string; clock: string } {
  const { date, clock } = wallClock(now, timeZone);
  return { date, clock };
}

/** "08:00–09:20" (or "08:00") → "08:00"; '' when it does not start with a time. */
export function startOf(range: string): string {
  const m = /^\s*(\d{1,2}):(\d{2})/.exec(range);
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : '';
}

export interface LessonNowInput {
  /** The journal's lessons with the start of their time. */
  lessons: readonly (Lesson & { start: string })[];
  /** The journal's weekly lessons in the teacher's timetable. */
  timetable: readonly Pick<TeacherTime, 'day_number' | 'id_time' | 'time'>[];
  /** The journal's half-year: a timetable lesson outside it is not offered. */
  period: { startsOn: string; endsOn: string };
  now: Date;
  /** The university's time zone (settings): lesson times are its wall-clock times. Null: this device's. */
  timeZone?: string | null;
}

/** Today's lessons of the timetable that have started by now, earliest first (they may not be in the journal yet). */
export function scheduledToday({ timetable, period, now, timeZone = null }: Omit<LessonNowInput, 'lessons'>): (Lesson & { start: string })[] {
  const { date, clock } = localNow(now, timeZone);
  if (date < period.startsOn || date > period.endsOn) return [];
  const day = weekday(date);
  const seen = new Set<number>();
  return timetable
    .filter((x) => x.day_number === day && startOf(x.time) !== '' && startOf(x.time) <= clock && !seen.has(x.id_time) && seen.add(x.id_time))
    .map((x) => ({ date, time: x.id_time, start: startOf(x.time) }))
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** The lesson to open on, or null when every lesson is in the future (nothing is chosen then). */
export function lessonNow(input: LessonNowInput): Lesson | null {
  const { date, clock } = localNow(input.now, input.timeZone ?? null);
  const past = input.lessons.filter((l) => l.date < date || (l.date === date && l.start <= clock));
  const candidates = [...past, ...scheduledToday(input)];
  let best: (Lesson & { start: string }) | null = null;
  for (const c of candidates) if (!best || c.date > best.date || (c.date === best.date && c.start >= best.start)) best = c;
  return best ? { date: best.date, time: best.time } : null;
}

/** Whether a lesson is one of these. */
export const hasLesson = (lessons: readonly Lesson[], l: Lesson) => lessons.some((x) => lessonKey(x.date, x.time) === lessonKey(l.date, l.time));
