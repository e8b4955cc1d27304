/** /api/library/*: who may upload a book and how much (permissions, upload rate, quotas, free disk space). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Book } from '@contract/library';
import type { App } from '../../app';
import { books, files, users } from '../../db/schema';
import { appOn, multipartPayload, saveBook, type MultipartPart } from '../../test/helpers';
import { bodyHead } from '../../test/raw-http';
import { type Who, otherStudent, plainTeacher, PDF, LIMIT, account, onDisk, total, firstCategory, useLibraryTest } from './library.fixture';

const fx = useLibraryTest();
const { post } = fx;

describe('who may upload and how much', () => {
  /** An app on the same database with the default rule, or with `env`. */
  async function withApp(env: Record<string, string>, run: (other: App) => Promise<void>) {
    const other = await appOn(fx.db, { env: { DATA_DIR: fx.dataDir, UPLOAD_LIMIT_MB: '1', ...env } });
    try {
      await run(other);
    } finally {
      await other.close();
    }
  }
  /** A new book saved through `other` (a small PDF unless its file parts are given). */
  const saveOn = (other: App, who: Who, name: string, category: string, parts: MultipartPart[] = [{ name: 'files', filename: 'a.pdf', content: PDF }]) =>
    saveBook(other, who, { nameBook: name, author: 'A', id_bookCategory: category }, parts);

  it('by default teachers and library staff add books, a student without the library permission may not', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    await withApp({}, async (other) => {
      const before = await total(books);
      expect((await saveOn(other, fx.student, 'Студенческая', category)).statusCode).toBe(403);
      expect(await total(books)).toBe(before);
      expect((await saveOn(other, plainTeacher, 'Преподавательская', category)).statusCode).toBe(200);
      expect((await saveOn(other, fx.teacher, 'Библиотечная', category)).statusCode).toBe(200);
      const quota = (await other.inject({ url: '/api/library/quota', headers: fx.student.headers })).json().data;
      expect(quota).toMatchObject({ mayAdd: false });
    });
    await withApp({ LIBRARY_UPLOADERS: 'library' }, async (other) => {
      expect((await saveOn(other, plainTeacher, 'Не библиотека', category)).statusCode).toBe(403);
      expect((await saveOn(other, fx.teacher, 'Библиотека', category)).statusCode).toBe(200);
    });
  });

  it('a student who may not add a book is refused before his upload is read: the 403 comes while most of the body is still unsent', async () => {
    const fresh = await account('norights', 2);
    await withApp({}, async (other) => {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const before = await total(files);
      // About a megabyte declared, a few bytes of it sent: the reply may not wait for the rest.
      const reply = await bodyHead((other.server.address() as AddressInfo).port, '/api/library/insertupdatebook', fresh.headers, LIMIT);
      expect(reply.status).toBe(403);
      expect(reply.connection).toBe('close');
      expect(JSON.parse(reply.body).error.code).toBe('FORBIDDEN');
      expect(await total(files)).toBe(before);
    });
  });

  it('a client that closes once its whole form is sent: the book is saved once and listed, and nothing else of it remains', async () => {
    const category = String((await firstCategory()).id_bookCategory);
    await withApp({}, async (other) => {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const { payload, contentType } = multipartPayload([
        ...Object.entries({
          id_eBook: '-1',
          id_human: String(fx.teacher.user.uid),
          id_humanType: String(fx.teacher.user.role),
          nameBook: 'Отправлена и брошена',
          author: 'A',
          id_bookCategory: category,
        }).map(([n, content]) => ({ name: n, content })),
        { name: 'files', filename: 'left.pdf', content: PDF },
      ]);
      const headers = { ...fx.teacher.headers, 'content-type': contentType, 'idempotency-key': `left-${Date.now()}` };
      const before = { books: await total(books), files: await total(files), disk: onDisk().length };
      const req = http.request({
        host: '127.0.0.1',
        port: (other.server.address() as AddressInfo).port,
        method: 'POST',
        path: '/api/library/insertupdatebook',
        headers: { ...headers, 'content-length': String(payload.length) },
      });
      req.on('error', () => {});
      // The whole body handed to the connection, then the client is gone (a cancel during "saving").
      await new Promise<void>((resolve) => req.end(payload, resolve));
      req.destroy();
      // The form's retry with its key: 409 while the first is handled, then its outcome (the book, replayed), never a second book.
      const retry = () => other.inject({ method: 'POST', url: '/api/library/insertupdatebook', payload, headers });
      await expect.poll(async () => (await retry()).statusCode, { timeout: 30_000 }).toBe(200);
      const listed = (await post('/api/library/getbooklist', fx.teacher, { id_bookCategory: Number(category) })).json().data as Book[];
      expect(listed.filter((b) => b.name === 'Отправлена и брошена')).toHaveLength(1);
      expect({ books: await total(books), files: await total(files), disk: onDisk().length }).toEqual({
        books: before.books + 1,
        files: before.files + 1,
        disk: before.disk + 1,
      });
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

  it("an account's own quota (users.quota_mb, set by an administrator) counts instead of its role's: shown by /quota, and uploads are refused once over it", async () => {
    const category = String((await firstCategory()).id_bookCategory);
    const who = await account('ownquota', 2);
    const d = fx.db.database.db;
    await withApp({ QUOTA_STUDENT_MB: '200', LIBRARY_UPLOADERS: 'student' }, async (other) => {
      const quota = async () => (await other.inject({ url: '/api/library/quota', headers: who.headers })).json().data;
      expect(await quota()).toMatchObject({ quotaBytes: 200 * LIMIT });
      expect((await saveOn(other, who, 'Первая', category)).statusCode).toBe(200);
      await d.update(users).set({ quotaMb: 1 }).where(eq(users.id, who.user.id));
      const own = await quota();
      expect(own).toMatchObject({ quotaBytes: LIMIT });
      // A file 10 bytes more than the room left under the own quota is refused, nothing is stored.
      const big = Buffer.concat([PDF, Buffer.alloc(LIMIT - own.usedBytes + 10 - PDF.length, 0x20)]);
      const before = await total(files);
      const over = await saveOn(other, who, 'Сверх', category, [{ name: 'files', filename: 'big.pdf', content: big }]);
      expect(over.statusCode).toBe(409);
      expect(over.json().error).toMatchObject({ code: 'QUOTA_EXCEEDED', params: { quotaMb: 1 } });
      expect(await total(files)).toBe(before);
      await d.update(users).set({ quotaMb: null }).where(eq(users.id, who.user.id));
      expect(await quota()).toMatchObject({ quotaBytes: 200 * LIMIT });
      expect((await saveOn(other, who, 'Снова', category, [{ name: 'files', filename: 'big.pdf', content: big }])).statusCode).toBe(200);
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
      const res = await saveOn(other, fx.teacher, 'Полный диск', category);
      expect(res.statusCode).toBe(507);
      expect(res.json().error.code).toBe('STORAGE_FULL');
      const health = await other.inject({ url: '/api/health' });
      expect(health.json().data).toMatchObject({ db: 'ok', storage: 'low' });
    });
    expect((await fx.app.inject({ url: '/api/health' })).json().data).toMatchObject({ storage: 'ok' });
  });
});
