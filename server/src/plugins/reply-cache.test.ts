/**
 * Replies kept in the server process (plugins/reply-cache.ts): the profile and the pages of the news
 * feed are reused while nothing they show has changed, and every change shows at once, on every
 * server process on the database: a new item, a read mark, a person's data, the language, the
 * moment a scheduled item comes out.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsItem } from '../../../contract/news';
import type { App } from '../app';
import { openDatabase, type Database } from '../db/client';
import { news, teachers } from '../db/schema';
import { appOn, createTestDatabase, multipartPayload, session, testClock, usePostgres, type TestDatabase, type TestSession } from '../test/helpers';

let db: TestDatabase;
/** A second "process": its own app, and on PostgreSQL its own pool and LISTEN connections. */
let second: Database;
let a: App;
let b: App;
let teacher: TestSession;
let student: TestSession;
const clock = testClock(new Date(2026, 9, 1, 10, 0));
// Kept for a minute of real time, so that only the changes under test end the reuse.
const env = { REPLY_CACHE_MS: '60000', SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '720' };

beforeAll(async () => {
  db = await createTestDatabase();
  second = usePostgres ? await openDatabase(db.target) : db.database;
  a = await appOn(db, { now: clock.now, env });
  b = await appOn({ ...db, database: second }, { now: clock.now, env });
  teacher = await session(a, 'teacher');
  student = await session(a, 'student');
});
afterAll(async () => {
  await a.close();
  await b.close();
  if (second !== db.database) await second.close();
  await db.close();
});
beforeEach(async () => {
  await db.database.db.delete(news);
  clock.set(new Date(2026, 9, 1, 10, 0));
});

const kept = (app: App) => app.ctx.dataChanges.kept;

