/**
 * What the fault tests (faults*.test.ts) share: a rig (a seeded database, the app on it with its own
 * file store, signed-in demo accounts), the writes they break (a news item with files, a chat message
 * with a picture), the check that everything written is whole, and a chat table made slow.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../app';
import { PDF, appOn, chatMessageFields, createTestDatabase, multipartPayload, session, type MultipartPart, type TestDatabase } from './helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

type Session = Awaited<ReturnType<typeof session>>;

/** A seeded database, the app on it with its own file store, the demo teacher's and student's sessions. */
export interface Rig {
  db: TestDatabase;
  app: App;
  dataDir: string;
  teacher: Session;
  student: Session;
  web: number;
  firstFileId: number;
}

export async function rig(options: { connectionTimeoutMs?: number; statementTimeoutMs?: number; poolMax?: number } = {}): Promise<Rig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-faults-'));
  const db = await createTestDatabase(options);
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (options.connectionTimeoutMs) env.DB_CONNECTION_TIMEOUT_MS = String(options.connectionTimeoutMs);
  const app = await appOn(db, { env });
  const [teacher, student] = [await session(app, 'teacher'), await session(app, 'student')];
  const rows = (await db.database.db.execute(
    sql`select (select id from disciplines where name_ru = 'Веб-программирование') as web, (select coalesce(max(id), 0) from files) as f`,
  )) as unknown as { rows: Array<{ web: number; f: number }> };
  return { db, app, dataDir, teacher, student, web: Number(rows.rows[0].web), firstFileId: Number(rows.rows[0].f) + 1 };
}

export async function release(r: Rig | undefined): Promise<void> {
  if (!r) return;
  await r.app.close();
  await r.db.close();
  fs.rmSync(r.dataDir, { recursive: true, force: true });
}

function newsForm(message: string, files = 2) {
  const parts: MultipartPart[] = [
    { name: 'message', content: message },
    { name: 'audience', content: '0' },
    { name: 'faculty', content: '-1' },
    ...Array.from({ length: files }, (_, i) => ({ name: 'files', filename: `приказ-${i}.pdf`, content: PDF, type: 'application/pdf' })),
  ];
  return multipartPayload(parts);
}

function chatForm(r: Rig, message: string) {
  return multipartPayload([
    ...Object.entries(chatMessageFields(r.web, r.student.user, r.teacher.user, message)).map(([name, content]) => ({ name, content })),
    { name: 'files', filename: 'доска.png', content: PNG, type: 'image/png' },
  ]);
}

/** The teacher posts a news item with `files` PDF files. */
export const postNews = (r: Rig, message: string, files = 2) => {
  const { payload, contentType } = newsForm(message, files);
  return r.app.inject({
    method: 'POST',
    url: '/api/news/insert.json',
    payload,
    headers: { ...r.teacher.headers, 'content-type': contentType, 'accept-language': 'en' },
  });
};
/** The student sends the demo teacher a message with a picture. */
export const postChat = (r: Rig, message: string) => {
  const { payload, contentType } = chatForm(r, message);
  return r.app.inject({
    method: 'POST',
    url: '/api/chat/insert.json',
    payload,
    headers: { ...r.student.headers, 'content-type': contentType, 'accept-language': 'en' },
  });
};

/**
 * Everything written since the rig started is whole: every new file row has its bytes and is used by
 * a news item or a message, every stored file has its row, nothing is left in the temporary folder,
 * and every new news item has the files it was posted with.
 */
export async function assertWhole(r: Rig, filesPerNews: number): Promise<{ news: number; messages: number }> {
  const q = async <T>(query: ReturnType<typeof sql>) => ((await r.db.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const rows = await q<{ storage_name: string; used: boolean }>(
    sql`select f.storage_name, (exists (select 1 from news_files nf where nf.file_id = f.id) or exists (select 1 from chat_messages m where m.file_id = f.id)) as used from files f where f.id >= ${r.firstFileId}`,
  );
  const dir = path.join(r.dataDir, 'files');
  const onDisk = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f !== '.tmp') : [];
  expect(onDisk.sort()).toEqual(rows.map((x) => x.storage_name).sort());
  expect(rows.filter((x) => !x.used)).toEqual([]);
  const tmp = path.join(dir, '.tmp');
  expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  const news = await q<{ id: number; n: number }>(
    sql`select n.id, (select count(*) from news_files nf where nf.news_id = n.id)::int as n from news n where n.message like 'fault %'`,
  );
  for (const item of news) expect(item.n).toBe(filesPerNews);
  const messages = await q<{ id: number; file_id: number | null }>(sql`select id, file_id from chat_messages where message like 'fault %'`);
  for (const m of messages) expect(m.file_id).not.toBeNull();
  return { news: news.length, messages: messages.length };
}

/**
 * Makes the test's own database slow on one table: inserting a chat message whose text starts with
 * 'fault slow' sleeps `seconds` first.
 */
export async function slowChatInserts(db: TestDatabase, seconds: number): Promise<void> {
  await db.database.db.execute(
    sql.raw(`create function lms_test_slow() returns trigger language plpgsql as $$ begin perform pg_sleep(${seconds}); return new; end $$`),
  );
  await db.database.db.execute(
    sql.raw(`create trigger lms_test_slow before insert on chat_messages for each row when (new.message like 'fault slow%') execute function lms_test_slow()`),
  );
}
