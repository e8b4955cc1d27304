/** One failure envelope for everything, localised by the lang cookie, then Accept-Language, then ru. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
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
