/**
 * A faculty's dean's office in the administration (docs/areas/admin.md#the-deans-office): the right
 * given and taken by an administrator (dean.json), what the dean's office sees (his faculty's
 * accounts, never an administrator's) and may do, and what he may not (403, or 404 as an unknown
 * account out of his faculty), each checked on the server with nothing changed.
 */
import { and, count, eq, ne, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAccount, AuditEntry } from '@contract/admin';
import { departments, faculties, groups, specialities, students, teachers, users } from '../../db/schema';
import { testClock } from '../../test/helpers';
import type { SignedIn } from '../../test/requests';
import { useTestApp } from '../../test/fixture';
import { adminAudit } from './admin.schema';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'student', 'admin'] });

const post = (who: SignedIn | null, call: string, body: object, lang = 'en') =>
  fx.app.inject({ method: 'POST', url: `/api/admin/${call}`, payload: body, headers: { ...(who?.headers ?? {}), 'accept-language': lang } });

const db = () => fx.db.database.db;
const auditRows = () => db().select().from(adminAudit).orderBy(adminAudit.id);
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];

/** The faculty of the demo student (the dean's), another faculty, and accounts in each. */
let faculty: number;
let otherFaculty: number;
let dean: SignedIn;
let ownStudent: number;
let ownStaff: number;
let otherStudent: number;
let otherStaff: number;

async function studentOf(facultyId: number, same: boolean): Promise<number> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .innerJoin(students, eq(students.id, users.studentId))
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .where(and(same ? eq(specialities.facultyId, facultyId) : ne(specialities.facultyId, facultyId), ne(users.id, fx.student.user.id)))
    .orderBy(users.id)
    .limit(1);
  return row.id;
}

async function staffOf(facultyId: number, same: boolean, except: number[]): Promise<number> {
  const rows = await db()
    .select({ id: users.id })
    .from(users)
    .innerJoin(teachers, eq(teachers.id, users.teacherId))
    .innerJoin(departments, eq(departments.id, teachers.departmentId))
    .where(and(same ? eq(departments.facultyId, facultyId) : ne(departments.facultyId, facultyId), eq(users.admin, false)))
    .orderBy(users.id);
  return rows.find((r) => !except.includes(r.id))!.id;
}

beforeAll(async () => {
  const [own] = await db()
    .select({ facultyId: specialities.facultyId })
    .from(students)
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .where(eq(students.id, fx.student.user.uid));
  faculty = own.facultyId;
  const [other] = await db().select({ id: faculties.id }).from(faculties).where(ne(faculties.id, faculty)).orderBy(faculties.id).limit(1);
  otherFaculty = other.id;
  dean = await fx.signInUnused('dean-office', 1, undefined, { deanFacultyId: faculty });
  ownStudent = await studentOf(faculty, true);
  otherStudent = await studentOf(faculty, false);
  ownStaff = await staffOf(faculty, true, [dean.user.id, fx.teacher.user.id]);
  otherStaff = await staffOf(faculty, false, [dean.user.id]);
});

describe('the right', () => {
  it('given and taken by an administrator, in the log as grantRight / revokeRight with the old and new faculty, and shown to the signed-in user', async () => {
    const id = fx.teacher.user.id;
    expect((await fx.teacher.post('/api/auth/enticate.json', { token: 'x' })).json().data.deanFacultyId).toBeNull();
    const given = await post(fx.admin, 'dean.json', { id, facultyId: otherFaculty });
    expect(given.statusCode, given.body).toBe(200);
    expect((given.json().data as AdminAccount).deanFacultyId).toBe(otherFaculty);
    expect((await fx.teacher.post('/api/auth/enticate.json', { token: 'x' })).json().data.deanFacultyId).toBe(otherFaculty);
    // The same faculty again writes nothing.
    expect((await post(fx.admin, 'dean.json', { id, facultyId: otherFaculty })).statusCode).toBe(200);
    expect((await post(fx.admin, 'dean.json', { id, facultyId: null })).json().data.deanFacultyId).toBeNull();
    expect((await userRow(id)).deanFacultyId).toBeNull();
    expect((await auditRows()).filter((r) => r.userId === id)).toMatchObject([
      { action: 'grantRight', adminId: fx.admin.user.id, before: { deanFacultyId: null }, after: { deanFacultyId: otherFaculty } },
      { action: 'revokeRight', adminId: fx.admin.user.id, before: { deanFacultyId: otherFaculty }, after: { deanFacultyId: null } },
    ]);
    const lists = (await post(fx.admin, 'newaccountlists.json', {})).json().data;
    expect(lists.faculties).toContainEqual({ id: faculty, name: expect.stringContaining(' / ') });
  });

  it("a student's account gets none (409, translated); an unknown faculty is 400; nothing changes", async () => {
    const entries = (await auditRows()).length;
    const res = await post(fx.admin, 'dean.json', { id: fx.student.user.id, facultyId: faculty }, 'ru');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'STUDENT_ACCOUNT', message: 'Это право можно дать только сотруднику, а не студенту' });
    const unknown = await post(fx.admin, 'dean.json', { id: fx.teacher.user.id, facultyId: 2147483647 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.params).toMatchObject({ field: 'facultyId' });
    expect((await post(fx.admin, 'dean.json', { id: fx.teacher.user.id, facultyId: 'x' })).statusCode).toBe(400);
    expect((await userRow(fx.student.user.id)).deanFacultyId).toBeNull();
    expect((await userRow(fx.teacher.user.id)).deanFacultyId).toBeNull();
    expect((await auditRows()).length).toBe(entries);
  });
});

