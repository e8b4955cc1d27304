/**
 * How the portal writes dates and times (docs/product.md#languages), one format per language for
 * every screen: day first in all three, with dots in Russian and Kyrgyz (29.11.2026) and slashes in
 * English (29/11/2026), and the 24-hour clock (14:05). Written out here rather than left to each
 * browser's locale data, which differs between browsers and, for Kyrgyz, is not day first.
 */
import { toLanguage, type Language } from '../i18n/languages';

const SEPARATOR: Record<Language, string> = { ru: '.', kg: '.', en: '/' };

const two = (n: number) => String(n).padStart(2, '0');

/** A Date, an ISO time, or a calendar day 'YYYY-MM-DD' (taken as that day here, not as midnight UTC). */
export type DateValue = Date | string;

function toDate(value: DateValue): Date {
  if (value instanceof Date) return value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12) : new Date(value);
}

/** 29.11.2026 (ru, kg), 29/11/2026 (en); '' for a value that is no date. */
export function formatDate(value: DateValue, lng: string | undefined): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const s = SEPARATOR[toLanguage(lng)];
  return `${two(d.getDate())}${s}${two(d.getMonth() + 1)}${s}${d.getFullYear()}`;
}

/** 14:05; '' for a value that is no date. */
export function formatTime(value: DateValue): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? '' : `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** 29.11.2026 14:05 (ru, kg), 29/11/2026 14:05 (en); '' for a value that is no date. */
export function formatDateTime(value: DateValue, lng: string | undefined): string {
  const date = formatDate(value, lng);
  return date && `${date} ${formatTime(value)}`;
}

/** A moment on a wall clock: the day 'YYYY-MM-DD', the time 'HH:MM' and the weekday (1 Monday … 7 Sunday, the timetable's day numbers). */
export interface WallClock {
  date: string;
  clock: string;
  day: number;
}

/**
 * `now` on the wall clock of `timeZone` (the university's, from its settings: lesson times and
 * today's date are the university's, wherever the device is); this device's own clock when the zone
 * is unknown (null, or a name this browser does not know).
 */
export function wallClock(now: Date, timeZone: string | null): WallClock {
  let fields: { year: number; month: number; day: number; hour: number; minute: number; weekday: number } | null = null;
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        weekday: 'short',
      }).formatToParts(now);
      const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
      const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')) + 1;
      fields = {
        year: Number(part('year')),
        month: Number(part('month')),
        day: Number(part('day')),
        hour: Number(part('hour')),
        minute: Number(part('minute')),
        weekday,
      };
    } catch {
      fields = null;
    }
  }
  fields ??= {
    year: now.getFullYear(),
    month: now.getMonth() + 1,
    day: now.getDate(),
    hour: now.getHours(),
    minute: now.getMinutes(),
    weekday: ((now.getDay() + 6) % 7) + 1,
  };
  return { date: `${fields.year}-${two(fields.month)}-${two(fields.day)}`, clock: `${two(fields.hour)}:${two(fields.minute)}`, day: fields.weekday };
}

/**
 * A datetime-local input's value ('YYYY-MM-DDTHH:MM') of an ISO time on the wall clock of `timeZone`
 * (the university's: a registration period's times are the university's, wherever the device is);
 * this device's clock when the zone is unknown.
 */
export function zonedInputOf(iso: string, timeZone: string | null): string {
  const wall = wallClock(new Date(iso), timeZone);
  return `${wall.date}T${wall.clock}`;
}

/** The moment (ISO) a datetime-local input's value ('YYYY-MM-DDTHH:MM') names on the wall clock of `timeZone`; '' for no such value. */
export function fromZonedInput(value: string, timeZone: string | null): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return '';
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wanted)) return '';
  /** How far the zone's wall clock is ahead of UTC at a moment, in ms. */
  const offset = (at: number) => {
    const wall = wallClock(new Date(at), timeZone);
    return Date.parse(`${wall.date}T${wall.clock}:00Z`) - Math.floor(at / 60_000) * 60_000;
  };
  // The offset at the guess, then at the moment it gives (the two differ only next to a clock change).
  let at = wanted - offset(wanted);
  at = wanted - offset(at);
  return new Date(at).toISOString();
}

/** An ISO time as day and time on the wall clock of `timeZone` (29.11.2026 14:05); '' for a value that is no date. */
export function formatZonedDateTime(iso: string, lng: string | undefined, timeZone: string | null): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const wall = wallClock(at, timeZone);
  return `${formatDate(wall.date, lng)} ${wall.clock}`;
}
