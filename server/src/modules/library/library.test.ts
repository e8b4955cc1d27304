/**
 * /api/library/*: categories, lists, the search across the library, adding, editing and deleting
 * books with their files, reading a PDF inline, with every refusal (docs/security.md#access).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_SEARCH_LIMIT, type Book, type BookCategory } from '../../../../contract/library';
import type { App } from '../../app';
import { books, files, groups, students, users } from '../../db/schema';
import { hashPassword } from '../../shared/credentials/password-hash';
import { appOn, createTestDatabase, multipartPayload, session, type MultipartPart, type TestDatabase } from '../../test/helpers';
import { requestsTo, signedIn } from '../../test/requests';

let db: TestDatabase;
let app: App;
let dataDir: string;

type Who = { headers: Record<string, string>; user: { id: number; uid: number; role: 1 | 2 } };
let teacher: Who; // demo teacher: the library permission
let student: Who; // demo student
let otherStudent: Who; // a student of another speciality
let plainTeacher: Who; // a teacher without the library permission

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const LIMIT = 1024 * 1024; // UPLOAD_LIMIT_MB=1

/** Gives a seeded account without a password one and signs it in. */
async function account(login: string, role: 1 | 2, notSpeciality?: number): Promise<Who> {
  const d = db.database.db;
  const [candidate] =
    role === 1
      ? await d
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 1), isNull(users.passwordHash)))
          .orderBy(users.id)
          .limit(1)
      : await d
          .select({ id: users.id, speciality: groups.specialityId })
          .from(users)
          .innerJoin(students, eq(students.id, users.studentId))
          .innerJoin(groups, eq(groups.id, students.groupId))
          .where(and(isNull(users.passwordHash), eq(users.mustUpdateCredentials, false)))
          .orderBy(users.id)
          .then((rows) => rows.filter((r) => r.speciality !== notSpeciality));
  const password = `${login}-Pass-2026`;
  await d
    .update(users)
    .set({ login, passwordHash: await hashPassword(password) })
    .where(eq(users.id, candidate.id));
  return signedIn(app, login, password);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-library-'));
  db = await createTestDatabase();
  app = await appOn(db, { env: { DATA_DIR: dataDir, UPLOAD_LIMIT_MB: '1', LIBRARY_UPLOADERS: 'teacher,student,library' } });
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
  const [own] = await db.database.db
    .select({ speciality: groups.specialityId })
    .from(students)
    .innerJoin(groups, eq(groups.id, students.groupId))
    .where(eq(students.id, student.user.uid));
  otherStudent = await account('otherstudent', 2, own.speciality);
  plainTeacher = await account('plainteacher', 1);
});
afterAll(async () => {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const { post, get } = requestsTo(() => app);
const onDisk = () => (fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files')).filter((n) => n !== '.tmp') : []);
const total = async (table: typeof books | typeof files) => (await db.database.db.select({ n: count() }).from(table))[0].n;

async function firstCategory(): Promise<BookCategory> {
  const bases = (await get('/api/library/basebookcategories', student)).json().data;
  const res = await post('/api/library/bookcategories', student, { id_baseBookCategory: bases[0].id_baseBookCategory });
  return res.json().data[0];
}

function save(who: Who, fields: Record<string, string>, attachments: MultipartPart[] = [], claimed?: Who) {
  const as = claimed ?? who;
  const parts: MultipartPart[] = [
    ...Object.entries({ id_eBook: '-1', id_human: String(as.user.uid), id_humanType: String(as.user.role), ...fields }).map(([name, content]) => ({
      name,
      content,
    })),
    ...attachments,
  ];
  const { payload, contentType } = multipartPayload(parts);
  return app.inject({ method: 'POST', url: '/api/library/insertupdatebook', payload, headers: { ...who.headers, 'content-type': contentType } });
}

async function added(
  who: Who,
  fields: Record<string, string>,
  attachments: MultipartPart[] = [{ name: 'files', filename: 'Конспект.pdf', content: PDF }],
): Promise<Book> {
  const res = await save(who, fields, attachments);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('every library call needs a session', () => {
  it.each([
    ['GET', '/api/library/basebookcategories'],
    ['POST', '/api/library/bookcategories'],
    ['POST', '/api/library/getbooklist'],
    ['POST', '/api/library/searchbooks'],
    ['POST', '/api/library/deletecheck'],
    ['POST', '/api/library/deleteebook'],
    ['POST', '/api/library/insertupdatebook'],
    ['GET', '/api/library/download.file?id=1'],
    ['GET', '/api/library/read.file?id=1'],
  ])('%s %s → 401', async (method, url) => {
    const res = await app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
  });
});

describe('reading the library', () => {
  it('base categories → categories with counts → books of a category, in the caller’s language', async () => {
    const bases = (await get('/api/library/basebookcategories', student)).json().data;
    expect(bases.map((b: { name: string }) => b.name)).toEqual(['Учебная литература', 'Научная литература', 'Художественная литература', 'Справочные издания']);
    const en = (
      await app.inject({ url: '/api/library/basebookcategories?lang=en', headers: { ...student.headers, cookie: `${student.headers.cookie}; lang=en` } })
    ).json().data;
    expect(en[0].name).toBe('Textbooks');
    const categories: BookCategory[] = (await post('/api/library/bookcategories', student, { id_baseBookCategory: bases[0].id_baseBookCategory })).json().data;
    expect(categories[0]).toMatchObject({ name: 'Программирование', id_baseBookCategory: bases[0].id_baseBookCategory });
    expect(categories.every((c) => c.count > 0)).toBe(true);
    const list: Book[] = (await post('/api/library/getbooklist', student, { id_bookCategory: categories[0].id_bookCategory })).json().data;
    expect(list.length).toBe(categories[0].count);
    expect(list.find((b) => b.name === 'Совершенный код')).toMatchObject({
      author: 'Макконнелл С.',
      mime: 'application/pdf',
      canEdit: false,
      isFromUmk: false,
      id_bookCategory: categories[0].id_bookCategory,
      id_baseBookCategory: bases[0].id_baseBookCategory,
      hasCover: false,
    });
    expect(await total(books)).toBeGreaterThanOrEqual(250);
  });

  it('the search finds across categories by title, author or annotation, whatever the case and accents', async () => {
    const search = async (text: string) => {
      const res = await post('/api/library/searchbooks', student, { text });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.books as Book[];
    };
    expect((await search('garcia marquez')).map((b) => b.author)).toEqual(['Gabriel García Márquez']);
    expect((await search('EMILE ZOLA'))[0].name).toBe('Germinal');
    expect((await search('miserables'))[0].author).toBe('Victor Hugo');
    const aitmatov = await search('айтматов');
    expect(aitmatov.length).toBeGreaterThanOrEqual(6);
    expect(aitmatov.every((b) => b.author.includes('Айтматов'))).toBe(true);
    expect(await search('ЁЖ')).toEqual(await search('ёж'));
    // Title matches come before annotation matches.
    const python = await search('python');
    expect(python[0].name.toLowerCase()).toContain('python');
    expect(await search('%_')).toEqual([]);
    expect((await post('/api/library/searchbooks', student, { text: 'x' })).statusCode).toBe(400);
    expect((await post('/api/library/searchbooks', student, { text: ' x ' })).statusCode).toBe(400);
  });

  it('Latin and Cyrillic find each other, title matches first', async () => {
    const search = async (text: string) => (await post('/api/library/searchbooks', student, { text })).json().data as { books: Book[]; total: number };
    const knuth = await search('knuth');
    expect(knuth.books.map((b) => b.author)).toEqual(expect.arrayContaining(['Кнут Д. Э.', 'Грэхем Р., Кнут Д., Паташник О.']));
    expect(knuth.total).toBe(knuth.books.length);
    const category = String((await firstCategory()).id_bookCategory);
    const latin = await added(teacher, { nameBook: 'The Art of Computer Programming', author: 'Donald E. Knuth', id_bookCategory: category });
    const annotated = await added(teacher, { nameBook: 'Алгоритмы', author: 'Сборник', description: 'По мотивам Кнута', id_bookCategory: category });
    const cyrillic = await search('Кнут');
    expect(cyrillic.books.map((b) => b.id_eBook)).toEqual(expect.arrayContaining([latin.id_eBook, annotated.id_eBook]));
    expect(cyrillic.books.at(-1)?.id_eBook).toBe(annotated.id_eBook);
  });

  it('pages the results and says the true count', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    const many = BOOK_SEARCH_LIMIT + 5;
    for (let i = 0; i < many; i++) await added(teacher, { nameBook: `Ситара, задачи ${i}`, author: 'Кафедра', id_bookCategory: category });
    const first = (await post('/api/library/searchbooks', student, { text: 'ситара' })).json().data;
    expect(first).toMatchObject({ total: many, offset: 0 });
    expect(first.books).toHaveLength(BOOK_SEARCH_LIMIT);
    const second = (await post('/api/library/searchbooks', student, { text: 'sitara', offset: BOOK_SEARCH_LIMIT })).json().data;
    expect(second).toMatchObject({ total: many, offset: BOOK_SEARCH_LIMIT });
    expect(second.books).toHaveLength(5);
    const ids = new Set([...first.books, ...second.books].map((b: Book) => b.id_eBook));
    expect(ids.size).toBe(many);
    expect((await post('/api/library/searchbooks', student, { text: 'сборник', offset: -1 })).statusCode).toBe(400);
  });

  it('ids out of range → 400; unknown → 404', async () => {
    expect((await post('/api/library/getbooklist', student, { id_bookCategory: 2147483648 })).statusCode).toBe(400);
    expect((await post('/api/library/getbooklist', student, { id_bookCategory: 0 })).statusCode).toBe(400);
    expect((await post('/api/library/getbooklist', student, { id_bookCategory: 999999 })).statusCode).toBe(404);
    expect((await post('/api/library/bookcategories', student, { id_baseBookCategory: -1 })).statusCode).toBe(400);
    expect((await post('/api/library/deletecheck', student, { id_human: student.user.uid, id_EBook: 2147483648 })).statusCode).toBe(400);
    expect((await post('/api/library/deletecheck', student, { id_human: student.user.uid, id_EBook: 999999 })).statusCode).toBe(404);
    expect((await get('/api/library/read.file?id=abc', student)).statusCode).toBe(400);
  });
});

describe('adding, editing and deleting books', () => {
  it('a student adds a book: it is listed, he may edit it, and it downloads and reads inline', async () => {
    const category = await firstCategory();
    const book = await added(student, {
      nameBook: '  Мой конспект  ',
      author: 'Сыдыкова А.',
      description: 'Лекции',
      totalPages: '12',
      id_bookCategory: String(category.id_bookCategory),
    });
    expect(book).toMatchObject({ name: 'Мой конспект', author: 'Сыдыкова А.', totalPages: 12, fileName: 'Конспект.pdf', canEdit: true, isFromUmk: false });
    const list: Book[] = (await post('/api/library/getbooklist', student, { id_bookCategory: category.id_bookCategory })).json().data;
    expect(list[0].id_eBook).toBe(book.id_eBook);
    expect((await post('/api/library/deletecheck', student, { id_human: student.user.uid, id_EBook: book.id_eBook })).json().data).toEqual({
      id_EBook: book.id_eBook,
      canDeleteBook: true,
    });

    const download = await get(`/api/library/download.file?id=${book.id_eBook}`, otherStudent);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const read = await get(`/api/library/read.file?id=${book.id_eBook}`, otherStudent);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['content-disposition']).toMatch(/^inline; filename=/);
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-security-policy']).toContain("default-src 'none'");
    expect(read.headers['content-security-policy']).not.toContain('script-src');

    // A student who did not upload it may neither edit nor delete it, whatever the body says.
    expect((await post('/api/library/deletecheck', otherStudent, { id_human: otherStudent.user.uid, id_EBook: book.id_eBook })).json().data.canDeleteBook).toBe(
      false,
    );
    expect((await post('/api/library/deleteebook', otherStudent, { id_human: otherStudent.user.uid, id_EBook: book.id_eBook })).statusCode).toBe(403);
    expect((await post('/api/library/deleteebook', otherStudent, { id_human: student.user.uid, id_EBook: book.id_eBook })).statusCode).toBe(403);
    const edit = { id_eBook: String(book.id_eBook), nameBook: 'Чужое', author: 'X', id_bookCategory: String(category.id_bookCategory) };
    expect((await save(otherStudent, edit)).statusCode).toBe(403);
    expect((await save(otherStudent, edit, [], student)).statusCode).toBe(403);
    expect((await save(plainTeacher, edit)).statusCode).toBe(403);
    const [row] = await db.database.db.select().from(books).where(eq(books.id, book.id_eBook));
    expect(row.name).toBe('Мой конспект');

    // The uploader edits it and replaces the file; the old file's row goes.
    const replaced = await save(student, { ...edit, nameBook: 'Мой конспект, 2-е изд.', author: 'Сыдыкова А. Т.' }, [
      { name: 'files', filename: 'notes.txt', content: 'Лекция 1' },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ name: 'Мой конспект, 2-е изд.', fileName: 'notes.txt', mime: 'text/plain; charset=utf-8' });
    expect((await db.database.db.select().from(files).where(eq(files.id, row.fileId))).length).toBe(0);
    // Only PDFs are read in the browser.
    expect((await get(`/api/library/read.file?id=${book.id_eBook}`, student)).statusCode).toBe(400);

    // The library permission manages any book; a delete takes the file with it.
    expect((await post('/api/library/deletecheck', teacher, { id_human: teacher.user.uid, id_EBook: book.id_eBook })).json().data.canDeleteBook).toBe(true);
    const filesBefore = await total(files);
    const deleted = await post('/api/library/deleteebook', teacher, { id_human: teacher.user.uid, id_EBook: book.id_eBook, isFromUMK: false });
    expect(deleted.json().data).toEqual({ id_EBook: book.id_eBook, id_bookCategory: category.id_bookCategory, deleted: true });
    expect(await total(files)).toBe(filesBefore - 1);
    await app.ctx.files.runUnlinkChecks();
    expect((await get(`/api/library/download.file?id=${book.id_eBook}`, student)).statusCode).toBe(404);
  });

  it('titles and names lose bidirectional controls and keep everything else as typed', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    const book = await added(teacher, { nameBook: ' \u202eкод\u202c Python\u2066 3\u2069 ', author: '\u200fАли\u200e \u061cاحمد', id_bookCategory: category });
    expect(book).toMatchObject({ name: 'код Python 3', author: 'Али احمد' });
    const found: Book[] = (await post('/api/library/searchbooks', student, { text: 'код python' })).json().data.books;
    expect(found.map((b) => b.id_eBook)).toContain(book.id_eBook);
  });

  it('a student may not delete a book someone else uploaded; ids naming someone else → 403', async () => {
    const category = await firstCategory();
    const [seeded] = (await post('/api/library/getbooklist', student, { id_bookCategory: category.id_bookCategory })).json().data as Book[];
    expect((await post('/api/library/deleteebook', student, { id_human: student.user.uid, id_EBook: seeded.id_eBook })).statusCode).toBe(403);
    expect((await post('/api/library/deletecheck', student, { id_human: student.user.uid + 1, id_EBook: seeded.id_eBook })).statusCode).toBe(403);
    const res = await save(student, { nameBook: 'A', author: 'B', id_bookCategory: String(category.id_bookCategory), id_human: String(student.user.uid + 1) }, [
      { name: 'files', filename: 'a.pdf', content: PDF },
    ]);
    expect(res.statusCode).toBe(403);
    expect((await post('/api/library/getbooklist', student, { id_bookCategory: category.id_bookCategory })).json().data[0].id_eBook).toBe(seeded.id_eBook);
  });

  it('bad fields → 400 and nothing stored', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    await app.ctx.files.runUnlinkChecks(); // earlier deletions' bytes are gone first
    const before = { books: await total(books), files: await total(files), disk: onDisk().length };
    const file = [{ name: 'files', filename: 'a.pdf', content: PDF }];
    for (const [fields, attachments] of [
      [{ nameBook: 'A', author: 'B', id_bookCategory: category }, []], // a new book without its file
      [{ nameBook: '   ', author: 'B', id_bookCategory: category }, file],
      [{ nameBook: 'A', author: '', id_bookCategory: category }, file],
      [{ nameBook: 'A', author: 'B', id_bookCategory: '999999' }, file],
      [{ nameBook: 'A', author: 'B', id_bookCategory: '2147483648' }, file],
      [{ nameBook: 'A', author: 'B', id_bookCategory: category, totalPages: '-1' }, file],
      [{ nameBook: 'A', author: 'B', id_bookCategory: category, isFromUmk: 'true' }, file],
      [{ nameBook: 'A', author: 'B', id_bookCategory: category }, [{ name: 'other', filename: 'a.pdf', content: PDF }]],
    ] as const) {
      const res = await save(student, fields, [...attachments]);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect((await save(student, { id_eBook: '999999', nameBook: 'A', author: 'B', id_bookCategory: category })).statusCode).toBe(404);
    expect({ books: await total(books), files: await total(files), disk: onDisk().length }).toEqual(before);
  });

  it('F1/F2: one byte over the limit → 413, HTML renamed .pdf → 400; nothing stored', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    await app.ctx.files.runUnlinkChecks(); // earlier deletions' bytes are gone first
    const before = { books: await total(books), files: await total(files), disk: onDisk().length };
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT - PDF.length + 1, 0x20)]);
    const over = await save(student, { nameBook: 'Большая', author: 'B', id_bookCategory: category }, [{ name: 'files', filename: 'big.pdf', content: big }]);
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatchObject({ code: 'TOO_LARGE', params: { maxSizeMb: 1 } });
    const html = await save(student, { nameBook: 'Страница', author: 'B', id_bookCategory: category }, [
      { name: 'files', filename: 'book.pdf', content: '<html><script>alert(1)</script></html>', type: 'application/pdf' },
    ]);
    expect(html.statusCode).toBe(400);
    expect(html.json().error.code).toBe('UNSUPPORTED_TYPE');
    expect({ books: await total(books), files: await total(files), disk: onDisk().length }).toEqual(before);
  });
});