/** Writes without any trigger firing, i.e. without announcing the change. */
async function silently(statement: ReturnType<typeof sql>) {
  await db.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

const profile = (app: App, who: TestSession, lang = 'ru') =>
  app.inject({ method: 'POST', url: '/api/profile/data.json', payload: { uid: who.user.uid, role: who.user.role }, headers: { ...who.headers, 'accept-language': lang } });

async function feed(app: App, who: TestSession, lang = 'ru'): Promise<NewsItem[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/news/data.json',
    payload: { id: who.user.id, uid: who.user.uid, role: who.user.role, page: 1 },
    headers: { ...who.headers, 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as NewsItem[];
}

async function post(app: App, fields: Record<string, string>): Promise<number> {
  const { payload, contentType } = multipartPayload(Object.entries({ audience: '0', faculty: '-1', ...fields }).map(([name, content]) => ({ name, content })));
  const res = await app.inject({ method: 'POST', url: '/api/news/insert.json', payload, headers: { ...teacher.headers, 'content-type': contentType } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id_eventMessage;
}

describe('profile', () => {
  it('a kept profile is answered without reading it again, and the same bytes as read afresh', async () => {
    const first = await profile(b, teacher);
    expect(first.statusCode).toBe(200);
    const phone = first.json().data.phone as string;
    // Changed behind the server's back (no announcement): the kept reply still answers.
    await silently(sql`update teachers set phone = '+996 000 000 000' where id = ${teacher.user.uid}`);
    const again = await profile(b, teacher);
    expect(again.body).toBe(first.body);
    await db.database.db.update(teachers).set({ phone }).where(eq(teachers.id, teacher.user.uid));
  });

  it("a change to the person's data shows at once on every process", async () => {
    for (const app of [a, b]) expect((await profile(app, teacher)).statusCode).toBe(200);
    const [row] = await db.database.db.select({ phone: teachers.phone }).from(teachers).where(eq(teachers.id, teacher.user.uid));
    try {
      await db.database.db.update(teachers).set({ phone: '+996 555 123 456' }).where(eq(teachers.id, teacher.user.uid));
      for (const app of [b, a]) expect((await profile(app, teacher)).json().data.phone).toBe('+996 555 123 456');
    } finally {
      await db.database.db.update(teachers).set({ phone: row.phone }).where(eq(teachers.id, teacher.user.uid));
    }
  });

  it('each language has its own reply', async () => {
    expect((await profile(b, student, 'ru')).json().data.educationForm).toBe('Очная');
    expect((await profile(b, student, 'en')).json().data.educationForm).toBe('Full-time');
    expect((await profile(b, student, 'ru')).json().data.educationForm).toBe('Очная');
  });

  it('the course follows the academic year', async () => {
    const course = (await profile(b, student)).json().data.course as number;
    clock.set(new Date(2027, 9, 1, 10, 0));
    // A year on, in a new session (the old one has ended by then).
    const later = await session(b, 'student');
    expect((await profile(b, later)).json().data.course).toBe(course + 1);
  });
});

describe('news feed', () => {
  it('a kept page is answered without reading it again', async () => {
    const id = await post(a, { message: 'Kept' });
    const first = await feed(b, student);
    await feed(b, student); // the reads are recorded now, so the page is kept
    expect(kept(b)).toBeGreaterThan(0);
    await silently(sql`update news set message = 'Changed silently' where id = ${id}`);
    expect(await feed(b, student)).toEqual(first);
  });

  it('a new item shows at once on every process', async () => {
    await post(a, { message: 'First' });
    for (const app of [a, b]) for (let i = 0; i < 2; i++) await feed(app, student);
    await post(a, { message: 'Second' });
    for (const app of [b, a]) expect((await feed(app, student)).map((i) => i.message)).toEqual(['Second', 'First']);
  });

  it("a read mark shows at once in the author's read count", async () => {
    const id = await post(a, { message: 'Counted' });
    const count = async (app: App) => (await feed(app, teacher)).find((i) => i.id_eventMessage === id)!.readCount;
    expect(await count(b)).toBe(0);
    expect(await count(b)).toBe(0);
    await feed(a, student);
    expect(await count(b)).toBe(1);
    expect(await count(a)).toBe(1);
  });

  it('a deleted item goes at once', async () => {
    const id = await post(a, { message: 'Gone soon' });
    for (let i = 0; i < 2; i++) await feed(b, student);
    const res = await a.inject({ method: 'POST', url: '/api/news/delete.json', payload: { id }, headers: teacher.headers });
    expect(res.statusCode).toBe(200);
    expect(await feed(b, student)).toEqual([]);
  });

  it('a scheduled item comes out at its moment', async () => {
    await post(a, { message: 'Now' });
    await post(a, { message: 'Later', publishAt: new Date(clock.now().getTime() + 3_600_000).toISOString() });
    for (let i = 0; i < 2; i++) expect((await feed(b, student)).map((i) => i.message)).toEqual(['Now']);
    clock.advance(3_600_000);
    expect((await feed(b, student)).map((i) => i.message)).toEqual(['Later', 'Now']);
    // And back in time (a clock moved by hand): not yet out.
    clock.advance(-2 * 3_600_000);
    expect((await feed(b, student)).map((i) => i.message)).toEqual([]);
  });

  it('each language has its own page', async () => {
    await post(a, { message: 'Words' });
    const role = async (lang: string) => (await feed(b, student, lang))[0].author.split('|')[1];
    const ru = await role('ru');
    await role('ru');
    const en = await role('en');
    expect(en).not.toBe(ru);
    expect(await role('ru')).toBe(ru);
    expect(await role('en')).toBe(en);
  });
});

describe('reply cache off', () => {
  it('REPLY_CACHE_MS=0 keeps nothing: every call reads', async () => {
    const off = await appOn(db, { now: clock.now, env: { ...env, REPLY_CACHE_MS: '0' } });
    try {
      const id = await post(a, { message: 'Read every time' });
      for (let i = 0; i < 2; i++) await feed(off, student);
      expect(kept(off)).toBe(0);
      await silently(sql`update news set message = 'Seen at once' where id = ${id}`);
      expect((await feed(off, student))[0].message).toBe('Seen at once');
    } finally {
      await off.close();
    }
  });
});
