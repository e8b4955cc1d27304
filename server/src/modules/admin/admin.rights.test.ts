/** An account's rights and storage quota (docs/areas/admin.md#calls, rights.json and quota.json): each change, its refusals and its audit entry. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_RIGHTS, type AdminAccount, type AuditEntry } from '@contract/admin';
import { files, libraryEditors, qrReportViewers, users } from '../../db/schema';
import { testClock } from '../../test/helpers';
import type { SignedIn } from '../../test/requests';
import { useTestApp } from '../../test/fixture';
import { adminAudit } from './admin.schema';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'student', 'admin'] });

const post = (who: SignedIn | null, call: string, body: object, lang = 'en', headers: Record<string, string> = {}) =>
  fx.app.inject({ method: 'POST', url: `/api/admin/${call}`, payload: body, headers: { ...(who?.headers ?? {}), 'accept-language': lang, ...headers } });

const auditRows = () => fx.db.database.db.select().from(adminAudit).orderBy(adminAudit.id);

describe('rights', () => {
  /** A seeded staff account without a password, without any right and not in the log yet: its id. */
  async function plainStaff(): Promise<number> {
    const d = fx.db.database.db;
    const [row] = await d
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.role, 1),
          isNull(users.passwordHash),
          eq(users.admin, false),
          eq(users.newsPerms, false),
          eq(users.registrar, false),
          sql`not exists (select 1 from ${adminAudit} where ${adminAudit.userId} = ${users.id})`,
        ),
      )
      .orderBy(users.id)
      .limit(1);
    await d.delete(libraryEditors).where(eq(libraryEditors.userId, row.id));
    await d.delete(qrReportViewers).where(eq(qrReportViewers.userId, row.id));
    return row.id;
  }
  const rightOf = async (id: number) => (await post(fx.admin, 'account.json', { id })).json().data as AdminAccount;

  for (const right of ACCOUNT_RIGHTS)
    it(`${right}: granted and revoked for staff, each change in the log with the old and new value`, async () => {
      const id = await plainStaff();
      expect((await rightOf(id))[right]).toBe(false);
      const granted = await post(fx.admin, 'rights.json', { id, right, granted: true });
      expect(granted.statusCode).toBe(200);
      expect(granted.json().data).toMatchObject({ id, [right]: true });
      expect((await rightOf(id))[right]).toBe(true);
      // Granting it again changes nothing and writes nothing.
      expect((await post(fx.admin, 'rights.json', { id, right, granted: true })).json().data[right]).toBe(true);
      const revoked = await post(fx.admin, 'rights.json', { id, right, granted: false });
      expect(revoked.json().data).toMatchObject({ id, [right]: false });
      expect((await rightOf(id))[right]).toBe(false);
      // Revoking it again changes nothing and writes nothing either.
      const again = await post(fx.admin, 'rights.json', { id, right, granted: false });
      expect(again.statusCode).toBe(200);
      expect(again.json().data[right]).toBe(false);
      const entries = (await auditRows()).filter((r) => r.userId === id);
      expect(entries).toMatchObject([
        { action: 'grantRight', adminId: fx.admin.user.id, before: { [right]: false }, after: { [right]: true } },
        { action: 'revokeRight', adminId: fx.admin.user.id, before: { [right]: true }, after: { [right]: false } },
      ]);
      const log = (await post(fx.admin, 'audit.json', { page: 1, accountId: id, action: 'grantRight' })).json().data;
      expect(log.items).toMatchObject([{ action: 'grantRight', before: { [right]: false }, after: { [right]: true } }]);
    });

  it("a right counts at once: the teacher's own session shows news posting granted, then revoked", async () => {
    const d = fx.db.database.db;
    const teacher = fx.teacher.user.id;
    const [before] = await d.select({ newsPerms: users.newsPerms }).from(users).where(eq(users.id, teacher));
    await post(fx.admin, 'rights.json', { id: teacher, right: 'news', granted: !before.newsPerms });
    expect((await fx.teacher.post('/api/auth/enticate.json', { token: 'x' })).json().data.newsPerms).toBe(!before.newsPerms);
    await post(fx.admin, 'rights.json', { id: teacher, right: 'news', granted: before.newsPerms });
    expect((await fx.teacher.post('/api/auth/enticate.json', { token: 'x' })).json().data.newsPerms).toBe(before.newsPerms);
  });

  it("a student's account gets no right (409, translated), and nothing changes", async () => {
    const id = fx.student.user.id;
    for (const right of ACCOUNT_RIGHTS) {
      const res = await post(fx.admin, 'rights.json', { id, right, granted: true }, 'ru');
      expect(res.statusCode, right).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'STUDENT_ACCOUNT', message: 'Это право можно дать только сотруднику, а не студенту' });
    }
    expect(await rightOf(id)).toMatchObject({ news: false, registrar: false, libraryEditor: false, qrReports: false, admin: false });
    expect((await auditRows()).filter((r) => r.userId === id)).toEqual([]);
  });

  it('an administrator cannot revoke his own admin right (409 OWN_ACCOUNT), yet manages his other rights', async () => {
    const me = fx.admin.user.id;
    const res = await post(fx.admin, 'rights.json', { id: me, right: 'admin', granted: false }, 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'OWN_ACCOUNT', message: 'You cannot do this to your own account' });
    expect((await rightOf(me)).admin).toBe(true);
    expect((await auditRows()).filter((r) => r.userId === me)).toEqual([]);
    expect((await post(fx.admin, 'rights.json', { id: me, right: 'libraryEditor', granted: true })).json().data.libraryEditor).toBe(true);
    expect((await post(fx.admin, 'rights.json', { id: me, right: 'libraryEditor', granted: false })).json().data.libraryEditor).toBe(false);
  });

  it('QR report viewer: a row of qr_report_viewers, added once and removed, shown as qrReports', async () => {
    const id = await plainStaff();
    const rows = () => fx.db.database.db.select().from(qrReportViewers).where(eq(qrReportViewers.userId, id));
    expect(await rows()).toEqual([]);
    for (let i = 0; i < 2; i++) expect((await post(fx.admin, 'rights.json', { id, right: 'qrReports', granted: true })).json().data.qrReports).toBe(true);
    expect(await rows()).toEqual([{ userId: id }]);
    const found = (await post(fx.admin, 'accounts.json', { q: (await rightOf(id)).login, page: 1 })).json().data.items as AdminAccount[];
    expect(found.find((a) => a.id === id)?.qrReports).toBe(true);
    for (let i = 0; i < 2; i++) expect((await post(fx.admin, 'rights.json', { id, right: 'qrReports', granted: false })).json().data.qrReports).toBe(false);
    expect(await rows()).toEqual([]);
    const log = (await post(fx.admin, 'audit.json', { page: 1, accountId: id })).json().data as { items: AuditEntry[] };
    expect(log.items).toMatchObject([
      { action: 'revokeRight', admin: { id: fx.admin.user.id }, before: { qrReports: true }, after: { qrReports: false } },
      { action: 'grantRight', admin: { id: fx.admin.user.id }, before: { qrReports: false }, after: { qrReports: true } },
    ]);
  });

  it('an unknown right or account is refused and changes nothing', async () => {
    const id = await plainStaff();
    expect((await post(fx.admin, 'rights.json', { id, right: 'root', granted: true })).statusCode).toBe(400);
    expect((await post(fx.admin, 'rights.json', { id, right: 'news' })).statusCode).toBe(400);
    expect((await post(fx.admin, 'rights.json', { id: 2147483647, right: 'news', granted: true })).statusCode).toBe(404);
    expect((await auditRows()).filter((r) => r.userId === id)).toEqual([]);
  });
});

