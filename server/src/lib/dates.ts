/**
 * Days as the portal writes them (the client's src/lib/dates.ts): day first, with dots in Russian
 * and Kyrgyz (29.11.2026) and slashes in English (29/11/2026), whatever locale data the reader's
 * browser or PDF viewer has. A Date is taken in the university's time zone (shared/time-zone.ts).
 */
import type { Language } from '@contract/common';

const two = (n: number) => String(n).padStart(2, '0');

/** A Date, or a calendar day 'YYYY-MM-DD', as 29.11.2026 (ru, kg) or 29/11/2026 (en). */
export function portalDate(value: Date | string, lang: Language): string {
  const sep = lang === 'en' ? '/' : '.';
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (m) return [m[3], m[2], m[1]].join(sep);
    value = new Date(value);
  }
  return [two(value.getDate()), two(value.getMonth() + 1), value.getFullYear()].join(sep);
}
