/**
 * The administration area's seed steps: the demo administrator (login `admin`), a member of staff in
 * the demo teacher's department who teaches nothing, with the admin right; and the demo dean's office
 * (login `dean`), another such member of staff, the dean's office of that department's faculty.
 * Declared by the area (`seed` of its entry in server/src/modules/index.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { ROLE_TEACHER } from '@contract/common';
import type { Db } from '../../db/client';
import { departments, teachers, users } from '../../db/schema';
import { DEMO_ADMIN, DEMO_DEAN, DEMO_TEACHER, EMAIL_DOMAIN } from '../../db/seed/data';
import { attachPhotos, personDetails, TEACHER_BIRTH, TEACHER_EDUCATION } from '../../db/seed/person-details';
import { Prng } from '../../db/seed/prng';
import { giveTeacherCodes } from '../../db/seed/university';
import type { SeedContext, SeedStep } from '../../db/seed';
import { hashPassword } from '../../shared/credentials/password-hash';

async function seedAdmin(db: Db, ctx: SeedContext): Promise<void> {
  const [colleague] = await db
    .select({ departmentId: teachers.departmentId })
    .from(users)
    .innerJoin(teachers, eq(teachers.id, users.teacherId))
    .where(eq(users.login, DEMO_TEACHER.login));
  if (!colleague) throw new Error('admin seed: the demo teacher is missing');
  const prng = new Prng('admin');
  const [from, to] = TEACHER_BIRTH[DEMO_ADMIN.position];
  const details = personDetails(
    prng,
    { ...DEMO_ADMIN.person },
    prng.int(from, to),
    `${DEMO_ADMIN.login}@${EMAIL_DOMAIN}`,
    TEACHER_EDUCATION[DEMO_ADMIN.position],
  );
  await attachPhotos(db, [details]);
  const [person] = await db
    .insert(teachers)
    .values({ ...details, departmentId: colleague.departmentId, positionId: DEMO_ADMIN.position })
    .returning({ id: teachers.id });
  await db.insert(users).values({
    login: DEMO_ADMIN.login,
    role: ROLE_TEACHER,
    teacherId: person.id,
    passwordHash: await hashPassword(DEMO_ADMIN.password),
    admin: true,
    passwordChangedAt: sql`now()`,
  });
  await giveTeacherCodes(db);
  ctx.log(`admin: the demo administrator '${DEMO_ADMIN.login}'`);
}

async function seedDean(db: Db, ctx: SeedContext): Promise<void> {
  const [colleague] = await db
    .select({ departmentId: teachers.departmentId, facultyId: departments.facultyId })
    .from(users)
    .innerJoin(teachers, eq(teachers.id, users.teacherId))
    .innerJoin(departments, eq(departments.id, teachers.departmentId))
    .where(eq(users.login, DEMO_TEACHER.login));
  if (!colleague) throw new Error('dean seed: the demo teacher is missing');
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.login, DEMO_DEAN.login));
  if (taken) return;
  const prng = new Prng('dean');
  const [from, to] = TEACHER_BIRTH[DEMO_DEAN.position];
  const details = personDetails(prng, { ...DEMO_DEAN.person }, prng.int(from, to), `${DEMO_DEAN.login}@${EMAIL_DOMAIN}`, TEACHER_EDUCATION[DEMO_DEAN.position]);
  await attachPhotos(db, [details]);
  const [person] = await db
    .insert(teachers)
    .values({ ...details, departmentId: colleague.departmentId, positionId: DEMO_DEAN.position })
    .returning({ id: teachers.id });
  await db.insert(users).values({
    login: DEMO_DEAN.login,
    role: ROLE_TEACHER,
    teacherId: person.id,
    passwordHash: await hashPassword(DEMO_DEAN.password),
    deanFacultyId: colleague.facultyId,
    passwordChangedAt: sql`now()`,
  });
  await giveTeacherCodes(db);
  ctx.log(`admin: the demo dean's office '${DEMO_DEAN.login}'`);
}

export const SEED_STEPS: readonly SeedStep[] = [
  { name: '0019-admin', run: seedAdmin },
  { name: '0021-dean', run: seedDean },
];
