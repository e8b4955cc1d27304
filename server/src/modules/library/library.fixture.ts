/** What the library test files share: the file's app (useLibraryTest: its own database and data folder, a student of another speciality and a teacher without the library permission) and the helpers that add and find books as them. */
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { type Book, type BookCategory } from '@contract/library';
import { books, files, groups, students, users } from '../../db/schema';
import { hashPassword } from '../../shared/credentials/password-hash';
import { multipartPayload, type MultipartPart } from '../../test/helpers';
import { signedIn } from '../../test/requests';
import { useTestApp, type TestAppFixture } from '../../test/fixture';

export let fx: TestAppFixture;

export type Who = { headers: Record<string, string>; user: { id: number; uid: number; role: 1 | 2 } };
export let otherStudent: Who; // a student of another speciality
export let plainTeacher: Who; // a teacher without the library permission

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const LIMIT = 1024 * 1024; // UPLOAD_LIMIT_MB=1

/** Gives a seeded account without a password one and signs it in. */
export async function account(login: string, role: 1 | 2, notSpeciality?: number): Promise<Who> {
  const d = fx.db.database.db;
  const [candidate] =
    role === 1
      ? await d
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 1), isNull(users.passwordHash)))
          .orderBy(users.id)
          .limit(1)
      : await d
          .select({ id: users.id, speciality: groups.specialityId })
          .from(users)
          .innerJoin(students, eq(students.id, users.studentId))
          .innerJoin(groups, eq(groups.id, students.groupId))
          .where(and(isNull(users.passwordHash), eq(users.mustUpdateCredentials, false)))
          .orderBy(users.id)
          .then((rows) => rows.filter((r) => r.speciality !== notSpeciality));
  const password = `${login}-Pass-2026`;
  await d
    .update(users)
    .set({ login, passwordHash: await hashPassword(password) })
    .where(eq(users.id, candidate.id));
  return signedIn(fx.app, login, password);
}

export const onDisk = () => (fs.existsSync(path.join(fx.dataDir, 'files')) ? fs.readdirSync(path.join(fx.dataDir, 'files')).filter((n) => n !== '.tmp') : []);
export const total = async (table: typeof books | typeof files) => (await fx.db.database.db.select({ n: count() }).from(table))[0].n;

export async function firstCategory(): Promise<BookCategory> {
  const bases = (await fx.get('/api/library/basebookcategories', fx.student)).json().data;
  const res = await fx.post('/api/library/bookcategories', fx.student, { id_baseBookCategory: bases[0].id_baseBookCategory });
  return res.json().data[0];
}

export function save(who: Who, fields: Record<string, string>, attachments: MultipartPart[] = [], claimed?: Who) {
  const as = claimed ?? who;
  const parts: MultipartPart[] = [
    ...Object.entries({ id_eBook: '-1', id_human: String(as.user.uid), id_humanType: String(as.user.role), ...fields }).map(([name, content]) => ({
      name,
      content,
    })),
    ...attachments,
  ];
  const { payload, contentType } = multipartPayload(parts);
  return fx.app.inject({ method: 'POST', url: '/api/library/insertupdatebook', payload, headers: { ...who.headers, 'content-type': contentType } });
}

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
