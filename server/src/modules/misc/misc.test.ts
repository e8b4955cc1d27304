/** /api/misc/*: photo, position, settings, apps, academic years, faculties. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { appOn, createTestDatabase, session, testClock, type TestDatabase } from '../../test/helpers';

let db: TestDatabase;
let app: App;
let teacher: Awaited<ReturnType<typeof session>>;
let student: Awaited<ReturnType<typeof session>>;
const clock = testClock(new Date(2026, 9, 1, 10, 0)); // 1 October 2026

beforeAll(async () => {
  db = await createTestDatabase();
  app = await appOn(db, { now: clock.now });
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const post = (url: string, who: { headers: Record<string, string> } | null, payload: object = {}, lang?: string) =>
  app.inject({ method: 'POST', url, payload, headers: { ...(who?.headers ?? {}), ...(lang ? { 'accept-language': lang } : {}) } });
const get = (url: string, who: { headers: Record<string, string> } | null) => app.inject({ url, headers: who?.headers ?? {} });

describe('misc calls need a session', () => {
  it.each([
    ['POST', '/api/misc/photo.json'],
    ['POST', '/api/misc/position.json'],
    ['POST', '/api/misc/settings.json'],
    ['POST', '/api/misc/dinurls.json'],
    ['GET', '/api/misc/years.json'],
    ['GET', '/api/misc/defaultyear.json'],
    ['POST', '/api/misc/faculties.json'],
  ])('%s %s → 401', async (method, url) => {
    const res = await app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('photo', () => {
  it('gives the own avatar as base64 SVG with the initials', async () => {
    const res = await post('/api/misc/photo.json', student, { uid: student.user.uid, role: 2 });
    expect(res.statusCode).toBe(200);
    const { photo, mime } = res.json().data;
    expect(mime).toBe('image/svg+xml');
    const svg = Buffer.from(photo, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('>СА</text>');
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it("403 for someone else's photo", async () => {
    expect((await post('/api/misc/photo.json', student, { uid: teacher.user.uid, role: 1 })).statusCode).toBe(403);
    expect((await post('/api/misc/photo.json', teacher, { uid: teacher.user.uid, role: 2 })).statusCode).toBe(403);
  });
});

describe('position', () => {
  it("gives the teacher's position and department, localised", async () => {
    const ru = await post('/api/misc/position.json', teacher, { id: teacher.user.uid });
    expect(ru.json()).toEqual({ result: 0, error: null, data: [{ position: 'Доцент', department: 'Кафедра программной инженерии' }] });
    const en = await post('/api/misc/position.json', teacher, { id: teacher.user.uid }, 'en');
    expect(en.json().data).toEqual([{ position: 'Associate Professor', department: 'Department of Software Engineering' }]);
  });

  it("403 for a student and for another teacher's id", async () => {
    expect((await post('/api/misc/position.json', student, { id: student.user.uid })).statusCode).toBe(403);
    expect((await post('/api/misc/position.json', teacher, { id: teacher.user.uid + 1 })).statusCode).toBe(403);
  });
});

describe('settings', () => {
  it('gives [defaults, links]: current year and half-year, university name, upload limit, menu links of the role', async () => {
    const res = await post('/api/misc/settings.json', student, { uid: student.user.uid, role: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id_a_year: 2026, a_year: '2026-27', id_w_s: 1, universityName: 'Тянь-Шаньский государственный университет', maxSizeMb: 25 },
      [{ key: 'webinar', url: 'https://meet.jit.si/' }],
    ]);
    const kg = await post('/api/misc/settings.json', teacher, { uid: teacher.user.uid, role: 1 }, 'ky-KG');
    expect(kg.json().data[0].universityName).toBe('Тянь-Шань мамлекеттик университети');
  });

  it('spring half-year from February', async () => {
    clock.set(new Date(2027, 2, 1, 10, 0));
    try {
      const later = await session(app, 'teacher'); // the October session has expired by March
      const res = await post('/api/misc/settings.json', later, { uid: later.user.uid, role: 1 });
      expect(res.json().data[0]).toMatchObject({ id_a_year: 2026, a_year: '2026-27', id_w_s: 2 });
    } finally {
      clock.set(new Date(2026, 9, 1, 10, 0));
    }
  });

  it("403 for someone else's uid/role", async () => {
    expect((await post('/api/misc/settings.json', student, { uid: teacher.user.uid, role: 1 })).statusCode).toBe(403);
  });
});

describe('dinurls', () => {
  it("lists the university's services with names in three languages", async () => {
    const res = await post('/api/misc/dinurls.json', student);
    expect(res.statusCode).toBe(200);
    const links = res.json().data;
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) {
      expect(link.url).toMatch(/^https:\/\//);
      expect(link.name.kg && link.name.ru && link.name.en).toBeTruthy();
      expect(['mail', 'moodle', 'library', 'video', 'calendar', 'phone', 'docs', 'web']).toContain(link.icon);
    }
  });
});

describe('academic years', () => {
  it('six years from four back to one ahead; the default is the current one (new one from September)', async () => {
    const years = await get('/api/misc/years.json', teacher);
    expect(years.json().data).toEqual([
      { id: 2022, name: '2022-23' },
      { id: 2023, name: '2023-24' },
      { id: 2024, name: '2024-25' },
      { id: 2025, name: '2025-26' },
      { id: 2026, name: '2026-27' },
      { id: 2027, name: '2027-28' },
    ]);
    expect((await get('/api/misc/defaultyear.json', student)).json().data).toEqual({ id: 2026, name: '2026-27' });
  });

  it('before September the previous year is current', async () => {
    clock.set(new Date(2026, 7, 31, 23, 0));
    try {
      expect((await get('/api/misc/defaultyear.json', student)).json().data).toEqual({ id: 2025, name: '2025-26' });
      const ids = (await get('/api/misc/years.json', student)).json().data.map((y: { id: number }) => y.id);
      expect(ids).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    } finally {
      clock.set(new Date(2026, 9, 1, 10, 0));
    }
  });
});

describe('faculties', () => {
  it('lists faculties with groups studying in the year, localised', async () => {
    const res = await post('/api/misc/faculties.json', teacher, { id: 2026 }, 'en');
    expect(res.json().data.map((f: { name: string }) => f.name)).toEqual([
      'Faculty of Information Technology',
      'Faculty of Economics and Management',
      'Faculty of Humanities',
    ]);
    expect((await post('/api/misc/faculties.json', teacher, { id: 2010 })).json().data).toEqual([]);
    expect((await post('/api/misc/faculties.json', teacher, { id: 'x' })).statusCode).toBe(400);
  });
});
