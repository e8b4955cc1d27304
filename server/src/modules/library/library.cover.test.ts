/** Covers of library books: an uploaded EPUB's cover image is stored with it, served, and deleted with it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, BookCategory } from '../../../../contract/library';
import type { App } from '../../app';
import { files } from '../../db/schema';
import { appOn, createTestDatabase, multipartPayload, session, type TestDatabase } from '../../test/helpers';
import { requestsTo } from '../../test/requests';
import { coverHref, epubCover } from './library.cover';
import { buildEpub, PNG_1X1 } from '../../../../tests/support/epub';

let db: TestDatabase;
let app: App;
let dataDir: string;
let teacher: Awaited<ReturnType<typeof session>>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-covers-'));
  db = await createTestDatabase();
  app = await appOn(db, { env: { DATA_DIR: dataDir, UPLOAD_LIMIT_MB: '2' } });
  teacher = await session(app, 'teacher');
});
afterAll(async () => {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const { post, get } = requestsTo(() => app);
const stored = () => (fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files')).filter((n) => n !== '.tmp') : []);

async function upload(name: string, bytes: Buffer): Promise<Book> {
  const bases = (await get('/api/library/basebookcategories', teacher)).json().data;
  const [category]: BookCategory[] = (await post('/api/library/bookcategories', teacher, { id_baseBookCategory: bases[0].id_baseBookCategory })).json().data;
  const fields = { id_eBook: '-1', id_human: String(teacher.user.uid), id_humanType: String(teacher.user.role), nameBook: name, author: 'Автор А.' };
  const { payload, contentType } = multipartPayload([
    ...Object.entries({ ...fields, id_bookCategory: String(category.id_bookCategory) }).map(([n, content]) => ({ name: n, content })),
    { name: 'files', filename: `${name}.epub`, content: bytes },
  ]);
  const res = await app.inject({ method: 'POST', url: '/api/library/insertupdatebook', payload, headers: { ...teacher.headers, 'content-type': contentType } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('book covers', () => {
  it('finds the cover in an EPUB 3 or EPUB 2 package, and nothing in one without', async () => {
    expect(coverHref('<manifest><item id="a" href="img/c.jpg" properties="cover-image" media-type="image/jpeg"/></manifest>')).toBe('img/c.jpg');
    expect(coverHref('<metadata><meta name="cover" content="pic"/></metadata><manifest><item href="p.png" id="pic"/></manifest>')).toBe('p.png');
    expect(coverHref('<manifest><item id="a" href="c0.xhtml"/></manifest>')).toBeNull();
    expect(await epubCover(await buildEpub({ title: 'Без обложки', chapters: [['Глава', 'Текст']] }))).toBeNull();
    expect((await epubCover(await buildEpub({ title: 'С обложкой', chapters: [['Глава', 'Текст']], cover: PNG_1X1 })))?.mime).toBe('image/png');
  });

  it("an uploaded EPUB's cover is stored, served as an image, and deleted with the book", async () => {
    const before = stored().length;
    const rows = async () => (await db.database.db.select({ n: count() }).from(files))[0].n;
    const rowsBefore = await rows();
    const book = await upload('Книга с обложкой', await buildEpub({ title: 'Книга с обложкой', chapters: [['Глава 1', 'Текст']], cover: PNG_1X1 }));
    expect(book).toMatchObject({ mime: 'application/epub+zip', hasCover: true });
    expect(stored().length).toBe(before + 2);
    const cover = await app.inject({ url: `/api/library/cover.file?id=${book.id_eBook}`, headers: teacher.headers });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toContain('image/png');
    expect(cover.rawPayload.equals(PNG_1X1)).toBe(true);

    const res = await post('/api/library/deleteebook', teacher, { id_human: teacher.user.uid, id_EBook: book.id_eBook });
    expect(res.statusCode, res.body).toBe(200);
    expect((await app.inject({ url: `/api/library/cover.file?id=${book.id_eBook}`, headers: teacher.headers })).statusCode).toBe(404);
    // Both rows go with the book (their bytes are unlinked once the deletion is committed).
    expect(await rows()).toBe(rowsBefore);
  });

  it('an EPUB without a cover has none (404), and no file is left in the temporary folder', async () => {
    const book = await upload('Книга без обложки', await buildEpub({ title: 'Книга без обложки', chapters: [['Глава 1', 'Текст']] }));
    expect(book.hasCover).toBe(false);
    expect((await app.inject({ url: `/api/library/cover.file?id=${book.id_eBook}`, headers: teacher.headers })).statusCode).toBe(404);
    expect(fs.readdirSync(path.join(dataDir, 'files', '.tmp'))).toEqual([]);
  });
});
