/**
 * /api/umk/*: the teacher's and the student's lists, adding, editing and deleting materials with
 * their files and their library copy, with every refusal (docs/security.md#access).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IdName } from '@contract/common';
import type { Book } from '@contract/library';
import type { UmkDiscipline, UmkItem } from '@contract/umk';
import { books, files, groups, students, umkItems, users } from '../../db/schema';
import { PDF, multipartPayload, type MultipartPart } from '../../test/helpers';
import { bodyHead } from '../../test/raw-http';
import { useTestApp } from '../../test/fixture';

type Who = { headers: Record<string, string>; user: { id: number; uid: number; role: 1 | 2 } };
let otherStudent: Who; // another speciality's student
let partTimeStudent: Who; // the demo student's group, made part-time
let plainTeacher: Who;
let web: UmkDiscipline; // a discipline of the demo teacher taught to the demo student's group
let category: number;

const LIMIT = 1024 * 1024;
const HALF = { year: 2026, ws: 1 };

const signInAs = (login: string, userId: number): Promise<Who> => fx.signInAs(userId, login);

const fx = useTestApp({ env: { UPLOAD_LIMIT_MB: '1' }, dataDir: 'lms-umk-' });
const { post, get } = fx;
beforeAll(async () => {
  const d = fx.db.database.db;
  const [own] = await d
    .select({ groupId: students.groupId, speciality: groups.specialityId })
    .from(students)
    .innerJoin(groups, eq(groups.id, students.groupId))
    .where(eq(students.id, fx.student.user.uid));
  otherStudent = await fx.signInUnused('otherstudent', 2, ne(groups.specialityId, own.speciality));
  const [mate] = await d
    .select({ id: users.id, studentId: students.id })
    .from(users)
    .innerJoin(students, eq(students.id, users.studentId))
    .where(and(eq(students.groupId, own.groupId), ne(students.id, fx.student.user.uid), isNull(users.passwordHash)))
    .limit(1);
  await d.update(students).set({ educationFormId: 2 }).where(eq(students.id, mate.studentId));
  partTimeStudent = await signInAs('parttime', mate.id);
  plainTeacher = await fx.signInUnused('plainteacher', 1);

  const mine: UmkDiscipline[] = (await post('/api/umk/disciplines', fx.teacher, HALF)).json().data;
  const theirs: UmkDiscipline[] = (await post('/api/umk/disciplinesforstud', fx.student, HALF)).json().data;
  web = mine.find((m) => theirs.some((t) => t.id === m.id))!;
  category = (await get('/api/umk/bookcategories', fx.teacher)).json().data[0].id;
});

const onDisk = () => (fs.existsSync(path.join(fx.dataDir, 'files')) ? fs.readdirSync(path.join(fx.dataDir, 'files')).filter((n) => n !== '.tmp') : []);
const total = async (table: typeof books | typeof files | typeof umkItems) => (await fx.db.database.db.select({ n: count() }).from(table))[0].n;
/** What is stored, once the unlinks of earlier deletions have run. */
const stored = async () => {
  await fx.app.ctx.files.runUnlinkChecks();
  return { items: await total(umkItems), books: await total(books), files: await total(files), disk: onDisk().length };
};

async function semesterOf(discipline: number): Promise<number> {
  return ((await post('/api/umk/semesters', fx.teacher, { ...HALF, id_discipline: discipline })).json().data as IdName[])[0].id;
}

async function save(who: Who, fields: Record<string, string>, attachments: MultipartPart[] = [{ name: 'files', filename: 'Лекции.pdf', content: PDF }]) {
  const parts: MultipartPart[] = [
    ...Object.entries({
      idBook: '-1',
      id_human: String(who.user.uid),
      id_humanType: String(who.user.role),
      id_a_year: '2026',
      id_semester: String(await semesterOf(web.id)),
      id_discipline: String(web.id),
      id_examination: '1',
      id_typeUmk: '2',
      bookName: 'Лекции по веб-программированию',
      author: 'Асанов Б. К.',
      id_forStudentKind: '0',
      ...fields,
    }).map(([name, content]) => ({ name, content })),
    ...attachments,
  ];
  const { payload, contentType } = multipartPayload(parts);
  return fx.app.inject({ method: 'POST', url: '/api/umk/insertorupdateumk', payload, headers: { ...who.headers, 'content-type': contentType } });
}

