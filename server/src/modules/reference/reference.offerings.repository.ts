/** SQL of the registration offerings and subgroups lists: their choices, their rules and whether students registered. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

type Names = { nameRu: string; nameKg: string; nameEn: string };

export async function semesterOptions(db: Db): Promise<{ id: number; number: number; workingSemesterId: number }[]> {
  const found = await rowsOf<{ id: number; number: number; workingSemesterId: number }>(
    db,
    sql`select id, number, working_semester_id as "workingSemesterId" from semesters order by number`,
  );
  return found.map((r) => ({ id: Number(r.id), number: Number(r.number), workingSemesterId: Number(r.workingSemesterId) }));
}

export async function disciplineOptions(db: Db): Promise<({ id: number; code: string } & Names)[]> {
  const found = await rowsOf<{ id: number; code: string } & Names>(
    db,
    sql`select id, code, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from disciplines order by code, id`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function controlFormOptions(db: Db): Promise<({ id: number } & Names)[]> {
  const found = await rowsOf<{ id: number } & Names>(
    db,
    sql`select id, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from control_forms order by id`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function lessonTypeOptions(db: Db): Promise<({ id: number } & Names)[]> {
  const found = await rowsOf<{ id: number } & Names>(
    db,
    sql`select id, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from lesson_types order by id`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function lessonTimeOptions(db: Db): Promise<{ id: number; name: string }[]> {
  const found = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, id || ' (' || to_char(starts_at, 'HH24:MI') || '–' || to_char(ends_at, 'HH24:MI') || ')' as name from lesson_times order by id`,
  );
  return found.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function teacherOptions(db: Db): Promise<{ id: number; name: string }[]> {
  const found = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, concat_ws(' ', coalesce(code || ' —', ''), surname, name, patronymic) as name from teachers order by surname, name, id`,
  );
  return found.map((r) => ({ id: Number(r.id), name: r.name.trim() }));
}

/** Every offering with what names it: half-year, discipline, speciality (null: every speciality) and semester of study. */
export async function offeringOptions(
  db: Db,
): Promise<{ id: number; year: string; halfYear: Names; discipline: string; speciality: string | null; semester: number }[]> {
  const found = await rowsOf<{ id: number; year: string; halfYear: Names; discipline: string; speciality: string | null; semester: number }>(
    db,
    sql`select o.id, y.name as year, json_build_object('nameRu', w.name_ru, 'nameKg', w.name_kg, 'nameEn', w.name_en) as "halfYear",
          d.code as discipline, s.code as speciality, sm.number as semester
        from reg_offerings o join academic_years y on y.id = o.academic_year_id join working_semesters w on w.id = o.working_semester_id
          join disciplines d on d.id = o.discipline_id left join specialities s on s.id = o.speciality_id join semesters sm on sm.id = o.semester_id
        order by o.academic_year_id desc, o.working_semester_id, d.code, s.code nulls first, sm.number, o.id`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id), semester: Number(r.semester) }));
}

/** Another offering of the same half-year, discipline and speciality (and, for a speciality's, semester of study): the one the imports match. */
export async function sameOffering(
  db: Db,
  o: { year: number; ws: number; discipline: number; speciality: number | null; semester: number },
  rowId: string | null,
): Promise<boolean> {
  const found = await rowsOf(
    db,
    sql`select 1 from reg_offerings where academic_year_id = ${o.year} and working_semester_id = ${o.ws} and discipline_id = ${o.discipline}
      and ${o.speciality === null ? sql`speciality_id is null` : sql`speciality_id = ${o.speciality} and semester_id = ${o.semester}`}
      and id::text <> ${rowId ?? ''} limit 1`,
  );
  return found.length > 0;
}

/** The seats of a subgroup already taken by registered students. */
export async function seatsTaken(db: Db, subgroupId: string): Promise<number> {
  const [r] = await rowsOf<{ taken: number }>(db, sql`select taken from reg_subgroups where id::text = ${subgroupId}`);
  return r ? Number(r.taken) : 0;
}

/** Whether students registered (or wait) for the offering, or the subgroup. */
export async function hasRegistrations(db: Db, column: 'offering_id' | 'subgroup_id', rowId: string): Promise<boolean> {
  const found = await rowsOf(db, sql`select 1 from registrations where ${sql.identifier(column)}::text = ${rowId} limit 1`);
  return found.length > 0;
}
