/** SQL of accounts for sign-in and credential updates. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountGroup, accountPersonName, accountPosition, joinAccountPerson, joinAccountPlace } from '../../shared/account-person';
import { users } from '../../db/schema';

const lowerLogin = (login: string) => sql`lower(${users.login}) = ${login.toLowerCase()}`;

/** The account of a login (case-insensitive) with what a password check needs. */
export async function findByLogin(db: Db, login: string) {
  const [row] = await db
    .select({
      id: users.id,
      login: users.login,
      passwordHash: users.passwordHash,
      disabled: users.disabled,
      mustUpdateCredentials: users.mustUpdateCredentials,
    })
    .from(users)
    .where(lowerLogin(login));
  return row;
}

/** What the client keeps about the signed-in user (contract User), names in every language. */
export async function findUserView(db: Db, userId: number) {
  const [row] = await joinAccountPlace(
    joinAccountPerson(
      db
        .select({
          id: users.id,
          role: users.role,
          login: users.login,
          newsPerms: users.newsPerms,
          registrar: users.registrar,
          admin: users.admin,
          deanFacultyId: users.deanFacultyId,
          teacherId: users.teacherId,
          studentId: users.studentId,
          ...accountPersonName,
          position: accountPosition(),
          groupName: accountGroup(),
        })
        .from(users)
        .$dynamic(),
    ),
  ).where(eq(users.id, userId));
  return row;
}

export async function loginUsedByOther(db: Db, login: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lowerLogin(login), ne(users.id, userId)));
  return rows.length > 0;
}

/** New login and password; the forced-update flag is cleared. */
export async function updateCredentials(db: Db, userId: number, login: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ login, passwordHash, mustUpdateCredentials: false, passwordChangedAt: now }).where(eq(users.id, userId));
}
