/** SQL of sign-in through the university's OpenID Connect provider: the accounts a claim names. */
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { joinAccountPerson } from '../../shared/account-person';
import { students, teachers, users } from '../../db/schema';

const account = { id: users.id, disabled: users.disabled, mustUpdateCredentials: users.mustUpdateCredentials };

/** The accounts whose teacher or student has this e-mail (case-insensitive); at most two, enough to tell one from several. */
export async function findByEmail(db: Db, email: string) {
  const lower = email.trim().toLowerCase();
  return joinAccountPerson(db.select(account).from(users).$dynamic())
    .where(or(sql`lower(${teachers.email}) = ${lower}`, sql`lower(${students.email}) = ${lower}`))
    .limit(2);
}

/** The account of the student with this number (students.code). */
export async function findByStudentCode(db: Db, code: string) {
  return db.select(account).from(users).innerJoin(students, eq(students.id, users.studentId)).where(eq(students.code, code.trim())).limit(2);
}
