/**
 * The stored schedule (docs/areas/schedule.md#for-users): localStorage `schedule` holds the request fields,
 * the date and the timetable, `lastUpdated` the time of the last successful load, so the timetable
 * shows offline and after a restart. Refresh rule: a stored timetable is reloaded only on Saturday
 * or Sunday (the university's days, wherever the device is) and when it is SCHEDULE_STALE_DAYS days
 * old or more (and on demand).
 */
import type { Language, Role } from '@contract/common';
import type { Schedule } from '@contract/schedule';
import { wallClock } from '@lib/dates';
import { readItem, STORAGE_KEYS, writeItem } from '@lib/storage';

/** The weekly timer (ms): 7 days. */
export const SCHEDULE_REFRESH_MS = 604_800_000;
export const SCHEDULE_STALE_DAYS = 7;
const DAY_MS = 86_400_000;

export interface CachedSchedule {
  year: number;
  ws: number;
  uid: number;
  role: Role;
  isWeeklyUpdated: boolean;
  /** ISO time of the load. */
  date: string;
  /** The language the server named the disciplines, rooms and teachers in (absent in copies stored before it was kept). */
  language?: Language;
  schedule: Schedule;
}

function isCached(value: unknown): value is CachedSchedule {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<CachedSchedule>;
  return typeof v.uid === 'number' && typeof v.role === 'number' && typeof v.date === 'string' && Boolean(v.schedule && Array.isArray(v.schedule.days));
}

/** The stored timetable of this user, if any. */
export function readCache(uid: number, role: Role): CachedSchedule | null {
  try {
    const parsed: unknown = JSON.parse(readItem(STORAGE_KEYS.schedule) ?? 'null');
    return isCached(parsed) && parsed.uid === uid && parsed.role === role ? parsed : null;
  } catch {
    return null;
  }
}

/** The stored timetable, whoever it was loaded for (the offline page: logout clears it, so it is this device's last user's). */
export function readStoredCache(): CachedSchedule | null {
  try {
    const parsed: unknown = JSON.parse(readItem(STORAGE_KEYS.schedule) ?? 'null');
    return isCached(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeCache(entry: CachedSchedule): void {
  writeItem(STORAGE_KEYS.schedule, JSON.stringify(entry));
  writeItem(STORAGE_KEYS.lastUpdated, entry.date);
}

/** Saturday or Sunday in the university's time zone (the device's when unknown), and the last update at least SCHEDULE_STALE_DAYS old. */
export function weeklyRefreshDue(lastUpdated: string | null, now: Date, timeZone: string | null = null): boolean {
  const day = wallClock(now, timeZone).day;
  if (day !== 6 && day !== 7) return false;
  const last = lastUpdated ? Date.parse(lastUpdated) : NaN;
  return Number.isNaN(last) || now.getTime() - last >= SCHEDULE_STALE_DAYS * DAY_MS;
}