describe('storage quota', () => {
  const MB = 1024 * 1024;
  const quotaOf = async (id: number) => (await fx.db.database.db.select({ quotaMb: users.quotaMb }).from(users).where(eq(users.id, id)))[0].quotaMb;
  const libraryQuota = async (who: SignedIn) => (await fx.app.inject({ url: '/api/library/quota', headers: who.headers })).json().data;

  it("set and reset to the role's default: the account shows its own, the default and what it uses; the library's quota follows; each change in the log", async () => {
    const id = fx.student.user.id;
    const first = (await post(fx.admin, 'account.json', { id })).json().data as AdminAccount;
    expect(first).toMatchObject({ quotaMb: null, quotaDefaultMb: 200 });
    expect(first.usedMb).toBe(Math.ceil((await libraryQuota(fx.student)).usedBytes / MB));
    expect(await libraryQuota(fx.student)).toMatchObject({ quotaBytes: 200 * MB });

    const set = await post(fx.admin, 'quota.json', { id, quotaMb: 750 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ id, quotaMb: 750, quotaDefaultMb: 200 });
    expect(await quotaOf(id)).toBe(750);
    expect(await libraryQuota(fx.student)).toMatchObject({ quotaBytes: 750 * MB });
    // The same value again writes nothing.
    expect((await post(fx.admin, 'quota.json', { id, quotaMb: 750 })).json().data.quotaMb).toBe(750);

    const reset = await post(fx.admin, 'quota.json', { id, quotaMb: null });
    expect(reset.json().data).toMatchObject({ quotaMb: null, quotaDefaultMb: 200 });
    expect(await quotaOf(id)).toBeNull();
    expect(await libraryQuota(fx.student)).toMatchObject({ quotaBytes: 200 * MB });
    expect((await post(fx.admin, 'quota.json', { id, quotaMb: null })).statusCode).toBe(200);

    expect((await auditRows()).filter((r) => r.userId === id)).toMatchObject([
      { action: 'setQuota', adminId: fx.admin.user.id, before: { quotaMb: null, effectiveMb: 200 }, after: { quotaMb: 750, effectiveMb: 750 } },
      { action: 'setQuota', adminId: fx.admin.user.id, before: { quotaMb: 750, effectiveMb: 750 }, after: { quotaMb: null, effectiveMb: 200 } },
    ]);
    const log = (await post(fx.admin, 'audit.json', { page: 1, accountId: id, action: 'setQuota' })).json().data as { items: AuditEntry[] };
    expect(log.items.map((e) => e.after)).toEqual([
      { quotaMb: null, effectiveMb: 200 },
      { quotaMb: 750, effectiveMb: 750 },
    ]);
  });

  it("a teacher's default is the teachers' quota, and a quota below what the account uses is kept (it is over its quota)", async () => {
    const id = fx.teacher.user.id;
    const d = fx.db.database.db;
    const { usedBytes } = await libraryQuota(fx.teacher);
    const [file] = await d
      .insert(files)
      .values({ storageName: 'quota-test-file', originalName: 'big.pdf', mime: 'application/pdf', size: 3 * MB + 1, ownerUserId: id })
      .returning({ id: files.id });
    try {
      const set = (await post(fx.admin, 'quota.json', { id, quotaMb: 2 })).json().data as AdminAccount;
      expect(set).toMatchObject({ quotaMb: 2, quotaDefaultMb: 2048, usedMb: Math.ceil((usedBytes + 3 * MB + 1) / MB) });
      expect(set.usedMb).toBeGreaterThan(2);
      expect(await libraryQuota(fx.teacher)).toMatchObject({ usedBytes: usedBytes + 3 * MB + 1, quotaBytes: 2 * MB });
    } finally {
      await d.delete(files).where(eq(files.id, file.id));
      await d.update(users).set({ quotaMb: null }).where(eq(users.id, id));
    }
  });

  it('bad values are 400 and write nothing; an unknown account is 404', async () => {
    const id = fx.student.user.id;
    const entries = (await auditRows()).length;
    for (const quotaMb of [0, -5, 1.5, 10_000_001, '100', undefined]) {
      const res = await post(fx.admin, 'quota.json', { id, quotaMb });
      expect(res.statusCode, String(quotaMb)).toBe(400);
    }
    expect((await post(fx.admin, 'quota.json', { id: 2147483647, quotaMb: 5 })).statusCode).toBe(404);
    expect(await quotaOf(id)).toBeNull();
    expect((await auditRows()).length).toBe(entries);
  });
});
