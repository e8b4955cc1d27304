/**
 * /api/regfordisciplines/*: the year and half-year, the student's list, electives with their
 * permission, teachers and subgroups with seats, registering with every refusal (closed, credit
 * ceiling, timetable clash, full → waiting list, not permitted, someone else's ids), deleting with
 * the freed seat going to the first on the waiting list, and the teacher's view.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IdName } from '@contract/common';
import type { RegList, RegRow, RegSubgroup, SaveRegistrationBody, TeacherSubgroup } from '@contract/registration';
import { createContext } from '../../context';
import { registrationPeriods, regSubgroups, students, users } from '../../db/schema';
import type { LiveEvent } from '../../plugins/live';
import { testConfig } from '../../test/helpers';
import { RegistrationService, REGISTRATION_SEAT_EVENT } from './registration.service';
import { useTestApp } from '../../test/fixture';
import { type SignedIn } from '../../test/requests';
import { P, registrationCalls, saveBody } from './registration.testing';

let HALF: { id_a_year: number; id_w_s: 1 | 2 };

const fx = useTestApp();
const { post } = registrationCalls(fx);

/** Gives account `userId` the login `login` with a known password and signs in with it. */
const signInAs = (login: string, userId: number) => fx.signInAs(userId, login, { mustUpdateCredentials: false });

async function groupOf(studentId: number): Promise<number> {
  const [s] = await fx.db.database.db.select({ groupId: students.groupId }).from(students).where(eq(students.id, studentId));
  return s.groupId;
}

async function payload(
  who: SignedIn,
  row: RegRow,
  teacherId: number,
  sub: RegSubgroup,
  extra: Partial<SaveRegistrationBody> = {},
): Promise<SaveRegistrationBody> {
  return { ...saveBody(HALF, row, teacherId, sub, { id: who.user.uid, groupId: await groupOf(who.user.uid) }), ...extra };
}

/** The electives' first offering that has a subgroup free of the demo student's timetable, and one that clashes. */
async function electiveChoice(who: SignedIn) {
  const { data: rows } = await post<RegRow[]>(who, 'optional/disciplines', HALF);
  for (const row of rows) {
    const { data: teachers } = await post<IdName[]>(who, 'optional/teachers', { id_disciplineForStudent: row.id_disciplineForStudent });
    for (const t of teachers) {
      const { data: subs } = await post<RegSubgroup[]>(who, 'optional/subgroups', { id_disciplineForStudent: row.id_disciplineForStudent, id_teacher: t.id });
      if (subs.some((s) => s.id === 1)) return { row, teacher: t, subs: subs.filter((s) => s.id === 1) };
    }
  }
  throw new Error('no elective subgroup');
}

/** The stored row of an elective's subgroup (as electiveChoice gives it). */
async function storedSubgroup(row: RegRow, t: IdName, sub: RegSubgroup) {
  const [g] = await fx.db.database.db
    .select()
    .from(regSubgroups)
    .where(sql`offering_id = ${row.id_disciplineForStudent} and teacher_id = ${t.id} and number = ${sub.id}`);
  return g;
}

beforeAll(async () => {
  HALF = (await fx.app.inject({ method: 'GET', url: `${P}/getdefyear`, headers: fx.student.headers })).json().data;
});

describe('year, half-year and list', () => {
  it('needs a session', async () => {
    expect((await fx.app.inject({ method: 'GET', url: `${P}/getyears` })).statusCode).toBe(401);
    expect((await fx.app.inject({ method: 'POST', url: `${P}/getreglist`, payload: HALF })).statusCode).toBe(401);
  });

  it('gives the current year and half-year, six years and the two half-years', async () => {
    expect(HALF.id_a_year).toBeGreaterThan(2000);
    const years = (await fx.app.inject({ method: 'GET', url: `${P}/getyears`, headers: fx.student.headers })).json().data as IdName[];
    expect(years).toHaveLength(6);
    expect(years.map((y) => y.id)).toContain(HALF.id_a_year);
    const { data: halves } = await post<IdName[]>(fx.student, 'getsemesters', { id_a_year: HALF.id_a_year });
    expect(halves.map((h) => h.id)).toEqual([1, 2]);
  });

  it("lists the student's plan disciplines with descGroupNum, the closing date and the credit ceiling", async () => {
    const { data } = await post<RegList>(fx.student, 'getreglist', HALF);
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.rows.every((r) => !r.isElective && r.descGroupNum === 1 && r.registration === null)).toBe(true);
    expect(data.info).toMatchObject({ open: true, creditLimit: 30, creditsTaken: 0 });
    expect((await post(fx.teacher, 'getreglist', HALF)).res.statusCode).toBe(403);
  });
});

