/**
 * SQL of the registration saves, one batch of them at a time (registration.saves.ts): what each save
 * checks, the rows it locks, and the seats and waiting places given in one statement, in the order
 * the saves arrived. The batch goes in as one JSON parameter, so every statement keeps one text and a
 * name (prepared once per pooled connection), whatever the batch's size.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { memberOf } from '../../shared/timetable.repository';
import { SELECT_OFFERING, type OfferingRow, type SlotRow, type StudentRow, type SubgroupRow } from './registration.repository';

/** What a save checks before its transaction: the student, the offering, the subgroup, the period, the permission and the teacher's account. */
export interface SaveContextRow {
  student: StudentRow | null;
  offering: OfferingRow | null;
  subgroup: Pick<SubgroupRow, 'id' | 'lessonTypeId' | 'capacity'> | null;
  period: { opensAt: number | null; closesAt: number; creditLimit: number } | null;
  permitted: boolean;
  teacherUserId: number | null;
}

export interface SaveContextQuery {
  studentId: number;
  offeringId: number;
  teacherId: number;
  number: number;
}

/** The contexts of a batch's saves, in the batch's order, read in one statement (nothing a concurrent save changes). */
export async function saveContexts(db: Db, batch: readonly SaveContextQuery[]): Promise<SaveContextRow[]> {
  const input = JSON.stringify(batch.map((q, ord) => ({ ord, student: q.studentId, offering: q.offeringId, teacher: q.teacherId, number: q.number })));
  return rowsOf<SaveContextRow>(
    db,
    sql`select
        (select row_to_json(x) from (select s.id, s.group_id as "groupId", g.speciality_id as "specialityId", g.admission_year as "admissionYear"
           from students s join groups g on g.id = s.group_id where s.id = q.student) x) as student,
        (select row_to_json(x) from (${SELECT_OFFERING} where o.id = q.offering) x) as offering,
        (select row_to_json(x) from (select rs.id, rs.lesson_type_id as "lessonTypeId", rs.capacity from reg_subgroups rs
           where rs.offering_id = q.offering and rs.teacher_id = q.teacher and rs.number = q.number) x) as subgroup,
        (select json_build_object('opensAt', (extract(epoch from p.opens_at) * 1000)::float8, 'closesAt', (extract(epoch from p.closes_at) * 1000)::float8,
           'creditLimit', p.credit_limit)
           from registration_periods p join reg_offerings o on o.academic_year_id = p.academic_year_id and o.working_semester_id = p.working_semester_id
          where o.id = q.offering) as period,
        exists (select 1 from elective_permissions p join reg_offerings o on o.academic_year_id = p.academic_year_id and o.working_semester_id = p.working_semester_id
          where o.id = q.offering and p.student_id = q.student) as permitted,
        (select u.id from users u where u.teacher_id = q.teacher order by u.id limit 1) as "teacherUserId"
      from json_to_recordset(${input}::json) as q(ord int, student int, offering int, teacher int, number int)
      order by q.ord`,
    'reg_save_contexts',
  );
}

/**
 * Locks the batch's students' rows, then its subgroups' rows, each in id order (every writer locks
 * in this order, so two batches never wait for each other in a circle): a student's saves run one
 * after another (the credit ceiling and clashes hold against his save of the same moment in another
 * process), and one subgroup's seats and waiting places change one batch or delete after another.
 */
export async function lockStudentsAndSubgroups(db: Db, studentIds: readonly number[], subgroupIds: readonly number[]): Promise<void> {
  const ids = (list: readonly number[]) => JSON.stringify([...new Set(list)].sort((a, b) => a - b));
  await rowsOf(
    db,
    sql`select st.id from students st where st.id in (select value::int from json_array_elements_text(${ids(studentIds)}::json)) order by st.id for no key update`,
    'reg_lock_students',
  );
  await rowsOf(
    db,
    sql`select rs.id from reg_subgroups rs where rs.id in (select value::int from json_array_elements_text(${ids(subgroupIds)}::json)) order by rs.id for no key update`,
    'reg_lock_subgroups',
  );
}

/** One checked save of a batch (distinct students within a batch). */
export interface SeatQuery {
  studentId: number;
  offeringId: number;
  subgroupId: number;
  year: number;
  ws: number;
  disciplineId: number;
  credits: number;
  creditLimit: number;
  joinWaitingList: boolean;
}

export interface SeatVerdictRow {
  /** Why the save was refused: already registered for the offering, over the credit ceiling, a timetable clash, or the subgroup is full (no waiting place asked). */
  refused: 'already' | 'credits' | 'clash' | 'full' | null;
  /** Credits the student would hold with this offering. */
  total: number;
  clash: SlotRow | null;
  /** The registration made. */
  id: number | null;
  status: 'registered' | 'waiting' | null;
  position: number | null;
}

/**
 * The batch's saves, in one statement run under lockStudentsAndSubgroups: each refuses an existing
 * registration for the offering, the credit ceiling and a slot meeting a lesson of the student's
 * timetable or another subgroup he registered for; the others take a subgroup's free seats in the
 * batch's order (its first `capacity - taken` saves), and the rest asking for it a place at the end
 * of the waiting list, also in the batch's order (places follow the registrations' ids, which the
 * insert gives in that order). One verdict per save, in the batch's order.
 */
