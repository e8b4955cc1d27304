/**
 * Covers of library books: an uploaded EPUB's cover image, or the image of a PDF's first page sent
 * with its upload, is stored with the book, served, and deleted with it; a bad cover part is dropped,
 * the book kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOK_COVER_MAX_BYTES, type Book, type BookCategory } from '@contract/library';
import { files } from '../../db/schema';
import { PDF, saveBook } from '../../test/helpers';
import { coverHref, epubCover } from './library.cover';
import { buildEpub, PNG_1X1 } from '../../../../tests/support/epub';
import { useTestApp } from '../../test/fixture';

const fx = useTestApp({ env: { UPLOAD_LIMIT_MB: '2' }, dataDir: 'lms-covers-', signIn: ['teacher'] });
const { post, get } = fx;

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1), Buffer.from([0xff, 0xd9])]);
const stored = () => (fs.existsSync(path.join(fx.dataDir, 'files')) ? fs.readdirSync(path.join(fx.dataDir, 'files')).filter((n) => n !== '.tmp') : []);

type Part = { name: string; filename?: string; content: string | Buffer };
const epubPart = (name: string, content: Buffer): Part => ({ name: 'files', filename: `${name}.epub`, content });

/** A new book (a small PDF unless `book` is given) with `extra` parts, as the upload form sends it. */
async function send(name: string, extra: Part[], book: Part = { name: 'files', filename: `${name}.pdf`, content: PDF }) {
  const bases = (await get('/api/library/basebookcategories', fx.teacher)).json().data;
  const [category]: BookCategory[] = (await post('/api/library/bookcategories', fx.teacher, { id_baseBookCategory: bases[0].id_baseBookCategory })).json().data;
  return saveBook(fx.app, fx.teacher, { nameBook: name, author: 'Автор Б.', id_bookCategory: String(category.id_bookCategory) }, [book, ...extra]);
}

async function upload(name: string, extra: Part[], book?: Part): Promise<Book> {
  const res = await send(name, extra, book);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const coverOf = (book: Book) => fx.app.inject({ url: `/api/library/cover.file?id=${book.id_eBook}`, headers: fx.teacher.headers });

describe('EPUB covers', () => {
  it('finds the cover in an EPUB 3 or EPUB 2 package, and nothing in one without', async () => {
    expect(coverHref('<manifest><item id="a" href="img/c.jpg" properties="cover-image" media-type="image/jpeg"/></manifest>')).toBe('img/c.jpg');
    expect(coverHref('<metadata><meta name="cover" content="pic"/></metadata><manifest><item href="p.png" id="pic"/></manifest>')).toBe('p.png');
    expect(coverHref('<manifest><item id="a" href="c0.xhtml"/></manifest>')).toBeNull();
    expect(await epubCover(await buildEpub({ title: 'Без обложки', chapters: [['Глава', 'Текст']] }))).toBeNull();
    expect((await epubCover(await buildEpub({ title: 'С обложкой', chapters: [['Глава', 'Текст']], cover: PNG_1X1 })))?.mime).toBe('image/png');
  });

  it("an uploaded EPUB's cover is stored, served as an image, and deleted with the book", async () => {
    const before = stored().length;
    const rows = async () => (await fx.db.database.db.select({ n: count() }).from(files))[0].n;
    const rowsBefore = await rows();
    const book = await upload(
      'Книга с обложкой',
      [],
      epubPart('Книга с обложкой', await buildEpub({ title: 'Книга с обложкой', chapters: [['Глава 1', 'Текст']], cover: PNG_1X1 })),
    );
    expect(book).toMatchObject({ mime: 'application/epub+zip', hasCover: true });
    expect(stored().length).toBe(before + 2);
    const cover = await coverOf(book);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toContain('image/png');
    expect(cover.rawPayload.equals(PNG_1X1)).toBe(true);

    const res = await post('/api/library/deleteebook', fx.teacher, { id_human: fx.teacher.user.uid, id_EBook: book.id_eBook });
    expect(res.statusCode, res.body).toBe(200);
    expect((await coverOf(book)).statusCode).toBe(404);
    // Both rows go with the book, and their bytes once the deletion is committed.
    expect(await rows()).toBe(rowsBefore);
    await fx.app.ctx.files.runUnlinkChecks();
    expect(stored().length).toBe(before);
  });

  it('an EPUB without a cover has none (404), and no file is left in the temporary folder', async () => {
    const book = await upload(
      'Книга без обложки',
      [],
      epubPart('Книга без обложки', await buildEpub({ title: 'Книга без обложки', chapters: [['Глава 1', 'Текст']] })),
    );
    expect(book.hasCover).toBe(false);
    expect((await coverOf(book)).statusCode).toBe(404);
    expect(fs.readdirSync(path.join(fx.dataDir, 'files', '.tmp'))).toEqual([]);
  });
});

describe('PDF covers', () => {
  it("a PDF's cover part is stored with it and served as an image", async () => {
    const book = await upload('Учебник PDF', [{ name: 'cover', filename: 'cover.jpg', content: JPEG }]);
    expect(book).toMatchObject({ mime: 'application/pdf', hasCover: true });
    const cover = await coverOf(book);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toContain('image/jpeg');
    expect(cover.rawPayload.equals(JPEG)).toBe(true);
    // The PNG of another book is served as PNG whatever name it came with.
    const png = await upload('Учебник PNG', [{ name: 'cover', filename: 'cover.jpg', content: PNG_1X1 }]);
    expect((await coverOf(png)).headers['content-type']).toContain('image/png');
  });

  it('a cover part that is no image, or too large, is dropped: the book is stored without a cover', async () => {
    await fx.app.ctx.files.runUnlinkChecks(); // an earlier test's deleted book: its bytes are gone first
    const before = stored().length;
    const notImage = await upload('Без обложки 1', [{ name: 'cover', filename: 'cover.jpg', content: Buffer.from('<script>alert(1)</script>') }]);
    const pdfAsCover = await upload('Без обложки 2', [{ name: 'cover', filename: 'cover.pdf', content: PDF }]);
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(BOOK_COVER_MAX_BYTES + 1, 7)]);
    const tooLarge = await upload('Без обложки 3', [{ name: 'cover', filename: 'cover.jpg', content: big }]);
    const overLimit = await upload('Без обложки 4', [{ name: 'cover', filename: 'cover.jpg', content: Buffer.concat([JPEG, Buffer.alloc(3 * 1024 * 1024)]) }]);
    for (const book of [notImage, pdfAsCover, tooLarge, overLimit]) {
      expect(book).toMatchObject({ mime: 'application/pdf', hasCover: false });
      expect((await coverOf(book)).statusCode).toBe(404);
    }
    // Only the four books' files are kept; nothing is left in the temporary folder.
    expect(stored().length).toBe(before + 4);
    expect(fs.readdirSync(path.join(fx.dataDir, 'files', '.tmp'))).toEqual([]);
  });

  it('a cover part goes only with a PDF; two cover parts are refused', async () => {
    const txt = await upload('Текст', [{ name: 'cover', filename: 'cover.jpg', content: JPEG }], {
      name: 'files',
      filename: 'book.txt',
      content: 'Просто текст.',
    });
    expect(txt.hasCover).toBe(false);
    const two = await send('Две обложки', [
      { name: 'cover', filename: 'a.jpg', content: JPEG },
      { name: 'cover', filename: 'b.jpg', content: JPEG },
    ]);
    expect(two.statusCode).toBe(400);
  });
});
