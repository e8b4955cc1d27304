/** /api/discipline/*: the chat filters of a teacher and of a student, and who may ask for what. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groups, users } from '../../db/schema';
import { appOn, session, testClock } from '../../test/helpers';
import { requestsTo } from '../../test/requests';
import { useTestApp } from '../../test/fixture';

const clock = testClock(new Date(2026, 9, 1, 10, 0)); // 1 October 2026: 2026-27, autumn
const half = { year: 2026, ws: 1 };

let demoGroup: number;
let webId: number;

const { post } = requestsTo(() => fx.app, '/api/discipline/');

const fx = useTestApp({ now: clock.now });
beforeAll(async () => {
  [{ id: demoGroup }] = await fx.db.database.db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'ПИ-1-24'));
  const list = (await post('list.json', fx.teacher, half)).json().data as Array<{ id: number; discipline: string }>;
  webId = list.find((d) => d.discipline === 'Веб-программирование')!.id;
});

describe('discipline calls need a session', () => {
  it.each([
    ['GET', 'current/ws.json'],
    ['GET', 'current/year.json'],
    ['POST', 'list.json'],
    ['POST', 'forStudentDisciplinelist.json'],
    ['POST', 'semester/list.json'],
    ['POST', 'studentSemester/list.json'],
    ['POST', 'group/list.json'],
    ['POST', 'studentGroup/list.json'],
    ['POST', 'students/list.json'],
    ['POST', 'teachers/list.json'],
  ])('%s %s → 401', async (method, url) => {
    const res = await fx.app.inject({ method: method as 'GET' | 'POST', url: `/api/discipline/${url}`, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
  });
});

describe('current half-year and year', () => {
  it('autumn of 2026-27 on 1 October 2026, in the caller language', async () => {
    expect((await fx.app.inject({ url: '/api/discipline/current/ws.json', headers: fx.student.headers })).json().data).toEqual({
      id: 1,
      name: 'Осеннее полугодие',
    });
    expect((await fx.app.inject({ url: '/api/discipline/current/ws.json', headers: { ...fx.student.headers, 'accept-language': 'ky' } })).json().data).toEqual({
      id: 1,
      name: 'Күзгү жарым жыл',
    });
    expect((await fx.app.inject({ url: '/api/discipline/current/year.json', headers: fx.teacher.headers })).json().data).toEqual({ id: 2026, name: '2026-27' });
  });

  it('spring from February', async () => {
    const spring = testClock(new Date(2027, 2, 10));
    const other = await appOn(fx.db, { now: spring.now });
    const s = await session(other, 'student');
    expect((await other.inject({ url: '/api/discipline/current/ws.json', headers: s.headers })).json().data).toMatchObject({ id: 2 });
    expect((await other.inject({ url: '/api/discipline/current/year.json', headers: s.headers })).json().data).toEqual({ id: 2026, name: '2026-27' });
    await other.close();
  });
});

describe('teacher filters', () => {
  it("lists the teacher's disciplines of the half-year with credits and lesson kinds", async () => {
    const res = await post('list.json', fx.teacher, half);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{ id: number; discipline: string; kredit: number; vid_discipline: string; isSelect: number }>;
    const names = rows.map((r) => r.discipline);
    expect(names).toEqual(expect.arrayContaining(['Веб-программирование', 'Основы программирования', 'Объектно-ориентированное программирование']));
    const web = rows.find((r) => r.discipline === 'Веб-программирование')!;
    expect(web.kredit).toBeGreaterThanOrEqual(3);
    expect(web.vid_discipline).toContain('Лекция');
    expect(web.vid_discipline).toContain('Лабораторная работа');
    expect(web.isSelect).toBe(0);
    const en = (await post('list.json', fx.teacher, half, 'en')).json().data as Array<{ discipline: string }>;
    expect(en.map((r) => r.discipline)).toContain('Web Programming');
  });

  it('semesters, then groups of a discipline', async () => {
    const semesters = (await post('semester/list.json', fx.teacher, { ...half, id_discipline: webId })).json().data;
    expect(semesters).toEqual([{ id: 5, name: '5' }]);
    const list = (await post('group/list.json', fx.teacher, { ...half, id_discipline: webId, id_semester: 5 })).json().data as Array<{ name: string }>;
    expect(list.map((g) => g.name)).toEqual(['ПИ-1-24', 'ПИ-2-24']);
    expect((await post('group/list.json', fx.teacher, { ...half, id_discipline: webId, id_semester: 3 })).json().data).toEqual([]);
  });

  it("a group's students with their unread messages to the teacher", async () => {
    const res = await post('students/list.json', fx.teacher, { ...half, id_discipline: webId, id_group: demoGroup });
    expect(res.statusCode).toBe(200);
    const contacts = res.json().data as Array<{ idid: number; id_type: number; fio: string; countMessages: number }>;
    const demo = contacts.find((c) => c.idid === fx.student.user.uid)!;
    expect(demo).toEqual({ idid: fx.student.user.uid, id_type: 2, fio: 'Сыдыкова Айпери Талантовна', countMessages: 2 });
    expect(contacts.length).toBeGreaterThan(3);
    expect(contacts.every((c) => c.id_type === 2)).toBe(true);
  });

  it('403 for a group the teacher does not teach that discipline, and for student calls', async () => {
    const [other] = await fx.db.database.db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'ЖУР-1-24'));
    expect((await post('students/list.json', fx.teacher, { ...half, id_discipline: webId, id_group: other.id })).statusCode).toBe(403);
    for (const url of ['forStudentDisciplinelist.json', 'teachers/list.json', 'studentSemester/list.json', 'studentGroup/list.json'])
      expect((await post(url, fx.teacher, { ...half, id_discipline: webId, id_semester: 5, id_group: demoGroup })).statusCode, url).toBe(403);
  });

  it('400 for a bad half-year', async () => {
    expect((await post('list.json', fx.teacher, { year: 2026, ws: 3 })).statusCode).toBe(400);
    expect((await post('list.json', fx.teacher, { year: 2026 })).statusCode).toBe(400);
  });
});

describe('student filters', () => {
  it("lists the disciplines of the student's group, its semester, and only its own group", async () => {
    const rows = (await post('forStudentDisciplinelist.json', fx.student, half)).json().data as Array<{ id: number; discipline: string }>;
    expect(rows.map((r) => r.discipline)).toEqual(
      expect.arrayContaining(['Веб-программирование', 'Технологии разработки программного обеспечения', 'Компьютерные сети']),
    );
    expect(rows.map((r) => r.discipline)).not.toContain('Основы программирования');
    expect((await post('studentSemester/list.json', fx.student, { ...half, id_discipline: webId })).json().data).toEqual([{ id: 5, name: '5' }]);
    expect((await post('studentGroup/list.json', fx.student, { ...half, id_discipline: webId, id_semester: 5 })).json().data).toEqual([
      { id: demoGroup, name: 'ПИ-1-24' },
    ]);
  });

  it('the teachers of a discipline in her group, with unread counts', async () => {
    const res = await post('teachers/list.json', fx.student, { ...half, id_discipline: webId, id_group: demoGroup });
    const contacts = res.json().data as Array<{ idid: number; id_type: number; fio: string; countMessages: number }>;
    expect(contacts).toContainEqual({ idid: fx.teacher.user.uid, id_type: 1, fio: 'Асанов Бакыт Кубанычбекович', countMessages: 0 });
  });

  it('403 for another group and for teacher calls', async () => {
    const [other] = await fx.db.database.db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'ПИ-2-24'));
    expect((await post('teachers/list.json', fx.student, { ...half, id_discipline: webId, id_group: other.id })).statusCode).toBe(403);
    for (const url of ['list.json', 'students/list.json', 'semester/list.json', 'group/list.json'])
      expect((await post(url, fx.student, { ...half, id_discipline: webId, id_semester: 5, id_group: demoGroup })).statusCode, url).toBe(403);
  });

  it('the identity comes from the session: extra uid/role fields change nothing', async () => {
    const [someone] = await fx.db.database.db
      .select({ uid: users.studentId })
      .from(users)
      .where(and(eq(users.role, 2), eq(users.login, 'freshman')));
    const res = await post('forStudentDisciplinelist.json', fx.student, { ...half, uid: someone.uid, role: 2 });
    const names = (res.json().data as Array<{ discipline: string }>).map((r) => r.discipline);
    expect(names).toContain('Веб-программирование');
  });
});
