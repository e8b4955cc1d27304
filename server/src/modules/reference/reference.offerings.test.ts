/** The registration offerings and subgroups lists (docs/areas/reference.md#registration-offerings): their rules, their audit entries, no deletion while students are registered. */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceRows } from '@contract/reference';
import { rowsOf } from '../../db/client';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['admin'] });

const post = (call: string, body: object, lang = 'en') =>
  fx.app.inject({ method: 'POST', url: `/api/reference/${call}`, payload: body, headers: { ...fx.admin.headers, 'accept-language': lang } });
const db = () => fx.db.database.db;
const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(db(), query))[0];
const audit = () =>
  rowsOf<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
    db(),
    sql`select action, before, after from admin_audit order by id`,
  );
const snapshot = async () =>
  JSON.stringify([await rowsOf(db(), sql`select * from reg_offerings order by id`), await rowsOf(db(), sql`select * from reg_subgroups order by id`)]);

/** A refused call: its status, error code and params, and nothing written, nothing logged. */
async function refused(call: string, body: object, status: number, code: string, params: object = {}) {
  const before = await snapshot();
  const log = (await audit()).length;
  const res = await post(call, body);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toMatchObject({ code, params: expect.objectContaining(params) });
  expect(await snapshot()).toBe(before);
  expect((await audit()).length).toBe(log);
  return res.json().error as { message: string };
}

describe('registration offerings and subgroups', () => {
  let offering: Record<string, number | null>;
  let offeringId: string;
  let subgroupId: string;

  beforeAll(async () => {
    const d = await one<{ id: number }>(sql`select id from disciplines where id not in (select discipline_id from reg_offerings) order by id limit 1`);
    const s = await one<{ id: number }>(sql`select id from specialities order by id limit 1`);
    offering = {
      academicYearId: 2026,
      workingSemesterId: 1,
      disciplineId: Number(d.id),
      specialityId: Number(s.id),
      semesterId: 3,
      isElective: 0,
      credits: 4,
      controlFormId: 1,
      descGroupNum: 1,
    };
  });

  it('lists the offerings with their choices in the caller’s language; an elective is 0 or 1', async () => {
    const res = await post('rows.json', { list: 'regOfferings' }, 'ru');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as ReferenceRows;
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.rows.map((r) => r.values.isElective)).toEqual(expect.arrayContaining([0, 1]));
    expect(data.list.columns.find((c) => c.key === 'isElective')?.options).toEqual([
      { id: 0, name: 'Нет' },
      { id: 1, name: 'Да' },
    ]);
    const subgroups = (await post('rows.json', { list: 'regSubgroups' })).json().data as ReferenceRows;
    expect(subgroups.list.columns.find((c) => c.key === 'dayNumber')?.options?.[0]).toEqual({ id: 1, name: 'Monday' });
  });

  it('adds an offering and a subgroup with their audit entries; refuses what registration could not show', async () => {
    await refused('save.json', { list: 'regOfferings', values: { ...offering, semesterId: 2 } }, 400, 'REFERENCE_INVALID', {
      field: 'semesterId',
      reason: 'semesterHalf',
    });
    await refused('save.json', { list: 'regOfferings', values: { ...offering, isElective: 1 } }, 400, 'REFERENCE_INVALID', {
      field: 'specialityId',
      reason: 'electiveForAll',
    });
    await refused('save.json', { list: 'regOfferings', values: { ...offering, specialityId: null } }, 400, 'REFERENCE_INVALID', {
      field: 'specialityId',
      reason: 'required',
    });
    await refused('save.json', { list: 'regOfferings', values: { ...offering, credits: 31 } }, 400, 'REFERENCE_INVALID', { field: 'credits', reason: 'range' });

    const added = await post('save.json', { list: 'regOfferings', values: offering });
    expect(added.statusCode, added.body).toBe(200);
    offeringId = added.json().data.id;
    expect(added.json().data.values).toEqual(offering);
    await refused('save.json', { list: 'regOfferings', values: { ...offering, credits: 5 } }, 409, 'REFERENCE_TAKEN', { field: 'disciplineId' });

    const teacher = await one<{ id: number }>(sql`select id from teachers order by id limit 1`);
    const subgroup = { offeringId: Number(offeringId), teacherId: Number(teacher.id), number: 1, lessonTypeId: 2, dayNumber: 6, lessonTimeId: 7, capacity: 20 };
    const made = await post('save.json', { list: 'regSubgroups', values: subgroup });
    expect(made.statusCode, made.body).toBe(200);
    subgroupId = made.json().data.id;
    await refused('save.json', { list: 'regSubgroups', values: { ...subgroup, lessonTimeId: 99 } }, 400, 'REFERENCE_INVALID', {
      field: 'lessonTimeId',
      reason: 'option',
    });
    await refused('save.json', { list: 'regSubgroups', values: subgroup }, 409, 'REFERENCE_TAKEN', { field: 'number' });
    expect((await audit()).map((a) => [a.action, a.after.list])).toEqual([
      ['addReference', 'regOfferings'],
      ['addReference', 'regSubgroups'],
    ]);
  });

  it('never gives a subgroup fewer seats than students registered, and deletes neither while they are', async () => {
    const student = await one<{ id: number }>(sql`select id from students order by id limit 1`);
    await db().execute(
      sql`insert into registrations (offering_id, subgroup_id, student_id, status, created_at) values (${Number(offeringId)}, ${Number(subgroupId)}, ${student.id}, 'registered', now())`,
    );
    await db().execute(sql`update reg_subgroups set taken = 1 where id = ${Number(subgroupId)}`);
    const row = (await post('rows.json', { list: 'regSubgroups' })).json().data.rows.find((r: { id: string }) => r.id === subgroupId);
    await db().execute(sql`update reg_subgroups set taken = 15 where id = ${Number(subgroupId)}`);
    const below = await refused('save.json', { list: 'regSubgroups', id: subgroupId, values: { ...row.values, capacity: 14 } }, 400, 'REFERENCE_INVALID', {
      field: 'capacity',
      reason: 'belowTaken',
      taken: 15,
    });
    expect(below.message).toBe('The seats cannot be fewer than the students already registered: 15');
    const changed = await post('save.json', { list: 'regSubgroups', id: subgroupId, values: { ...row.values, capacity: 15 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await audit()).at(-1)).toMatchObject({ action: 'changeReference', before: { capacity: 20 }, after: { capacity: 15, list: 'regSubgroups' } });

    const inUse = await refused('delete.json', { list: 'regSubgroups', id: subgroupId }, 409, 'REFERENCE_IN_USE', { reason: 'registered' });
    expect(inUse.message).toBe('The row cannot be deleted: students are registered for it. Cancel their registrations first');
    await refused('delete.json', { list: 'regOfferings', id: offeringId }, 409, 'REFERENCE_IN_USE', { reason: 'registered' });

    await db().execute(sql`delete from registrations where subgroup_id = ${Number(subgroupId)}`);
    expect((await post('delete.json', { list: 'regSubgroups', id: subgroupId })).statusCode).toBe(200);
    expect((await post('delete.json', { list: 'regOfferings', id: offeringId })).statusCode).toBe(200);
    expect((await audit()).slice(-2).map((a) => [a.action, a.before.list])).toEqual([
      ['deleteReference', 'regSubgroups'],
      ['deleteReference', 'regOfferings'],
    ]);
  });
});
