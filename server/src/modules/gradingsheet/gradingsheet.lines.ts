/**
 * A grading sheet's lines as they stand (docs/areas/gradingsheet.md): each student's module points
 * (from the journals while the sheet is open, else as kept at the signature), exam points, total,
 * grade and pass.
 */
import type { LessonMark } from '@contract/pure/journal-totals';
import type { Db } from '../../db/client';
import { fullName } from '../../lib/person';
import { journalsOf, sheetModules, studentModulePoints } from './gradingsheet.points';
import * as repo from './gradingsheet.repository';

/** A band of the scale for points, with its words in the caller's language. */
export type Band = Awaited<ReturnType<typeof repo.gradeScale>>[number];
export const bandOf = (scale: readonly Band[], points: number) => scale.find((b) => points >= b.min && points <= b.max);

export interface LineView {
  line: repo.LineRow;
  student: repo.StudentRow;
  modules: number[];
  modulePoints: number;
  admitted: boolean;
  /** He has left the sheet's group: his line stays as it is, takes no exam points and gives no final result. */
  left: boolean;
  total: number | null;
  passed: boolean | null;
  band: Band | undefined;
}

/** The sheet's lines as they stand (lineViews). */
export interface LineViews {
  views: LineView[];
  moduleIds: number[];
  scale: Band[];
}

/** A line's total, grade and pass from its module and exam points. */
export function graded(v: Omit<LineView, 'total' | 'passed' | 'band'>, scale: readonly Band[]): LineView {
  const total = v.admitted ? (v.line.examPoints === null ? null : v.modulePoints + v.line.examPoints) : v.modulePoints;
  const band = total === null ? undefined : bandOf(scale, total);
  return { ...v, total, passed: band ? band.ekvNum > 0 : null, band };
}

/** The lines' order: by full name, as Russian sorts (one collator for every comparison). */
export const byName = new Intl.Collator('ru');

/**
 * The lines as they stand: module points from the journal while open (or as kept), exam points,
 * totals and grades; a line is admitted to the exam from `admissionMin` module points (a resit's always).
 */
export async function lineViews(db: Db, s: repo.SheetRow, admissionMin: number): Promise<LineViews> {
  const [lines, scale] = await Promise.all([repo.linesOf(db, s.id), repo.gradeScale(db)]);
  const students = new Map(
    (
      await repo.studentsById(
        db,
        lines.map((l) => l.studentId),
      )
    ).map((x) => [x.id, x]),
  );
  const live = lines.filter((l) => l.modules === null);
  const journals = live.length ? await journalsOf(db, s) : [];
  const entries = await repo.entriesOf(
    db,
    journals.map((j) => j.id),
    live.map((l) => l.studentId),
  );
  const kept = lines.find((l) => l.modules !== null)?.modules;
  const moduleIds = kept ? kept.map((m) => m.id_module) : sheetModules(journals);
  // Each student's lesson entries by journal, grouped once.
  const entriesByStudent = new Map<number, Map<number, LessonMark[]>>();
  for (const e of entries) {
    let own = entriesByStudent.get(e.studentId);
    if (!own) entriesByStudent.set(e.studentId, (own = new Map()));
    const inJournal = own.get(e.journalId);
    if (inJournal) inJournal.push(e);
    else own.set(e.journalId, [e]);
  }
  const fromJournal = (studentId: number): number[] =>
    studentModulePoints(journals, studentId, entriesByStudent.get(studentId) ?? new Map<number, LessonMark[]>(), moduleIds);
  const views = lines
    .filter((l) => students.has(l.studentId))
    .map((line): LineView => {
      const modules = line.modules ? line.modules.map((m) => m.points) : fromJournal(line.studentId);
      const modulePoints = line.modulePoints ?? modules.reduce((n, p) => n + p, 0);
      const admitted = s.attempt > 1 || modulePoints >= admissionMin;
      return graded({ line, student: students.get(line.studentId)!, modules, modulePoints, admitted, left: line.leftAt !== null }, scale);
    })
    .sort((a, b) => byName.compare(fullName(a.student), fullName(b.student)));
  return { views, moduleIds: kept || moduleIds.length ? moduleIds : [0], scale };
}
