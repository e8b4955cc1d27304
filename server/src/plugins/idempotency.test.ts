/**
 * SECURITY-CHECKS R4: every create honours Idempotency-Key, across server processes (two apps on one
 * database; on PostgreSQL each with its own pool): the same key and content returns the first reply
 * and creates nothing, a concurrent repeat gets 409 or the first reply, other content is 422, a
 * failed first attempt frees the key. News, chat messages, library books and teaching materials.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { twoProcesses, type TwoProcesses } from '../test/processes';
import { PDF, chatMessageFields, multipartPayload, session, type MultipartPart, type TestDatabase, type TestSession } from '../test/helpers';

let processes: TwoProcesses;
let db: TestDatabase;
let a: App;
let b: App;
let dataDir: string;
let teacher: TestSession;
let student: TestSession;
let web: number;
let semester: number;
let bookCategory: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-idempotency-'));
  processes = await twoProcesses({ env: { DATA_DIR: dataDir } });
  ({ db, a, b } = processes);
  teacher = await session(a, 'teacher');
  student = await session(a, 'student');
  const half = { year: 2026, ws: 1 };
  const mine: Array<{ id: number }> = (await a.inject({ method: 'POST', url: '/api/umk/disciplines', payload: half, headers: teacher.headers })).json().data;
  const theirs: Array<{ id: number }> = (await a.inject({ method: 'POST', url: '/api/umk/disciplinesforstud', payload: half, headers: student.headers })).json()
    .data;
  web = mine.find((m) => theirs.some((t) => t.id === m.id))!.id;
  semester = (await a.inject({ method: 'POST', url: '/api/umk/semesters', payload: { ...half, id_discipline: web }, headers: teacher.headers })).json().data[0]
    .id;
  const bases = (await a.inject({ url: '/api/library/basebookcategories', headers: student.headers })).json().data;
  bookCategory = (
    await a.inject({
      method: 'POST',
      url: '/api/library/bookcategories',
      payload: { id_baseBookCategory: bases[0].id_baseBookCategory },
      headers: student.headers,
    })
  ).json().data[0].id_bookCategory;
});
afterAll(async () => {
  await processes.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const count = async (table: string) =>
  Number(((await db.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0].n);

interface Create {
  name: string;
  url: string;
  who: () => TestSession;
  table: string;
  /** The form's fields; `text` makes the content differ. */
  fields: (text: string) => Record<string, string>;
}

const CREATES: Create[] = [
  { name: 'news', url: '/api/news/insert.json', who: () => teacher, table: 'news', fields: (text) => ({ message: text, audience: '0', faculty: '-1' }) },
  {
    name: 'chat message',
    url: '/api/chat/insert.json',
    who: () => student,
    table: 'chat_messages',
    fields: (text) => chatMessageFields(web, student.user, teacher.user, text),
  },
  {
    name: 'library book',
    url: '/api/library/insertupdatebook',
    who: () => teacher,
    table: 'books',
    fields: (text) => ({
      id_eBook: '-1',
      id_human: String(teacher.user.uid),
      id_humanType: String(teacher.user.role),
      nameBook: text,
      author: 'Сыдыкова А.',
      description: 'Лекции',
      totalPages: '12',
      id_bookCategory: String(bookCategory),
    }),
  },
  {
    name: 'teaching material',
    url: '/api/umk/insertorupdateumk',
    who: () => teacher,
    table: 'umk_items',
    fields: (text) => ({
      idBook: '-1',
      id_human: String(teacher.user.uid),
      id_humanType: String(teacher.user.role),
      id_a_year: '2026',
      id_semester: String(semester),
      id_discipline: String(web),
      id_examination: '1',
      id_typeUmk: '2',
      bookName: text,
      author: 'Асанов Б. К.',
      id_forStudentKind: '0',
    }),
  },
];

