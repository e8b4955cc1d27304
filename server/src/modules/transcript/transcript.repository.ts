/** SQL of the transcript: the student with his group, speciality and faculty; his final results with the scale; the current half-year's plan. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { RESULT_HALF_YEAR_COLUMNS, type ResultHalfYear } from '../../shared/final-results';
import type { Names } from '../../shared/names';

export interface StudentRow {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
  birthDate: string | null;
  groupId: number;
  group: string;
  admissionYear: number;
  educationFormId: number;
  specialityId: number;
  specCode: string;
  spec: Names;
  faculty: Names;
  department: Names | null;
}

export async function student(db: Db, id: number): Promise<StudentRow | undefined> {
  const [row] = await rowsOf<StudentRow>(
    db,
    sql`select s.id, s.surname, s.name, s.patronymic, to_char(s.birth_date, 'YYYY-MM-DD') as "birthDate", g.id as "groupId", g.name as group,
        g.admission_year as "admissionYear", g.education_form_id as "educationFormId", sp.id as "specialityId", sp.code as "specCode",
        json_build_object('nameRu', sp.name_ru, 'nameKg', sp.name_kg, 'nameEn', sp.name_en) as spec,
        json_build_object('nameRu', f.name_ru, 'nameKg', f.name_kg, 'nameEn', f.name_en) as faculty,
        case when dp.id is null then null else json_build_object('nameRu', dp.name_ru, 'nameKg', dp.name_kg, 'nameEn', dp.name_en) end as department
      from students s join groups g on g.id = s.group_id join specialities sp on sp.id = g.speciality_id join faculties f on f.id = sp.faculty_id
        left join departments dp on dp.id = sp.department_id
      where s.id = ${id}`,
  );
  return row;
}

export interface ResultRow extends ResultHalfYear {
  semesterId: number;
  code: string;
  discipline: Names;
  credits: number;
  control: Names;
  points: number | null;
  ekvNum: number | null;
  ekvBukv: string | null;
  mark: Names | null;
}

/** The student's final results with their scale band, by year, half-year and discipline. */
export async function results(db: Db, studentId: number): Promise<ResultRow[]> {
  return rowsOf<ResultRow>(
    db,
    sql`select ${RESULT_HALF_YEAR_COLUMNS},
        r.semester_id as "semesterId", d.code,
        json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline, r.credits,
        json_build_object('nameRu', c.name_ru, 'nameKg', c.name_kg, 'nameEn', c.name_en) as control, r.points,
        b.ekv_num as "ekvNum", b.ekv_bukv as "ekvBukv",
        case when b.id is null then null else json_build_object('nameRu', b.name_ru, 'nameKg', b.name_kg, 'nameEn', b.name_en) end as mark
      from final_results r join disciplines d on d.id = r.discipline_id join control_forms c on c.id = r.control_form_id
        left join grade_scale b on r.points between b.min_points and b.max_points
      where r.student_id = ${studentId}
      order by r.academic_year_id, r.working_semester_id, d.name_ru`,
  );
}

/** The study plan of the student's cohort in a half-year (the one in progress). */
export async function plan(db: Db, s: StudentRow, year: number, ws: number): Promise<ResultRow[]> {
  return rowsOf<ResultRow>(
    db,
    sql`select c.academic_year_id as "academicYearId", ${ws}::int as "workingSemesterId", null::text as "marksClosedAfter", c.semester_id as "semesterId", d.code,
        json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline, c.credits,
        json_build_object('nameRu', cf.name_ru, 'nameKg', cf.name_kg, 'nameEn', cf.name_en) as control,
        null::int as points, null::float as "ekvNum", null::text as "ekvBukv", null::json as mark
      from curriculum c join semesters sm on sm.id = c.semester_id join disciplines d on d.id = c.discipline_id join control_forms cf on cf.id = c.control_form_id
      where c.speciality_id = ${s.specialityId} and c.education_form_id = ${s.educationFormId} and c.admission_year = ${s.admissionYear}
        and c.academic_year_id = ${year} and sm.working_semester_id = ${ws}
      order by d.name_ru`,
  );
}

/** The generation of the student's transcripts now (0 until he first revokes them). */
export async function revocationGeneration(db: Db, studentId: number): Promise<number> {
  const rows = await rowsOf<{ generation: number }>(db, sql`select generation from transcript_revocations where student_id = ${studentId}`);
  return rows[0]?.generation ?? 0;
}

/** Revokes every transcript issued so far: the next generation starts; returns it. */
export async function revokeIssued(db: Db, studentId: number, at: Date): Promise<number> {
  const rows = await rowsOf<{ generation: number }>(
    db,
    sql`insert into transcript_revocations (student_id, generation, revoked_at) values (${studentId}, 1, ${at.toISOString()})
        on conflict (student_id) do update set generation = transcript_revocations.generation + 1, revoked_at = excluded.revoked_at
        returning generation`,
  );
  return rows[0].generation;
}
