/** One failure envelope for everything, localised by the lang cookie, then Accept-Language, then ru. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app';
import type { Db } from '../db/client';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/helpers';

let db: TestDatabase;
let app: App;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database: db.database, distDir: '/nonexistent' });
  app.get<{ Querystring: { n: string } }>('/api/test/int', { config: { public: true } }, async (req) => {
    await app.ctx.db.execute(sql`select ${req.query.n}::int4 as n`);
    return { result: 0, error: null, data: null };
  });
  // Integrity violations a request can cause, each by a fixed statement (no user input reaches SQL).
  const violations: Record<string, (tx: Db) => ReturnType<Db['execute']>> = {
    // A row naming something that does not exist (foreign key), a missing value, a broken rule.
    fk: (tx) =>
      tx.execute(sql`insert into files (storage_name, original_name, mime, size, owner_user_id) values ('fk-test', 'a.pdf', 'application/pdf', 1, 2147483000)`),
    notnull: (tx) => tx.execute(sql`insert into files (storage_name, original_name, mime, size) values ('nn-test', 'a.pdf', 'application/pdf', 1)`),
    check: (tx) => tx.execute(sql`update students set gender = 'x' where id = (select min(id) from students)`),
    // A value taken already, a row others still point at.
    unique: (tx) =>
      tx.execute(
        sql`update groups set name = (select max(name) from groups) where id = (select min(id) from groups where name <> (select max(name) from groups))`,
      ),
    referenced: (tx) => tx.execute(sql`delete from faculties where id = (select min(faculty_id) from departments)`),
  };
  app.get<{ Querystring: { kind: string } }>('/api/test/violation', { config: { public: true } }, async (req) => {
    await app.ctx.db.transaction(async (tx) => {
      await violations[req.query.kind](tx);
    });
    return { result: 0, error: null, data: null };
  });
  app.get<{ Querystring: { text: string } }>('/api/test/sql-bug', { config: { public: true } }, async (req) => {
    await app.ctx.db.execute(sql`select * from no_such_table where note = ${req.query.text}`);
    return { result: 0, error: null, data: null };
  });
  app.get('/api/test/crash', { config: { public: true } }, async () => {
    throw new Error('secret internal detail');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const orize = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app.inject({ method: 'POST', url: '/api/auth/orize.json', payload, headers });

describe('failures', () => {
  it('unknown /api path → 404 envelope', async () => {
    const res = await app.inject({ url: '/api/unknown/path.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ result: true, error: { code: 'NOT_FOUND', message: 'Не найдено' }, data: null });
  });

  it('schema violation → 400 BAD_REQUEST naming the field', async () => {
    const res = await orize(JSON.stringify({ login: 'teacher', password: 12345 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ result: true, error: { code: 'BAD_REQUEST', message: 'Некорректный запрос', params: { field: 'password' } }, data: null });
  });

  it('malformed JSON → 400, wrong content type → 415, too large → 413', async () => {
    expect((await orize('{"login": ')).json().error.code).toBe('BAD_REQUEST');
    const type = await orize('login=teacher', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(type.statusCode).toBe(415);
    expect(type.json().error.code).toBe('UNSUPPORTED_TYPE');
    const big = await orize(JSON.stringify({ login: 'teacher', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('TOO_LARGE');
  });

  it('a value the database refuses as data (out of range, not a number) → 400, not 500', async () => {
    expect((await app.inject({ url: '/api/test/int?n=12' })).statusCode).toBe(200);
    for (const n of ['2147483648', 'abc']) {
      const res = await app.inject({ url: `/api/test/int?n=${n}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
  });

  it('a bug → 500 INTERNAL without its details', async () => {
    const res = await app.inject({ url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ result: true, error: { code: 'INTERNAL', message: 'Внутренняя ошибка сервера' }, data: null });
    expect(res.body).not.toContain('secret');
  });
});

describe('language of messages', () => {
  const message = async (headers: Record<string, string>) => (await app.inject({ url: '/api/nothing', headers })).json().error.message;

  it('ru by default, Accept-Language next (ky means Kyrgyz), the lang cookie first', async () => {
    expect(await message({})).toBe('Не найдено');
    expect(await message({ 'accept-language': 'en-GB,en;q=0.9' })).toBe('Not found');
    expect(await message({ 'accept-language': 'ky-KG,ky;q=0.9,ru;q=0.8' })).toBe('Табылган жок');
    expect(await message({ 'accept-language': 'fr-FR, en;q=0.5' })).toBe('Not found');
    expect(await message({ 'accept-language': 'en', cookie: 'lang=kg' })).toBe('Табылган жок');
    expect(await message({ 'accept-language': 'en', cookie: 'lang=xx' })).toBe('Not found');
  });
});

describe('hostile requests', () => {
  it('a malformed URL → 400 in the envelope, with the security headers, not echoing the URL', async () => {
    for (const url of ['/api/%ff', '/api/news/%E0%A4%A.json', '/lms/%c0%af', '/%']) {
      const res = await app.inject({ url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ result: true, error: { code: 'BAD_REQUEST', message: 'Invalid request' }, data: null });
      expect(res.body).not.toContain('%');
      expect(res.headers['content-security-policy'], url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('integrity violations and error logs', () => {
  it('a violation caused by the request → 400 (names nothing, breaks a rule) or 409 (collides), in the envelope', async () => {
    for (const [kind, status, code] of [
      ['fk', 400, 'BAD_REQUEST'],
      ['notnull', 400, 'BAD_REQUEST'],
      ['check', 400, 'BAD_REQUEST'],
      ['unique', 409, 'CONFLICT'],
      ['referenced', 409, 'CONFLICT'],
    ] as const) {
      const res = await app.inject({ url: `/api/test/violation?kind=${kind}` });
      expect(res.statusCode, kind).toBe(status);
      expect(res.json(), kind).toMatchObject({ result: true, error: { code }, data: null });
    }
  });

  it('a real bug is logged as a 500 without the values of its query (user text stays out of the log)', async () => {
    const logged: unknown[] = [];
    const secret = 'Салам, бул жашыруун билдирүү 4242';
    const res = await app.inject({ url: `/api/test/sql-bug?text=${encodeURIComponent(secret)}`, headers: { 'x-probe': '1' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('4242');
    // The same failure through the handler, its log line captured.
    const capture = await buildApp({ config: testConfig(), database: db.database, distDir: '/nonexistent' });
    capture.get<{ Querystring: { text: string } }>('/api/test/sql-bug', { config: { public: true } }, async (req) => {
      await capture.ctx.db.execute(sql`select * from no_such_table where note = ${req.query.text}`);
      return { result: 0, error: null, data: null };
    });
    capture.addHook('onRequest', async (req) => {
      vi.spyOn(req.log, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
    });
    await capture.ready();
    expect((await capture.inject({ url: `/api/test/sql-bug?text=${encodeURIComponent(secret)}` })).statusCode).toBe(500);
    await capture.close();
    expect(logged.length).toBe(1);
    const line = JSON.stringify(logged[0]);
    expect(line).toContain('42P01');
    expect(line).toContain('no_such_table');
    expect(line).not.toContain('4242');
    expect(line).not.toContain('Салам');
  });
});