describe('electives', () => {
  it('are open only to permitted students', async () => {
    expect((await post<{ allowed: boolean }>(fx.student, 'optional/permission', HALF)).data).toEqual({ allowed: true });
    const freshman = await signInAs('fresh-reg', (await fx.db.database.db.select({ id: users.id }).from(users).where(eq(users.login, 'freshman')))[0].id);
    expect((await post<{ allowed: boolean }>(freshman, 'optional/permission', HALF)).data).toEqual({ allowed: false });
    expect((await post(freshman, 'optional/disciplines', HALF)).res.statusCode).toBe(403);
    const { row, teacher: t, subs } = await electiveChoice(fx.student);
    expect((await post(freshman, 'optional/teachers', { id_disciplineForStudent: row.id_disciplineForStudent })).res.statusCode).toBe(403);
    const body = await payload(freshman, row, t.id, subs[0]);
    expect((await post(freshman, 'optional/additioninsert', body)).res.statusCode).toBe(403);
  });

  it('registers, shows it in the list, refuses a second time, and deletes it', async () => {
    const { row, teacher: t, subs } = await electiveChoice(fx.student);
    const free = subs[0];
    const saved = await post<{ id: number; status: string }>(fx.student, 'optional/additioninsert', await payload(fx.student, row, t.id, free));
    expect(saved.error).toBeNull();
    expect(saved.data.status).toBe('registered');
    const list = (await post<RegList>(fx.student, 'getreglist', HALF)).data;
    const mine = list.rows.find((r) => r.id_disciplineForStudent === row.id_disciplineForStudent)!;
    expect(mine).toMatchObject({
      isElective: true,
      descGroupNum: 2,
      registration: { id: saved.data.id, status: 'registered', subgroup: free.id, id_teacher: t.id },
    });
    expect(list.info.creditsTaken).toBe(row.kredits);
    const seats = (await post<RegSubgroup[]>(fx.student, 'optional/subgroups', { id_disciplineForStudent: row.id_disciplineForStudent, id_teacher: t.id }))
      .data;
    expect(seats.find((s) => s.id === free.id)!.taken).toBe(free.taken + 1);
    expect((await post(fx.student, 'optional/additioninsert', await payload(fx.student, row, t.id, free))).res.statusCode).toBe(409);
    const del = await post<{ deleted: boolean; promoted: boolean }>(fx.student, 'deleteregistration', { id_registration: saved.data.id });
    expect(del.data).toMatchObject({ deleted: true, promoted: false });
    expect((await post<RegList>(fx.student, 'getreglist', HALF)).data.rows.some((r) => r.id_disciplineForStudent === row.id_disciplineForStudent)).toBe(false);
  });

  it('refuses a payload that does not match the offering, or names another student, changing nothing', async () => {
    const { row, teacher: t, subs } = await electiveChoice(fx.student);
    const body = await payload(fx.student, row, t.id, subs[0]);
    expect((await post(fx.student, 'optional/additioninsert', { ...body, kredits: body.kredits + 1 })).res.statusCode).toBe(400);
    expect((await post(fx.student, 'optional/additioninsert', { ...body, subgroup: 9 })).res.statusCode).toBe(400);
    expect((await post(fx.student, 'optional/additioninsert', { ...body, id_student: body.id_student + 1 })).res.statusCode).toBe(403);
    expect((await post(fx.student, 'saveregistration', body)).res.statusCode).toBe(404);
    expect((await post<RegList>(fx.student, 'getreglist', HALF)).data.info.creditsTaken).toBe(0);
  });

  it('refuses a subgroup whose lesson clashes with the timetable, naming the lesson', async () => {
    const { row, teacher: t, subs } = await electiveChoice(fx.student);
    const all = (await post<IdName[]>(fx.student, 'optional/teachers', { id_disciplineForStudent: row.id_disciplineForStudent })).data;
    let clash: { teacher: number; sub: RegSubgroup } | undefined;
    for (const other of all) {
      const list = (await post<RegSubgroup[]>(fx.student, 'optional/subgroups', { id_disciplineForStudent: row.id_disciplineForStudent, id_teacher: other.id }))
        .data;
      const sub = list.find((s) => s.id === 2);
      if (sub) clash = { teacher: other.id, sub };
    }
    expect(clash).toBeDefined();
    const res = await post(fx.student, 'optional/additioninsert', await payload(fx.student, row, clash!.teacher, clash!.sub));
    expect(res.res.statusCode).toBe(400);
    expect(res.error!.code).toBe('TIMETABLE_CLASH');
    expect(res.error!.message).toMatch(/Занятия подгруппы совпадают с вашим расписанием: .+, [а-я]+ \d\d:\d\d–\d\d:\d\d/);
    void t;
    void subs;
  });

  it('refuses going over the credit ceiling', async () => {
    await fx.db.database.db
      .update(registrationPeriods)
      .set({ creditLimit: 2 })
      .where(and(eq(registrationPeriods.academicYearId, HALF.id_a_year), eq(registrationPeriods.workingSemesterId, HALF.id_w_s)));
    try {
      const { row, teacher: t, subs } = await electiveChoice(fx.student);
      const res = await post(fx.student, 'optional/additioninsert', await payload(fx.student, row, t.id, subs[0]));
      expect(res.error).toMatchObject({ code: 'CREDIT_LIMIT' });
      expect(res.error!.message).toContain('из 2');
    } finally {
      await fx.db.database.db.update(registrationPeriods).set({ creditLimit: 30 });
    }
  });

  it('refuses changes after registration closed, in the caller language', async () => {
    const { row, teacher: t, subs } = await electiveChoice(fx.student);
    const body = await payload(fx.student, row, t.id, subs[0]);
    const saved = await post<{ id: number }>(fx.student, 'optional/additioninsert', body);
    await fx.db.database.db.update(registrationPeriods).set({ closesAt: new Date(Date.now() - 86_400_000) });
    try {
      const again = await post(fx.student, 'deleteregistration', { id_registration: saved.data.id }, 'en');
      expect(again.res.statusCode).toBe(400);
      expect(again.error!.message).toMatch(/^Registration closed on \d\d\.\d\d\.\d{4}/);
      expect((await post<RegList>(fx.student, 'getreglist', HALF)).data.info.open).toBe(false);
    } finally {
      await fx.db.database.db.update(registrationPeriods).set({ closesAt: new Date(Date.now() + 10 * 86_400_000) });
    }
    await post(fx.student, 'deleteregistration', { id_registration: saved.data.id });
  });

  it('refuses registering and dropping before registration opens, naming when it opens, and the list says so', async () => {
    const { row, teacher: t, subs } = await electiveChoice(fx.student);
    const body = await payload(fx.student, row, t.id, subs[0]);
    const saved = await post<{ id: number }>(fx.student, 'optional/additioninsert', body);
    const opensAt = new Date(Date.now() + 2 * 86_400_000);
    await fx.db.database.db.update(registrationPeriods).set({ opensAt });
    try {
      const drop = await post(fx.student, 'deleteregistration', { id_registration: saved.data.id }, 'en');
      expect(drop.res.statusCode).toBe(400);
      expect(drop.error).toMatchObject({ code: 'REGISTRATION_NOT_OPEN' });
      expect(drop.error!.message).toMatch(/^Registration opens on \d\d\.\d\d\.\d{4} \d\d:\d\d/);
      const again = await post(fx.student, 'optional/additioninsert', body, 'kg');
      expect(again.error).toMatchObject({ code: 'REGISTRATION_NOT_OPEN', message: expect.stringMatching(/^Каттоо \d\d\./) });
      const info = (await post<RegList>(fx.student, 'getreglist', HALF)).data.info;
      expect(info).toMatchObject({ open: false, opensAt: opensAt.toISOString() });
    } finally {
      await fx.db.database.db.update(registrationPeriods).set({ opensAt: null });
    }
    expect((await post<RegList>(fx.student, 'getreglist', HALF)).data.info).toMatchObject({ open: true, opensAt: null });
    expect((await post(fx.student, 'deleteregistration', { id_registration: saved.data.id })).res.statusCode).toBe(200);
  });
});

