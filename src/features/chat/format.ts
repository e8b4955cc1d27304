/** Small display rules of the chat: times and day separators. */
import dayjs from 'dayjs';
import { formatDate } from '@lib/dates';

/** HH:mm of an ISO time. */
export const timeOf = (iso: string) => dayjs(iso).format('HH:mm');

/** 'today', 'yesterday' or the date in the language's format (lib/dates.ts) for the separator before the first message of a day. */
export function dayOf(iso: string, lng: string | undefined, now: Date = new Date()): { kind: 'today' | 'yesterday' | 'date'; text: string } {
  const day = dayjs(iso).startOf('day');
  const today = dayjs(now).startOf('day');
  if (day.isSame(today)) return { kind: 'today', text: '' };
  if (day.isSame(today.subtract(1, 'day'))) return { kind: 'yesterday', text: '' };
  return { kind: 'date', text: formatDate(day.toDate(), lng) };
}

export const sameDay = (a: string, b: string) => dayjs(a).isSame(dayjs(b), 'day');
