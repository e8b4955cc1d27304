/**
 * The university's wall clock as the timetable uses it: lesson times are local times of the
 * university's time zone, which the server makes its own at start (shared/time-zone.ts), like the
 * academic year (lib/academic-year.ts).
 */
import { badRequest } from '../app-error';

/** 'YYYY-MM-DD' of the local date. */
export function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Day of the week as day_number: 1 Monday … 7 Sunday. */
export function dayNumber(at: Date): number {
  return ((at.getDay() + 6) % 7) + 1;
}

/** The instant of local time 'HH:mm' on the local day of `day`. */
export function atLocalTime(day: Date, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m, 0, 0);
}

/** The local midnight of a requested 'YYYY-MM-DD' date; 400 for a day the calendar has not (31 February). */
export function dayOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(y, m - 1, d);
  if (localDate(day) !== date) throw badRequest({ field: 'date' });
  return day;
}

/** The local midnight n days after (before, when n is negative) the local day of `day`. */
export const plusDays = (day: Date, n: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + n);
