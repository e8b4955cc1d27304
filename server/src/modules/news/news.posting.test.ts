/** /api/news/insert.json, download.file, check.json and delete.json: posting with files and every refusal (docs/security.md#access, #files). */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, news, newsFiles, users } from '../../db/schema';
import { bodyHead } from '../../test/raw-http';
import { type Who, colleague, plainTeacher, econStudent, fit, PDF, LIMIT, feed, publish, posted, download, onDisk, total, useNewsTest } from './news.fixture';

const fx = useNewsTest();
const { post } = fx;

describe('insert.json', () => {
  it('an account without newsPerms is refused before its upload is read: the 403 comes while most of the body is still unsent', async () => {
    if (!fx.app.server.listening) await fx.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await total(files);
    const reply = await bodyHead((fx.app.server.address() as AddressInfo).port, '/api/news/insert.json', plainTeacher.headers, 1024 * 1024);
    expect(reply.status).toBe(403);
    expect(reply.connection).toBe('close');
    expect(JSON.parse(reply.body).error.code).toBe('FORBIDDEN');
    expect(await total(files)).toBe(before);
  });

  it('403 for a student and for a teacher without newsPerms; nothing is stored', async () => {
    const before = { rows: await total(files), disk: onDisk().length };
    const attachment = [{ name: 'files', filename: 'a.pdf', content: PDF }];
    expect((await publish(fx.student, { message: 'Привет' }, attachment)).statusCode).toBe(403);
    const res = await publish(plainTeacher, { message: 'Привет' }, attachment);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(await total(news)).toBe(0);
    expect({ rows: await total(files), disk: onDisk().length }).toEqual(before);
  });

  it('replies with the new item: own, editable, files listed, stored on disk with rows', async () => {
    const before = { rows: await total(files), disk: onDisk().length };
    const res = await publish(fx.teacher, { message: '  Итоги сессии  ', audience: '2', faculty: String(fit), pinned: 'true' }, [
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
    const empty = await publish(fx.teacher, { message: '   \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'BAD_REQUEST', params: { field: 'message' } });
    expect((await publish(fx.teacher, { message: '' }, [{ name: 'files', filename: 'only.pdf', content: PDF }])).statusCode).toBe(200);
    expect((await publish(fx.teacher, { message: 'я'.repeat(5001) })).statusCode).toBe(400);
    expect((await publish(fx.teacher, { message: 'я'.repeat(5000) })).statusCode).toBe(200);
    expect((await publish(fx.teacher, { message: 'x', audience: '5' })).statusCode).toBe(400);
    expect((await publish(fx.teacher, { message: 'x', audience: 'all' })).statusCode).toBe(400);
    const faculty = await publish(fx.teacher, { message: 'x', faculty: '9999' });
    expect(faculty.statusCode).toBe(400);
    expect(faculty.json().error.params).toEqual({ field: 'faculty' });
    for (const value of ['0', '-2', '2147483648', 'ФИТ'])
      expect((await publish(fx.teacher, { message: 'x', faculty: value })).json().error, value).toMatchObject({
        code: 'BAD_REQUEST',
        params: { field: 'faculty' },
      });
    expect((await publish(fx.teacher, { message: 'x' }, [{ name: 'other', filename: 'a.pdf', content: PDF }])).statusCode).toBe(400);
    expect(await total(news)).toBe(2);
  });

  it('F1: one byte over the limit → 413 with the limit; no item, no file row, nothing on disk', async () => {
    const before = { rows: await total(files), disk: onDisk().length };
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT - PDF.length + 1, 0x20)]);
    const res = await publish(fx.teacher, { message: 'Большой файл' }, [
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
      const res = await publish(fx.teacher, { message: 'Файл' }, [{ name: 'files', filename, content, type: 'application/pdf' }]);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().error.code).toBe('UNSUPPORTED_TYPE');
    }
    expect(await total(news)).toBe(0);
    expect({ rows: await total(files), disk: onDisk().length }).toEqual(before);
  });

  it('a JSON body instead of multipart → 400', async () => {
    expect((await post('/api/news/insert.json', fx.teacher, { message: 'x', audience: 0, faculty: -1 })).statusCode).toBe(400);
  });
});

describe('download.file', () => {
  it('F3: the file of a visible item, as an attachment with nosniff and the exact bytes', async () => {
    const id = await posted(fx.teacher, { message: 'Методичка', audience: '2' }, [{ name: 'files', filename: 'Методичка №1.pdf', content: PDF }]);
    const res = await download(fx.student, `${id}_Методичка №1.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Методичка №1.pdf')}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('F4: 403 for an item not addressed to the caller; 404 for a name not in the item or an unknown item; 400 for a bad query', async () => {
    const id = await posted(fx.teacher, { message: 'Только студентам', audience: '2' }, [{ name: 'files', filename: 'a.pdf', content: PDF }]);
    const other = await posted(fx.teacher, { message: 'Другой', audience: '0' }, [{ name: 'files', filename: 'b.pdf', content: PDF }]);
    expect((await download(colleague, `${id}_a.pdf`)).statusCode).toBe(403);
    expect((await download(econStudent, `${id}_a.pdf`)).statusCode).toBe(200); // all faculties
    expect((await download(fx.student, `${id}_b.pdf`)).statusCode).toBe(404); // b.pdf belongs to another item
    expect((await download(fx.student, `${other}_b.pdf`)).statusCode).toBe(200);
    expect((await download(fx.student, `${id}_../../a.pdf`)).statusCode).toBe(404);
    expect((await download(fx.student, `99999999_a.pdf`)).statusCode).toBe(404);
    expect((await download(fx.student, `99999999999_a.pdf`)).statusCode).toBe(404);
    expect((await download(fx.student, 'a.pdf')).statusCode).toBe(400);
    expect((await download(fx.student, `${id}_a.pdf`, '3')).statusCode).toBe(400);
    expect((await download(null, `${id}_a.pdf`)).statusCode).toBe(401);
  });
});

describe('check.json and delete.json', () => {
  it('check: allowed only for the author with newsPerms; 404 for unknown or invisible items', async () => {
    const id = await posted(fx.teacher, { message: 'Для всех' });
    const hidden = await posted(colleague, { message: 'Студентам', audience: '2' });
    const check = async (who: Who, body: object) => post('/api/news/check.json', who, body);
    expect((await check(fx.teacher, { id, type: 1 })).json().data).toEqual({ id, type: 1, allowed: true });
    expect((await check(fx.teacher, { id, type: 2 })).json().data).toEqual({ id, type: 2, allowed: true });
    expect((await check(colleague, { id, type: 1 })).json().data.allowed).toBe(false);
    expect((await check(fx.student, { id, type: 1 })).json().data.allowed).toBe(false);
    expect((await check(fx.teacher, { id: hidden, type: 1 })).statusCode).toBe(404);
    expect((await check(fx.teacher, { id: 999999, type: 1 })).statusCode).toBe(404);
    expect((await check(fx.teacher, { id, type: 3 })).statusCode).toBe(400);
    expect((await check(fx.teacher, { id: 2 ** 31, type: 1 })).statusCode).toBe(400);
    expect((await post('/api/news/delete.json', fx.teacher, { id: 2 ** 31 })).statusCode).toBe(400);
    expect((await post('/api/news/delete.json', fx.teacher, { id: 0 })).statusCode).toBe(400);

    await fx.db.database.db.update(users).set({ newsPerms: false }).where(eq(users.id, fx.teacher.user.id));
    try {
      expect((await check(fx.teacher, { id, type: 1 })).json().data.allowed).toBe(false);
      expect((await feed(fx.teacher))[0].editable).toBe(false);
    } finally {
      await fx.db.database.db.update(users).set({ newsPerms: true }).where(eq(users.id, fx.teacher.user.id));
    }
  });

  it("delete: 403 for someone else's item, a student, a teacher without newsPerms; 404 unknown", async () => {
    const id = await posted(fx.teacher, { message: 'Моя новость' });
    expect((await post('/api/news/delete.json', colleague, { id })).statusCode).toBe(403);
    expect((await post('/api/news/delete.json', fx.student, { id })).statusCode).toBe(403);
    expect((await post('/api/news/delete.json', plainTeacher, { id })).statusCode).toBe(403);
    expect((await post('/api/news/delete.json', fx.teacher, { id: 999999 })).statusCode).toBe(404);
    expect((await feed(fx.student)).map((i) => i.id_eventMessage)).toEqual([id]);
  });

  it('delete: the author removes the item, its file rows and, after commit, the bytes', async () => {
    const id = await posted(fx.teacher, { message: 'Удалить' }, [{ name: 'files', filename: 'x.pdf', content: PDF }]);
    const before = { rows: await total(files), disk: onDisk().length };
    const res = await post('/api/news/delete.json', fx.teacher, { id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, deleted: true });
    expect(await feed(fx.student)).toEqual([]);
    expect(await total(files)).toBe(before.rows - 1);
    expect((await download(fx.student, `${id}_x.pdf`)).statusCode).toBe(404);
    // The deletion is committed: the unlink check runs now instead of a second later.
    await fx.app.ctx.files.runUnlinkChecks();
    expect(onDisk()).toHaveLength(before.disk - 1);
    expect((await post('/api/news/delete.json', fx.teacher, { id })).statusCode).toBe(404);
  });
});
