/**
 * The grade point average (docs/areas/transcript.md#for-users): the transcript's, and the rating's
 * history of it by half-year. Over the results with points, each discipline's grade point (ekv_num of
 * the grading scale) weighted by its credits, rounded to 2 decimals; credits count as earned from
 * PASS_POINTS.
 */

/** Points from which a discipline's credits count as earned. */
export const PASS_POINTS = 50;

/** A final result as the GPA reads it. */
export interface GpaResult {
  credits: number;
  points: number | null;
  ekvNum: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Credits earned (sum) and the GPA (avg) of some results. */
export function gpaTotals(rows: readonly GpaResult[]): { sum: number; avg: number } {
  const graded = rows.filter((r) => r.points !== null);
  const credits = graded.reduce((n, r) => n + r.credits, 0);
  const weighted = graded.reduce((n, r) => n + (r.ekvNum ?? 0) * r.credits, 0);
  return { sum: graded.filter((r) => (r.points ?? 0) >= PASS_POINTS).reduce((n, r) => n + r.credits, 0), avg: credits ? round2(weighted / credits) : 0 };
}
