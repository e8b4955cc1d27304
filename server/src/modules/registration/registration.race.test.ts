/**
 * Registration saves that meet: one student's two saves of the same moment hold the credit ceiling
 * together, and a seat freed while a newcomer registers goes to the first on the waiting list (who
 * is told), the newcomer queuing behind. On PGlite and, in the server-pg project, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Saved, SaveRegistrationBody } from '@contract/registration';
import { createContext, type AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import type { AuthInfo } from '../../shared/caller';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers';
import { RegistrationService } from './registration.service';

let db: TestDatabase;
let ctx: AppContext;
let reg: RegistrationService;
let HALF: { id_a_year: number; id_w_s: 1 | 2 };

interface Elective {
  offering: number;
  body: Omit<SaveRegistrationBody, 'id_group' | 'id_student'>;
}

const q = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(db.database.db, query);
const auth = (uid: number): AuthInfo => ({ sessionId: 0, userId: 0, role: 2, uid, login: '', newsPerms: false, via: 'password' });
const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ value, error: null }),
    (error: Error) => ({ value: null, error }),
  );

/**
 * New electives of the half-year, each with one subgroup of `capacity` seats at its own weekly slot
 * that no lesson, elective or subgroup someone registered for uses (a plan subgroup nobody holds
 * clashes with nothing).
 */
async function electives(count: number, capacity: number, credits: number): Promise<Elective[]> {
  const { id_a_year: year, id_w_s: ws } = HALF;
  const slots = await q<{ day: number; time: number }>(
    sql`select d.day, t.id as time from generate_series(1, 6) d(day) cross join lesson_times t
      where not exists (select 1 from schedule_entries e where e.academic_year_id = ${year} and e.working_semester_id = ${ws} and e.day_number = d.day and e.lesson_time_id = t.id)
        and not exists (select 1 from reg_subgroups g join reg_offerings o on o.id = g.offering_id
                        where o.academic_year_id = ${year} and o.working_semester_id = ${ws} and g.day_number = d.day and g.lesson_time_id = t.id
                          and (o.is_elective or exists (select 1 from registrations r where r.subgroup_id = g.id)))
      order by d.day, t.id limit ${count}`,
  );
  const [refs] = await q<{ semester: number; control: number; lessonType: number; teacher: number; department: number }>(
    sql`select (select id from semesters order by id limit 1) as semester, (select id from control_forms order by id limit 1) as control,
      (select id from lesson_types order by id limit 1) as "lessonType", (select id from teachers order by id limit 1) as teacher`,
  );
  const disciplines = await q<{ id: number; department: number }>(sql`select id, department_id as department from disciplines order by id desc limit ${count}`);
  const out: Elective[] = [];
  for (let i = 0; i < count; i++) {
    const [o] = await q<{ id: number }>(
      sql`insert into reg_offerings (academic_year_id, working_semester_id, semester_id, discipline_id, speciality_id, credits, control_form_id, is_elective, desc_group_num)
        values (${year}, ${ws}, ${refs.semester}, ${disciplines[i].id}, null, ${credits}, ${refs.control}, true, 9) returning id`,
    );
    await q(
      sql`insert into reg_subgroups (offering_id, teacher_id, lesson_type_id, number, capacity, taken, day_number, lesson_time_id)
        values (${o.id}, ${refs.teacher}, ${refs.lessonType}, 1, ${capacity}, 0, ${slots[i].day}, ${slots[i].time}) returning id`,
    );
    out.push({
      offering: o.id,
      body: {
        ...HALF,
        id_semester: refs.semester,
        id_kafedra: disciplines[i].department,
        id_teacher: refs.teacher,
        id_discipline: disciplines[i].id,
        kredits: credits,
        id_examination: refs.control,
        subgroup: 1,
        id_vid_zaniatiy: refs.lessonType,
        id_disciplineForStudent: o.id,
        isByPlan: false,
        descGroupNum: 9,
        joinWaitingList: true,
      },
    });
  }
  return out;
}

/** Students permitted to take the half-year's electives, none registered for anything yet. */
async function permittedStudents(count: number, skip: number): Promise<{ id: number; group: number }[]> {
  return q<{ id: number; group: number }>(
    sql`select s.id, s.group_id as group from elective_permissions p join students s on s.id = p.student_id
      where p.academic_year_id = ${HALF.id_a_year} and p.working_semester_id = ${HALF.id_w_s}
        and not exists (select 1 from registrations r where r.student_id = s.id)
      order by s.id limit ${count} offset ${skip}`,
  );
}

const save = (s: { id: number; group: number }, e: Elective) =>
  reg.save(auth(s.id), { ...e.body, id_group: s.group, id_student: s.id }, true, 'en') as Promise<Saved>;

beforeAll(async () => {
  db = await createTestDatabase();
  ctx = createContext(testConfig(), db.database);
  reg = new RegistrationService(ctx);
  const d = reg.defYear();
  HALF = { id_a_year: d.id_a_year, id_w_s: d.id_w_s as 1 | 2 };
});
afterAll(async () => {
  await db?.close();
});

