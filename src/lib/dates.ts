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
