/**
 * The journal's arithmetic (docs/areas/journal.md#for-users): a cell's key, how a typed mark is read, and
 * one student's totals: 'н/б' is an absence, a present mark without a grade counts 0 in the
 * average, 'ув' (excused) counts neither, other marks are integers; beside the average, the mean of
 * the marks given; both rounded to 2 decimals.
 */
import { markTotals, type MarkTotals } from '@contract/pure/journal-totals';
import { wallClock } from '@lib/dates';
import { ABSENT, EXCUSED, PRESENT, SCALES, type MarkScale } from './journal.api';

/** A lesson column: date and lesson time. */
export const lessonKey = (date: string, time: number) => `${date}|${time}`;
/** A cell: student and lesson. */
export const cellKey = (student: number, date: string, time: number) => `${student}|${date}|${time}`;

/** A stored mark as the grid shows it: present without a grade is '+'; no record is ''. */
export function showMark(mark: string | null | undefined): string {
  if (mark === undefined) return '';
  return mark === null ? PRESENT : mark;
}

/**
 * What the teacher typed, as the server wants it: '' clears (null), '+', 'н/б' (also 'нб', 'н', and
 * from a Latin keyboard 'n', 'nb', 'n/b'), 'ув' (also 'у', 'u', 'uv'), in any case, or a whole number
 * of the journal's scale (2..5 by default). Anything else: 'invalid'.
 */
const ABSENT_TYPED = new Set([ABSENT, 'нб', 'н', 'n', 'nb', 'n/b']);
const EXCUSED_TYPED = new Set([EXCUSED, 'у', 'u', 'uv']);

export function readMark(typed: string, scale: MarkScale = '2-5'): string | null | 'invalid' {
  const v = typed.trim().toLowerCase();
  if (v === '') return null;
  if (v === PRESENT) return PRESENT;
  if (ABSENT_TYPED.has(v)) return ABSENT;
  if (EXCUSED_TYPED.has(v)) return EXCUSED;
  if (/^\d{1,3}$/.test(v) && Number(v) >= SCALES[scale].min && Number(v) <= SCALES[scale].max) return String(Number(v));
  return 'invalid';
}

/** A written mark ('+' present, null cleared) as it will be stored (null present, undefined none). */
export function storedFrom(written: string | null): string | null | undefined {
  if (written === null) return undefined;
  return written === PRESENT ? null : written;
}

export type Totals = MarkTotals;

/** One student's totals: the server's computation (contract/pure/journal-totals.ts). */
export const totalsOf = (marks: readonly (string | null)[]): Totals => markTotals(marks);

/** A mean as shown: two decimals, or a dash before the first mark. */
export const showMean = (mean: number | null) => (mean === null ? '–' : mean.toFixed(2));

/** A final result as shown: points and the scale's letter ('87 · A-'). */
export const showFinal = (f: { points: number; ekv_bukv: string }) => (f.ekv_bukv ? `${f.points} · ${f.ekv_bukv}` : String(f.points));

/** '2026-09-07' → '07.09' */
export const shortDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
/** '2026-09-07' → '07.09.2026' */
export const fullDate = (date: string) => `${shortDate(date)}.${date.slice(0, 4)}`;

/** A pasted block from Excel or LibreOffice: its lines, each split into columns at tabs. */
export function pastedBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => l.split('\t'));
}

/**
 * The cells of a pasted block that fall outside the grid when its top left corner is at (row, col)
 * of a grid of `rows` × `cols`: such a block is refused whole (nothing is dropped silently).
 */
export function overflowOf(block: readonly (readonly string[])[], row: number, col: number, rows: number, cols: number): number {
  let out = 0;
  block.forEach((line, i) => line.forEach((_, j) => (row + i >= rows || col + j >= cols ? out++ : 0)));
  return out;
}

/** Today's date at the university (its time zone; this device's without one), YYYY-MM-DD. */
export const today = (timeZone: string | null = null) => wallClock(new Date(), timeZone).date;

/** ISO day of the week of a date, 1 Monday .. 7 Sunday (the timetable's day numbers). */
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
