/** A journal's marks: its scale, a mark as written → as stored, and a student's totals. */
import { MARK_ABSENT, MARK_EXCUSED, MARK_PRESENT, MARK_SCALES, type MarkScale, type JournalRow } from '@contract/journal';
import { markTotals } from '@contract/pure/journal-totals';
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

/** The totals of one student's marks: the one computation the client runs too (contract/pure/journal-totals.ts). */
export const totals = (marks: readonly (string | null)[]): Pick<JournalRow, 'nb_Count' | 'ball_Count' | 'ball_average' | 'ball_mean'> => markTotals(marks);
