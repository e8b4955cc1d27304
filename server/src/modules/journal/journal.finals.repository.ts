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

/**
 * A student's final result of the journal's discipline and half-year written (the later write wins;
 * null points delete it), with its change in final_result_history: call it inside a transaction, so
 * that the result and its history are written together or not at all.
 *
 * The old value is read under the row's lock. A first result is inserted before anything is read
 * (`on conflict do nothing`): of two first writes at once, one inserts, and the other waits for it
 * to commit, then reads and updates the row it wrote, so the history has one insert and one update,
 * never two inserts.
 */
export async function saveFinal(db: Db, a: Assignment, studentId: number, points: number | null, userId: number, at: Date): Promise<void> {
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
