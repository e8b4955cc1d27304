/** SQL of the rating: students of a group or a course, their journal marks of a half-year, a teacher's groups, final results for the GPA. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { RESULT_HALF_YEAR_COLUMNS, type ResultHalfYear } from '../../shared/final-results';
import type { Names } from '../../shared/names';

export interface PersonRow {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
  groupId: number;
}

export interface StudentRow extends PersonRow {
  group: string;
  specialityId: number;
  admissionYear: number;
  spec: Names;
}

export async function student(db: Db, id: number): Promise<StudentRow | undefined> {
  const [row] = await rowsOf<StudentRow>(
    db,
    sql`select s.id, s.surname, s.name, s.patronymic, g.id as "groupId", g.name as group, g.speciality_id as "specialityId",
        g.admission_year as "admissionYear", json_build_object('nameRu', sp.name_ru, 'nameKg', sp.name_kg, 'nameEn', sp.name_en) as spec
      from students s join groups g on g.id = s.group_id join specialities sp on sp.id = g.speciality_id
      where s.id = ${id}`,
  );
  return row;
}

/** The students of a course: every group of a speciality and admission year. */
export async function courseStudents(db: Db, specialityId: number, admissionYear: number): Promise<PersonRow[]> {
  return rowsOf<PersonRow>(
    db,
    sql`select s.id, s.surname, s.name, s.patronymic, s.group_id as "groupId"
      from students s join groups g on g.id = s.group_id
      where g.speciality_id = ${specialityId} and g.admission_year = ${admissionYear}
      order by s.surname, s.name, s.id`,
  );
}

export async function groupStudents(db: Db, groupId: number): Promise<PersonRow[]> {
  return rowsOf<PersonRow>(
    db,
    sql`select s.id, s.surname, s.name, s.patronymic, s.group_id as "groupId" from students s where s.group_id = ${groupId} order by s.surname, s.name, s.id`,
  );
}

export async function group(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await rowsOf<{ id: number; name: string }>(db, sql`select id, name from groups where id = ${id}`);
  return row;
}

/** One student's stored marks in one journal of the half-year, in lesson order. */
export interface JournalMarksRow {
  studentId: number;
  assignmentId: number;
  teacherId: number;
  disciplineId: number;
  discipline: Names;
  markScale: string;
  marks: (string | null)[];
}

/**
 * The marks of some students (null: every student) in every journal of a half-year (a journal that
 * hid a student leaves his marks out, as its totals do).
 */
export async function journalMarks(db: Db, studentIds: readonly number[] | null, year: number, ws: number): Promise<JournalMarksRow[]> {
  if (studentIds?.length === 0) return [];
  const whose =
    studentIds === null
      ? sql`true`
      : sql`v.student_id in (${sql.join(
          studentIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  return rowsOf<JournalMarksRow>(
    db,
    sql`select v.student_id as "studentId", a.id as "assignmentId", a.teacher_id as "teacherId", a.discipline_id as "disciplineId",
        json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline, a.mark_scale as "markScale",
        json_agg(v.mark order by v.visit_date, v.lesson_time_id) as marks
      from journal_visits v join teaching_assignments a on a.id = v.teaching_assignment_id join disciplines d on d.id = a.discipline_id
      where ${whose} and a.academic_year_id = ${year} and a.working_semester_id = ${ws}
        and not exists (select 1 from journal_removed_students r where r.teaching_assignment_id = a.id and r.student_id = v.student_id)
      group by v.student_id, a.id, d.id`,
  );
}

/** The groups a teacher teaches in a half-year: those of his assignments, and those of his streams. */
export async function teacherGroups(db: Db, teacherId: number, year: number, ws: number): Promise<{ id: number; name: string }[]> {
  return rowsOf<{ id: number; name: string }>(
    db,
    sql`select distinct g.id, g.name from teaching_assignments a
        left join stream_groups sg on sg.stream_id = a.stream_id
        join groups g on g.id = coalesce(a.group_id, sg.group_id)
      where a.teacher_id = ${teacherId} and a.academic_year_id = ${year} and a.working_semester_id = ${ws}
      order by g.name`,
  );
}

/** Every group with students (an administrator's choice). */
export async function allGroups(db: Db): Promise<{ id: number; name: string }[]> {
  return rowsOf<{ id: number; name: string }>(
    db,
    sql`select g.id, g.name from groups g where exists (select 1 from students s where s.group_id = g.id) order by g.name`,
  );
}

/** Every group with students of a faculty (its dean's office's choice), by name. */
export async function facultyGroups(db: Db, facultyId: number): Promise<{ id: number; name: string }[]> {
  return rowsOf<{ id: number; name: string }>(
    db,
    sql`select g.id, g.name from groups g join specialities sp on sp.id = g.speciality_id
      where sp.faculty_id = ${facultyId} and exists (select 1 from students s where s.group_id = g.id) order by g.name`,
  );
}

/** The faculty of a group (its speciality's), none for an unknown group. */
export async function groupFaculty(db: Db, groupId: number): Promise<number | null> {
  const [row] = await rowsOf<{ facultyId: number }>(
    db,
    sql`select sp.faculty_id as "facultyId" from groups g join specialities sp on sp.id = g.speciality_id where g.id = ${groupId}`,
  );
  return row?.facultyId ?? null;
}

/** The rights an account holds now: the admin right, the dean's office of a faculty (none for a disabled account). */
export async function rightsOf(db: Db, userId: number): Promise<{ admin: boolean; deanFacultyId: number | null }> {
  const [row] = await rowsOf<{ admin: boolean; deanFacultyId: number | null }>(
    db,
    sql`select admin and not disabled as admin, case when disabled then null else dean_faculty_id end as "deanFacultyId" from users where id = ${userId}`,
  );
  return { admin: !!row?.admin, deanFacultyId: row?.deanFacultyId ?? null };
}

export interface ResultRow extends ResultHalfYear {
  credits: number;
  points: number | null;
  ekvNum: number | null;
}

/** The student's final results with their grade point, by half-year. */
export async function results(db: Db, studentId: number): Promise<ResultRow[]> {
  return rowsOf<ResultRow>(
    db,
    sql`select ${RESULT_HALF_YEAR_COLUMNS},
        r.credits, r.points, b.ekv_num::float as "ekvNum"
      from final_results r left join grade_scale b on r.points between b.min_points and b.max_points
      where r.student_id = ${studentId}
      order by r.academic_year_id, r.working_semester_id`,
  );
}

/** The accounts (enabled) of some students. */
export async function studentAccounts(db: Db, studentIds: readonly number[]): Promise<{ studentId: number; userId: number }[]> {
  if (studentIds.length === 0) return [];
  return rowsOf<{ studentId: number; userId: number }>(
    db,
    sql`select student_id as "studentId", id as "userId" from users where not disabled and student_id in (${sql.join(
      studentIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** The warnings notified already (`userId` and the warning's key) whose keys start with `prefix` (a half-year's). */
export async function notifiedWarnings(db: Db, prefix: string): Promise<{ userId: number; key: string }[]> {
  return rowsOf<{ userId: number; key: string }>(
    db,
    sql`select user_id as "userId", params->>'key' as key from notifications where kind = 'rating.warning' and starts_with(params->>'key', ${prefix})`,
  );
}

/** Takes the sweep's lock for the transaction (false: another process is sweeping now). */
export async function sweepLock(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ locked: boolean }>(db, sql`select pg_try_advisory_xact_lock(hashtext('rating.warning')) as locked`);
  return !!row?.locked;
}