const studentList = async (who: Who, discipline = web.id) =>
  (await post('/api/umk/getumklistforstud', who, { id_discipline: discipline })).json().data as UmkItem[];

describe('every UMK call needs a session', () => {
  it.each([
    ['POST', '/api/umk/semesters'],
    ['POST', '/api/umk/semestersforstud'],
    ['POST', '/api/umk/disciplines'],
    ['POST', '/api/umk/disciplinesforstud'],
    ['GET', '/api/umk/getstudentexamtypes'],
    ['POST', '/api/umk/getumkteachers'],
    ['GET', '/api/umk/types'],
    ['POST', '/api/umk/umklist'],
    ['POST', '/api/umk/getumklistforstud'],
    ['GET', '/api/umk/bookcategories'],
    ['POST', '/api/umk/insertorupdateumk'],
    ['POST', '/api/umk/deletebook'],
    ['GET', '/api/umk/download.file?id=1'],
    ['GET', '/api/umk/read.file?id=1'],
  ])('%s %s → 401', async (method, url) => {
    expect((await fx.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
  });
});

describe('lists', () => {
  it('a teacher sees his disciplines, semesters, reference lists and the seeded materials; a student gets 403 on teacher calls', async () => {
    expect(web).toBeDefined();
    expect(await semesterOf(web.id)).toBeGreaterThan(0);
    const types: IdName[] = (await get('/api/umk/types', fx.teacher)).json().data;
    expect(types.map((t) => t.name)).toContain('Силлабус');
    expect((await get('/api/umk/getstudentexamtypes', fx.teacher)).json().data.length).toBeGreaterThan(0);
    const teachers: IdName[] = (await post('/api/umk/getumkteachers', fx.teacher, { id_discipline: web.id })).json().data;
    expect(teachers.map((t) => t.id)).toContain(fx.teacher.user.uid);
    const list: UmkItem[] = (await post('/api/umk/umklist', fx.teacher, { id_discipline: web.id })).json().data;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((i) => i.canEdit && i.id_teacher === fx.teacher.user.uid)).toBe(true);
    expect(list.some((i) => i.id_eBook !== null)).toBe(true);
    for (const [url, body] of [
      ['/api/umk/disciplines', HALF],
      ['/api/umk/semesters', { ...HALF, id_discipline: web.id }],
      ['/api/umk/umklist', { id_discipline: web.id }],
      ['/api/umk/getumkteachers', { id_discipline: web.id }],
    ] as const)
      expect((await post(url, fx.student, body)).statusCode, url).toBe(403);
    expect((await get('/api/umk/bookcategories', fx.student)).statusCode).toBe(403);
    expect((await post('/api/umk/disciplinesforstud', fx.teacher, HALF)).statusCode).toBe(403);
    expect((await post('/api/umk/getumklistforstud', fx.teacher, { id_discipline: web.id })).statusCode).toBe(403);
  });

  it('a student sees the materials of his own disciplines for his form; another programme’s student gets 403', async () => {
    const theirs: UmkDiscipline[] = (await post('/api/umk/disciplinesforstud', fx.student, HALF)).json().data;
    expect(theirs.length).toBeGreaterThan(0);
    const semesters: IdName[] = (await post('/api/umk/semestersforstud', fx.student, { ...HALF, id_discipline: web.id })).json().data;
    expect(semesters.length).toBeGreaterThan(0);
    const items = await studentList(fx.student);
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.every((i) => !i.canEdit)).toBe(true);
    const other = await post('/api/umk/getumklistforstud', otherStudent, { id_discipline: web.id });
    expect(other.statusCode).toBe(403);
    expect((await get(`/api/umk/download.file?id=${items[0].id_books}`, otherStudent)).statusCode).toBe(403);
    expect((await post('/api/umk/umklist', fx.teacher, { id_discipline: 2147483648 })).statusCode).toBe(400);
    expect((await post('/api/umk/getumklistforstud', fx.student, { id_discipline: 0 })).statusCode).toBe(400);
    expect((await get('/api/umk/read.file?id=999999', fx.student)).statusCode).toBe(404);
  });
});

