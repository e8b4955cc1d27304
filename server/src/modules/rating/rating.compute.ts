/**
 * The rating's arithmetic (docs/areas/rating.md#for-users), on the journal's own totals
 * (contract/pure/journal-totals.ts): a discipline's points are its journals' means of the marks given
 * as a share of each journal's scale maximum (0–100, weighted by the marks given), an average is the
 * mean of a student's disciplines with points, and places are shared by equal averages (1, 2, 2, 4);
 * a student with no mark yet has no place and comes last.
 */
import { MARK_SCALES, type MarkScale } from '@contract/journal';
import { markTotals, TOTALS_ABSENT, TOTALS_EXCUSED } from '@contract/pure/journal-totals';
import type { RatingWarning } from '@contract/rating';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** One student's marks in one journal of the half-year. */
export interface JournalMarks {
  disciplineId: number;
  markScale: string;
  marks: readonly (string | null)[];
}

export interface DisciplinePoints {
  disciplineId: number;
  /** 0–100 with one decimal; null: no mark given yet. */
  points: number | null;
  lessons: number;
  absences: number;
  absencePct: number;
}

const scaleMax = (scale: string) => MARK_SCALES[(scale in MARK_SCALES ? scale : '2-5') as MarkScale].max;

/** A student's points, lessons and absences per discipline, from his journals of the half-year. */
export function disciplinePoints(journals: readonly JournalMarks[]): DisciplinePoints[] {
  const byDiscipline = new Map<number, { share: number; graded: number; lessons: number; absences: number }>();
  for (const j of journals) {
    const t = markTotals(j.marks);
    const graded = j.marks.filter((m) => m !== null && m !== TOTALS_ABSENT && m !== TOTALS_EXCUSED).length;
    const d = byDiscipline.get(j.disciplineId) ?? { share: 0, graded: 0, lessons: 0, absences: 0 };
    if (t.ball_mean !== null) d.share += (t.ball_mean / scaleMax(j.markScale)) * graded;
    d.graded += graded;
    d.lessons += j.marks.length;
    d.absences += t.nb_Count;
    byDiscipline.set(j.disciplineId, d);
  }
  return [...byDiscipline].map(([disciplineId, d]) => ({
    disciplineId,
    points: d.graded ? round1((d.share / d.graded) * 100) : null,
    lessons: d.lessons,
    absences: d.absences,
    absencePct: d.lessons ? round1((d.absences / d.lessons) * 100) : 0,
  }));
}

/** The mean of the disciplines with points (one decimal); null when none has any. */
export function averageOf(points: readonly DisciplinePoints[]): number | null {
  const given = points.flatMap((p) => (p.points === null ? [] : [p.points]));
  return given.length ? round1(given.reduce((a, b) => a + b, 0) / given.length) : null;
}

/**
 * Places by average, highest first: equal averages share a place and the next place skips them
 * (1, 2, 2, 4); no average, no place. Returns the items in order of place (those without one last,
 * in the order given) with their places.
 */
export function ranked<T extends { average: number | null }>(items: readonly T[]): (T & { place: number | null })[] {
  const withPoints = items.filter((i) => i.average !== null).sort((a, b) => b.average! - a.average!);
  const out = withPoints.map((i) => ({ ...i, place: 1 + withPoints.filter((o) => o.average! > i.average!).length }));
  return [...out, ...items.filter((i) => i.average === null).map((i) => ({ ...i, place: null }))];
}

export interface Thresholds {
  /** Absences at or over this share (%) warn; 0: never. */
  absencesPct: number;
  /** Points under this (0–100) warn; 0: never. */
  pointsPct: number;
}

/** The disciplines in which a student crosses a threshold. */
export function warningsOf(points: readonly DisciplinePoints[], names: ReadonlyMap<number, string>, t: Thresholds): RatingWarning[] {
  return points.flatMap((p) => {
    const discipline = names.get(p.disciplineId) ?? '';
    const out: RatingWarning[] = [];
    if (t.absencesPct > 0 && p.lessons > 0 && p.absencePct >= t.absencesPct)
      out.push({ id_discipline: p.disciplineId, discipline, kind: 'absences', value: p.absencePct, threshold: t.absencesPct });
    if (p.points !== null && p.points < t.pointsPct)
      out.push({ id_discipline: p.disciplineId, discipline, kind: 'points', value: p.points, threshold: t.pointsPct });
    return out;
  });
}
