/**
 * The demo student registers her whole study plan: its subgroups are placed where she has no lesson
 * (seed step 0017-registration-plan-slots, which an existing database gets too), the subgroups'
 * list says beforehand which one would clash and with what, and a second save of the same
 * discipline is refused as already registered, in the caller's language.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IdName } from '@contract/common';
import type { RegList, RegRow, RegSubgroup } from '@contract/registration';
import { regSubgroups, students } from '../../db/schema';
import { fitPlanSubgroups } from '../../db/seed/registration';
import { useTestApp } from '../../test/fixture';
import { P, registrationCalls, saveBody } from './registration.testing';

let HALF: { id_a_year: number; id_w_s: 1 | 2 };
let groupId: number;

const fx = useTestApp({ signIn: ['student'] });
const { post: postAs } = registrationCalls(fx);
const post = <T = unknown>(path: string, payload: object, lang?: string) => postAs<T>(fx.student, path, payload, lang);
const body = (row: RegRow, teacherId: number, sub: RegSubgroup) => saveBody(HALF, row, teacherId, sub, { id: fx.student.user.uid, groupId });

/** Every plan discipline with each of its teachers' subgroups as the student's chooser lists them. */
async function choices(): Promise<{ row: RegRow; options: { teacher: number; sub: RegSubgroup }[] }[]> {
  const { data } = await post<RegList>('getreglist', HALF);
  const out = [];
  for (const row of data.rows.filter((r) => !r.isElective)) {
    const options: { teacher: number; sub: RegSubgroup }[] = [];
    for (const t of (await post<IdName[]>('getteachersforregel', { id_disciplineForStudent: row.id_disciplineForStudent })).data)
      for (const sub of (await post<RegSubgroup[]>('getsubgroupsforregel', { id_disciplineForStudent: row.id_disciplineForStudent, id_teacher: t.id })).data)
        options.push({ teacher: t.id, sub });
    out.push({ row, options });
  }
  return out;
}

/** Registers the plan in the first subgroup of each discipline that saves; the disciplines registered. */
async function registerPlan(): Promise<number> {
  let registered = 0;
  for (const { row, options } of await choices()) {
    for (const { teacher, sub } of options) {
      const saved = await post<{ status: string }>('saveregistration', body(row, teacher, sub));
      if (saved.res.statusCode === 200) {
        registered++;
        break;
      }
    }
  }
  return registered;
}

async function clearPlan() {
  await fx.db.database.db.execute(sql`delete from registrations where student_id = ${fx.student.user.uid}`);
  await fx.db.database.db.execute(sql`update reg_subgroups set taken = 0`);
}

beforeAll(async () => {
  HALF = (await fx.app.inject({ method: 'GET', url: `${P}/getdefyear`, headers: fx.student.headers })).json().data;
  [{ groupId }] = await fx.db.database.db.select({ groupId: students.groupId }).from(students).where(eq(students.id, fx.student.user.uid));
});

describe('the study plan', () => {
  it('the demo student registers every discipline of her plan, each in its first subgroup', async () => {
    const plan = await choices();
    expect(plan.length).toBeGreaterThanOrEqual(4);
    for (const { options } of plan) expect(options[0].sub.clash).toBeNull();
    expect(await registerPlan()).toBe(plan.length);
    const list = (await post<RegList>('getreglist', HALF)).data;
    expect(list.rows.filter((r) => !r.isElective).every((r) => r.registration?.status === 'registered')).toBe(true);
    await clearPlan();
  });

  it('a database seeded before the plan had its own slots gets them from step 0017, keeping the subgroups registered for', async () => {
    // The plan's subgroups as step 0013 placed them: Saturday, first and second pair.
    await fx.db.database.db.execute(
      sql`update reg_subgroups rs set day_number = 6, lesson_time_id = rs.number from reg_offerings o where o.id = rs.offering_id and not o.is_elective`,
    );
    const plan = await choices();
    expect(plan.some(({ options }) => options.every((o) => o.sub.clash !== null))).toBe(true);
    // One discipline she managed to register for keeps its subgroup and slot.
    const kept = plan.find(({ options }) => options.some((o) => o.sub.clash === null))!;
    const keptOption = kept.options.find((o) => o.sub.clash === null)!;
    expect((await post('saveregistration', body(kept.row, keptOption.teacher, keptOption.sub))).res.statusCode).toBe(200);
    const [before] = await fx.db.database.db
      .select()
      .from(regSubgroups)
      .where(sql`offering_id = ${kept.row.id_disciplineForStudent} and teacher_id = ${keptOption.teacher} and number = ${keptOption.sub.id}`);

    await fx.db.database.db.transaction((tx) => fitPlanSubgroups(tx, { size: 'small', now: new Date(), log: () => {}, files: null }));

    const [after] = await fx.db.database.db.select().from(regSubgroups).where(eq(regSubgroups.id, before.id));
    expect([after.dayNumber, after.lessonTimeId]).toEqual([before.dayNumber, before.lessonTimeId]);
    expect(await registerPlan()).toBe(plan.length - 1);
    const list = (await post<RegList>('getreglist', HALF)).data;
    expect(list.rows.filter((r) => !r.isElective).every((r) => r.registration?.status === 'registered')).toBe(true);
    await clearPlan();
  });
});

