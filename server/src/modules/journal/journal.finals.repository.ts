/**
 * SQL of a journal's final-result column: the final_results rows of its discipline and half-year
 * (one per student, the transcript's source), with the university scale's equivalents (grade_scale),
 * and the history of their changes (final_result_history).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FinalResult } from '@contract/journal';
import { rowsOf, type Db } from '../../db/client';
import { personNameColumns } from '../../shared/account-person';
import { finalResultHistory, teachers, users, type teachingAssignments } from '../../db/schema';

type Assignment = typeof teachingAssignments.$inferSelect;

/** The final results of a journal's discipline and half-year, of the students given. */
export async function finalsOf(db: Db, a: Assignment, studentIds: readonly number[]): Promise<FinalResult[]> {
  if (studentIds.length === 0) return [];
  return rowsOf<FinalResult>(
    db,
    sql`select r.student_id as "id_student", r.points, coalesce(b.ekv_num, 0)::float8 as "ekv_num", coalesce(b.ekv_bukv, '') as "ekv_bukv"
      from final_results r left join grade_scale b on r.points between b.min_points and b.max_points
     where r.discipline_id = ${a.disciplineId} and r.academic_year_id = ${a.academicYearId} and r.working_semester_id = ${a.workingSemesterId}
       and r.student_id in (${sql.join(
         studentIds.map((id) => sql`${id}`),
         sql`, `,
       )})
     order by r.student_id`,
  );
}

export { saveFinal } from '../../shared/final-results';

/** A student's final result's changes in the journal's discipline and half-year, newest first, with who made them. */
export async function finalHistory(db: Db, a: Assignment, studentId: number) {
  return db
    .select({
      action: finalResultHistory.action,
      oldPoints: finalResultHistory.oldPoints,
      newPoints: finalResultHistory.newPoints,
      at: finalResultHistory.changedAt,
      login: users.login,
      ...personNameColumns(teachers),
    })
    .from(finalResultHistory)
    .leftJoin(users, eq(users.id, finalResultHistory.changedByUserId))
    .leftJoin(teachers, eq(teachers.id, users.teacherId))
    .where(
      and(
        eq(finalResultHistory.studentId, studentId),
        eq(finalResultHistory.disciplineId, a.disciplineId),
        eq(finalResultHistory.academicYearId, a.academicYearId),
        eq(finalResultHistory.workingSemesterId, a.workingSemesterId),
      ),
    )
    .orderBy(desc(finalResultHistory.id));
}

/** A student's final results in a half-year, by discipline (his own journal). */
export async function finalsOfStudent(db: Db, studentId: number, year: number, ws: number): Promise<(FinalResult & { id_discipline: number })[]> {
  return rowsOf<FinalResult & { id_discipline: number }>(
    db,
    sql`select r.student_id as "id_student", r.discipline_id as "id_discipline", r.points,
               coalesce(b.ekv_num, 0)::float8 as "ekv_num", coalesce(b.ekv_bukv, '') as "ekv_bukv"
      from final_results r left join grade_scale b on r.points between b.min_points and b.max_points
     where r.student_id = ${studentId} and r.academic_year_id = ${year} and r.working_semester_id = ${ws}`,
  );
}
