/** SQL of discipline and elective registration: offerings, subgroups and their seats, registrations and the waiting list. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Names } from '../../shared/names';

export interface PeriodRow {
  /** null: open since the period exists. */
  opensAt: Date | null;
  closesAt: Date;
  creditLimit: number;
}

export async function period(db: Db, year: number, ws: number): Promise<PeriodRow | undefined> {
  const [row] = await rowsOf<PeriodRow>(
    db,
    sql`select opens_at as "opensAt", closes_at as "closesAt", credit_limit as "creditLimit" from registration_periods where academic_year_id = ${year} and working_semester_id = ${ws}`,
  );
  return row && { ...row, opensAt: row.opensAt === null ? null : new Date(row.opensAt), closesAt: new Date(row.closesAt) };
}

export interface StudentRow {
  id: number;
  groupId: number;
  specialityId: number;
  admissionYear: number;
}

export async function student(db: Db, id: number): Promise<StudentRow | undefined> {
  const [row] = await rowsOf<StudentRow>(
    db,
    sql`select s.id, s.group_id as "groupId", g.speciality_id as "specialityId", g.admission_year as "admissionYear" from students s join groups g on g.id = s.group_id where s.id = ${id}`,
  );
  return row;
}

export async function hasPermission(db: Db, studentId: number, year: number, ws: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from elective_permissions where student_id = ${studentId} and academic_year_id = ${year} and working_semester_id = ${ws}`,
  );
  return rows.length > 0;
}

export interface OfferingRow {
  id: number;
  academicYearId: number;
  workingSemesterId: number;
  semesterId: number;
  disciplineId: number;
  discipline: Names;
  departmentId: number;
  specialityId: number | null;
  credits: number;
  controlFormId: number;
  control: Names;
  isElective: boolean;
  descGroupNum: number;
}

export const SELECT_OFFERING = sql`
  select o.id, o.academic_year_id as "academicYearId", o.working_semester_id as "workingSemesterId", o.semester_id as "semesterId",
    o.discipline_id as "disciplineId", json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
    d.department_id as "departmentId", o.speciality_id as "specialityId", o.credits, o.control_form_id as "controlFormId",
    json_build_object('nameRu', c.name_ru, 'nameKg', c.name_kg, 'nameEn', c.name_en) as control, o.is_elective as "isElective", o.desc_group_num as "descGroupNum"
  from reg_offerings o join disciplines d on d.id = o.discipline_id join control_forms c on c.id = o.control_form_id`;

export async function offering(db: Db, id: number): Promise<OfferingRow | undefined> {
  const [row] = await rowsOf<OfferingRow>(db, sql`${SELECT_OFFERING} where o.id = ${id}`);
  return row;
}

/** The plan's offerings of the student's speciality and semester of study, and the electives he registered for. */
export async function offeringsOfStudent(db: Db, s: StudentRow, year: number, ws: number, semesterId: number): Promise<OfferingRow[]> {
  return rowsOf<OfferingRow>(
    db,
    sql`${SELECT_OFFERING} where o.academic_year_id = ${year} and o.working_semester_id = ${ws}
      and ((not o.is_elective and o.speciality_id = ${s.specialityId} and o.semester_id = ${semesterId})
        or (o.is_elective and exists (select 1 from registrations r where r.offering_id = o.id and r.student_id = ${s.id})))
      order by o.desc_group_num, d.name_ru, o.id`,
  );
}

export async function electives(db: Db, year: number, ws: number): Promise<OfferingRow[]> {
  return rowsOf<OfferingRow>(
    db,
    sql`${SELECT_OFFERING} where o.academic_year_id = ${year} and o.working_semester_id = ${ws} and o.is_elective order by d.name_ru, o.id`,
  );
}

export interface TeacherRow {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
}

export async function teachersOfOffering(db: Db, offeringId: number): Promise<TeacherRow[]> {
  return rowsOf<TeacherRow>(
    db,
    sql`select distinct t.id, t.surname, t.name, t.patronymic from reg_subgroups sg join teachers t on t.id = sg.teacher_id where sg.offering_id = ${offeringId} order by t.surname, t.name, t.id`,
  );
}

export interface SubgroupRow {
  id: number;
  offeringId: number;
  teacherId: number;
  lessonTypeId: number;
  number: number;
  capacity: number;
  taken: number;
  waiting: number;
  dayNumber: number;
  lessonTimeId: number;
  startsAt: string;
  endsAt: string;
}

const SELECT_SUBGROUP = sql`
  select sg.id, sg.offering_id as "offeringId", sg.teacher_id as "teacherId", sg.lesson_type_id as "lessonTypeId", sg.number, sg.capacity, sg.taken,
    (select count(*)::int from registrations w where w.subgroup_id = sg.id and w.status = 'waiting') as waiting,
    sg.day_number as "dayNumber", sg.lesson_time_id as "lessonTimeId", to_char(lt.starts_at, 'HH24:MI') as "startsAt", to_char(lt.ends_at, 'HH24:MI') as "endsAt"
  from reg_subgroups sg join lesson_times lt on lt.id = sg.lesson_time_id`;

export async function subgroupsOf(db: Db, offeringId: number, teacherId: number): Promise<SubgroupRow[]> {
  return rowsOf<SubgroupRow>(db, sql`${SELECT_SUBGROUP} where sg.offering_id = ${offeringId} and sg.teacher_id = ${teacherId} order by sg.number`);
}

export async function subgroupById(db: Db, id: number): Promise<SubgroupRow | undefined> {
  const [row] = await rowsOf<SubgroupRow>(db, sql`${SELECT_SUBGROUP} where sg.id = ${id}`);
  return row;
}

export interface MyRegistrationRow extends TeacherRow {
  registrationId: number;
  offeringId: number;
  status: 'registered' | 'waiting';
  teacherId: number;
  number: number;
  position: number | null;
}

export async function registrationsOf(db: Db, studentId: number, year: number, ws: number): Promise<MyRegistrationRow[]> {
  return rowsOf<MyRegistrationRow>(
    db,
    sql`select r.id::int as "registrationId", r.offering_id as "offeringId", r.status, sg.teacher_id as "teacherId", sg.number,
        t.id, t.surname, t.name, t.patronymic,
        case when r.status = 'waiting' then (select count(*)::int from registrations w where w.subgroup_id = r.subgroup_id and w.status = 'waiting' and w.id <= r.id) end as position
      from registrations r join reg_offerings o on o.id = r.offering_id join reg_subgroups sg on sg.id = r.subgroup_id join teachers t on t.id = sg.teacher_id
      where r.student_id = ${studentId} and o.academic_year_id = ${year} and o.working_semester_id = ${ws}`,
  );
}

/** Credits the student holds or waits for in the half-year. */
export async function creditsTaken(db: Db, studentId: number, year: number, ws: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(sum(o.credits), 0)::int as n from registrations r join reg_offerings o on o.id = r.offering_id
      where r.student_id = ${studentId} and o.academic_year_id = ${year} and o.working_semester_id = ${ws}`,
  );
  return row.n;
}

