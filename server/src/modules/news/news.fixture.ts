/** What the news test files share: the file's app (useNewsTest: its own database, accounts of other faculties, an empty feed before each test) and the helpers that read the feed, post and download as them. */
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect } from 'vitest';
import type { NewsItem } from '@contract/news';
import { departments, faculties, files, news, newsFiles, specialities } from '../../db/schema';
import { PDF, multipartPayload, testClock, type MultipartPart } from '../../test/helpers';
import { useTestApp, type TestAppFixture } from '../../test/fixture';

export let fx: TestAppFixture;

export const clock = testClock(new Date(2026, 9, 1, 10, 0)); // 1 October 2026

export type Who = { headers: Record<string, string>; user: { id: number; uid: number; role: 1 | 2 } };
export let colleague: Who; // another IT teacher with newsPerms
export let plainTeacher: Who; // an economics teacher without newsPerms
export let econStudent: Who; // a student of the Faculty of Economics
export let fit: number;
export let fem: number;

export { PDF };
export const LIMIT = 1024 * 1024; // UPLOAD_LIMIT_MB=1

export const facultyId = async (code: string) => (await fx.db.database.db.select({ id: faculties.id }).from(faculties).where(eq(faculties.code, code)))[0].id;

/** Gives a seeded account of that role and faculty a password (and newsPerms) and signs it in. */
export const account = (login: string, role: 1 | 2, faculty: number, newsPerms = false): Promise<Who> =>
  fx.signInUnused(login, role, eq(role === 1 ? departments.facultyId : specialities.facultyId, faculty), { newsPerms });

export async function feed(who: Who, page = 1) {
  const res = await fx.post('/api/news/data.json', who, { id: who.user.id, uid: who.user.uid, role: who.user.role, page });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as NewsItem[];
}

export async function publish(who: Who | null, fields: Record<string, string>, attachments: MultipartPart[] = [], headers: Record<string, string> = {}) {
  const parts: MultipartPart[] = [...Object.entries({ audience: '0', faculty: '-1', ...fields }).map(([name, content]) => ({ name, content })), ...attachments];
  const { payload, contentType } = multipartPayload(parts);
  return fx.app.inject({
    method: 'POST',
    url: '/api/news/insert.json',
    payload,
    headers: { ...(who?.headers ?? {}), ...headers, 'content-type': contentType },
  });
}

/** Posts and returns the new item's id. */
export async function posted(who: Who, fields: Record<string, string>, attachments: MultipartPart[] = []): Promise<number> {
  const res = await publish(who, fields, attachments);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id_eventMessage;
}

export const download = (who: Who | null, filename: string, type = '4') =>
  fx.app.inject({ url: `/api/news/download.file?filename=${encodeURIComponent(filename)}&type=${type}`, headers: who?.headers ?? {} });

export const onDisk = () => (fs.existsSync(path.join(fx.dataDir, 'files')) ? fs.readdirSync(path.join(fx.dataDir, 'files')).filter((n) => n !== '.tmp') : []);
export const total = async (table: typeof news | typeof files | typeof newsFiles) => (await fx.db.database.db.select({ n: count() }).from(table))[0].n;

/** Registers the file's set-up; call once at the top of the test file. */
export function useNewsTest(): TestAppFixture {
  fx = useTestApp({ now: clock.now, env: { UPLOAD_LIMIT_MB: '1', SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '720' }, dataDir: 'lms-news-' });
  beforeAll(async () => {
    fit = await facultyId('FIT');
    fem = await facultyId('FEM');
    colleague = await account('colleague', 1, fit, true);
    plainTeacher = await account('economist', 1, fem, false);
    econStudent = await account('econstudent', 2, fem);
  });
  beforeEach(async () => {
    // Every test starts from an empty feed (the seeded items included).
    await fx.db.database.db.delete(news);
    clock.set(new Date(2026, 9, 1, 10, 0));
  });
  return fx;
}