describe("the dean's office", () => {
  it('is told so at sign-in, and finds only the accounts of his faculty, never an administrator', async () => {
    expect((await dean.post('/api/auth/enticate.json', { token: 'x' })).json().data).toMatchObject({ admin: false, deanFacultyId: faculty });
    const all = (await post(dean, 'accounts.json', { q: '', page: 1 })).json().data;
    const [expected] = await db()
      .select({ n: count() })
      .from(users)
      .leftJoin(students, eq(students.id, users.studentId))
      .leftJoin(groups, eq(groups.id, students.groupId))
      .leftJoin(specialities, eq(specialities.id, groups.specialityId))
      .leftJoin(teachers, eq(teachers.id, users.teacherId))
      .leftJoin(departments, eq(departments.id, teachers.departmentId))
      .where(and(eq(users.admin, false), or(eq(specialities.facultyId, faculty), eq(departments.facultyId, faculty))));
    expect(all.total).toBe(expected.n);
    const everyone = (await post(fx.admin, 'accounts.json', { q: '', page: 1 })).json().data;
    expect(everyone.total).toBeGreaterThan(all.total);
    for (const [q, id, seen] of [
      [(await userRow(ownStudent)).login, ownStudent, true],
      [(await userRow(ownStaff)).login, ownStaff, true],
      [(await userRow(otherStudent)).login, otherStudent, false],
      [(await userRow(otherStaff)).login, otherStaff, false],
      ['admin', fx.admin.user.id, false],
    ] as const) {
      const found = (await post(dean, 'accounts.json', { q, page: 1 })).json().data.items as AdminAccount[];
      expect(
        found.some((a) => a.id === id),
        q,
      ).toBe(seen);
      expect((await post(dean, 'account.json', { id })).statusCode, q).toBe(seen ? 200 : 404);
    }
  });

  it('disables and enables a student of his faculty, resets his password, unlocks him and ends his sessions; each in the log as his', async () => {
    for (const call of ['disable.json', 'enable.json', 'unlock.json', 'endsessions.json', 'resetpassword.json']) {
      const res = await post(dean, call, { id: ownStudent });
      expect(res.statusCode, `${call} ${res.body}`).toBe(200);
    }
    const rows = (await auditRows()).filter((r) => r.userId === ownStudent);
    expect(rows.map((r) => [r.action, r.adminId])).toEqual([
      ['disable', dean.user.id],
      ['enable', dean.user.id],
      ['resetPassword', dean.user.id],
    ]);
    expect(await userRow(ownStudent)).toMatchObject({ disabled: false, mustUpdateCredentials: true });
  });

  it('resets the password of a member of staff of his faculty, ends his sessions and unlocks him, but may not disable or enable him (403)', async () => {
    const before = await userRow(ownStaff);
    for (const call of ['disable.json', 'enable.json']) {
      const res = await post(dean, call, { id: ownStaff }, 'ru');
      expect(res.statusCode, call).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Доступ запрещён' });
    }
    expect(await userRow(ownStaff)).toEqual(before);
    for (const call of ['unlock.json', 'endsessions.json', 'resetpassword.json']) expect((await post(dean, call, { id: ownStaff })).statusCode, call).toBe(200);
    expect((await auditRows()).filter((r) => r.userId === ownStaff).map((r) => r.action)).toEqual(['resetPassword']);
  });

  it('an account of another faculty, or an administrator, is unknown to him (404): nothing changes, nothing is logged', async () => {
    const entries = (await auditRows()).length;
    for (const id of [otherStudent, otherStaff, fx.admin.user.id]) {
      const before = await userRow(id);
      for (const call of ['disable.json', 'enable.json', 'unlock.json', 'endsessions.json', 'resetpassword.json']) {
        const res = await post(dean, call, { id });
        expect(res.statusCode, `${call} ${id}`).toBe(404);
      }
      expect(await userRow(id)).toEqual(before);
    }
    expect((await auditRows()).length).toBe(entries);
  });

  it("may not give rights, set quotas, make accounts, nor use the imports (403), even for his faculty's accounts; nothing changes", async () => {
    const entries = (await auditRows()).length;
    const before = await userRow(ownStaff);
    const calls: [string, object][] = [
      ['rights.json', { id: ownStaff, right: 'news', granted: true }],
      ['dean.json', { id: ownStaff, facultyId: faculty }],
      ['dean.json', { id: dean.user.id, facultyId: otherFaculty }],
      ['quota.json', { id: ownStudent, quotaMb: 5 }],
      ['newaccountlists.json', {}],
      ['newaccount.json', { surname: 'Д', name: 'Д', gender: 'm', positionId: 1, departmentId: 1, login: 'dean-made' }],
    ];
    for (const [call, body] of calls) {
      const res = await post(dean, call, body);
      expect(res.statusCode, call).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await dean.get('/api/imports/template.xlsx?kind=faculties')).statusCode).toBe(403);
    expect(await userRow(ownStaff)).toEqual(before);
    expect((await userRow(ownStudent)).quotaMb).toBeNull();
    expect((await userRow(dean.user.id)).deanFacultyId).toBe(faculty);
    expect((await db().select().from(users).where(eq(users.login, 'dean-made'))).length).toBe(0);
    expect((await auditRows()).length).toBe(entries);
  });

  it('reads only his own entries of the log, whatever the filter; an administrator reads them all', async () => {
    await post(fx.admin, 'unlock.json', { id: ownStudent });
    await post(fx.admin, 'disable.json', { id: otherStudent });
    await post(fx.admin, 'enable.json', { id: otherStudent });
    const mine = (await post(dean, 'audit.json', { page: 1 })).json().data as { items: AuditEntry[]; total: number };
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((e) => e.admin.id === dean.user.id)).toBe(true);
    const byAdmin = (await post(dean, 'audit.json', { page: 1, adminId: fx.admin.user.id })).json().data;
    expect(byAdmin).toMatchObject({ items: [], total: 0 });
    const all = (await post(fx.admin, 'audit.json', { page: 1 })).json().data as { items: AuditEntry[]; total: number };
    expect(all.items.some((e) => e.admin.id === fx.admin.user.id)).toBe(true);
    expect(all.items.some((e) => e.admin.id === dean.user.id)).toBe(true);
  });

  it('an administrator still does everything to every account', async () => {
    for (const call of ['disable.json', 'enable.json', 'resetpassword.json'])
      expect((await post(fx.admin, call, { id: otherStaff })).statusCode, call).toBe(200);
    expect((await post(fx.admin, 'quota.json', { id: otherStaff, quotaMb: 9 })).json().data.quotaMb).toBe(9);
    expect((await post(fx.admin, 'rights.json', { id: otherStaff, right: 'news', granted: true })).json().data.news).toBe(true);
  });

  it('the right taken away counts at his next call (403), and a disabled dean is refused', async () => {
    await post(fx.admin, 'dean.json', { id: dean.user.id, facultyId: null });
    expect((await post(dean, 'accounts.json', { q: '', page: 1 })).statusCode).toBe(403);
    expect((await post(dean, 'audit.json', { page: 1 })).statusCode).toBe(403);
    await post(fx.admin, 'dean.json', { id: dean.user.id, facultyId: faculty });
    expect((await post(dean, 'accounts.json', { q: '', page: 1 })).statusCode).toBe(200);
  });
});
