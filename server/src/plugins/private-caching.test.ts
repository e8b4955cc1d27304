/**
 * Z6 and I3: no cache keeps a private reply. Every route of the API is called (as the app lists
 * them); a signed-in route's reply, whatever its status, is `private, no-store`, and every other /api
 * reply is `no-store`. The private reads named in docs/security.md are checked with real answers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { libraryCategories, students } from '../db/schema';
import { appWithApiRoutes, type ApiRoute } from '../test/api-routes';
import { DEMO, multipartPayload, session, signIn, type TestDatabase, type TestSession } from '../test/helpers';

let db: TestDatabase;
let app: App;
let teacher: TestSession;
let student: TestSession;
let routes: ApiRoute[];

beforeAll(async () => {
  ({ db, app, routes } = await appWithApiRoutes());
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
});
afterAll(async () => {
  await app.close();
  await db.close();
});

/** A route's path with its parameters filled in. */
const concrete = (url: string) => url.replace(/:[a-z_]+/gi, '1');

describe('private replies are never cached', () => {
  it('every signed-in route answers private, no-store, and every other /api route no-store, as any caller', async () => {
    // The event streams stay open (their no-store is checked in plugins/live.test.ts); signing out ends the session used here.
    const walked = routes.filter((r) => !r.url.endsWith('/events.json') && r.url !== '/api/auth/logout.json');
    expect(walked.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const r of walked) {
      for (const who of r.isPublic ? [null] : [teacher]) {
        const res = await app.inject({
          method: r.method as 'GET' | 'POST',
          url: concrete(r.url),
          payload: r.method === 'POST' ? {} : undefined,
          headers: who?.headers,
        });
        const cache = String(res.headers['cache-control']);
        const expected = r.isPublic ? /\bno-store\b/ : /^private, no-store$/;
        if (!expected.test(cache)) wrong.push(`${r.method} ${r.url} as ${who ? who.user.role : 'nobody'}: ${res.statusCode} ${cache}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('the private reads answer with their data and private, no-store', async () => {
    const [{ groupId }] = await db.database.db.select({ groupId: students.groupId }).from(students).where(eq(students.id, student.user.uid));
    const [category] = await db.database.db.select({ id: libraryCategories.id }).from(libraryCategories).limit(1);
    const fields = {
      id_eBook: '-1',
      id_human: String(teacher.user.uid),
      id_humanType: '1',
      nameBook: 'Кэш',
      author: 'Кафедра',
      id_bookCategory: String(category.id),
    };
    const { payload, contentType } = multipartPayload([
      ...Object.entries(fields).map(([name, content]) => ({ name, content })),
      { name: 'files', filename: 'cache.pdf', content: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n') },
    ]);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/library/insertupdatebook',
      payload,
      headers: { ...teacher.headers, 'content-type': contentType },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const book = saved.json().data as { id_eBook: number };
    const calls: Array<[TestSession, 'GET' | 'POST', string, object | undefined]> = [
      [student, 'GET', '/api/misc/payer.json', undefined],
      [student, 'GET', '/api/notifications/count.json', undefined],
      [student, 'GET', '/api/library/quota', undefined],
      [student, 'POST', '/api/misc/transcript.json', {}],
      [student, 'POST', '/api/singlewindow/orderlist', {}],
      [student, 'POST', '/api/misc/paymentcode.json', { id_year: 2026, id_group: groupId, id_student: student.user.uid, id_uslug: 1 }],
      [teacher, 'GET', `/api/library/download.file?id=${book.id_eBook}`, undefined],
    ];
    for (const [who, method, url, payload] of calls) {
      const res = await app.inject({ method, url, payload, headers: who.headers });
      expect({ url, status: res.statusCode, cache: res.headers['cache-control'] }).toEqual({ url, status: 200, cache: 'private, no-store' });
    }
  });

  it('the sign-in reply, its failure and an unknown /api path are no-store', async () => {
    const { res } = await signIn(app, DEMO.student.login, DEMO.student.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { res: refused } = await signIn(app, DEMO.student.login, 'wrong password');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/nothing/here.json' })).headers['cache-control']).toBe('no-store');
  });
});