export interface SlotRow {
  discipline: Names;
  disciplineId: number;
  dayNumber: number;
  startsAt: string;
  endsAt: string;
}

/** The slots of the subgroups the student holds or waits for in the half-year, with their offerings. */
export async function registeredSlotsOf(db: Db, studentId: number, year: number, ws: number): Promise<(SlotRow & { offeringId: number })[]> {
  return rowsOf<SlotRow & { offeringId: number }>(
    db,
    sql`select r.offering_id as "offeringId", json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
        o.discipline_id as "disciplineId", rs.day_number as "dayNumber", to_char(lt.starts_at, 'HH24:MI') as "startsAt", to_char(lt.ends_at, 'HH24:MI') as "endsAt"
      from registrations r join reg_offerings o on o.id = r.offering_id join reg_subgroups rs on rs.id = r.subgroup_id
        join lesson_times lt on lt.id = rs.lesson_time_id join disciplines d on d.id = o.discipline_id
      where r.student_id = ${studentId} and o.academic_year_id = ${year} and o.working_semester_id = ${ws}
      order by lt.starts_at`,
  );
}

export interface RegistrationRow {
  id: number;
  studentId: number;
  subgroupId: number;
  offeringId: number;
  status: 'registered' | 'waiting';
  teacherId: number;
  academicYearId: number;
  workingSemesterId: number;
}

