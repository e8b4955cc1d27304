/** SQL of the administration of accounts and of its audit log. */
import { aliasedTable, and, count, desc, eq, gt, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import { ROLE_TEACHER } from '@contract/common';
import type { Db } from '../../db/client';
import { departments, faculties, files, groups, libraryEditors, qrReportViewers, sessions, specialities, teachers, students, users } from '../../db/schema';
import { accountGroup, accountPersonName, accountPosition, joinAccountPerson, joinAccountPlace } from '../../shared/account-person';
import { adminAudit } from './admin.schema';
import type { AccountRight, AuditAction } from '@contract/admin';

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The person's name in one text: surname, name, patronymic. */
const personText = sql<string>`lower(concat_ws(' ', ${accountPersonName.surname}, ${accountPersonName.name}, ${accountPersonName.patronymic}))`;

/** Every word of the query is in the login or in the name (any case). */
function matches(words: readonly string[]): SQL | undefined {
  return and(
    ...words.map((w) => {
      const pattern = `%${literal(w.toLowerCase())}%`;
      return sql`(lower(${users.login}) like ${pattern} or ${personText} like ${pattern})`;
    }),
  );
}

const accountColumns = {
  id: users.id,
  login: users.login,
  role: users.role,
  admin: users.admin,
  news: users.newsPerms,
  registrar: users.registrar,
  libraryEditor: sql<boolean>`exists (select 1 from ${libraryEditors} where ${libraryEditors.userId} = ${users.id})`,
  qrReports: sql<boolean>`exists (select 1 from ${qrReportViewers} where ${qrReportViewers.userId} = ${users.id})`,
  disabled: users.disabled,
  mustUpdateCredentials: users.mustUpdateCredentials,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  passwordChangedAt: users.passwordChangedAt,
  deanFacultyId: users.deanFacultyId,
  quotaMb: users.quotaMb,
  /** Bytes its files take (the quota counts them: shared/upload-rules.ts). */
  usedBytes: sql<string>`(select coalesce(sum(${files.size}), 0) from ${files} where ${files.ownerUserId} = ${users.id})`.mapWith(Number),
  ...accountPersonName,
  position: accountPosition(),
  groupName: accountGroup(),
};

/**
 * The accounts a faculty's dean's office acts on (after joinAccountPerson): the students of the groups
 * whose speciality is the faculty's, and the staff whose teacher record's department is the faculty's;
 * never an administrator's account. Null: every account (an administrator).
 */
function inFaculty(facultyId: number | null): SQL | undefined {
  if (facultyId === null) return undefined;
  return sql`(not ${users.admin} and (exists (select 1 from ${groups} join ${specialities} on ${specialities.id} = ${groups.specialityId}
    where ${groups.id} = ${students.groupId} and ${specialities.facultyId} = ${facultyId})
    or exists (select 1 from ${departments} where ${departments.id} = ${teachers.departmentId} and ${departments.facultyId} = ${facultyId})))`;
}

const accountsQuery = (db: Db) => joinAccountPlace(joinAccountPerson(db.select(accountColumns).from(users).$dynamic()));

export type AccountRow = Awaited<ReturnType<typeof findAccount>> & object;

/** One page of the accounts matching the words (of the faculty when given: inFaculty), by surname, name and id; and how many match. */
export async function searchAccounts(db: Db, words: readonly string[], limit: number, offset: number, facultyId: number | null = null) {
  const where = and(matches(words), inFaculty(facultyId));
  const rows = await accountsQuery(db).where(where).orderBy(accountPersonName.surname, accountPersonName.name, users.id).limit(limit).offset(offset);
  const [total] = await joinAccountPerson(db.select({ n: count() }).from(users).$dynamic()).where(where);
  return { rows, total: total.n };
}

/** One account (none when a faculty is given and the account is not of it: inFaculty). */
export async function findAccount(db: Db, id: number, facultyId: number | null = null) {
  const [row] = await accountsQuery(db).where(and(eq(users.id, id), inFaculty(facultyId)));
  return row;
}

/** The admin right, the dean's-office faculty and the state of the caller's account. */
export async function findRights(db: Db, userId: number) {
  const [row] = await db.select({ admin: users.admin, deanFacultyId: users.deanFacultyId, disabled: users.disabled }).from(users).where(eq(users.id, userId));
  return row;
}

/** The faculties, by code (the dean's-office right's choice). */
export function allFaculties(db: Db) {
  return db
    .select({ id: faculties.id, code: faculties.code, nameRu: faculties.nameRu, nameKg: faculties.nameKg, nameEn: faculties.nameEn })
    .from(faculties)
    .orderBy(faculties.code);
}

/** The dean's-office faculty of a member of staff's account, or none. */
export async function setDeanFaculty(db: Db, id: number, facultyId: number | null): Promise<void> {
  await db.update(users).set({ deanFacultyId: facultyId }).where(eq(users.id, id));
}

/** Per account: the last sign-in still recorded, and the sessions open now. */
export async function sessionFacts(db: Db, userIds: readonly number[], now: Date, idleSince: Date) {
  if (userIds.length === 0) return new Map<number, { lastSignIn: Date | null; open: number }>();
  const open = sql<number>`count(*) filter (where ${isNull(sessions.revokedAt)} and ${gt(sessions.expiresAt, now)} and ${gt(sessions.lastSeenAt, idleSince)})`;
  const rows = await db
    .select({ userId: sessions.userId, lastSignIn: max(sessions.createdAt), open: open.mapWith(Number) })
    .from(sessions)
    .where(inArray(sessions.userId, [...userIds]))
    .groupBy(sessions.userId);
  return new Map(rows.map((r) => [r.userId, { lastSignIn: r.lastSignIn, open: r.open }]));
}

export async function setDisabled(db: Db, id: number, disabled: boolean): Promise<void> {
  await db.update(users).set({ disabled }).where(eq(users.id, id));
}

/** The rights kept as a row per account rather than as a column of it. */
const rightTables = { libraryEditor: libraryEditors, qrReports: qrReportViewers } as const;

/** A right granted or revoked: a column of the account, or its row in library_editors or qr_report_viewers. */
export async function setRight(db: Db, id: number, right: AccountRight, granted: boolean): Promise<void> {
  if (right === 'libraryEditor' || right === 'qrReports') {
    const table = rightTables[right];
    if (granted) await db.insert(table).values({ userId: id }).onConflictDoNothing();
    else await db.delete(table).where(eq(table.userId, id));
    return;
  }
  const column = { news: 'newsPerms', registrar: 'registrar', admin: 'admin' } as const;
  await db
    .update(users)
    .set({ [column[right]]: granted })
    .where(eq(users.id, id));
}

/** The account's own storage quota in MB, or null: its role's. */
export async function setQuota(db: Db, id: number, quotaMb: number | null): Promise<void> {
  await db.update(users).set({ quotaMb }).where(eq(users.id, id));
}

/** A one-time password: the account must change its credentials at its next sign-in. */
export async function setOneTimePassword(db: Db, id: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, mustUpdateCredentials: true, passwordChangedAt: now }).where(eq(users.id, id));
}

