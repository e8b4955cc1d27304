/** What the grading sheet's server tests (gradingsheet.*.test.ts) share. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { finalResults } from '../../db/schema';

/** A student's final results of a discipline in the demo half-year (2026-27 autumn). */
export const demoHalfFinals = (db: Db, studentId: number, disciplineId: number) =>
  db
    .select()
    .from(finalResults)
    .where(
      and(
        eq(finalResults.studentId, studentId),
        eq(finalResults.disciplineId, disciplineId),
        eq(finalResults.academicYearId, 2026),
        eq(finalResults.workingSemesterId, 1),
      ),
    );
