/**
 * A test's result as a journal mark (docs/areas/testing.md#for-users, "Results to the journal") or a
 * grading sheet's exam points ("Results to the grading sheet"): the server writes it, the client's
 * dialog says the rule. A result is the counted score as a
 * percent of the attempt's maximum, rounded to a whole number.
 */

/** On the 2–5 scale: the first threshold the percent reaches gives its mark, below them all TEST_MARK_LOWEST. */
export const TEST_MARK_THRESHOLDS: readonly { minPercent: number; mark: number }[] = [
  { minPercent: 85, mark: 5 },
  { minPercent: 70, mark: 4 },
  { minPercent: 55, mark: 3 },
];
export const TEST_MARK_LOWEST = 2;

/** The mark a whole percent (0–100) makes on a journal's scale (contract/journal.ts MARK_SCALES): on 0–100 the percent itself. */
export function markOfPercent(percent: number, scale: '2-5' | '0-100'): number {
  if (scale === '0-100') return percent;
  return TEST_MARK_THRESHOLDS.find((t) => percent >= t.minPercent)?.mark ?? TEST_MARK_LOWEST;
}

/**
 * A test's result as a grading sheet's exam points (docs/areas/testing.md#for-users, "Results to the
 * grading sheet"): the whole percent (0–100) of `max` points, rounded to whole points.
 */
export function examPointsOfPercent(percent: number, max: number): number {
  return Math.round((Math.min(100, Math.max(0, percent)) * max) / 100);
}
