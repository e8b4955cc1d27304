/**
 * SQL the imports (modules/imports) and the administration's new account (modules/admin) both need:
 * the lists a teacher's record refers to, and whether logins and teacher codes are taken.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { departments, faculties, positions, teachers, users } from '../db/schema';

/** Rows per statement when a list of keys is long (bound parameters are limited). */
const CHUNK = 5000;

export function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Which of these logins are taken (compared case-insensitively, as sign-in does), in lower case. */
export async function takenLogins(db: Db, logins: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(logins.map((l) => l.toLowerCase()))) {
    const rows = await db
      .select({ login: users.login })
      .from(users)
      .where(inArray(sql`lower(${users.login})`, part));
    for (const r of rows) taken.add(r.login.toLowerCase());
  }
  return taken;
}

/** The departments with their faculty's code (a department is named in the files; two of one name are told apart by it). */
export async function allDepartments(db: Db) {
  return db
    .select({ id: departments.id, nameKg: departments.nameKg, nameRu: departments.nameRu, nameEn: departments.nameEn, faculty: faculties.code })
    .from(departments)
    .innerJoin(faculties, eq(faculties.id, departments.facultyId))
    .orderBy(asc(departments.id));
}

export async function allPositions(db: Db) {
  return db.select().from(positions).orderBy(asc(positions.sort), asc(positions.id));
}

/** The teachers with these codes. */
export async function teachersByCodes(db: Db, codes: readonly string[]): Promise<(typeof teachers.$inferSelect)[]> {
  const out: (typeof teachers.$inferSelect)[] = [];
  for (const part of chunks(codes)) out.push(...(await db.select().from(teachers).where(inArray(teachers.code, part))));
  return out;
}