describe('who may upload and how much', () => {
  /** An app on the same database with the default rule, or with `env`. */
  async function withApp(env: Record<string, string>, run: (other: App) => Promise<void>) {
    const other = await appOn(db, { env: { DATA_DIR: dataDir, UPLOAD_LIMIT_MB: '1', ...env } });
    try {
      await run(other);
    } finally {
      await other.close();
    }
  }
  /** A new book saved through `other` (a small PDF unless its file parts are given). */
  const saveOn = (other: App, who: Who, name: string, category: string, parts: MultipartPart[] = [{ name: 'files', filename: 'a.pdf', content: PDF }]) => {
    const { payload, contentType } = multipartPayload([
      ...Object.entries({
        id_eBook: '-1',
        id_human: String(who.user.uid),
        id_humanType: String(who.user.role),
        nameBook: name,
        author: 'A',
        id_bookCategory: category,
      }).map(([n, content]) => ({ name: n, content })),
      ...parts,
    ]);
    return other.inject({ method: 'POST', url: '/api/library/insertupdatebook', payload, headers: { ...who.headers, 'content-type': contentType } });
  };

  it('by default teachers and library staff add books, a student without the library permission may not', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    await withApp({}, async (other) => {
      const before = await total(books);
      expect((await saveOn(other, student, 'Студенческая', category)).statusCode).toBe(403);
      expect(await total(books)).toBe(before);
      expect((await saveOn(other, plainTeacher, 'Преподавательская', category)).statusCode).toBe(200);
      expect((await saveOn(other, teacher, 'Библиотечная', category)).statusCode).toBe(200);
      const quota = (await other.inject({ url: '/api/library/quota', headers: student.headers })).json().data;
      expect(quota).toMatchObject({ mayAdd: false });
    });
    await withApp({ LIBRARY_UPLOADERS: 'library' }, async (other) => {
      expect((await saveOn(other, plainTeacher, 'Не библиотека', category)).statusCode).toBe(403);
      expect((await saveOn(other, teacher, 'Библиотека', category)).statusCode).toBe(200);
    });
  });

  it('uploads per minute are counted per account in the database, so they hold across server processes', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    const fresh = await account('ratestudent', 2);
    const env = { UPLOADS_PER_MINUTE: '3', LIBRARY_UPLOADERS: 'student,teacher' };
    await withApp(env, async (one) => {
      await withApp(env, async (two) => {
        const codes = [];
        for (const [i, at] of [one, two, one, two].entries()) codes.push((await saveOn(at, fresh, `Поток ${i}`, category)).statusCode);
        expect(codes).toEqual([200, 200, 200, 429]);
        expect((await saveOn(one, await account('ratestudent2', 2), 'Другой аккаунт', category)).statusCode).toBe(200);
      });
    });
  });

  it("an account's quota refuses a file that does not fit, and the form is told used / allowed", async () => {
    const category = String((await firstCategory()).id_bookCategory);
    await withApp({ QUOTA_STUDENT_MB: '1', LIBRARY_UPLOADERS: 'student' }, async (other) => {
      const quota = (await other.inject({ url: '/api/library/quota', headers: otherStudent.headers })).json().data;
      expect(quota).toMatchObject({ mayAdd: true, quotaBytes: LIMIT });
      const big = Buffer.concat([PDF, Buffer.alloc(LIMIT - PDF.length - quota.usedBytes - 10, 0x20)]);
      const first = await saveOn(other, otherStudent, 'Почти всё', category, [{ name: 'files', filename: 'big.pdf', content: big }]);
      expect(first.statusCode, first.body).toBe(200);
      const after = (await other.inject({ url: '/api/library/quota', headers: otherStudent.headers })).json().data;
      expect(after.usedBytes).toBe(quota.usedBytes + big.length);
      const before = await total(files);
      const over = await saveOn(other, otherStudent, 'Лишняя', category);
      expect(over.statusCode).toBe(409);
      expect(over.json().error).toMatchObject({ code: 'QUOTA_EXCEEDED', params: { quotaMb: 1 } });
      expect(await total(files)).toBe(before);
    });
  });

  it("a PDF's cover counts toward the quota with it: a book that fits but not with its cover is refused, nothing stored", async () => {
    const category = String((await firstCategory()).id_bookCategory);
    const who = await account('quotacover', 2);
    await withApp({ QUOTA_STUDENT_MB: '1', LIBRARY_UPLOADERS: 'student' }, async (other) => {
      const quota = (await other.inject({ url: '/api/library/quota', headers: who.headers })).json().data;
      const room = quota.quotaBytes - quota.usedBytes;
      const book = Buffer.concat([PDF, Buffer.alloc(room - PDF.length - 10, 0x20)]);
      const cover = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1), Buffer.from([0xff, 0xd9])]);
      const before = await total(files);
      const res = await saveOn(other, who, 'С обложкой', category, [
        { name: 'files', filename: 'book.pdf', content: book },
        { name: 'cover', filename: 'cover.jpg', content: cover },
      ]);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('QUOTA_EXCEEDED');
      expect(await total(files)).toBe(before);
      expect((await other.inject({ url: '/api/library/quota', headers: who.headers })).json().data.usedBytes).toBe(quota.usedBytes);
    });
  });

  it('a disk below the free-space floor refuses uploads with a clear error, and /api/health says so', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    await withApp({ FREE_SPACE_FLOOR_MB: '10000000' }, async (other) => {
      const res = await saveOn(other, teacher, 'Полный диск', category);
      expect(res.statusCode).toBe(507);
      expect(res.json().error.code).toBe('STORAGE_FULL');
      const health = await other.inject({ url: '/api/health' });
      expect(health.json().data).toMatchObject({ db: 'ok', storage: 'low' });
    });
    expect((await app.inject({ url: '/api/health' })).json().data).toMatchObject({ storage: 'ok' });
  });
});