export async function seatBatch(db: Db, batch: readonly SeatQuery[], now: Date): Promise<SeatVerdictRow[]> {
  const input = JSON.stringify(
    batch.map((q, ord) => ({
      ord,
      student: q.studentId,
      offering: q.offeringId,
      subgroup: q.subgroupId,
      year: q.year,
      ws: q.ws,
      discipline: q.disciplineId,
      credits: q.credits,
      credit_limit: q.creditLimit,
      join_wait: q.joinWaitingList,
    })),
  );
  return rowsOf<SeatVerdictRow>(
    db,
    sql`with
      q as (select * from json_to_recordset(${input}::json)
              as q(ord int, student int, offering int, subgroup int, year int, ws int, discipline int, credits int, credit_limit int, join_wait boolean)),
      slots as materialized (
        select distinct q.subgroup, q.year, q.ws, slot.day_number, slt.starts_at, slt.ends_at
        from q join reg_subgroups slot on slot.id = q.subgroup join lesson_times slt on slt.id = slot.lesson_time_id),
      near as materialized (
        select sl.subgroup as for_subgroup, sl.year as for_year, sl.ws as for_ws, e.group_id, e.stream_id, e.teaching_assignment_id, e.subgroup,
          e.discipline_id, e.day_number, lt.starts_at, lt.ends_at, json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline
        from slots sl join schedule_entries e on e.academic_year_id = sl.year and e.working_semester_id = sl.ws and e.day_number = sl.day_number
          join lesson_times lt on lt.id = e.lesson_time_id and lt.starts_at < sl.ends_at and sl.starts_at < lt.ends_at
          join disciplines d on d.id = e.discipline_id),
      checked as (
        select q.*, held.n + q.credits as total, hit.clash,
          case when mine.id is not null then 'already' when held.n + q.credits > q.credit_limit then 'credits' when hit.clash is not null then 'clash' end as refused
        from q
        left join registrations mine on mine.offering_id = q.offering and mine.student_id = q.student
        cross join lateral (select coalesce(sum(o.credits), 0)::int as n from registrations r join reg_offerings o on o.id = r.offering_id
          where r.student_id = q.student and o.academic_year_id = q.year and o.working_semester_id = q.ws) held
        left join lateral (
          select row_to_json(h) as clash from (
            select discipline, "disciplineId", "dayNumber", "startsAt", "endsAt" from (
              select 1 as kind, e.discipline, e.discipline_id as "disciplineId", e.day_number as "dayNumber", e.starts_at as s,
                  to_char(e.starts_at, 'HH24:MI') as "startsAt", to_char(e.ends_at, 'HH24:MI') as "endsAt"
                from near e join students st on st.id = q.student
                where e.for_subgroup = q.subgroup and e.for_year = q.year and e.for_ws = q.ws and e.discipline_id <> q.discipline and ${memberOf}
              union all
              select 2, json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en), o.discipline_id, rs.day_number, lt.starts_at,
                  to_char(lt.starts_at, 'HH24:MI'), to_char(lt.ends_at, 'HH24:MI')
                from registrations r join reg_offerings o on o.id = r.offering_id join reg_subgroups rs on rs.id = r.subgroup_id
                  join lesson_times lt on lt.id = rs.lesson_time_id join disciplines d on d.id = o.discipline_id
                  join slots slot on slot.subgroup = q.subgroup and slot.year = q.year and slot.ws = q.ws
                where r.student_id = q.student and o.academic_year_id = q.year and o.working_semester_id = q.ws and o.id <> q.offering
                  and rs.day_number = slot.day_number and lt.starts_at < slot.ends_at and slot.starts_at < lt.ends_at
            ) hits order by kind, s limit 1) h) hit on true),
      ranked as (
        select c.*, row_number() over (partition by c.subgroup order by c.ord) <= greatest(rs.capacity - rs.taken, 0) as seated
        from checked c join reg_subgroups rs on rs.id = c.subgroup where c.refused is null),
      queued as (
        select w.subgroup_id, count(*)::int as n from registrations w
        where w.status = 'waiting' and w.subgroup_id in (select subgroup from q) group by w.subgroup_id),
      placed as (
        select r.*, case when not r.seated then
            (coalesce(qd.n, 0) + row_number() over (partition by r.subgroup, r.seated order by r.ord))::int end as position
        from ranked r left join queued qd on qd.subgroup_id = r.subgroup where r.seated or r.join_wait),
      bump as (
        update reg_subgroups rs set taken = rs.taken + n.seats
        from (select subgroup, count(*)::int as seats from placed where seated group by subgroup) n where rs.id = n.subgroup
        returning rs.id),
      made as (
        insert into registrations (offering_id, subgroup_id, student_id, status, created_at)
        select offering, subgroup, student, case when seated then 'registered' else 'waiting' end, ${now}::timestamptz from placed order by ord
        returning id, student_id, status)
    select coalesce(c.refused, case when m.id is null then 'full' end) as refused, c.total, c.clash,
      m.id::int as id, m.status, p.position
    from checked c left join placed p on p.ord = c.ord left join made m on m.student_id = c.student
    order by c.ord`,
    'reg_seat_batch',
  );
}
