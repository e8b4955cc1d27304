/** Administration of accounts (docs/areas/admin.md#calls): who may call, finding accounts, each change and its audit entry (rights and quota: admin.rights.test.ts). */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, type AdminAccount, type AuditEntry } from '@contract/admin';
import { users } from '../../db/schema';
import { DEMO, quickPasswordHash, signIn, testClock } from '../../test/helpers';
import { signedIn, type SignedIn } from '../../test/requests';
import { useTestApp } from '../../test/fixture';
import { adminAudit } from './admin.schema';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'student', 'admin'] });

const CALLS = [
  'accounts.json',
  'account.json',
  'disable.json',
  'enable.json',
  'unlock.json',
  'endsessions.json',
  'resetpassword.json',
  'rights.json',
  'quota.json',
  'dean.json',
  'audit.json',
];

/** A body each call accepts. */
const bodyOf = (call: string, id: number): object =>
  call === 'accounts.json'
    ? { q: '', page: 1 }
    : call === 'audit.json'
      ? { page: 1 }
      : call === 'rights.json'
        ? { id, right: 'admin', granted: true }
        : call === 'quota.json'
          ? { id, quotaMb: 5 }
          : call === 'dean.json'
            ? { id, facultyId: null }
            : { id };

/** A seeded student account without a password, given one: its id and login. */
async function spareStudent(login: string, password = `${login}-Pass-2026`): Promise<{ id: number; login: string; password: string }> {
  const d = fx.db.database.db;
  const [free] = await d
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 2), isNull(users.passwordHash), eq(users.mustUpdateCredentials, false)))
    .orderBy(users.id)
    .limit(1);
  await d
    .update(users)
    .set({ login, passwordHash: quickPasswordHash(password) })
    .where(eq(users.id, free.id));
  return { id: free.id, login, password };
}

const post = (who: SignedIn | null, call: string, body: object, lang = 'en', headers: Record<string, string> = {}) =>
  fx.app.inject({ method: 'POST', url: `/api/admin/${call}`, payload: body, headers: { ...(who?.headers ?? {}), 'accept-language': lang, ...headers } });

const auditRows = () => fx.db.database.db.select().from(adminAudit).orderBy(adminAudit.id);

describe('who may call', () => {
  it('the sign-in reply says who is an administrator', async () => {
    expect((await signIn(fx.app, DEMO.admin.login, DEMO.admin.password)).body.data).toMatchObject({ login: 'admin', role: 1, admin: true });
    expect((await signIn(fx.app, DEMO.teacher.login, DEMO.teacher.password)).body.data).toMatchObject({ admin: false });
    expect((await signIn(fx.app, DEMO.student.login, DEMO.student.password)).body.data).toMatchObject({ admin: false });
  });

  for (const call of CALLS)
    it(`${call}: 401 signed out, 403 (translated) for a teacher and a student, and nothing changes`, async () => {
      const target = fx.student.user.id;
      const before = await fx.db.database.db.select().from(users).where(eq(users.id, target));
      expect((await post(null, call, bodyOf(call, target))).statusCode).toBe(401);
      for (const who of [fx.teacher, fx.student]) {
        const res = await post(who, call, bodyOf(call, target), 'ru');
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Доступ запрещён' });
      }
      expect(await fx.db.database.db.select().from(users).where(eq(users.id, target))).toEqual(before);
      expect(await auditRows()).toEqual([]);
    });

  it('a right taken away counts at once, and a body off the contract is 400', async () => {
    const other = await spareStudent('admin-for-a-while');
    await fx.db.database.db.update(users).set({ admin: true }).where(eq(users.id, other.id));
    const session = await signedIn(fx.app, other.login, other.password);
    expect((await post(session, 'accounts.json', { q: '', page: 1 })).statusCode).toBe(200);
    await fx.db.database.db.update(users).set({ admin: false }).where(eq(users.id, other.id));
    expect((await post(session, 'accounts.json', { q: '', page: 1 })).statusCode).toBe(403);
    expect((await post(fx.admin, 'accounts.json', { q: '', page: 0 })).statusCode).toBe(400);
    expect((await post(fx.admin, 'disable.json', { id: 'x' })).statusCode).toBe(400);
  });
});