describe('saves that meet', () => {
  it("one student's two electives sent at the same moment: exactly one fits under the credit ceiling", async () => {
    const [a, b] = await electives(2, 30, 3);
    const [s] = await permittedStudents(1, 0);
    const [period] = await q<{ limit: number }>(
      sql`select credit_limit as limit from registration_periods where academic_year_id = ${HALF.id_a_year} and working_semester_id = ${HALF.id_w_s}`,
    );
    // Room for one of the two electives, not for both.
    await q(sql`update registration_periods set credit_limit = 5 where academic_year_id = ${HALF.id_a_year} and working_semester_id = ${HALF.id_w_s}`);
    try {
      const results = await Promise.all([settle(save(s, a)), settle(save(s, b))]);
      expect(results.filter((r) => r.value?.status === 'registered')).toHaveLength(1);
      expect(results.map((r) => r.error?.message).filter(Boolean)).toEqual(['CREDIT_LIMIT']);
      const [held] = await q<{ n: number }>(sql`select coalesce(sum(o.credits), 0)::int as n from registrations r join reg_offerings o on o.id = r.offering_id
        where r.student_id = ${s.id}`);
      expect(held.n).toBe(3);
      const seats = await q<{ taken: number }>(sql`select taken from reg_subgroups where offering_id in (${a.offering}, ${b.offering}) order by taken`);
      expect(seats.map((g) => g.taken)).toEqual([0, 1]);
    } finally {
      await q(
        sql`update registration_periods set credit_limit = ${period.limit} where academic_year_id = ${HALF.id_a_year} and working_semester_id = ${HALF.id_w_s}`,
      );
    }
  });

  it('a seat freed while a newcomer registers goes to the first waiting, who is told; the newcomer queues behind', async () => {
    const [e] = await electives(1, 1, 3);
    const [holder, first, newcomer] = await permittedStudents(3, 1);
    const seated = await save(holder, e);
    expect(seated.status).toBe('registered');
    const waiting = await save(first, e);
    expect(waiting).toMatchObject({ status: 'waiting', position: 1 });

    const [freed, late] = await Promise.all([reg.remove(auth(holder.id), { id_registration: seated.id }, 'en'), save(newcomer, e)]);

    expect(freed.promoted).toBe(true);
    // Whichever the server took first, the newcomer waits; once the seat went on, he is first in line.
    expect(late.status).toBe('waiting');
    const rows = await q<{ student: number; status: string }>(
      sql`select student_id as student, status from registrations where offering_id = ${e.offering} order by id`,
    );
    expect(rows).toEqual([
      { student: first.id, status: 'registered' },
      { student: newcomer.id, status: 'waiting' },
    ]);
    const [g] = await q<{ taken: number }>(sql`select taken from reg_subgroups where offering_id = ${e.offering}`);
    expect(g.taken).toBe(1);
    const [line] = await q<{ n: number }>(
      sql`select count(*)::int as n from registrations where offering_id = ${e.offering} and status = 'waiting' and id <= ${late.id}`,
    );
    expect(line.n).toBe(1);
    const told = await q<{ kind: string }>(
      sql`select n.kind from notifications n join users u on u.id = n.user_id where u.student_id = ${first.id} and n.kind = 'registration.seat'`,
    );
    expect(told).toHaveLength(1);
  });
});

describe('a rush of many students at once', () => {
  it('fills every seat asked for while free, never more, answers everyone without putting anyone off, and numbers each waiting list in arrival order', async () => {
    // More students at once than one process ran before (six) and let wait (150): new ones, each permitted.
    const students = await q<{ id: number; group: number }>(
      sql`with made as (
          insert into students (surname, name, gender, group_id, code, admission_year, education_form_id, subgroup)
          select 'Rush', 'Student ' || i, 'f', g.id, 'race-rush-' || i, ${HALF.id_a_year}, g.education_form_id, 1
            from generate_series(1, 200) i cross join (select id, education_form_id from groups order by id limit 1) g
          returning id, group_id),
        permitted as (insert into elective_permissions (student_id, academic_year_id, working_semester_id) select id, ${HALF.id_a_year}, ${HALF.id_w_s} from made)
        select id, group_id as group from made order by id`,
    );
    const picks = await electives(4, 7, 3);
    const results = await Promise.all(students.map((s, i) => settle(save(s, picks[i % picks.length]))));
    // No save is put off or lost: each gets a seat or a waiting place.
    expect(results.filter((r) => r.error).map((r) => r.error!.message)).toEqual([]);
    for (const [k, e] of picks.entries()) {
      const asked = results.filter((_r, i) => i % picks.length === k).map((r) => r.value!);
      expect(asked.filter((v) => v.status === 'registered')).toHaveLength(7);
      const [g] = await q<{ taken: number }>(sql`select taken from reg_subgroups where offering_id = ${e.offering}`);
      expect(g.taken).toBe(7);
      // The places told run 1..n in the order the registrations were made.
      const line = await q<{ id: number }>(sql`select id::int from registrations where offering_id = ${e.offering} and status = 'waiting' order by id`);
      const told = new Map(asked.filter((v) => v.status === 'waiting').map((v) => [v.id, v.position]));
      expect(line.map((r) => told.get(r.id))).toEqual(line.map((_r, i) => i + 1));
      // Seats went to the first who asked: no one registered after someone who waits.
      const [order] = await q<{ late: number }>(
        sql`select count(*)::int as late from registrations r where r.offering_id = ${e.offering} and r.status = 'registered'
          and exists (select 1 from registrations w where w.offering_id = ${e.offering} and w.status = 'waiting' and w.id < r.id)`,
      );
      expect(order.late).toBe(0);
    }
  });
});
