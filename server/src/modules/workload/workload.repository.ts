/** SQL of the workload: the caller's rights, the teacher, the departments and their teachers, a teacher's journals of a half-year with their weekly pairs, and the lessons held in them. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Names } from '../../shared/names';

/** The rights an account holds now: the admin right, the dean's office of a faculty (none for an account disabled since sign-in). */
export async function rightsOf(db: Db, userId: number): Promise<{ admin: boolean; deanFacultyId: number | null }> {
  const [row] = await rowsOf<{ admin: boolean; deanFacultyId: number | null }>(
    db,
    sql`select admin and not disabled as admin, case when disabled then null else dean_faculty_id end as "deanFacultyId" from users where id = ${userId}`,
  );
  return { admin: row?.admin ?? false, deanFacultyId: row?.deanFacultyId ?? null };
}

export interface TeacherRow {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
  departmentId: number;
  facultyId: number;
  department: Names;
}

export async function teacher(db: Db, id: number): Promise<TeacherRow | undefined> {
  const [row] = await rowsOf<TeacherRow>(
    db,
    sql`select t.id, t.surname, t.name, t.patronymic, t.department_id as "departmentId", d.faculty_id as "facultyId",
        json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as department
      from teachers t join departments d on d.id = t.department_id where t.id = ${id}`,
  );
  return row;
}

/** The departments (of a faculty when given), by id. */
export async function departments(db: Db, facultyId: number | null = null): Promise<(Names & { id: number })[]> {
  const where = facultyId === null ? sql`true` : sql`faculty_id = ${facultyId}`;
  return rowsOf(db, sql`select id, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from departments where ${where} order by id`);
}

/** The faculty of a department, none for an unknown one. */
export async function departmentFaculty(db: Db, departmentId: number): Promise<number | null> {
  const [row] = await rowsOf<{ facultyId: number }>(db, sql`select faculty_id as "facultyId" from departments where id = ${departmentId}`);
  return row?.facultyId ?? null;
}

export async function teachersOf(db: Db, departmentId: number): Promise<{ id: number; surname: string; name: string; patronymic: string | null }[]> {
  return rowsOf(
    db,
    sql`select id, surname, name, patronymic from teachers where department_id = ${departmentId} order by surname, name, patronymic nulls first, id`,
  );
}

export interface AssignmentRow {
  id: number;
  code: string;
  discipline: Names;
  lessonTypeId: number;
  lessonType: Names;
  group: string;
  stream: boolean;
  subgroup: number;
  weeklyPairs: number;
}

/** The teacher's journals of a half-year, each with its pairs a week in the timetable. */
export async function assignments(db: Db, teacherId: number, year: number, ws: number): Promise<AssignmentRow[]> {
  return rowsOf<AssignmentRow>(
    db,
    sql`select a.id, d.code, json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
        a.lesson_type_id as "lessonTypeId", json_build_object('nameRu', lt.name_ru, 'nameKg', lt.name_kg, 'nameEn', lt.name_en) as "lessonType",
        coalesce(g.name, s.name) as group, a.stream_id is not null as stream, a.subgroup::int as subgroup,
        (select count(*) from schedule_entries e where e.teaching_assignment_id = a.id)::int as "weeklyPairs"
      from teaching_assignments a join disciplines d on d.id = a.discipline_id join lesson_types lt on lt.id = a.lesson_type_id
        left join groups g on g.id = a.group_id left join streams s on s.id = a.stream_id
      where a.teacher_id = ${teacherId} and a.academic_year_id = ${year} and a.working_semester_id = ${ws}
      order by d.name_ru, a.lesson_type_id, coalesce(g.name, s.name), a.subgroup, a.id`,
  );
}

export interface LessonRow {
  assignmentId: number;
  date: string;
  hours: number;
}

/**
 * The lessons held in the teacher's journals of a half-year between two dates ('YYYY-MM-DD',
 * inclusive): every occurrence the journal shows as a column (an added lesson, a lesson with a
 * topic, or one with a record of a student not hidden in the journal), with the hours its topic
 * gives, else `pairHours`.
 */
export async function lessons(db: Db, teacherId: number, year: number, ws: number, from: string, until: string, pairHours: number): Promise<LessonRow[]> {
  return rowsOf<LessonRow>(
    db,
    sql`with a as (select id from teaching_assignments where teacher_id = ${teacherId} and academic_year_id = ${year} and working_semester_id = ${ws}),
      o as (
        select teaching_assignment_id, visit_date, lesson_time_id from journal_lessons where teaching_assignment_id in (select id from a)
        union select teaching_assignment_id, visit_date, lesson_time_id from journal_lesson_topics where teaching_assignment_id in (select id from a)
        union select v.teaching_assignment_id, v.visit_date, v.lesson_time_id from journal_visits v
          where v.teaching_assignment_id in (select id from a)
            and not exists (select 1 from journal_removed_students r where r.teaching_assignment_id = v.teaching_assignment_id and r.student_id = v.student_id))
      select o.teaching_assignment_id as "assignmentId", to_char(o.visit_date, 'YYYY-MM-DD') as date, coalesce(t.hours, ${pairHours})::int as hours
        from o left join journal_lesson_topics t
          on t.teaching_assignment_id = o.teaching_assignment_id and t.visit_date = o.visit_date and t.lesson_time_id = o.lesson_time_id
       where o.visit_date between ${from}::date and ${until}::date
       order by o.visit_date, o.lesson_time_id`,
  );
}