/** Sends the create through `app` (a new multipart boundary each time, as a browser's retry has). */
function send(app: App, create: Create, text: string, key?: string, file = PDF) {
  const parts: MultipartPart[] = [
    ...Object.entries(create.fields(text)).map(([name, content]) => ({ name, content })),
    { name: 'files', filename: 'Лекции.pdf', content: file, type: 'application/pdf' },
  ];
  const { payload, contentType } = multipartPayload(parts);
  const headers: Record<string, string> = { ...create.who().headers, 'content-type': contentType, 'accept-language': 'en' };
  if (key !== undefined) headers['idempotency-key'] = key;
  return app.inject({ method: 'POST', url: create.url, payload, headers });
}

describe('R4: Idempotency-Key on every create', () => {
  for (const create of CREATES) {
    describe(create.name, () => {
      it('the same key and content again, on another process: the first reply, nothing created; other content: 422', async () => {
        const key = `key-${create.name.replace(/ /g, '-')}-${Date.now()}`;
        const before = await count(create.table);
        const first = await send(a, create, `Once ${key}`, key);
        expect(first.statusCode, first.body).toBe(200);
        expect(await count(create.table)).toBe(before + 1);

        const again = await send(b, create, `Once ${key}`, key);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(await count(create.table)).toBe(before + 1);

        for (const res of [
          await send(a, create, `Other ${key}`, key),
          await send(b, create, `Once ${key}`, key, Buffer.concat([PDF, Buffer.from('%changed\n')])),
        ]) {
          expect(res.statusCode).toBe(422);
          expect(res.json()).toMatchObject({ result: true, error: { code: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) }, data: null });
        }
        expect(await count(create.table)).toBe(before + 1);

        // Without a key, or with another one, the same content is a new create.
        expect((await send(b, create, `Once ${key}`)).statusCode).toBe(200);
        expect((await send(b, create, `Once ${key}`, `${key}-2`)).statusCode).toBe(200);
        expect(await count(create.table)).toBe(before + 3);
      });

      it('sent five times at once on two processes: one is created; the others get the first reply or 409 with Retry-After', async () => {
        const key = `burst-${create.name.replace(/ /g, '-')}-${Date.now()}`;
        const before = await count(create.table);
        const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => send(i % 2 === 0 ? a : b, create, `Burst ${key}`, key)));
        const created = replies.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined);
        expect(created.length).toBe(1);
        for (const res of replies) {
          if (res.statusCode === 409) {
            expect(res.json().error.code).toBe('REQUEST_IN_PROGRESS');
            expect(res.headers['retry-after']).toBeDefined();
          } else {
            expect(res.statusCode).toBe(200);
            expect(res.json()).toEqual(created[0].json());
          }
        }
        expect(await count(create.table)).toBe(before + 1);
        // Once the first is done, a repeat gets its reply.
        const later = await send(b, create, `Burst ${key}`, key);
        expect(later.statusCode).toBe(200);
        expect(later.json()).toEqual(created[0].json());
        expect(await count(create.table)).toBe(before + 1);
      });
    });
  }

  it('a refused first attempt frees its key: the corrected action may be sent again with it', async () => {
    const news = CREATES[0];
    const key = `refused-${Date.now()}`;
    const before = await count('news');
    const refused = await send(a, { ...news, fields: (text) => ({ ...news.fields(text), faculty: 'x' }) }, 'Refused', key);
    expect(refused.statusCode).toBe(400);
    const fixed = await send(b, news, 'Refused', key);
    expect(fixed.statusCode).toBe(200);
    expect(await count('news')).toBe(before + 1);
  });

  it('a malformed key is 400 and creates nothing', async () => {
    const before = await count('news');
    for (const key of ['', 'a'.repeat(256), 'with space', 'кириллица']) {
      const res = await send(a, CREATES[0], 'Bad key', key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', params: { field: 'Idempotency-Key' } });
    }
    expect(await count('news')).toBe(before);
  });
});