describe('seats and the waiting list', () => {
  it('a full subgroup answers SUBGROUP_FULL or, when asked, a waiting place; a freed seat goes to the first waiting, who is told live', async () => {
    const { row, teacher: t, subs } = await electiveChoice(fx.student);
    const sub = subs[0];
    const g = await storedSubgroup(row, t, sub);
    // Three other permitted students of the demo group.
    const mates = await fx.db.database.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(students, eq(students.id, users.studentId))
      .where(and(eq(students.groupId, await groupOf(fx.student.user.uid)), sql`${students.id} <> ${fx.student.user.uid}`))
      .limit(2);
    const [a, b] = [await signInAs('reg-a', mates[0].id), await signInAs('reg-b', mates[1].id)];
    await fx.db.database.db.update(regSubgroups).set({ capacity: 1 }).where(eq(regSubgroups.id, g.id));
    const events: LiveEvent[] = [];
    await fx.app.ctx.live.ready();
    const off = fx.app.ctx.live.subscribe(b.user.id, (e: LiveEvent) => events.push(e));
    try {
      const first = await post<{ id: number; status: string }>(a, 'optional/additioninsert', await payload(a, row, t.id, sub));
      expect(first.data.status).toBe('registered');
      const full = await post(b, 'optional/additioninsert', await payload(b, row, t.id, sub));
      expect(full.res.statusCode).toBe(409);
      expect(full.error!.code).toBe('SUBGROUP_FULL');
      const wait = await post<{ id: number; status: string; position: number }>(
        b,
        'optional/additioninsert',
        await payload(b, row, t.id, sub, { joinWaitingList: true }),
      );
      expect(wait.data).toMatchObject({ status: 'waiting', position: 1 });
      const third = await post<{ status: string; position: number }>(
        fx.student,
        'optional/additioninsert',
        await payload(fx.student, row, t.id, sub, { joinWaitingList: true }),
      );
      expect(third.data).toMatchObject({ status: 'waiting', position: 2 });

      // The subgroup's own teacher (who need not be the demo teacher) sees the seat taken and the two waiting.
      const [ownTeacher] = await fx.db.database.db.select({ id: users.id }).from(users).where(eq(users.teacherId, t.id));
      const subgroupTeacher = await signInAs('reg-teacher', ownTeacher.id);
      const view = (await post<TeacherSubgroup>(subgroupTeacher, 'bytype/subgroups', { id_subgroup: g.id })).data;
      expect(view).toMatchObject({ capacity: 1, taken: 1, registered: [{ status: 'registered' }], waiting: [{}, {}] });

      const del = await post<{ promoted: boolean }>(a, 'deleteregistration', { id_registration: first.data.id });
      expect(del.data.promoted).toBe(true);
      const mine = (await post<RegList>(b, 'getreglist', HALF)).data.rows.find((r) => r.id_disciplineForStudent === row.id_disciplineForStudent)!;
      expect(mine.registration).toMatchObject({ status: 'registered' });
      expect(
        (await post<RegList>(fx.student, 'getreglist', HALF)).data.rows.find((r) => r.id_disciplineForStudent === row.id_disciplineForStudent)!.registration,
      ).toMatchObject({ status: 'waiting', position: 1 });
      await expect
        .poll(() => events.find((e) => e.event === REGISTRATION_SEAT_EVENT))
        .toMatchObject({ data: { id_registration: wait.data.id, subgroup: sub.id } });
      // ...and finds it among his notifications, which open the registration.
      const kept = await fx.app.inject({ method: 'POST', url: '/api/notifications/list.json', payload: { page: 1 }, headers: b.headers });
      const items = kept.json().data.items as Array<{ kind: string; link: string; params: Record<string, unknown> }>;
      expect(items.find((n) => n.kind === 'registration.seat')).toMatchObject({ link: '/registration', params: { subgroup: sub.id } });
      const [after] = await fx.db.database.db.select().from(regSubgroups).where(eq(regSubgroups.id, g.id));
      expect(after.taken).toBe(1);
    } finally {
      off();
    }
  });

  it("only the subgroup's teacher sees and edits it (source type 1)", async () => {
    const { data } = await post<TeacherSubgroup[]>(fx.teacher, 'bytype/teacher', { ...HALF, sourceType: 1 });
    expect(data.some((s) => s.isElective)).toBe(true);
    expect((await post(fx.student, 'bytype/teacher', HALF)).res.statusCode).toBe(403);
    const other = await fx.db.database.db
      .select({ id: regSubgroups.id })
      .from(regSubgroups)
      .where(sql`teacher_id <> ${fx.teacher.user.uid}`)
      .limit(1);
    expect((await post(fx.teacher, 'bytype/subgroups', { id_subgroup: other[0].id })).res.statusCode).toBe(404);
  });
});