describe('saving and deleting', () => {
  it('a teacher adds a material shared to the library; students of the form see it; the library marks it isFromUmk', async () => {
    const res = await save(fx.teacher, {
      isForEBooks: 'true',
      id_bookCategory: String(category),
      description: 'Курс лекций',
      totalPages: '40',
      kredits: String(web.kredit),
      id_forStudentKind: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const item: UmkItem = res.json().data;
    expect(item).toMatchObject({ umkName: 'Лекции по веб-программированию', id_forStudentKind: 1, canEdit: true, fileName: 'Лекции.pdf' });
    expect(item.id_eBook).not.toBeNull();
    const found: Book[] = (await post('/api/library/searchbooks', fx.student, { text: 'лекции по веб' })).json().data.books;
    expect(found.find((b) => b.id_eBook === item.id_eBook)).toMatchObject({ isFromUmk: true, author: 'Асанов Б. К.' });
    // Full-time only: the demo student sees it, his part-time groupmate does not.
    expect((await studentList(fx.student)).map((i) => i.id_books)).toContain(item.id_books);
    const read = await get(`/api/umk/read.file?id=${item.id_books}`, fx.student);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-disposition']).toMatch(/^inline;/);
    expect(read.rawPayload.equals(PDF)).toBe(true);
    expect((await studentList(partTimeStudent)).map((i) => i.id_books)).not.toContain(item.id_books);
    expect((await get(`/api/umk/download.file?id=${item.id_books}`, partTimeStudent)).statusCode).toBe(403);

    // Unticking "also in the e-library" takes the book out, the material stays.
    const edit = await save(fx.teacher, { idBook: String(item.id_books), bookName: 'Лекции (ред.)', isForEBooks: 'false', id_forStudentKind: '0' }, []);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ umkName: 'Лекции (ред.)', id_eBook: null });
    expect((await fx.db.database.db.select().from(books).where(eq(books.id, item.id_eBook!))).length).toBe(0);
    expect((await studentList(partTimeStudent)).map((i) => i.id_books)).toContain(item.id_books);

    const before = await stored();
    const deleted = await post('/api/umk/deletebook', fx.teacher, { id_human: fx.teacher.user.uid, id_humanType: 1, id_books: item.id_books });
    expect(deleted.json().data).toEqual({ id_books: item.id_books, deleted: true });
    expect((await stored()).items).toBe(before.items - 1);
    expect((await stored()).files).toBe(before.files - 1);
  });

  it('id_booksShare and isSharedBookFromEBooks are ignored: a material never takes over another library book', async () => {
    const [other] = await fx.db.database.db.select({ id: books.id, name: books.name }).from(books).orderBy(books.id).limit(1);
    const res = await save(fx.teacher, {
      isForEBooks: 'true',
      id_bookCategory: String(category),
      id_booksShare: String(other.id),
      isSharedBookFromEBooks: 'true',
    });
    expect(res.statusCode, res.body).toBe(200);
    const item: UmkItem = res.json().data;
    expect(item.id_eBook).not.toBeNull();
    expect(item.id_eBook).not.toBe(other.id);
    expect((await fx.db.database.db.select({ name: books.name }).from(books).where(eq(books.id, other.id)))[0].name).toBe(other.name);
    const deleted = await post('/api/umk/deletebook', fx.teacher, { id_human: fx.teacher.user.uid, id_humanType: 1, id_books: item.id_books });
    expect(deleted.statusCode).toBe(200);
    expect((await fx.db.database.db.select({ id: books.id }).from(books).where(eq(books.id, other.id))).length).toBe(1);
  });

  it('a student is refused before his upload is read: the 403 comes while most of the body is still unsent', async () => {
    if (!fx.app.server.listening) await fx.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await total(files);
    const reply = await bodyHead((fx.app.server.address() as AddressInfo).port, '/api/umk/insertorupdateumk', fx.student.headers, 1024 * 1024);
    expect(reply.status).toBe(403);
    expect(reply.connection).toBe('close');
    expect(JSON.parse(reply.body).error.code).toBe('FORBIDDEN');
    expect(await total(files)).toBe(before);
  });

  it('a student cannot upload; a teacher cannot add to a discipline he does not teach nor touch a colleague’s material', async () => {
    const before = await stored();
    expect((await save(fx.student, {})).statusCode).toBe(403);
    const notHis = await post('/api/umk/umklist', plainTeacher, { id_discipline: web.id });
    expect(notHis.statusCode).toBe(403);
    expect((await save(plainTeacher, {})).statusCode).toBe(403);
    expect((await save(fx.teacher, { id_human: String(fx.teacher.user.uid + 1) })).statusCode).toBe(403);
    expect((await save(fx.teacher, { idUser: String(fx.teacher.user.id + 1) })).statusCode).toBe(403);
    expect(await stored()).toEqual(before);

    // A material of the demo student's discipline given by another teacher.
    const theirs: UmkDiscipline[] = (await post('/api/umk/disciplinesforstud', fx.student, HALF)).json().data;
    let foreign: UmkItem | undefined;
    for (const d of theirs) {
      foreign = (await studentList(fx.student, d.id)).find((i) => i.id_teacher !== fx.teacher.user.uid);
      if (foreign) break;
    }
    expect(foreign).toBeDefined();
    expect((await post('/api/umk/deletebook', fx.teacher, { id_human: fx.teacher.user.uid, id_humanType: 1, id_books: foreign!.id_books })).statusCode).toBe(
      403,
    );
    expect((await post('/api/umk/deletebook', fx.student, { id_human: fx.student.user.uid, id_humanType: 2, id_books: foreign!.id_books })).statusCode).toBe(
      403,
    );
    expect((await save(fx.teacher, { idBook: String(foreign!.id_books), id_discipline: String(web.id) }, [])).statusCode).toBe(403);
    expect((await post('/api/umk/deletebook', fx.teacher, { id_human: fx.teacher.user.uid, id_humanType: 1, id_books: 999999 })).statusCode).toBe(404);
    expect((await post('/api/umk/deletebook', fx.teacher, { id_human: fx.teacher.user.uid, id_humanType: 1, id_books: 2147483648 })).statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('bad fields, oversize and wrong-type files → refused and nothing stored', async () => {
    const before = await stored();
    const cases: Record<string, string>[] = [
      { id_typeUmk: '999' },
      { id_examination: '999' },
      { id_semester: '2147483648' },
      { id_a_year: '1990' },
      { bookName: '   ' },
      { id_forStudentKind: '3' },
      { isForEBooks: 'true' }, // without a category
      { isForEBooks: 'true', id_bookCategory: '999999' },
      { id_speciality: '999999' },
      { id_booksShare: 'x' },
      { isSharedBookFromEBooks: 'maybe' },
    ];
    for (const fields of cases) {
      const res = await save(fx.teacher, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect((await save(fx.teacher, {}, [])).statusCode).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT - PDF.length + 1, 0x20)]);
    const over = await save(fx.teacher, { isForEBooks: 'true', id_bookCategory: String(category) }, [{ name: 'files', filename: 'big.pdf', content: big }]);
    expect(over.statusCode).toBe(413);
    const html = await save(fx.teacher, {}, [{ name: 'files', filename: 'x.pdf', content: '<svg onload="alert(1)"/>', type: 'application/pdf' }]);
    expect(html.statusCode).toBe(400);
    expect(html.json().error.code).toBe('UNSUPPORTED_TYPE');
    expect(await stored()).toEqual(before);
  });
});
