/** /api/library/*: every call needs a session; reading the catalogue (categories, search, pages, downloads) and adding, editing and deleting books. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOK_SEARCH_LIMIT, type Book, type BookCategory } from '@contract/library';
import { books, files } from '../../db/schema';
import { rewriteBookSearchText } from '../../db/seed/library';
import { otherStudent, plainTeacher, PDF, LIMIT, onDisk, total, firstCategory, save, added, useLibraryTest } from './library.fixture';

const fx = useLibraryTest();
const { post, get } = fx;

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
    const res = await fx.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
  });
});

describe('reading the library', () => {
  it('base categories → categories with counts → books of a category, in the caller’s language', async () => {
    const bases = (await get('/api/library/basebookcategories', fx.student)).json().data;
    expect(bases.map((b: { name: string }) => b.name)).toEqual(['Учебная литература', 'Научная литература', 'Художественная литература', 'Справочные издания']);
    const en = (
      await fx.app.inject({
        url: '/api/library/basebookcategories?lang=en',
        headers: { ...fx.student.headers, cookie: `${fx.student.headers.cookie}; lang=en` },
      })
    ).json().data;
    expect(en[0].name).toBe('Textbooks');
    const categories: BookCategory[] = (await post('/api/library/bookcategories', fx.student, { id_baseBookCategory: bases[0].id_baseBookCategory })).json()
      .data;
    expect(categories[0]).toMatchObject({ name: 'Программирование', id_baseBookCategory: bases[0].id_baseBookCategory });
    expect(categories.every((c) => c.count > 0)).toBe(true);
    const list: Book[] = (await post('/api/library/getbooklist', fx.student, { id_bookCategory: categories[0].id_bookCategory })).json().data;
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
      const res = await post('/api/library/searchbooks', fx.student, { text });
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
    expect((await post('/api/library/searchbooks', fx.student, { text: 'x' })).statusCode).toBe(400);
    expect((await post('/api/library/searchbooks', fx.student, { text: ' x ' })).statusCode).toBe(400);
  });

  it('Latin and Cyrillic find each other, title matches first', async () => {
    const search = async (text: string) => (await post('/api/library/searchbooks', fx.student, { text })).json().data as { books: Book[]; total: number };
    const knuth = await search('knuth');
    expect(knuth.books.map((b) => b.author)).toEqual(expect.arrayContaining(['Кнут Д. Э.', 'Грэхем Р., Кнут Д., Паташник О.']));
    expect(knuth.total).toBe(knuth.books.length);
    const category = String((await firstCategory()).id_bookCategory);
    const latin = await added(fx.teacher, { nameBook: 'The Art of Computer Programming', author: 'Donald E. Knuth', id_bookCategory: category });
    const annotated = await added(fx.teacher, { nameBook: 'Алгоритмы', author: 'Сборник', description: 'По мотивам Кнута', id_bookCategory: category });
    const cyrillic = await search('Кнут');
    expect(cyrillic.books.map((b) => b.id_eBook)).toEqual(expect.arrayContaining([latin.id_eBook, annotated.id_eBook]));
    expect(cyrillic.books.at(-1)?.id_eBook).toBe(annotated.id_eBook);
  });

  it('ы, э and the Kyrgyz letters ң, ө, ү are found from Latin and back: both sides compared in one spelling', async () => {
    const search = async (text: string) => (await post('/api/library/searchbooks', fx.student, { text })).json().data as { books: Book[]; total: number };
    // The seeded library: as many books for the Latin spelling as for the Cyrillic one.
    for (const [latin, cyrillic] of [
      ['Kyrgyz', 'Кыргыз'],
      ['Ekonomika', 'Экономика'],
    ]) {
      const fromCyrillic = await search(cyrillic);
      expect(fromCyrillic.total, cyrillic).toBeGreaterThan(0);
      expect((await search(latin)).total, latin).toBe(fromCyrillic.total);
    }
    const category = String((await firstCategory()).id_bookCategory);
    const kyrgyz = await added(fx.teacher, { nameBook: 'Түңкүр жана өнүгүү', author: 'Ысмайылов Э.', id_bookCategory: category });
    const latin = await added(fx.teacher, { nameBook: 'Ekonomikanyn negizderi', author: 'Ysmaiylov E.', id_bookCategory: category });
    const ids = async (text: string) => (await search(text)).books.map((b) => b.id_eBook);
    expect(await ids('Tungkur')).toContain(kyrgyz.id_eBook);
    expect(await ids('onuguu')).toContain(kyrgyz.id_eBook);
    expect(await ids('Ysmaiylov')).toEqual(expect.arrayContaining([kyrgyz.id_eBook, latin.id_eBook]));
    expect(await ids('Ысмайылов')).toEqual(expect.arrayContaining([kyrgyz.id_eBook, latin.id_eBook]));
    expect(await ids('Экономиканын')).toContain(latin.id_eBook);
    expect(await ids('түңкүр')).toEqual([kyrgyz.id_eBook]);
    // A book stored before the search column carried its key is found once the seed step has rewritten it.
    const d = fx.db.database.db;
    await d.update(books).set({ searchText: 'түңкүр жана өнүгүү \u0001 ысмаиылов э. \u0001' }).where(eq(books.id, kyrgyz.id_eBook));
    expect(await ids('Tungkur')).not.toContain(kyrgyz.id_eBook);
    await rewriteBookSearchText(d);
    expect(await ids('Tungkur')).toContain(kyrgyz.id_eBook);
  });

  it('pages the results and says the true count', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    const many = BOOK_SEARCH_LIMIT + 5;
    for (let i = 0; i < many; i++) await added(fx.teacher, { nameBook: `Ситара, задачи ${i}`, author: 'Кафедра', id_bookCategory: category });
    const first = (await post('/api/library/searchbooks', fx.student, { text: 'ситара' })).json().data;
    expect(first).toMatchObject({ total: many, offset: 0 });
    expect(first.books).toHaveLength(BOOK_SEARCH_LIMIT);
    const second = (await post('/api/library/searchbooks', fx.student, { text: 'sitara', offset: BOOK_SEARCH_LIMIT })).json().data;
    expect(second).toMatchObject({ total: many, offset: BOOK_SEARCH_LIMIT });
    expect(second.books).toHaveLength(5);
    const ids = new Set([...first.books, ...second.books].map((b: Book) => b.id_eBook));
    expect(ids.size).toBe(many);
    expect((await post('/api/library/searchbooks', fx.student, { text: 'сборник', offset: -1 })).statusCode).toBe(400);
  });

  it('ids out of range → 400; unknown → 404', async () => {
    expect((await post('/api/library/getbooklist', fx.student, { id_bookCategory: 2147483648 })).statusCode).toBe(400);
    expect((await post('/api/library/getbooklist', fx.student, { id_bookCategory: 0 })).statusCode).toBe(400);
    expect((await post('/api/library/getbooklist', fx.student, { id_bookCategory: 999999 })).statusCode).toBe(404);
    expect((await post('/api/library/bookcategories', fx.student, { id_baseBookCategory: -1 })).statusCode).toBe(400);
    expect((await post('/api/library/deletecheck', fx.student, { id_human: fx.student.user.uid, id_EBook: 2147483648 })).statusCode).toBe(400);
    expect((await post('/api/library/deletecheck', fx.student, { id_human: fx.student.user.uid, id_EBook: 999999 })).statusCode).toBe(404);
    expect((await get('/api/library/read.file?id=abc', fx.student)).statusCode).toBe(400);
  });
});

describe('adding, editing and deleting books', () => {
  it('a student adds a book: it is listed, he may edit it, and it downloads and reads inline', async () => {
    const category = await firstCategory();
    const book = await added(fx.student, {
      nameBook: '  Мой конспект  ',
      author: 'Сыдыкова А.',
      description: 'Лекции',
      totalPages: '12',
      id_bookCategory: String(category.id_bookCategory),
    });
    expect(book).toMatchObject({ name: 'Мой конспект', author: 'Сыдыкова А.', totalPages: 12, fileName: 'Конспект.pdf', canEdit: true, isFromUmk: false });
    const list: Book[] = (await post('/api/library/getbooklist', fx.student, { id_bookCategory: category.id_bookCategory })).json().data;
    expect(list[0].id_eBook).toBe(book.id_eBook);
    expect((await post('/api/library/deletecheck', fx.student, { id_human: fx.student.user.uid, id_EBook: book.id_eBook })).json().data).toEqual({
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
    expect((await post('/api/library/deleteebook', otherStudent, { id_human: fx.student.user.uid, id_EBook: book.id_eBook })).statusCode).toBe(403);
    const edit = { id_eBook: String(book.id_eBook), nameBook: 'Чужое', author: 'X', id_bookCategory: String(category.id_bookCategory) };
    expect((await save(otherStudent, edit)).statusCode).toBe(403);
    expect((await save(otherStudent, edit, [], fx.student)).statusCode).toBe(403);
    expect((await save(plainTeacher, edit)).statusCode).toBe(403);
    const [row] = await fx.db.database.db.select().from(books).where(eq(books.id, book.id_eBook));
    expect(row.name).toBe('Мой конспект');

    // The uploader edits it and replaces the file; the old file's row goes.
    const replaced = await save(fx.student, { ...edit, nameBook: 'Мой конспект, 2-е изд.', author: 'Сыдыкова А. Т.' }, [
      { name: 'files', filename: 'notes.txt', content: 'Лекция 1' },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ name: 'Мой конспект, 2-е изд.', fileName: 'notes.txt', mime: 'text/plain; charset=utf-8' });
    expect((await fx.db.database.db.select().from(files).where(eq(files.id, row.fileId))).length).toBe(0);
    // Only PDFs are read in the browser.
    expect((await get(`/api/library/read.file?id=${book.id_eBook}`, fx.student)).statusCode).toBe(400);

    // The library permission manages any book; a delete takes the file with it.
    expect((await post('/api/library/deletecheck', fx.teacher, { id_human: fx.teacher.user.uid, id_EBook: book.id_eBook })).json().data.canDeleteBook).toBe(
      true,
    );
    const filesBefore = await total(files);
    const deleted = await post('/api/library/deleteebook', fx.teacher, { id_human: fx.teacher.user.uid, id_EBook: book.id_eBook, isFromUMK: false });
    expect(deleted.json().data).toEqual({ id_EBook: book.id_eBook, id_bookCategory: category.id_bookCategory, deleted: true });
    expect(await total(files)).toBe(filesBefore - 1);
    await fx.app.ctx.files.runUnlinkChecks();
    expect((await get(`/api/library/download.file?id=${book.id_eBook}`, fx.student)).statusCode).toBe(404);
  });

  it('titles and names lose bidirectional controls and keep everything else as typed', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    const book = await added(fx.teacher, {
      nameBook: ' \u202eкод\u202c Python\u2066 3\u2069 ',
      author: '\u200fАли\u200e \u061cاحمد',
      id_bookCategory: category,
    });
    expect(book).toMatchObject({ name: 'код Python 3', author: 'Али احمد' });
    const found: Book[] = (await post('/api/library/searchbooks', fx.student, { text: 'код python' })).json().data.books;
    expect(found.map((b) => b.id_eBook)).toContain(book.id_eBook);
  });

  it('a student may not delete a book someone else uploaded; ids naming someone else → 403', async () => {
    const category = await firstCategory();
    const [seeded] = (await post('/api/library/getbooklist', fx.student, { id_bookCategory: category.id_bookCategory })).json().data as Book[];
    expect((await post('/api/library/deleteebook', fx.student, { id_human: fx.student.user.uid, id_EBook: seeded.id_eBook })).statusCode).toBe(403);
    expect((await post('/api/library/deletecheck', fx.student, { id_human: fx.student.user.uid + 1, id_EBook: seeded.id_eBook })).statusCode).toBe(403);
    const res = await save(
      fx.student,
      { nameBook: 'A', author: 'B', id_bookCategory: String(category.id_bookCategory), id_human: String(fx.student.user.uid + 1) },
      [{ name: 'files', filename: 'a.pdf', content: PDF }],
    );
    expect(res.statusCode).toBe(403);
    expect((await post('/api/library/getbooklist', fx.student, { id_bookCategory: category.id_bookCategory })).json().data[0].id_eBook).toBe(seeded.id_eBook);
  });

  it('bad fields → 400 and nothing stored', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    await fx.app.ctx.files.runUnlinkChecks(); // earlier deletions' bytes are gone first
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
      const res = await save(fx.student, fields, [...attachments]);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect((await save(fx.student, { id_eBook: '999999', nameBook: 'A', author: 'B', id_bookCategory: category })).statusCode).toBe(404);
    expect({ books: await total(books), files: await total(files), disk: onDisk().length }).toEqual(before);
  });

  it('F1/F2: one byte over the limit → 413, HTML renamed .pdf → 400; nothing stored', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    await fx.app.ctx.files.runUnlinkChecks(); // earlier deletions' bytes are gone first
    const before = { books: await total(books), files: await total(files), disk: onDisk().length };
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT - PDF.length + 1, 0x20)]);
    const over = await save(fx.student, { nameBook: 'Большая', author: 'B', id_bookCategory: category }, [
      { name: 'files', filename: 'big.pdf', content: big },
    ]);
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatchObject({ code: 'TOO_LARGE', params: { maxSizeMb: 1 } });
    const html = await save(fx.student, { nameBook: 'Страница', author: 'B', id_bookCategory: category }, [
      { name: 'files', filename: 'book.pdf', content: '<html><script>alert(1)</script></html>', type: 'application/pdf' },
    ]);
    expect(html.statusCode).toBe(400);
    expect(html.json().error.code).toBe('UNSUPPORTED_TYPE');
    expect({ books: await total(books), files: await total(files), disk: onDisk().length }).toEqual(before);
  });
});
