/**
 * A grading sheet's module points from the journals of its discipline for its group in the half-year
 * (docs/areas/gradingsheet.md#for-users): the lecture's, the laboratory's, the seminar's... whoever
 * teaches them. The sheet's columns are the modules of all these journals' topics (none: one column
 * of all lessons). A student's journals are those of the whole group or stream and those of a
 * subgroup where he has an entry (a mark, an absence, a presence), less those he was taken off. In
 * each column, each of his journals gives its share: the journal's mean of his marks in that module
 * (as its totals compute it, contract/pure/journal-totals.ts; no marks: 0) over its scale's
 * maximum; the shares are averaged weighted by the journal's lessons in that module (in the column
 * of all lessons, its lessons), and times the column's part of MODULES_POINTS_MAX, rounded. With one
 * journal this is that journal's module subtotal.
 */
import { markTotals, moduleSubtotals, modulesOf, type LessonMark, type TopicModule } from '@contract/pure/journal-totals';
import { MARK_SCALES, type MarkScale } from '@contract/journal';
import { MODULES_POINTS_MAX } from '@contract/gradingsheet';
import type { Db } from '../../db/client';
import * as repo from './gradingsheet.repository';

/** A module's part of MODULES_POINTS_MAX among `count` modules: the points split evenly, the first modules taking the rest. */
export function moduleMax(index: number, count: number): number {
  return Math.floor(MODULES_POINTS_MAX / count) + (index < MODULES_POINTS_MAX % count ? 1 : 0);
}

/** A journal as the module points read it: its scale, whether it is a subgroup's, its topics and lessons, the students taken off it. */
export interface PointsJournal {
  id: number;
  markScale: string;
  subgroup: number;
  topics: TopicModule[];
  lessons: number;
  removed: ReadonlySet<number>;
}

/** The sheet's module columns: the modules of all the journals' topics, in ascending order (none: one column of all lessons). */
export function sheetModules(journals: readonly PointsJournal[]): number[] {
  return modulesOf(journals.flatMap((j) => j.topics));
}

const scaleMaxOf = (j: PointsJournal) => MARK_SCALES[(j.markScale as MarkScale) in MARK_SCALES ? (j.markScale as MarkScale) : '2-5'].max;

/**
 * A student's points of each column of `moduleIds` (empty: the one column of all lessons), from his
 * entries in each journal (`entries.get(journalId)`, none: no entry there).
 */
export function studentModulePoints(
  journals: readonly PointsJournal[],
  studentId: number,
  entries: ReadonlyMap<number, readonly LessonMark[]>,
  moduleIds: readonly number[],
): number[] {
  const own = journals.filter((j) => !j.removed.has(studentId) && (j.subgroup === 0 || entries.has(j.id)));
  const columns = moduleIds.length ? moduleIds : [null];
  return columns.map((id, i) => {
    const shares: { weight: number; share: number }[] = [];
    for (const j of own) {
      const marks = entries.get(j.id) ?? [];
      const weight = id === null ? j.lessons : j.topics.filter((t) => t.id_module === id).length;
      if (weight === 0) continue;
      const mean = id === null ? markTotals(marks.map((m) => m.otsenka)).ball_mean : moduleSubtotals(marks, j.topics, [id])[0].ball_mean;
      shares.push({ weight, share: (mean ?? 0) / scaleMaxOf(j) });
    }
    const weights = shares.reduce((n, s) => n + s.weight, 0);
    // One journal's share as it is (its subtotal); several weighted by their lessons.
    const share = shares.length === 1 ? shares[0].share : weights ? shares.reduce((n, s) => n + s.weight * s.share, 0) / weights : 0;
    const max = moduleMax(i, columns.length);
    return Math.min(max, Math.round(share * max));
  });
}

/** The journals of the sheet's discipline for its group in its half-year, with what the module points read of them. */
export async function journalsOf(db: Db, s: repo.SheetRow): Promise<PointsJournal[]> {
  const rows = await repo.disciplineJournals(db, s);
  const ids = rows.map((j) => j.id);
  const [topics, lessons, removed] = await Promise.all([repo.topicsOfJournals(db, ids), repo.lessonCounts(db, ids), repo.removedFrom(db, ids)]);
  return rows.map((j) => ({
    ...j,
    topics: topics.filter((t) => t.journalId === j.id),
    lessons: lessons.get(j.id) ?? 0,
    removed: new Set(removed.filter((r) => r.journalId === j.id).map((r) => r.studentId)),
  }));
}