export async function registration(db: Db, id: number): Promise<RegistrationRow | undefined> {
  const [row] = await rowsOf<RegistrationRow>(
    db,
    sql`select r.id::int, r.student_id as "studentId", r.subgroup_id as "subgroupId", r.offering_id as "offeringId", r.status, sg.teacher_id as "teacherId",
        o.academic_year_id as "academicYearId", o.working_semester_id as "workingSemesterId"
      from registrations r join reg_subgroups sg on sg.id = r.subgroup_id join reg_offerings o on o.id = r.offering_id where r.id = ${id}`,
  );
  return row;
}

/** Locks the subgroup's row: seat changes of one subgroup happen one after another. */
export async function lockSubgroup(db: Db, subgroupId: number): Promise<void> {
  await rowsOf(db, sql`select id from reg_subgroups where id = ${subgroupId} for update`);
}

/** Deletes a registration; its status when it existed. */
export async function deleteRegistration(db: Db, id: number): Promise<'registered' | 'waiting' | null> {
  const [row] = await rowsOf<{ status: 'registered' | 'waiting' }>(db, sql`delete from registrations where id = ${id} returning status`);
  return row?.status ?? null;
}

/** Gives the seat to the first on the waiting list; that registration, or undefined (the seat is then released). */
export async function promoteFirstWaiting(db: Db, subgroupId: number, now: Date): Promise<{ id: number; studentId: number } | undefined> {
  const [row] = await rowsOf<{ id: number; studentId: number }>(
    db,
    sql`update registrations set status = 'registered', promoted_at = ${now}
      where id = (select id from registrations where subgroup_id = ${subgroupId} and status = 'waiting' order by id limit 1)
      returning id::int, student_id as "studentId"`,
  );
  return row;
}

export async function releaseSeat(db: Db, subgroupId: number): Promise<void> {
  await rowsOf(db, sql`update reg_subgroups set taken = taken - 1 where id = ${subgroupId} and taken > 0 returning id`);
}

export interface TeacherSubgroupRow extends SubgroupRow {
  discipline: Names;
  isElective: boolean;
}

export async function subgroupsOfTeacher(db: Db, teacherId: number, year: number, ws: number, only?: number): Promise<TeacherSubgroupRow[]> {
  return rowsOf<TeacherSubgroupRow>(
    db,
    sql`select sg.id, sg.offering_id as "offeringId", sg.teacher_id as "teacherId", sg.lesson_type_id as "lessonTypeId", sg.number, sg.capacity, sg.taken, 0 as waiting,
        sg.day_number as "dayNumber", sg.lesson_time_id as "lessonTimeId", to_char(lt.starts_at, 'HH24:MI') as "startsAt", to_char(lt.ends_at, 'HH24:MI') as "endsAt",
        json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline, o.is_elective as "isElective"
      from reg_subgroups sg join reg_offerings o on o.id = sg.offering_id join disciplines d on d.id = o.discipline_id join lesson_times lt on lt.id = sg.lesson_time_id
      where sg.teacher_id = ${teacherId} and ${only === undefined ? sql`o.academic_year_id = ${year} and o.working_semester_id = ${ws}` : sql`sg.id = ${only}`}
        and (o.is_elective or sg.taken > 0)
      order by o.is_elective desc, d.name_ru, sg.number`,
  );
}

export interface SubgroupStudentRow extends TeacherRow {
  registrationId: number;
  subgroupId: number;
  status: 'registered' | 'waiting';
  group: string;
}

export async function studentsOfSubgroups(db: Db, subgroupIds: number[]): Promise<SubgroupStudentRow[]> {
  if (subgroupIds.length === 0) return [];
  return rowsOf<SubgroupStudentRow>(
    db,
    sql`select r.id::int as "registrationId", r.subgroup_id as "subgroupId", r.status, s.id, s.surname, s.name, s.patronymic, g.name as group
      from registrations r join students s on s.id = r.student_id join groups g on g.id = s.group_id
      where r.subgroup_id in (${sql.join(
        subgroupIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by r.status, case when r.status = 'waiting' then r.id end, s.surname, s.name`,
  );
}
