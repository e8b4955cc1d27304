/** What the library test files share: the file's app (useLibraryTest: its own database and data folder, a student of another speciality and a teacher without the library permission) and the helpers that add and find books as them. */
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, ne } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { type Book, type BookCategory } from '@contract/library';
import { books, files, groups, students } from '../../db/schema';
import { PDF, saveBook, type MultipartPart } from '../../test/helpers';
import { useTestApp, type TestAppFixture } from '../../test/fixture';

export let fx: TestAppFixture;

export type Who = { headers: Record<string, string>; user: { id: number; uid: number; role: 1 | 2 } };
export let otherStudent: Who; // a student of another speciality
export let plainTeacher: Who; // a teacher without the library permission

export { PDF };
export const LIMIT = 1024 * 1024; // UPLOAD_LIMIT_MB=1

/** Gives a seeded account without a password one and signs it in (a student of another speciality than `notSpeciality` when given). */
export const account = (login: string, role: 1 | 2, notSpeciality?: number): Promise<Who> =>
  fx.signInUnused(login, role, notSpeciality === undefined ? undefined : ne(groups.specialityId, notSpeciality));

export const onDisk = () => (fs.existsSync(path.join(fx.dataDir, 'files')) ? fs.readdirSync(path.join(fx.dataDir, 'files')).filter((n) => n !== '.tmp') : []);
export const total = async (table: typeof books | typeof files) => (await fx.db.database.db.select({ n: count() }).from(table))[0].n;

export async function firstCategory(): Promise<BookCategory> {
  const bases = (await fx.get('/api/library/basebookcategories', fx.student)).json().data;
  const res = await fx.post('/api/library/bookcategories', fx.student, { id_baseBookCategory: bases[0].id_baseBookCategory });
  return res.json().data[0];
}

/** A new book saved on the file's app as `who`, of `claimed` when given (test/helpers.ts saveBook). */
export const save = (who: Who, fields: Record<string, string>, attachments: MultipartPart[] = [], claimed?: Who) =>
  saveBook(fx.app, who, fields, attachments, { claimed });

export async function added(
  who: Who,
  fields: Record<string, string>,
  attachments: MultipartPart[] = [{ name: 'files', filename: 'Конспект.pdf', content: PDF }],
): Promise<Book> {
  const res = await save(who, fields, attachments);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Registers the file's set-up; call once at the top of the test file. */
export function useLibraryTest(): TestAppFixture {
  fx = useTestApp({ env: { UPLOAD_LIMIT_MB: '1', LIBRARY_UPLOADERS: 'teacher,student,library' }, dataDir: 'lms-library-' });
  beforeAll(async () => {
    const [own] = await fx.db.database.db
      .select({ speciality: groups.specialityId })
      .from(students)
      .innerJoin(groups, eq(groups.id, students.groupId))
      .where(eq(students.id, fx.student.user.uid));
    otherStudent = await account('otherstudent', 2, own.speciality);
    plainTeacher = await account('plainteacher', 1);
  });
  return fx;
}
