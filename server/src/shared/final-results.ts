/**
 * The students' final results (final_results, the transcript's source) as the journal's final column
 * and the grading sheet's signature write them: one row per student, discipline, year and half-year,
 * each change recorded in final_result_history in the caller's transaction.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { finalResultHistory, type teachingAssignments } from '../db/schema';
import { marksClosedAfterSql } from './academic/journal-period';

/** A final result's half-year and the last day of its marks: what the rating's and the transcript's reads of a student's results begin with. */
export interface ResultHalfYear {
  academicYearId: number;
  workingSemesterId: number;
  /** The last day of marks set for the half-year (shared/academic/journal-period.ts), or null. */
  marksClosedAfter: string | null;
}

/** The columns of ResultHalfYear, of final_results aliased r. */
export const RESULT_HALF_YEAR_COLUMNS = sql`r.academic_year_id as "academicYearId", r.working_semester_id as "workingSemesterId", ${marksClosedAfterSql('r')} as "marksClosedAfter"`;

/** What a result is written for: the journal (teaching assignment) it is written from, its discipline, half-year, credits, form of control and teacher. */
export type FinalTarget = Pick<
  typeof teachingAssignments.$inferSelect,
  'id' | 'disciplineId' | 'academicYearId' | 'workingSemesterId' | 'semesterId' | 'credits' | 'controlFormId' | 'teacherId'
>;

/**
 * A student's final result of the discipline and half-year written (the later write wins;
 * null points delete it), with its change in final_result_history: call it inside a transaction, so
 * that the result and its history are written together or not at all.
 *
 * The old value is read under the row's lock. A first result is inserted before anything is read
 * (`on conflict do nothing`): of two first writes at once, one inserts, and the other waits for it
 * to commit, then reads and updates the row it wrote, so the history has one insert and one update,
 * never two inserts.
 */
export async function saveFinal(db: Db, a: FinalTarget, studentId: number, points: number | null, userId: number, at: Date): Promise<void> {
  const same = sql`student_id = ${studentId} and discipline_id = ${a.disciplineId}
            and academic_year_id = ${a.academicYearId} and working_semester_id = ${a.workingSemesterId}`;
  const locked = async () => (await rowsOf<{ points: number }>(db, sql`select points from final_results where ${same} for update`))[0];
  let old: number | null = null;
  if (points === null) {
    const before = await locked();
    if (!before) return;
    old = before.points;
    await db.execute(sql`delete from final_results where ${same}`);
  } else {
    const inserted = await rowsOf<{ points: number }>(
      db,
      sql`insert into final_results (student_id, discipline_id, academic_year_id, working_semester_id, semester_id, credits, control_form_id, points, teacher_id, entered_at)
        values (${studentId}, ${a.disciplineId}, ${a.academicYearId}, ${a.workingSemesterId}, ${a.semesterId}, ${a.credits}, ${a.controlFormId}, ${points}, ${a.teacherId}, ${at.toISOString()}::timestamptz)
        on conflict (student_id, discipline_id, academic_year_id, working_semester_id) do nothing
        returning points`,
    );
    if (inserted.length === 0) {
      const before = await locked();
      old = before ? before.points : null;
      await db.execute(
        sql`update final_results set points = ${points}, teacher_id = ${a.teacherId}, entered_at = ${at.toISOString()}::timestamptz,
                 semester_id = ${a.semesterId}, credits = ${a.credits}, control_form_id = ${a.controlFormId}
           where ${same}`,
      );
      if (old === points) return;
    }
  }
  await db.insert(finalResultHistory).values({
    studentId,
    disciplineId: a.disciplineId,
    academicYearId: a.academicYearId,
    workingSemesterId: a.workingSemesterId,
    teachingAssignmentId: a.id,
    action: old === null ? 'insert' : points === null ? 'delete' : 'update',
    oldPoints: old,
    newPoints: points,
    changedByUserId: userId,
    changedAt: at,
  });
}