describe('a registration rush', () => {
  it('never seats more than the capacity and keeps the waiting list in arrival order', async () => {
    const ctx = createContext(testConfig(), fx.db.database);
    const reg = new RegistrationService(ctx);
    const { row, teacher: t, subs } = await electiveChoice(fx.student);
    const sub = subs[0];
    const g = await storedSubgroup(row, t, sub);
    await fx.db.database.db.execute(sql`delete from registrations where subgroup_id = ${g.id}`);
    await fx.db.database.db.update(regSubgroups).set({ capacity: 5, taken: 0 }).where(eq(regSubgroups.id, g.id));
    const permitted: unknown = await fx.db.database.db.execute(
      sql`select s.id, s.group_id from elective_permissions p join students s on s.id = p.student_id where p.academic_year_id = ${HALF.id_a_year} and p.working_semester_id = ${HALF.id_w_s} order by s.id limit 60`,
    );
    const people = ((permitted as { rows?: unknown }).rows ?? permitted) as { id: number; group_id: number }[];
    const results = await Promise.all(
      people.map((p) =>
        reg
          .save(
            { sessionId: 0, userId: 0, role: 2, uid: p.id, login: '', newsPerms: false, via: 'password' },
            {
              ...HALF,
              id_semester: row.id_semester,
              id_kafedra: row.id_kafedra,
              id_teacher: t.id,
              id_discipline: row.id_discipline,
              kredits: row.kredits,
              id_examination: row.id_examination,
              id_group: p.group_id,
              subgroup: sub.id,
              id_student: p.id,
              id_vid_zaniatiy: sub.id_vid_zaniatiy,
              id_disciplineForStudent: row.id_disciplineForStudent,
              isByPlan: false,
              descGroupNum: row.descGroupNum,
              joinWaitingList: true,
            },
            true,
            'ru',
          )
          .then(
            (r) => r,
            (e: Error) => e,
          ),
      ),
    );
    const ok = results.filter((r): r is { id: number; status: 'registered' | 'waiting'; position: number | null } => !(r instanceof Error));
    const refused = results.filter((r) => r instanceof Error) as Error[];
    // Some students may be refused for a clash with their own timetable; every answer is one of the three.
    expect(refused.map((e) => e.message).filter((m) => m !== 'TIMETABLE_CLASH')).toEqual([]);
    const seated = ok.filter((r) => r.status === 'registered');
    expect(seated.length).toBe(Math.min(5, ok.length));
    const [after] = await fx.db.database.db.select().from(regSubgroups).where(eq(regSubgroups.id, g.id));
    expect(after.taken).toBe(seated.length);
    const waiting = ok.filter((r) => r.status === 'waiting').sort((x, y) => x.id - y.id);
    expect(waiting.map((w) => w.position)).toEqual(waiting.map((_, i) => i + 1));
  });
});
