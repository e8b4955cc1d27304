/**
 * /api/news/*: the feed (audience, faculty, scheduled, pinned, pages, reads), posting with files,
 * check, delete and downloads, with every refusal (docs/security.md#access, #files).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsItem } from '../../../../contract/news';
import type { App } from '../../app';
import { departments, faculties, files, groups, news, newsFiles, specialities, students, teachers, users } from '../../db/schema';
import { hashPassword } from '../../shared/credentials/password-hash';
import { appOn, createTestDatabase, multipartPayload, session, testClock, type MultipartPart, type TestDatabase } from '../../test/helpers';
import { requestsTo, signedIn } from '../../test/requests';

let db: TestDatabase;
let app: App;
let dataDir: string;
const clock = testClock(new Date(2026, 9, 1, 10, 0)); // 1 October 2026

type Who = { headers: Record<string, string>; user: { id: number; uid: number; role: 1 | 2 } };
let teacher: Who; // demo teacher, newsPerms, Faculty of IT
let student: Who; // demo student, Faculty of IT
let colleague: Who; // another IT teacher with newsPerms
let plainTeacher: Who; // an economics teacher without newsPerms
let econStudent: Who; // a student of the Faculty of Economics
let fit: number;
let fem: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const LIMIT = 1024 * 1024; // UPLOAD_LIMIT_MB=1

const facultyId = async (code: string) => (await db.database.db.select({ id: faculties.id }).from(faculties).where(eq(faculties.code, code)))[0].id;

/** Gives a seeded account of that role and faculty a password (and newsPerms) and signs it in. */
async function account(login: string, role: 1 | 2, faculty: number, newsPerms = false): Promise<Who> {
  const d = db.database.db;
  const [candidate] =
    role === 1
      ? await d
          .select({ id: users.id })
          .from(users)
          .innerJoin(teachers, eq(teachers.id, users.teacherId))
          .innerJoin(departments, eq(departments.id, teachers.departmentId))
          .where(and(eq(departments.facultyId, faculty), isNull(users.passwordHash)))
          .orderBy(users.id)
          .limit(1)
      : await d
          .select({ id: users.id })
          .from(users)
          .innerJoin(students, eq(students.id, users.studentId))
          .innerJoin(groups, eq(groups.id, students.groupId))
          .innerJoin(specialities, eq(specialities.id, groups.specialityId))
          .where(and(eq(specialities.facultyId, faculty), isNull(users.passwordHash), eq(users.mustUpdateCredentials, false)))
          .orderBy(users.id)
          .limit(1);
  const password = `${login}-Pass-2026`;
  await d
    .update(users)
    .set({ login, passwordHash: await hashPassword(password), newsPerms })
    .where(eq(users.id, candidate.id));
  return signedIn(app, login, password);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-news-'));
  db = await createTestDatabase();
  app = await appOn(db, { now: clock.now, env: { DATA_DIR: dataDir, UPLOAD_LIMIT_MB: '1', SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '720' } });
  fit = await facultyId('FIT');
  fem = await facultyId('FEM');
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
  colleague = await account('colleague', 1, fit, true);
  plainTeacher = await account('economist', 1, fem, false);
  econStudent = await account('econstudent', 2, fem);
});
afterAll(async () => {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  // Every test starts from an empty feed (the seeded items included).
  await db.database.db.delete(news);
  clock.set(new Date(2026, 9, 1, 10, 0));
});

const { post } = requestsTo(() => app);

async function feed(who: Who, page = 1) {
  const res = await post('/api/news/data.json', who, { id: who.user.id, uid: who.user.uid, role: who.user.role, page });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as NewsItem[];
}

async function publish(who: Who | null, fields: Record<string, string>, attachments: MultipartPart[] = [], headers: Record<string, string> = {}) {
  const parts: MultipartPart[] = [...Object.entries({ audience: '0', faculty: '-1', ...fields }).map(([name, content]) => ({ name, content })), ...attachments];
  const { payload, contentType } = multipartPayload(parts);
  return app.inject({ method: 'POST', url: '/api/news/insert.json', payload, headers: { ...(who?.headers ?? {}), ...headers, 'content-type': contentType } });
}

/** Posts and returns the new item's id. */
async function posted(who: Who, fields: Record<string, string>, attachments: MultipartPart[] = []): Promise<number> {
  const res = await publish(who, fields, attachments);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id_eventMessage;
}

const download = (who: Who | null, filename: string, type = '4') =>
  app.inject({ url: `/api/news/download.file?filename=${encodeURIComponent(filename)}&type=${type}`, headers: who?.headers ?? {} });

