/**
 * Hostile input that must never be a 5xx (docs/security.md#input): a chat message about a discipline
 * that does not exist or that the pair does not share, truncated multipart bodies, numbers written
 * the lenient way in multipart fields, and bidi controls in file names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { disciplines } from './db/schema';
import { cleanFileName } from './plugins/files';
import { PDF, chatMessageFields, multipartPayload, type MultipartPart } from './test/helpers';
import { useTestApp } from './test/fixture';

let web: number;
let journalism: number;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

const fx = useTestApp({ dataDir: 'lms-hostile-' });
beforeAll(async () => {
  const name = async (n: string) => (await fx.db.database.db.select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.nameRu, n)))[0].id;
  web = await name('Веб-программирование');
  journalism = await name('Основы журналистики');
});

const counts = async () => {
  const { rows } = (await fx.db.database.db.execute(
    sql`select (select count(*) from chat_messages)::int as m, (select count(*) from files)::int as f, (select count(*) from news)::int as n`,
  )) as unknown as { rows: Array<Record<string, number>> };
  const disk = fs.existsSync(path.join(fx.dataDir, 'files')) ? fs.readdirSync(path.join(fx.dataDir, 'files')).filter((f) => f !== '.tmp').length : 0;
  return { ...rows[0], disk };
};

/** Chat fields from the student to the demo teacher. */
const toTeacher = (discipline: number | string) => chatMessageFields(discipline, fx.student.user, fx.teacher.user, 'Саламатсызбы, агай! Суроом бар.');

function sendChat(fields: Record<string, string>, file?: Omit<MultipartPart, 'name'>, who = fx.student) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, content]) => ({ name, content }));
  if (file) parts.push({ name: 'files', ...file });
  const { payload, contentType } = multipartPayload(parts);
  return fx.app.inject({ method: 'POST', url: '/api/chat/insert.json', payload, headers: { ...who.headers, 'content-type': contentType } });
}

function postNews(fields: Record<string, string>, files: Array<Omit<MultipartPart, 'name'>> = []) {
  const parts: MultipartPart[] = [
    ...Object.entries({ message: 'Жаңылык', audience: '0', faculty: '-1', ...fields }).map(([name, content]) => ({ name, content })),
    ...files.map((f) => ({ name: 'files', ...f })),
  ];
  const { payload, contentType } = multipartPayload(parts);
  return fx.app.inject({ method: 'POST', url: '/api/news/insert.json', payload, headers: { ...fx.teacher.headers, 'content-type': contentType } });
}

describe('chat: the discipline of a message', () => {
  it('a discipline id that does not exist → 403 envelope, not 500; nothing stored', async () => {
    const before = await counts();
    for (const id of [2147483647, 999999]) {
      const res = await sendChat(toTeacher(id), { filename: 'a.png', content: PNG, type: 'image/png' });
      expect(res.statusCode, String(id)).toBe(403);
      expect(res.json()).toMatchObject({ result: true, error: { code: 'FORBIDDEN' }, data: null });
    }
    expect(await counts()).toEqual(before);
  });

  it('a discipline the pair does not share (the student does not study it, the teacher does not teach it to him) → 403', async () => {
    const before = await counts();
    expect((await sendChat(toTeacher(journalism))).statusCode).toBe(403);
    const fromTeacher = {
      ...toTeacher(journalism),
      id_from_type: '1',
      id_from: String(fx.teacher.user.uid),
      id_to_type: '2',
      id_to: String(fx.student.user.uid),
    };
    expect((await sendChat(fromTeacher, undefined, fx.teacher)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    // The discipline they share is fine.
    expect((await sendChat(toTeacher(web))).statusCode).toBe(200);
  });
});

describe('multipart bodies', () => {
  it('a truncated body → 400, nothing stored', async () => {
    const before = await counts();
    const { payload, contentType } = multipartPayload([
      ...Object.entries(toTeacher(web)).map(([name, content]) => ({ name, content })),
      { name: 'files', filename: 'doc.pdf', content: Buffer.concat([PDF, Buffer.alloc(50_000, 0x20)]), type: 'application/pdf' },
    ]);
    for (const cut of [payload.length - 3, payload.length - 200, Math.floor(payload.length / 2), 40]) {
      const res = await fx.app.inject({
        method: 'POST',
        url: '/api/chat/insert.json',
        payload: payload.subarray(0, cut),
        headers: { ...fx.student.headers, 'content-type': contentType },
      });
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
      expect(res.json().result).toBe(true);
    }
    expect(await counts()).toEqual(before);
  });

  it('numbers written the lenient way (0x2, " 2", 2026.5, 1e3, 02) → 400 as in a JSON body', async () => {
    const before = await counts();
    for (const [field, value] of [
      ['ws', '0x1'],
      ['ws', ' 1'],
      ['ws', '1 '],
      ['year', '2026.5'],
      ['year', '2026.0'],
      ['year', '0x7EA'],
      ['id_to', `0${fx.teacher.user.uid}`],
      ['id_discipline', `${web}e0`],
      ['id_from_type', '+2'],
      ['year', ''],
    ]) {
      const res = await sendChat({ ...toTeacher(web), [field]: value });
      expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', params: { field } });
    }
    for (const faculty of ['0x1', ' -1', '-1.0']) {
      const res = await postNews({ faculty });
      expect(res.statusCode, faculty).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('bidi controls are stripped from stored file names', async () => {
    expect(cleanFileName('report\u202Efdp.exe')).toBe('reportfdp.exe');
    expect(cleanFileName('\u202Aa\u202Bb\u202Cc\u202Dd\u2066e\u2067f\u2068g\u2069h\u200Ei\u200Fj\u061Ck.pdf')).toBe('abcdefghijk.pdf');
    expect(cleanFileName('\u202E')).toBe('file');
    const res = await sendChat(toTeacher(web), { filename: 'отчёт\u202Efdp.pdf', content: PDF, type: 'application/pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.file.name).toBe('отчётfdp.pdf');
    const news = await postNews({ message: 'Файл' }, [{ filename: '\u2067итоги\u2069\u200F.pdf', content: PDF, type: 'application/pdf' }]);
    expect(news.statusCode).toBe(200);
    expect(JSON.stringify(news.json().data)).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
    expect(JSON.stringify(news.json().data)).toContain('итоги.pdf');
  });
});