describe('before saving', () => {
  it("a subgroup's clash is listed with the lesson it meets, the same one a save is refused for", async () => {
    const { data: electives } = await post<RegRow[]>('optional/disciplines', HALF);
    let found: { row: RegRow; teacher: number; sub: RegSubgroup } | undefined;
    for (const row of electives) {
      for (const t of (await post<IdName[]>('optional/teachers', { id_disciplineForStudent: row.id_disciplineForStudent })).data) {
        const subs = (await post<RegSubgroup[]>('optional/subgroups', { id_disciplineForStudent: row.id_disciplineForStudent, id_teacher: t.id })).data;
        const sub = subs.find((s) => s.clash !== null);
        if (sub && !found) found = { row, teacher: t.id, sub };
      }
    }
    expect(found).toBeDefined();
    expect(found!.sub.clash).toMatch(/^.+, [а-я]+ \d\d:\d\d–\d\d:\d\d$/);
    const refused = await post('optional/additioninsert', body(found!.row, found!.teacher, found!.sub));
    expect(refused.error!.code).toBe('TIMETABLE_CLASH');
    expect(refused.error!.message).toContain(found!.sub.clash!);
  });
});

describe('a second save of the same discipline', () => {
  it('is refused as already registered, saying so in the caller language, and changes nothing', async () => {
    const [{ row, options }] = await choices();
    const first = await post<{ id: number }>('saveregistration', body(row, options[0].teacher, options[0].sub));
    expect(first.res.statusCode).toBe(200);
    const again = await post('saveregistration', body(row, options[0].teacher, options[0].sub), 'en');
    expect(again.res.statusCode).toBe(409);
    expect(again.error).toMatchObject({ code: 'ALREADY_REGISTERED', message: 'You are already registered for this discipline (or on its waiting list)' });
    const kg = await postAs(
      { headers: { cookie: `${fx.student.headers.cookie}; lang=kg` } },
      'saveregistration',
      body(row, options[0].teacher, options[0].sub),
    );
    expect(kg.error!.message).toBe('Сиз бул сабакка мурда эле жазылгансыз (же күтүү тизмесиндесиз)');
    const mine = (await post<RegList>('getreglist', HALF)).data.rows.find((r) => r.id_disciplineForStudent === row.id_disciplineForStudent)!;
    expect(mine.registration?.id).toBe(first.data.id);
    await clearPlan();
  });

  it('two saves of it sent at once (two tabs): one seat, the other told it is already registered', async () => {
    const [, { row, options }] = await choices();
    const [subgroup] = await fx.db.database.db
      .select()
      .from(regSubgroups)
      .where(sql`offering_id = ${row.id_disciplineForStudent} and teacher_id = ${options[0].teacher} and number = ${options[0].sub.id}`);
    const replies = await Promise.all([0, 1].map(() => post('saveregistration', body(row, options[0].teacher, options[0].sub))));
    expect(replies.map((r) => r.res.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.res.statusCode === 409)!.error!.code).toBe('ALREADY_REGISTERED');
    const [after] = await fx.db.database.db.select().from(regSubgroups).where(eq(regSubgroups.id, subgroup.id));
    expect(after.taken).toBe(subgroup.taken + 1);
    await clearPlan();
  });

  it('two deletes of it sent at once free one seat: one deletes, the other finds nothing', async () => {
    const [, , { row, options }] = await choices();
    const [subgroup] = await fx.db.database.db
      .select()
      .from(regSubgroups)
      .where(sql`offering_id = ${row.id_disciplineForStudent} and teacher_id = ${options[0].teacher} and number = ${options[0].sub.id}`);
    const saved = await post<{ id: number }>('saveregistration', body(row, options[0].teacher, options[0].sub));
    const replies = await Promise.all([0, 1].map(() => post('deleteregistration', { id_registration: saved.data.id })));
    expect(replies.map((r) => r.res.statusCode).sort()).toEqual([200, 404]);
    const [after] = await fx.db.database.db.select().from(regSubgroups).where(eq(regSubgroups.id, subgroup.id));
    expect(after.taken).toBe(subgroup.taken);
  });
});