const onDisk = () => (fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files')).filter((n) => n !== '.tmp') : []);
const total = async (table: typeof news | typeof files | typeof newsFiles) => (await db.database.db.select({ n: count() }).from(table))[0].n;

describe('every news call needs a session', () => {
  it.each([
    ['POST', '/api/news/data.json'],
    ['POST', '/api/news/check.json'],
    ['POST', '/api/news/delete.json'],
    ['POST', '/api/news/insert.json'],
    ['GET', '/api/news/download.file?filename=1_a.pdf&type=4'],
  ])('%s %s → 401', async (method, url) => {
    const res = await app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('data.json', () => {
  it('403 when uid, role or id name someone else; 400 for page 0', async () => {
    const self = { id: student.user.id, uid: student.user.uid, role: 2, page: 1 };
    expect((await post('/api/news/data.json', student, { ...self, uid: teacher.user.uid })).statusCode).toBe(403);
    expect((await post('/api/news/data.json', student, { ...self, role: 1 })).statusCode).toBe(403);
    expect((await post('/api/news/data.json', student, { ...self, id: teacher.user.id })).statusCode).toBe(403);
    expect((await post('/api/news/data.json', student, { ...self, page: 0 })).statusCode).toBe(400);
    expect((await post('/api/news/data.json', student, self)).statusCode).toBe(200);
  });

  it('an item: author split at the bar, ISO date, plain message, files joined by the separator', async () => {
    const message = 'Уважаемые студенты!\nЗанятие переносится в ауд. 305.\n<script>alert(1)</script>';
    await posted(teacher, { message, audience: '2' }, [
      { name: 'files', filename: 'Расписание.pdf', content: PDF, type: 'application/pdf' },
      { name: 'files', filename: 'notes.txt', content: 'Список литературы\n' },
    ]);
    const [item] = await feed(student);
    expect(item).toMatchObject({
      author: 'Асанов Бакыт Кубанычбекович|Доцент, Кафедра программной инженерии',
      message,
      files: 'Расписание.pdf\u001fnotes.txt',
      editable: false,
      pinned: false,
      scheduled: false,
      audience: 2,
      faculty: null,
    });
    expect(Math.abs(Date.parse(item.date) - clock.now().getTime())).toBeLessThan(5000);
    expect(item.publishAt).toBe(item.date);
    expect(item).not.toHaveProperty('readCount');
    const en = await app.inject({
      method: 'POST',
      url: '/api/news/data.json',
      payload: { id: student.user.id, uid: student.user.uid, role: 2, page: 1 },
      headers: { ...student.headers, 'accept-language': 'en' },
    });
    expect(en.json().data[0].author).toBe('Асанов Бакыт Кубанычбекович|Associate Professor, Department of Software Engineering');
  });

  it('audience: teachers-only items reach teachers, students-only items reach students, both ways', async () => {
    const forTeachers = await posted(teacher, { message: 'Заседание кафедры в четверг', audience: '1' });
    const forStudents = await posted(colleague, { message: 'Консультация перед экзаменом', audience: '2' });
    const forAll = await posted(colleague, { message: 'С Днём учителя!', audience: '0' });
    const ids = async (who: Who) => (await feed(who)).map((i) => i.id_eventMessage).sort();
    expect(await ids(student)).toEqual([forStudents, forAll].sort());
    expect(await ids(colleague)).toEqual([forTeachers, forStudents, forAll].sort()); // her own students-only post too
    // The teacher does not see a students-only post by another author.
    expect(await ids(teacher)).toEqual([forTeachers, forAll].sort());
    expect(await ids(plainTeacher)).toEqual([forTeachers, forAll].sort());
  });

  it('faculty: an item for one faculty reaches only its students and teachers', async () => {
    const econ = await posted(teacher, { message: 'Олимпиада по экономике', audience: '0', faculty: String(fem) });
    const itOnly = await posted(teacher, { message: 'Хакатон ФИТ', audience: '2', faculty: String(fit) });
    const ids = async (who: Who) => (await feed(who)).map((i) => i.id_eventMessage);
    expect(await ids(econStudent)).toEqual([econ]);
    expect(await ids(plainTeacher)).toEqual([econ]);
    expect(await ids(student)).toEqual([itOnly]);
    expect(await ids(colleague)).toEqual([]);
    const own = await feed(teacher);
    expect(own.find((i) => i.id_eventMessage === econ)?.faculty).toBe('Факультет экономики и управления');
    // An item addressed to a faculty is a notification to its people, not to anyone else.
    const notes = async (who: Who) =>
      (
        (await app.inject({ method: 'POST', url: '/api/notifications/list.json', payload: { page: 1 }, headers: who.headers })).json().data.items as {
          kind: string;
          params: { id: number };
        }[]
      )
        .filter((n) => n.kind === 'news.addressed')
        .map((n) => n.params.id);
    expect(await notes(econStudent)).toContain(econ);
    expect(await notes(student)).toContain(itOnly);
    expect(await notes(student)).not.toContain(econ);
  });

  it('scheduled: readers see it only from publishAt; the author sees it marked as scheduled', async () => {
    const at = new Date(clock.now().getTime() + 2 * 3600_000);
    const id = await posted(teacher, { message: 'Завтра субботник', audience: '0', publishAt: at.toISOString() }, [
      { name: 'files', filename: 'plan.pdf', content: PDF },
    ]);
    expect(await feed(student)).toEqual([]);
    expect((await download(student, `${id}_plan.pdf`)).statusCode).toBe(403);
    const [mine] = await feed(teacher);
    expect(mine).toMatchObject({ id_eventMessage: id, scheduled: true, publishAt: at.toISOString(), date: at.toISOString() });

    clock.advance(2 * 3600_000 + 1000);
    const [seen] = await feed(student);
    expect(seen).toMatchObject({ id_eventMessage: id, scheduled: false });
    expect((await download(student, `${id}_plan.pdf`)).statusCode).toBe(200);
  });

  it('a past or empty publishAt means now; one beyond a year or not a date is refused', async () => {
    const id = await posted(teacher, { message: 'Сразу', publishAt: '2020-01-01T00:00:00Z' });
    expect((await feed(student)).map((i) => i.id_eventMessage)).toEqual([id]);
    expect((await publish(teacher, { message: 'x', publishAt: '2030-01-01T00:00:00Z' })).statusCode).toBe(400);
    const bad = await publish(teacher, { message: 'x', publishAt: 'завтра' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.params).toEqual({ field: 'publishAt' });
  });

  it('pinned items stay on top, then the newest first', async () => {
    const pinned = await posted(teacher, { message: 'Правила пользования порталом', pinned: 'true' });
    clock.advance(60_000);
    const older = await posted(teacher, { message: 'Первая' });
    clock.advance(60_000);
    const newer = await posted(colleague, { message: 'Вторая' });
    expect((await feed(student)).map((i) => [i.id_eventMessage, i.pinned])).toEqual([
      [pinned, true],
      [newer, false],
      [older, false],
    ]);
  });

  it('pages of 10: page 2 continues page 1, a short page ends the list', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(await posted(teacher, { message: `Новость ${i + 1}` }));
      clock.advance(1000);
    }
    const first = await feed(student, 1);
    const second = await feed(student, 2);
    expect(first).toHaveLength(10);
    expect(second).toHaveLength(2);
    expect([...first, ...second].map((i) => i.id_eventMessage)).toEqual(ids.reverse());
    expect(await feed(student, 3)).toEqual([]);
  });

  it('read by N of M: M active accounts addressed (not the author), N who loaded it, each once', async () => {
    const id = await posted(teacher, { message: 'Всем студентам ФИТ', audience: '2', faculty: String(fit) });
    const [addressed] = await db.database.db
      .select({ n: count() })
      .from(users)
      .innerJoin(students, eq(students.id, users.studentId))
      .innerJoin(groups, eq(groups.id, students.groupId))
      .innerJoin(specialities, eq(specialities.id, groups.specialityId))
      .where(and(eq(specialities.facultyId, fit), eq(users.disabled, false)));
    const mine = async () => (await feed(teacher)).find((i) => i.id_eventMessage === id)!;
    expect(await mine()).toMatchObject({ readCount: 0, addressedCount: addressed.n, editable: true });
    await feed(student);
    await feed(student);
    await feed(econStudent); // not addressed: records nothing
    expect(await mine()).toMatchObject({ readCount: 1, addressedCount: addressed.n });

    const all = await posted(teacher, { message: 'Всем', audience: '0' });
    const [everyone] = await db.database.db.select({ n: count() }).from(users).where(eq(users.disabled, false));
    expect((await feed(teacher)).find((i) => i.id_eventMessage === all)?.addressedCount).toBe(everyone.n - 1);
  });
});

describe('insert.json', () => {
  it('403 for a student and for a teacher without newsPerms; nothing is stored', async () => {
    const before = { rows: await total(files), disk: onDisk().length };
    const attachment = [{ name: 'files', filename: 'a.pdf', content: PDF }];
    expect((await publish(student, { message: 'Привет' }, attachment)).statusCode).toBe(403);
    const res = await publish(plainTeacher, { message: 'Привет' }, attachment);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(await total(news)).toBe(0);
    expect({ rows: await total(files), disk: onDisk().length }).toEqual(before);
  });

  it('replies with the new item: own, editable, files listed, stored on disk with rows', async () => {
    const before = { rows: await total(files), disk: onDisk().length };
    const res = await publish(teacher, { message: '  Итоги сессии  ', audience: '2', faculty: String(fit), pinned: 'true' }, [
      { name: 'files', filename: 'итоги.pdf', content: PDF },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      message: 'Итоги сессии',
      audience: 2,
      faculty: 'Факультет информационных технологий',
      pinned: true,
      editable: true,
      files: 'итоги.pdf',
      readCount: 0,
    });
    expect({ rows: await total(files), disk: onDisk().length }).toEqual({ rows: before.rows + 1, disk: before.disk + 1 });
    expect(await total(newsFiles)).toBe(1);
  });

  it('a message is required unless files are attached; too long, bad audience or faculty → 400', async () => {
    const empty = await publish(teacher, { message: '   \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'BAD_REQUEST', params: { field: 'message' } });
    expect((await publish(teacher, { message: '' }, [{ name: 'files', filename: 'only.pdf', content: PDF }])).statusCode).toBe(200);
    expect((await publish(teacher, { message: 'я'.repeat(5001) })).statusCode).toBe(400);
    expect((await publish(teacher, { message: 'я'.repeat(5000) })).statusCode).toBe(200);
    expect((await publish(teacher, { message: 'x', audience: '5' })).statusCode).toBe(400);
    expect((await publish(teacher, { message: 'x', audience: 'all' })).statusCode).toBe(400);
    const faculty = await publish(teacher, { message: 'x', faculty: '9999' });
    expect(faculty.statusCode).toBe(400);
    expect(faculty.json().error.params).toEqual({ field: 'faculty' });
    for (const value of ['0', '-2', '2147483648', 'ФИТ'])
      expect((await publish(teacher, { message: 'x', faculty: value })).json().error, value).toMatchObject({
        code: 'BAD_REQUEST',
        params: { field: 'faculty' },
      });
    expect((await publish(teacher, { message: 'x' }, [{ name: 'other', filename: 'a.pdf', content: PDF }])).statusCode).toBe(400);
    expect(await total(news)).toBe(2);
  });

  it('F1: one byte over the limit → 413 with the limit; no item, no file row, nothing on disk', async () => {
    const before = { rows: await total(files), disk: onDisk().length };
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT - PDF.length + 1, 0x20)]);
    const res = await publish(teacher, { message: 'Большой файл' }, [
      { name: 'files', filename: 'small.pdf', content: PDF },
      { name: 'files', filename: 'big.pdf', content: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'TOO_LARGE', params: { maxSizeMb: 1 } });
    expect(await total(news)).toBe(0);
    expect({ rows: await total(files), disk: onDisk().length }).toEqual(before);
  });

  it('F2: HTML renamed .pdf or script as .txt → 400 UNSUPPORTED_TYPE; nothing kept', async () => {
    const before = { rows: await total(files), disk: onDisk().length };
    for (const [filename, content] of [
      ['report.pdf', '<html><script>alert(1)</script></html>'],
      ['notes.txt', '<script>alert(1)</script>'],
      ['image.png', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ]) {
      const res = await publish(teacher, { message: 'Файл' }, [{ name: 'files', filename, content, type: 'application/pdf' }]);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().error.code).toBe('UNSUPPORTED_TYPE');
    }
    expect(await total(news)).toBe(0);
    expect({ rows: await total(files), disk: onDisk().length }).toEqual(before);
  });

  it('a JSON body instead of multipart → 400', async () => {
    expect((await post('/api/news/insert.json', teacher, { message: 'x', audience: 0, faculty: -1 })).statusCode).toBe(400);
  });
});

describe('download.file', () => {
  it('F3: the file of a visible item, as an attachment with nosniff and the exact bytes', async () => {
    const id = await posted(teacher, { message: 'Методичка', audience: '2' }, [{ name: 'files', filename: 'Методичка №1.pdf', content: PDF }]);
    const res = await download(student, `${id}_Методичка №1.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Методичка №1.pdf')}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('F4: 403 for an item not addressed to the caller; 404 for a name not in the item or an unknown item; 400 for a bad query', async () => {
    const id = await posted(teacher, { message: 'Только студентам', audience: '2' }, [{ name: 'files', filename: 'a.pdf', content: PDF }]);
    const other = await posted(teacher, { message: 'Другой', audience: '0' }, [{ name: 'files', filename: 'b.pdf', content: PDF }]);
    expect((await download(colleague, `${id}_a.pdf`)).statusCode).toBe(403);
    expect((await download(econStudent, `${id}_a.pdf`)).statusCode).toBe(200); // all faculties
    expect((await download(student, `${id}_b.pdf`)).statusCode).toBe(404); // b.pdf belongs to another item
    expect((await download(student, `${other}_b.pdf`)).statusCode).toBe(200);
    expect((await download(student, `${id}_../../a.pdf`)).statusCode).toBe(404);
    expect((await download(student, `99999999_a.pdf`)).statusCode).toBe(404);
    expect((await download(student, `99999999999_a.pdf`)).statusCode).toBe(404);
    expect((await download(student, 'a.pdf')).statusCode).toBe(400);
    expect((await download(student, `${id}_a.pdf`, '3')).statusCode).toBe(400);
    expect((await download(null, `${id}_a.pdf`)).statusCode).toBe(401);
  });
});

describe('check.json and delete.json', () => {
  it('check: allowed only for the author with newsPerms; 404 for unknown or invisible items', async () => {
    const id = await posted(teacher, { message: 'Для всех' });
    const hidden = await posted(colleague, { message: 'Студентам', audience: '2' });
    const check = async (who: Who, body: object) => post('/api/news/check.json', who, body);
    expect((await check(teacher, { id, type: 1 })).json().data).toEqual({ id, type: 1, allowed: true });
    expect((await check(teacher, { id, type: 2 })).json().data).toEqual({ id, type: 2, allowed: true });
    expect((await check(colleague, { id, type: 1 })).json().data.allowed).toBe(false);
    expect((await check(student, { id, type: 1 })).json().data.allowed).toBe(false);
    expect((await check(teacher, { id: hidden, type: 1 })).statusCode).toBe(404);
    expect((await check(teacher, { id: 999999, type: 1 })).statusCode).toBe(404);
    expect((await check(teacher, { id, type: 3 })).statusCode).toBe(400);
    expect((await check(teacher, { id: 2 ** 31, type: 1 })).statusCode).toBe(400);
    expect((await post('/api/news/delete.json', teacher, { id: 2 ** 31 })).statusCode).toBe(400);
    expect((await post('/api/news/delete.json', teacher, { id: 0 })).statusCode).toBe(400);

    await db.database.db.update(users).set({ newsPerms: false }).where(eq(users.id, teacher.user.id));
    try {
      expect((await check(teacher, { id, type: 1 })).json().data.allowed).toBe(false);
      expect((await feed(teacher))[0].editable).toBe(false);
    } finally {
      await db.database.db.update(users).set({ newsPerms: true }).where(eq(users.id, teacher.user.id));
    }
  });

  it("delete: 403 for someone else's item, a student, a teacher without newsPerms; 404 unknown", async () => {
    const id = await posted(teacher, { message: 'Моя новость' });
    expect((await post('/api/news/delete.json', colleague, { id })).statusCode).toBe(403);
    expect((await post('/api/news/delete.json', student, { id })).statusCode).toBe(403);
    expect((await post('/api/news/delete.json', plainTeacher, { id })).statusCode).toBe(403);
    expect((await post('/api/news/delete.json', teacher, { id: 999999 })).statusCode).toBe(404);
    expect((await feed(student)).map((i) => i.id_eventMessage)).toEqual([id]);
  });

  it('delete: the author removes the item, its file rows and, after commit, the bytes', async () => {
    const id = await posted(teacher, { message: 'Удалить' }, [{ name: 'files', filename: 'x.pdf', content: PDF }]);
    const before = { rows: await total(files), disk: onDisk().length };
    const res = await post('/api/news/delete.json', teacher, { id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, deleted: true });
    expect(await feed(student)).toEqual([]);
    expect(await total(files)).toBe(before.rows - 1);
    expect((await download(student, `${id}_x.pdf`)).statusCode).toBe(404);
    // The deletion is committed: the unlink check runs now instead of a second later.
    await app.ctx.files.runUnlinkChecks();
    expect(onDisk()).toHaveLength(before.disk - 1);
    expect((await post('/api/news/delete.json', teacher, { id })).statusCode).toBe(404);
  });
});
