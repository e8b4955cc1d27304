/** A journal's marks: its scale, a mark as written → as stored, and a student's totals. */
import { MARK_ABSENT, MARK_EXCUSED, MARK_PRESENT, MARK_SCALES, type MarkScale, type JournalRow } from '../../../../contract/journal';
import { AppError } from '../../app-error';
import type { Assignment } from './journal.repository';

export const invalidMark = (scale: MarkScale) => new AppError(400, 'INVALID_MARK', { ...MARK_SCALES[scale] });

/** A journal's mark scale as stored (the column's check allows only these). */
export const scaleOf = (a: Assignment): MarkScale => (a.markScale in MARK_SCALES ? (a.markScale as MarkScale) : '2-5');

/**
 * A mark as written → as stored: '+' → null (present), 'н/б' (also 'нб', 'Н/Б'), 'ув', or a whole
 * number of the journal's scale without leading zeros; anything else is INVALID_MARK. `undefined`:
 * clear the cell.
 */
export function parseMark(input: string | null, scale: MarkScale = '2-5'): string | null | undefined {
  if (input === null) return undefined;
  const v = input.trim().toLowerCase();
  if (v === MARK_PRESENT) return null;
  if (v === MARK_ABSENT || v === 'нб') return MARK_ABSENT;
  if (v === MARK_EXCUSED) return MARK_EXCUSED;
  if (/^\d{1,3}$/.test(v)) {
    const n = Number(v);
    const { min, max } = MARK_SCALES[scale];
    if (n >= min && n <= max) return String(n);
  }
  throw invalidMark(scale);
}

/**
 * The totals of one student's marks: 'н/б' an absence, null 0, 'ув' neither, others integers. The
 * average (ball_average) is over the lessons attended, a present lesson without a mark counting 0;
 * the mean (ball_mean) is over the marks given only (null before the first).
 */
export function totals(marks: (string | null)[]): Pick<JournalRow, 'nb_Count' | 'ball_Count' | 'ball_average' | 'ball_mean'> {
  let nb = 0;
  let sum = 0;
  let counted = 0;
  let graded = 0;
  for (const m of marks) {
    if (m === MARK_ABSENT) nb++;
    else if (m === MARK_EXCUSED) continue;
    else {
      sum += m === null ? 0 : parseInt(m, 10) || 0;
      counted++;
      if (m !== null) graded++;
    }
  }
  const round = (x: number) => Math.round(x * 100) / 100;
  return { nb_Count: nb, ball_Count: sum, ball_average: counted ? round(sum / counted) : 0, ball_mean: graded ? round(sum / graded) : null };
}