/** A member of staff's teacher record made by hand (the new account's form). */
export async function insertTeacher(db: Db, values: typeof teachers.$inferInsert): Promise<number> {
  const [row] = await db.insert(teachers).values(values).returning({ id: teachers.id });
  return row.id;
}

/** A teacher's account without a password yet (setOneTimePassword gives it one). */
export async function insertTeacherAccount(db: Db, teacherId: number, login: string): Promise<number> {
  const [row] = await db.insert(users).values({ teacherId, login, role: ROLE_TEACHER }).returning({ id: users.id });
  return row.id;
}

export interface AuditInsert {
  at: Date;
  adminId: number;
  userId: number;
  action: AuditAction;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export async function insertAudit(db: Db, entry: AuditInsert): Promise<void> {
  await db.insert(adminAudit).values(entry);
}

const adminUsers = aliasedTable(users, 'admin_users');
const adminTeachers = aliasedTable(teachers, 'admin_teachers');
const adminStudents = aliasedTable(students, 'admin_students');

/** One page of the audit log, newest first, with who made each change and to whom; and how many match. */
export async function auditPage(
  db: Db,
  filter: { accountId?: number; adminId?: number; adminLogin?: string; action?: AuditAction; byOnly?: number },
  limit: number,
  offset: number,
) {
  const adminLogin = filter.adminLogin?.trim().toLowerCase();
  const where = and(
    filter.accountId === undefined ? undefined : eq(adminAudit.userId, filter.accountId),
    filter.adminId === undefined ? undefined : eq(adminAudit.adminId, filter.adminId),
    adminLogin ? eq(sql`lower(${adminUsers.login})`, adminLogin) : undefined,
    filter.action === undefined ? undefined : eq(adminAudit.action, filter.action),
    // A dean's office reads only the changes he made.
    filter.byOnly === undefined ? undefined : eq(adminAudit.adminId, filter.byOnly),
  );
  const onAccounts = db
    .select({
      id: adminAudit.id,
      at: adminAudit.at,
      action: adminAudit.action,
      before: adminAudit.before,
      after: adminAudit.after,
      userId: adminAudit.userId,
      login: users.login,
      ...accountPersonName,
      adminId: adminAudit.adminId,
      adminLogin: adminUsers.login,
      adminSurname: sql<string | null>`coalesce(${adminTeachers.surname}, ${adminStudents.surname})`,
      adminName: sql<string | null>`coalesce(${adminTeachers.name}, ${adminStudents.name})`,
      adminPatronymic: sql<string | null>`coalesce(${adminTeachers.patronymic}, ${adminStudents.patronymic})`,
    })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.userId))
    .$dynamic();
  const rows = await joinAccountPerson(onAccounts)
    .leftJoin(adminUsers, eq(adminUsers.id, adminAudit.adminId))
    .leftJoin(adminTeachers, eq(adminTeachers.id, adminUsers.teacherId))
    .leftJoin(adminStudents, eq(adminStudents.id, adminUsers.studentId))
    .where(where)
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(adminAudit).leftJoin(adminUsers, eq(adminUsers.id, adminAudit.adminId)).where(where);
  return { rows, total: total.n };
}