describe('finding accounts', () => {
  it('by login, by a part of the name in any case, paged, with role, place, state and the last sign-in', async () => {
    const byLogin = (await post(fx.admin, 'accounts.json', { q: 'STUDENT', page: 1 })).json().data;
    const student = byLogin.items.find((a: AdminAccount) => a.login === 'student');
    expect(student).toMatchObject({
      id: fx.student.user.id,
      role: 2,
      fullName: 'Сыдыкова Айпери Талантовна',
      place: 'ПИ-1-24',
      disabled: false,
      locked: false,
      admin: false,
      hasPassword: true,
    });
    expect(student.lastSignIn).not.toBeNull();
    expect(student.sessions).toBeGreaterThan(0);

    const byName = (await post(fx.admin, 'accounts.json', { q: 'сыдык айпер', page: 1 })).json().data;
    expect(byName.items.map((a: AdminAccount) => a.login)).toContain('student');
    const teacher = (await post(fx.admin, 'accounts.json', { q: 'асанов бакыт', page: 1 }, 'en')).json().data.items[0];
    expect(teacher).toMatchObject({ login: 'teacher', role: 1, place: 'Associate Professor' });

    const all = (await post(fx.admin, 'accounts.json', { q: '', page: 1 })).json().data;
    expect(all.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(all.total).toBeGreaterThan(ADMIN_PAGE_SIZE);
    const second = (await post(fx.admin, 'accounts.json', { q: '', page: 2 })).json().data;
    expect(second.items[0].id).not.toBe(all.items[0].id);
    expect((await post(fx.admin, 'accounts.json', { q: '%', page: 1 })).json().data.total).toBe(0);
  });
});

describe('changes', () => {
  it('disable: the account cannot sign in (a clear message), its sessions end at once; enable lets it in again; each is in the log', async () => {
    const target = await spareStudent('to-be-disabled');
    const victim = await signedIn(fx.app, target.login, target.password);
    const disabled = await post(fx.admin, 'disable.json', { id: target.id });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toMatchObject({ id: target.id, disabled: true, sessions: 0 });
    expect((await victim.post('/api/auth/enticate.json', { token: 'x' })).statusCode).toBe(401);
    const refused = await signIn(fx.app, target.login, target.password);
    expect(refused.res.statusCode).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect(refused.token).toBeUndefined();
    // A wrong password to a disabled account is a wrong password, as for anyone.
    expect((await signIn(fx.app, target.login, 'Wrong password 2026')).body.error.code).toBe('BAD_CREDENTIALS');
    // Disabling it again changes nothing and writes nothing.
    const entries = (await auditRows()).length;
    expect((await post(fx.admin, 'disable.json', { id: target.id })).json().data.disabled).toBe(true);
    expect(await auditRows()).toHaveLength(entries);

    const enabled = await post(fx.admin, 'enable.json', { id: target.id });
    expect(enabled.json().data).toMatchObject({ disabled: false });
    expect((await signIn(fx.app, target.login, target.password)).res.statusCode).toBe(200);

    const log = (await post(fx.admin, 'audit.json', { page: 1, accountId: target.id })).json().data;
    expect(log.items.map((e: AuditEntry) => e.action)).toEqual(['enable', 'disable']);
    expect(log.items[1]).toMatchObject({
      admin: { id: fx.admin.user.id, login: 'admin', fullName: 'Жумабаева Гүлнара Асановна' },
      account: { id: target.id, login: target.login },
      before: { disabled: false, sessions: 1 },
      after: { disabled: true, sessions: 0 },
    });
  });

  it("disable ends the account's open event stream within a second", async () => {
    const target = await spareStudent('streaming-student');
    const victim = await signedIn(fx.app, target.login, target.password);
    await fx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = fx.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const res = await fetch(`${base}/api/chat/events.json`, { headers: victim.headers });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let ended = false;
    const pump = (async () => {
      for (;;) if ((await reader.read()).done) break;
      ended = true;
    })();
    // The stream is open until the account is disabled.
    expect(ended).toBe(false);
    const startedAt = Date.now();
    expect((await post(fx.admin, 'disable.json', { id: target.id })).statusCode).toBe(200);
    await expect.poll(() => ended, { timeout: 1000, interval: 20 }).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(1500);
    await pump;
  });

  it('no half writes: when the audit entry cannot be written, the change is not made either', async () => {
    const target = await spareStudent('kept-whole');
    const victim = await signedIn(fx.app, target.login, target.password);
    const d = fx.db.database.db;
    await d.execute(sql`alter table admin_audit add constraint admin_audit_refuse_ck check (action <> 'disable') not valid`);
    try {
      const res = await post(fx.admin, 'disable.json', { id: target.id });
      // The database refuses the entry (a check violation answers 400): the whole change fails.
      expect(res.statusCode).toBe(400);
      expect(res.json().result).toBe(true);
    } finally {
      await d.execute(sql`alter table admin_audit drop constraint admin_audit_refuse_ck`);
    }
    const [row] = await d.select({ disabled: users.disabled }).from(users).where(eq(users.id, target.id));
    expect(row.disabled).toBe(false);
    expect((await victim.post('/api/auth/enticate.json', { token: 'x' })).statusCode).toBe(200);
    expect((await auditRows()).filter((r) => r.userId === target.id)).toEqual([]);
  });

  it('an administrator cannot disable his own account, reset its password or end its sessions (409, translated), and nothing changes', async () => {
    for (const call of ['disable.json', 'resetpassword.json', 'endsessions.json']) {
      const res = await post(fx.admin, call, { id: fx.admin.user.id }, 'ru');
      expect(res.statusCode, call).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'OWN_ACCOUNT', message: 'Это нельзя сделать со своей учётной записью' });
    }
    expect((await post(fx.admin, 'accounts.json', { q: 'admin', page: 1 })).statusCode).toBe(200);
    expect((await auditRows()).filter((r) => r.userId === fx.admin.user.id)).toEqual([]);
    expect((await post(fx.admin, 'account.json', { id: 2147483647 })).statusCode).toBe(404);
  });

  it('reset password: a one-time password shown once, the forced credential update at the next sign-in, sessions ended; never in the log', async () => {
    const target = await spareStudent('forgot-password');
    const victim = await signedIn(fx.app, target.login, target.password);
    const res = await post(fx.admin, 'resetpassword.json', { id: target.id });
    expect(res.statusCode).toBe(200);
    const { password, account } = res.json().data;
    expect(password).toMatch(/^[A-Za-z2-9]{12,}$/);
    expect(account).toMatchObject({ mustUpdateCredentials: true, sessions: 0 });
    expect((await victim.post('/api/auth/enticate.json', { token: 'x' })).statusCode).toBe(401);
    expect((await signIn(fx.app, target.login, target.password)).body.error.code).toBe('BAD_CREDENTIALS');
    const first = await signIn(fx.app, target.login, password);
    expect(first.res.statusCode).toBe(403);
    expect(first.body.error.code).toBe('CREDENTIALS_UPDATE_REQUIRED');
    const recovery = await fx.app.inject({ method: 'POST', url: '/api/auth/recovery.json', payload: { oldlog: target.login, oldpas: password } });
    expect(recovery.json().data).toEqual([{ LOG_PAS: 1 }]);
    const updated = await fx.app.inject({
      method: 'POST',
      url: '/api/auth/updatelogin.json',
      payload: { oldlog: target.login, oldpas: password, newlog: 'remembered-now', newpas: 'A brand new passphrase' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await signIn(fx.app, 'remembered-now', 'A brand new passphrase')).res.statusCode).toBe(200);
    const [entry] = (await auditRows()).filter((r) => r.userId === target.id);
    expect(entry).toMatchObject({ action: 'resetPassword', before: { mustUpdateCredentials: false }, after: { mustUpdateCredentials: true } });
    expect(entry.before.passwordChangedAt).toBeNull();
    expect(entry.after.passwordChangedAt).toEqual(expect.any(String));
    expect(new Date(entry.after.passwordChangedAt as string).getTime()).toBeLessThanOrEqual(clock.now().getTime());
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('the same Idempotency-Key resets once and shows the same password; another key with another body is refused', async () => {
    const target = await spareStudent('reset-once');
    const key = { 'idempotency-key': 'admin-reset-1' };
    const a = await post(fx.admin, 'resetpassword.json', { id: target.id }, 'en', key);
    const b = await post(fx.admin, 'resetpassword.json', { id: target.id }, 'en', key);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().data.password).toBe(a.json().data.password);
    expect((await auditRows()).filter((r) => r.userId === target.id)).toHaveLength(1);
    expect((await post(fx.admin, 'resetpassword.json', { id: fx.student.user.id }, 'en', key)).statusCode).toBe(422);
  });

  it('unlock: a login throttled after failed sign-ins signs in again at once', async () => {
    const target = await spareStudent('many-typos');
    for (let i = 0; i < 12; i++) await signIn(fx.app, target.login, `Wrong guess ${i}`);
    const blocked = await signIn(fx.app, target.login, target.password);
    expect(blocked.res.statusCode).toBe(429);
    const found = (await post(fx.admin, 'account.json', { id: target.id })).json().data;
    expect(found.locked).toBe(true);
    expect(new Date(found.lockedUntil).getTime()).toBeGreaterThan(clock.now().getTime());
    const unlocked = await post(fx.admin, 'unlock.json', { id: target.id });
    expect(unlocked.json().data).toMatchObject({ locked: false, lockedUntil: null });
    expect((await signIn(fx.app, target.login, target.password)).res.statusCode).toBe(200);
    const [entry] = (await auditRows()).filter((r) => r.userId === target.id);
    expect(entry).toMatchObject({ action: 'unlock', before: { locked: true }, after: { locked: false } });
  });

  it('end sessions: every session of the account ends', async () => {
    const target = await spareStudent('two-browsers');
    const one = await signedIn(fx.app, target.login, target.password);
    const two = await signedIn(fx.app, target.login, target.password);
    const res = await post(fx.admin, 'endsessions.json', { id: target.id });
    expect(res.json().data).toMatchObject({ sessions: 0, disabled: false });
    for (const s of [one, two]) expect((await s.post('/api/auth/enticate.json', { token: 'x' })).statusCode).toBe(401);
    expect((await signIn(fx.app, target.login, target.password)).res.statusCode).toBe(200);
  });

  it('the audit log: newest first, filtered by account, by administrator and by action, paged', async () => {
    const all = (await post(fx.admin, 'audit.json', { page: 1 })).json().data;
    expect(all.total).toBeGreaterThanOrEqual(5);
    const times = all.items.map((e: AuditEntry) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const resets = (await post(fx.admin, 'audit.json', { page: 1, action: 'resetPassword' })).json().data;
    expect(resets.items.length).toBeGreaterThan(0);
    expect(resets.items.every((e: AuditEntry) => e.action === 'resetPassword')).toBe(true);
    const mine = (await post(fx.admin, 'audit.json', { page: 1, adminId: fx.admin.user.id })).json().data;
    expect(mine.total).toBe(all.total);
    expect((await post(fx.admin, 'audit.json', { page: 1, adminId: fx.teacher.user.id })).json().data).toMatchObject({ items: [], total: 0 });
    const byLogin = (await post(fx.admin, 'audit.json', { page: 1, adminLogin: ` ${DEMO.admin.login.toUpperCase()} ` })).json().data;
    expect(byLogin.total).toBe(all.total);
    expect(byLogin.items.map((e: AuditEntry) => e.id)).toEqual(all.items.map((e: AuditEntry) => e.id));
    expect(byLogin.items.every((e: AuditEntry) => e.admin.login === DEMO.admin.login)).toBe(true);
    const withAction = (await post(fx.admin, 'audit.json', { page: 1, adminLogin: DEMO.admin.login, action: 'resetPassword' })).json().data;
    expect(withAction.total).toBe(resets.total);
    expect((await post(fx.admin, 'audit.json', { page: 1, adminLogin: DEMO.teacher.login })).json().data).toMatchObject({ items: [], total: 0 });
    expect((await post(fx.admin, 'audit.json', { page: 1, adminLogin: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await post(fx.admin, 'audit.json', { page: 1, action: 'nothing' })).statusCode).toBe(400);
  });
});
