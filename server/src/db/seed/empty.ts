/**
 * `npm run seed -- --empty`: a portal without the demo university. It gets the reference steps
 * (`reference` in ./index.ts: forms, lesson types, positions, pairs, half-years, academic years,
 * the site's settings), the lists the areas need that the demo steps bring with their data (the
 * journal's modules, the kinds of teaching materials, the single window's lists, the grade scale)
 * and one account, the administrator `admin`, whose one-time password is
 * returned once and must be changed, with the login if wished, at the first sign-in. The
 * administrator is a member of staff, as every teacher-role account is: of the department
 * "Administration" of the faculty ADM, with the teacher code `admin`, which the faculties and
 * teachers imports can rename (docs/areas/imports.md). The database is marked as empty: the demo
 * steps never run on it, neither here nor when the server starts; the reference steps a later
 * version adds do.
 */
import { randomInt } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { ONE_TIME_PASSWORD_LENGTH } from '@contract/admin';
import { ROLE_TEACHER } from '@contract/common';
import { hashPassword } from '../../shared/credentials/password-hash';
import { passwordProblem } from '../../shared/credentials/password-policy';
import type { Db } from '../client';
import { departments, faculties, seedSteps, siteSettings, teachers, users } from '../schema';
import { LECTURER, type Names } from './data';
import { EMPTY_PORTAL, runSeed, type SeedOptions } from './index';
import { seedJournalModules } from './journal';
import { seedGradeScale } from './registration';
import { named } from './rows';
import { seedSingleWindowLists } from './singlewindow';
import { seedUmkTypes } from './umk';

export const EMPTY_ADMIN = {
  login: 'admin',
  /** The teacher code of the administrator's staff record (teachers import). */
  code: 'admin',
  faculty: { code: 'ADM', names: ['Администрация', 'Администрация', 'Administration'] as Names },
  department: ['Администрация', 'Администрация', 'Administration'] as Names,
  person: { surname: 'Администратор', name: 'Портала', gender: 'm' },
} as const;

const EMPTY_UNIVERSITY_NAME = { university_name_ru: 'Университет', university_name_kg: 'Университет', university_name_en: 'University' };

/** The database already holds data (a seed step, an account or a faculty): `--empty` writes nothing. */
export class NotEmptyError extends Error {
  constructor() {
    super(
      'The database already has data: --empty makes a new portal only on an empty database. ' +
        'Use another DATA_DIR or DATABASE_URL, or `npm run seed -- --reset --empty` to drop everything first.',
    );
  }
}

/** Letters and digits that cannot be taken for one another (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function oneTimePassword(minLength: number, login: string): string {
  const length = Math.max(ONE_TIME_PASSWORD_LENGTH, minLength);
  for (;;) {
    const password = Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
    if (!passwordProblem(password, minLength, login)) return password;
  }
}

async function hasData(db: Db): Promise<boolean> {
  for (const table of [seedSteps, users, faculties, teachers]) {
    if ((await db.select({ n: count() }).from(table))[0].n > 0) return true;
  }
  return false;
}

export interface EmptyPortal {
  login: string;
  /** The administrator's one-time password: shown once, stored only as a hash. */
  password: string;
  applied: string[];
}

/**
 * Makes an empty portal on a migrated database with no data (else NotEmptyError, and nothing is
 * written): one transaction. Run under the database's exclusive lock (prepareEmptyPortal of
 * ../migrate.ts).
 */
export async function seedEmptyPortal(db: Db, options: SeedOptions & { passwordMinLength: number }): Promise<EmptyPortal> {
  const password = oneTimePassword(options.passwordMinLength, EMPTY_ADMIN.login);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (await hasData(tx)) throw new NotEmptyError();
    // The mark first: the seed then applies the reference steps only.
    await tx.insert(seedSteps).values({ name: EMPTY_PORTAL });
    const report = await runSeed(tx, options);
    // Lists the portal's areas need that the demo's steps bring with their data.
    await seedJournalModules(tx);
    await seedUmkTypes(tx);
    await seedSingleWindowLists(tx);
    await seedGradeScale(tx);
    // The demo university's name is not this portal's: a neutral one until the settings give its own.
    for (const [key, value] of Object.entries(EMPTY_UNIVERSITY_NAME)) await tx.update(siteSettings).set({ value }).where(eq(siteSettings.key, key));
    const [faculty] = await tx
      .insert(faculties)
      .values({ code: EMPTY_ADMIN.faculty.code, ...named(EMPTY_ADMIN.faculty.names) })
      .returning({ id: faculties.id });
    const [department] = await tx
      .insert(departments)
      .values({ facultyId: faculty.id, ...named(EMPTY_ADMIN.department) })
      .returning({ id: departments.id });
    const [person] = await tx
      .insert(teachers)
      .values({ ...EMPTY_ADMIN.person, code: EMPTY_ADMIN.code, departmentId: department.id, positionId: LECTURER })
      .returning({ id: teachers.id });
    await tx.insert(users).values({
      login: EMPTY_ADMIN.login,
      role: ROLE_TEACHER,
      teacherId: person.id,
      passwordHash,
      admin: true,
      mustUpdateCredentials: true,
      passwordChangedAt: sql`now()`,
    });
    return { login: EMPTY_ADMIN.login, password, applied: report.applied };
  });
}
