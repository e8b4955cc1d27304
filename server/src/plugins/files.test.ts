/** The shared upload/download module (docs/security.md#files), through a small route of its own, on the disk and on S3. */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { files } from '../db/schema';
import { PDF, createTestDatabase, multipartPayload, session, testConfig, type TestDatabase } from '../test/helpers';
import { bodyHead } from '../test/raw-http';
import { badRequest } from '../app-error';
import { contentDisposition, parseFields } from './files';
import { startBucket, type TestBucket } from '../../../tests/support/bucket';
import { sniffType } from './sniff';
import { Type } from 'typebox';

const LIMIT = 1024 * 1024; // UPLOAD_LIMIT_MB=1
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe.each(['disk', 's3'] as const)('files on %s', (backend) => {
  let db: TestDatabase;
  let app: App;
  let dataDir: string;
  let headers: Record<string, string>;
  let bucket: TestBucket | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-files-'));
    db = await createTestDatabase();
    if (backend === 's3') bucket = await startBucket();
    const env = { DATA_DIR: dataDir, UPLOAD_LIMIT_MB: '1', ...bucket?.env };
    app = await buildApp({ config: testConfig(env), database: db.database, distDir: '/nonexistent' });
    // Saves every file (a session needed, as on every /api route not marked public); `fail=1` makes the handler throw after saving (a refused rule, a rollback).
    app.post('/api/test/upload.json', async (req) =>
      app.ctx.files.receive(req, { maxFiles: 3 }, async ({ fields, files: incoming }) =>
        app.ctx.db.transaction(async (tx) => {
          const stored = [];
          for (const f of incoming) stored.push(await app.ctx.files.save(tx, req.auth!.userId, f));
          if (fields.fail === '1') throw badRequest();
          return { result: 0, error: null, data: { ids: stored.map((s) => s.id), fields } };
        }),
      ),
    );
    // One file at the limit and a small one (a book and its cover).
    app.post('/api/test/book.json', async (req) =>
      app.ctx.files.receive(req, { maxFiles: 2, declared: { fullFiles: 1, extraBytes: 64 * 1024 } }, async ({ files: incoming }) => ({
        result: 0,
        error: null,
        data: { names: incoming.map((f) => f.originalName) },
      })),
    );
    app.get<{ Params: { id: string } }>('/api/test/file/:id', { config: { public: true } }, async (req, reply) => {
      const file = await app.ctx.files.find(app.ctx.db, Number(req.params.id));
      if (!file) throw badRequest();
      return app.ctx.files.send(reply, file);
    });
    app.post<{ Body: { id: number; rollback: boolean } }>('/api/test/remove.json', { config: { public: true } }, async (req) => {
      await app.ctx.db
        .transaction(async (tx) => {
          await app.ctx.files.remove(tx, [req.body.id]);
          if (req.body.rollback) throw new Error('rollback');
        })
        .catch(() => {});
      return { result: 0, error: null, data: null };
    });
    await app.ready();
    headers = (await session(app, 'teacher')).headers;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await bucket?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Names of the stored objects (the disk directory or the bucket). */
  const stored = async () => {
    const names: string[] = [];
    for await (const o of app.ctx.files.storage.list()) names.push(o.name);
    return names;
  };
  const bytesOf = async (name: string) => {
    const body = await app.ctx.files.storage.open(name);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const temporary = () => (fs.existsSync(path.join(dataDir, 'files', '.tmp')) ? fs.readdirSync(path.join(dataDir, 'files', '.tmp')) : []);
  const rows = async () => (await db.database.db.select({ n: count() }).from(files))[0].n;

  async function upload(parts: Parameters<typeof multipartPayload>[0], extra: Record<string, string> = headers) {
    const { payload, contentType } = multipartPayload(parts);
    return app.inject({ method: 'POST', url: '/api/test/upload.json', payload, headers: { ...extra, 'content-type': contentType } });
  }

  /** Sends only the head of a body declared `length` bytes long: the reply must come without waiting for the rest. */
  async function declaredUpload(url: string, length: number) {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    return bodyHead((app.server.address() as AddressInfo).port, url, headers, length);
  }

  describe('uploads', () => {
    it('a body declared larger than the form may be is 413 before any of it is sent, nothing stored', async () => {
      const before = await rows();
      const reply = await declaredUpload('/api/test/upload.json', 3 * LIMIT + 4 * 1024 * 1024);
      expect(reply.status).toBe(413);
      expect(reply.connection).toBe('close');
      expect(JSON.parse(reply.body).error).toMatchObject({ code: 'TOO_LARGE', params: { maxSizeMb: 1 } });
      expect(await rows()).toBe(before);
      expect(temporary()).toEqual([]);
    });

    it('a form of one file at the limit and a small one refuses a body declared as two files at the limit, and reads both files within it', async () => {
      // Two files at the limit and the form's text: within what two full files may declare, beyond one and a small one.
      const refused = await declaredUpload('/api/test/book.json', 3 * LIMIT);
      expect(refused.status).toBe(413);
      expect(refused.connection).toBe('close');
      const { payload, contentType } = multipartPayload([
        { name: 'file', filename: 'book.txt', content: Buffer.from(`${'a'.repeat(LIMIT - 1)}\n`) },
        { name: 'cover', filename: 'cover.txt', content: Buffer.from('cover\n') },
      ]);
      const read = await app.inject({ method: 'POST', url: '/api/test/book.json', payload, headers: { ...headers, 'content-type': contentType } });
      expect(read.statusCode).toBe(200);
      expect(read.json().data.names).toEqual(['book.txt', 'cover.txt']);
    });

    it('F1: a file of exactly the limit is stored; one byte over is 413 with the limit, nothing on disk, no row', async () => {
      const atLimit = Buffer.concat([Buffer.from('a'.repeat(LIMIT - 1)), Buffer.from('\n')]);
      const ok = await upload([{ name: 'file', filename: 'notes.txt', content: atLimit }]);
      expect(ok.statusCode).toBe(200);
      const before = { disk: (await stored()).length, rows: await rows() };

      const over = await upload([{ name: 'file', filename: 'notes.txt', content: Buffer.concat([atLimit, Buffer.from('b')]) }]);
      expect(over.statusCode).toBe(413);
      expect(over.json().error).toMatchObject({ code: 'TOO_LARGE', params: { maxSizeMb: 1 } });
      expect((await stored()).length).toBe(before.disk);
      expect(await rows()).toBe(before.rows);
      expect(temporary()).toEqual([]);
    });

    it('F2: markup or script under an allowed name is refused; the real type is stored whatever the browser claims', async () => {
      const before = { disk: (await stored()).length, rows: await rows() };
      for (const [filename, content] of [
        ['report.pdf', '<html><script>alert(1)</script></html>'],
        ['photo.png', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
        ['lib.pdf', 'alert(document.cookie)'],
        ['page.txt', '<!DOCTYPE html><p>hi</p>'],
        ['image.pdf', PNG],
        ['tool.exe', Buffer.from('MZ\x90\x00')],
        ['noext', 'plain words'],
      ] as const) {
        const res = await upload([{ name: 'file', filename, content: Buffer.from(content), type: 'application/pdf' }]);
        expect(res.statusCode, filename).toBe(400);
        expect(res.json().error.code, filename).toBe('UNSUPPORTED_TYPE');
      }
      expect((await stored()).length).toBe(before.disk);
      expect(await rows()).toBe(before.rows);

      const res = await upload([{ name: 'file', filename: 'Итоги.pdf', content: PDF, type: 'text/html' }]);
      expect(res.statusCode).toBe(200);
      const [row] = await db.database.db.select().from(files).where(eq(files.id, res.json().data.ids[0]));
      expect(row).toMatchObject({ originalName: 'Итоги.pdf', mime: 'application/pdf', size: PDF.length });
    });

    it('the user file name is never a path: the bytes get a random name, the name keeps no directory', async () => {
      const res = await upload([{ name: 'file', filename: '../../etc/passwd.png', content: PNG }]);
      expect(res.statusCode).toBe(200);
      const [row] = await db.database.db.select().from(files).where(eq(files.id, res.json().data.ids[0]));
      expect(row.originalName).toBe('passwd.png');
      expect(row.storageName).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(await bytesOf(row.storageName)).toEqual(PNG);
    });

    it('when the handler fails after saving, every file of the request is gone from disk and database', async () => {
      const before = { disk: (await stored()).length, rows: await rows() };
      const res = await upload([
        { name: 'fail', content: Buffer.from('1') },
        { name: 'file', filename: 'a.pdf', content: PDF },
        { name: 'file', filename: 'b.png', content: PNG },
      ]);
      expect(res.statusCode).toBe(400);
      expect((await stored()).length).toBe(before.disk);
      expect(await rows()).toBe(before.rows);
      expect(temporary()).toEqual([]);
    });

    it('refuses a request that is not multipart, too many files, and callers without a session', async () => {
      const json = await app.inject({ method: 'POST', url: '/api/test/upload.json', payload: { a: 1 }, headers });
      expect(json.statusCode).toBe(400);
      const many = await upload([1, 2, 3, 4].map((i) => ({ name: 'file', filename: `f${i}.pdf`, content: PDF })));
      expect(many.statusCode).toBe(400);
      const anonymous = await upload([{ name: 'file', filename: 'a.pdf', content: PDF }], {});
      expect(anonymous.statusCode).toBe(401);
      expect(temporary()).toEqual([]);
    });
  });

  describe('downloads', () => {
    it('F3: attachment with the UTF-8 name, nosniff, a sandboxing CSP and the stored type', async () => {
      const up = await upload([{ name: 'file', filename: 'Расписание осень.pdf', content: PDF }]);
      const res = await app.inject({ url: `/api/test/file/${up.json().data.ids[0]}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(PDF);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="__________ _____.pdf"; filename*=UTF-8''${encodeURIComponent('Расписание осень.pdf')}`,
      );
      expect(contentDisposition(`it's "x".pdf`)).toBe(`attachment; filename="it's _x_.pdf"; filename*=UTF-8''it%27s%20%22x%22.pdf`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    });

    it('one byte range is 206 with Content-Range, a range past the end 416; the ETag answers 304', async () => {
      const id = (await upload([{ name: 'file', filename: 'range.pdf', content: PDF }])).json().data.ids[0] as number;
      const get = (extra: Record<string, string>) => app.inject({ url: `/api/test/file/${id}`, headers: extra });
      const full = await get({});
      expect(full.headers['accept-ranges']).toBe('bytes');
      const etag = full.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

      const head = await get({ range: 'bytes=0-3' });
      expect(head.statusCode).toBe(206);
      expect(head.rawPayload.toString()).toBe('%PDF');
      expect(head.headers['content-range']).toBe(`bytes 0-3/${PDF.length}`);
      expect(head.headers['content-length']).toBe('4');
      expect(head.headers['content-disposition']).toMatch(/^attachment;/);
      expect(head.headers['x-content-type-options']).toBe('nosniff');
      const tail = await get({ range: 'bytes=-6' });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload).toEqual(PDF.subarray(PDF.length - 6));
      const rest = await get({ range: `bytes=${PDF.length - 2}-` });
      expect(rest.rawPayload).toEqual(PDF.subarray(PDF.length - 2));

      const past = await get({ range: `bytes=${PDF.length}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${PDF.length}`);
      expect(past.json()).toMatchObject({ result: true, data: null });
      // Several ranges, or an If-Range of another version: the whole file.
      expect((await get({ range: 'bytes=0-1,4-5' })).statusCode).toBe(200);
      expect((await get({ range: 'bytes=0-1', 'if-range': '"other"' })).statusCode).toBe(200);

      const same = await get({ 'if-none-match': etag });
      expect(same.statusCode).toBe(304);
      expect(same.rawPayload.length).toBe(0);
      expect(same.headers.etag).toBe(etag);
      expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);
    });

    it('a row whose bytes are gone answers 404', async () => {
      const up = await upload([{ name: 'file', filename: 'gone.pdf', content: PDF }]);
      const [row] = await db.database.db.select().from(files).where(eq(files.id, up.json().data.ids[0]));
      await app.ctx.files.storage.remove(row.storageName);
      expect((await app.inject({ url: `/api/test/file/${row.id}` })).statusCode).toBe(404);
    });
  });

  describe('removal', () => {
    it('deletes the row; the bytes go once the deletion is committed, and stay when it is rolled back', async () => {
      const a = (await upload([{ name: 'file', filename: 'a.pdf', content: PDF }])).json().data.ids[0] as number;
      const b = (await upload([{ name: 'file', filename: 'b.pdf', content: PDF }])).json().data.ids[0] as number;
      const nameOf = async (id: number) => (await db.database.db.select().from(files).where(eq(files.id, id)))[0].storageName;
      const [na, nb] = [await nameOf(a), await nameOf(b)];

      await app.inject({ method: 'POST', url: '/api/test/remove.json', payload: { id: a, rollback: false } });
      await app.inject({ method: 'POST', url: '/api/test/remove.json', payload: { id: b, rollback: true } });
      // Both transactions are over: the unlink checks run now instead of a second later.
      await app.ctx.files.runUnlinkChecks();
      expect(await stored()).not.toContain(na);
      expect(await stored()).toContain(nb);
      const left = await db.database.db.execute(sql`select id from files where id in (${a}, ${b})`);
      expect((left as unknown as { rows: { id: number }[] }).rows.map((r) => r.id)).toEqual([b]);
    });
  });
});

describe('sniffType and parseFields', () => {
  it('knows office formats by content and name, and refuses a mismatch', () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]);
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(sniffType('work.docx', zip, true)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sniffType('table.xls', ole, true)).toBe('application/vnd.ms-excel');
    expect(sniffType('work.pdf', zip, true)).toBeNull();
    expect(sniffType('photo.JPG', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), true)).toBe('image/jpeg');
    expect(sniffType('photo.jpg', PNG, true)).toBe('image/png');
    expect(sniffType('data.csv', Buffer.from('a;b\n1;2\n'), true)).toBe('text/csv; charset=utf-8');
    expect(sniffType('bad.txt', Buffer.from([0x61, 0xff, 0xfe, 0x62]), true)).toBeNull();
  });

  it('converts multipart text fields by the schema and refuses what does not fit', () => {
    const schema = Type.Object({ audience: Type.Integer({ minimum: 0, maximum: 2 }), message: Type.String({ maxLength: 10 }) });
    expect(parseFields(schema, { audience: '2', message: 'hi' })).toEqual({ audience: 2, message: 'hi' });
    expect(() => parseFields(schema, { audience: '7', message: 'hi' })).toThrow();
    expect(() => parseFields(schema, { audience: 'x', message: 'hi' })).toThrow();
  });
});
