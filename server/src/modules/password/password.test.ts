/** Password change (docs/areas/password.md#calls, docs/security.md#sessions). */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { cookieHeader, signIn, testClock } from '../../test/helpers';
import { signedIn } from '../../test/requests';
import { hashPassword } from '../../shared/credentials/password-hash';
import { PASSWORD_MIN_DEFAULT, SIGN_IN_MIN_LENGTH } from '@contract/password-policy';
import { useTestApp } from '../../test/fixture';

const clock = testClock();

const fx = useTestApp({ now: clock.now, signIn: [] });

/** A seeded teacher without a password gets login and password; returns a signed-in session. */
async function teacherAccount(login: string, password: string) {
  const [free] = await fx.db.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 1), isNull(users.passwordHash)))
    .orderBy(users.id)
    .limit(1);
  await fx.db.database.db
    .update(users)
    .set({ login, passwordHash: await hashPassword(password) })
    .where(eq(users.id, free.id));
  const account = await signedIn(fx.app, login, password);
  return { ...account, uid: account.user.uid };
}

const reset = (headers: Record<string, string>, payload: object, lang?: string) =>
  fx.app.inject({
    method: 'POST',
    url: '/api/passwd/reset.json',
    payload,
    headers: { ...headers, ...(lang ? { cookie: `${headers.cookie}; lang=${lang}` } : {}) },
  });

describe('POST /api/passwd/reset.json', () => {
  it('401 without a session, 403 for someone else, 400 for a body off the contract', async () => {
    const me = await teacherAccount('pw-owner', 'First passphrase 1');
    expect(
      (await fx.app.inject({ method: 'POST', url: '/api/passwd/reset.json', payload: { password: 'x', newPassword: 'yyyyyyyyy', uid: me.uid, role: 1 } }))
        .statusCode,
    ).toBe(401);
    const other = await reset(me.headers, { password: 'First passphrase 1', newPassword: 'Another passphrase', uid: me.uid + 1, role: 1 });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('FORBIDDEN');
    const role = await reset(me.headers, { password: 'First passphrase 1', newPassword: 'Another passphrase', uid: me.uid, role: 2 });
    expect(role.statusCode).toBe(403);
    const short = await reset(me.headers, { password: 'First passphrase 1', newPassword: 'abc', uid: me.uid, role: 1 });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('BAD_REQUEST');
    // Nothing changed.
    expect((await signIn(fx.app, 'pw-owner', 'First passphrase 1')).res.statusCode).toBe(200);
  });

  it('A5: needs the current password; the 4th wrong one within a minute is 429, even when right', async () => {
    const me = await teacherAccount('pw-guess', 'Guarded passphrase');
    for (let i = 0; i < 3; i++) {
      const res = await reset(me.headers, { password: `wrong ${i}`, newPassword: 'Brand new passphrase', uid: me.uid, role: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('WRONG_PASSWORD');
    }
    const blocked = await reset(me.headers, { password: 'Guarded passphrase', newPassword: 'Brand new passphrase', uid: me.uid, role: 1 });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    clock.advance(61_000);
    const after = await reset(me.headers, { password: 'Guarded passphrase', newPassword: 'Brand new passphrase', uid: me.uid, role: 1 });
    expect(after.statusCode).toBe(200);
  });

  it('A6: minimum length, common passwords and the login refused; a long passphrase accepted; no reuse', async () => {
    const me = await teacherAccount('pw-policy', 'Policy passphrase 1');
    const base = { password: 'Policy passphrase 1', uid: me.uid, role: 1 };
    for (const [newPassword, reason] of [
      ['Short7!', 'length'],
      ['qwertyuiop', 'common'],
      ['P@ssw0rd', 'common'],
      ['Pw-Policy', 'login'],
    ] as const) {
      const res = await reset(me.headers, { ...base, newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'PASSWORD_POLICY', params: { min: 8, reason } });
    }
    const reused = await reset(me.headers, { ...base, newPassword: 'Policy passphrase 1' });
    expect(reused.json().error.code).toBe('PASSWORD_REUSED');
    const passphrase = 'a long and quite ordinary sentence about mountains near bishkek';
    const ok = await reset(me.headers, { ...base, newPassword: passphrase });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(fx.app, 'pw-policy', passphrase)).res.statusCode).toBe(200);
  });

  it('one policy: /config.json tells the minimum the server checks, and the sign-in takes any password of the sign-in minimum', async () => {
    const config = (await fx.app.inject({ method: 'GET', url: '/config.json' })).json().data;
    expect(config.passwordMinLength).toBe(PASSWORD_MIN_DEFAULT);
    const min = config.passwordMinLength;
    const me = await teacherAccount('pw-one-policy', 'One policy passphrase');
    const base = { password: 'One policy passphrase', uid: me.uid, role: 1 };
    const short = await reset(me.headers, { ...base, newPassword: 'Zq7#kLw9vB'.slice(0, min - 1) });
    expect(short.json().error).toMatchObject({ code: 'PASSWORD_POLICY', params: { min, reason: 'length' } });
    const exact = await reset(me.headers, { ...base, newPassword: 'Zq7#kLw9vB'.slice(0, min) });
    expect(exact.statusCode).toBe(200);

    // Signing in: a password of the sign-in minimum is checked against the account (wrong here), a shorter one is malformed.
    const wrong = await signIn(fx.app, 'pw-one-policy', 'x'.repeat(SIGN_IN_MIN_LENGTH));
    expect(wrong.res.statusCode).toBe(401);
    const malformed = await signIn(fx.app, 'pw-one-policy', 'x'.repeat(SIGN_IN_MIN_LENGTH - 1));
    expect(malformed.res.statusCode).toBe(400);
  });

  it('S4: success keeps this session, ends the others, and says so in the caller language', async () => {
    const me = await teacherAccount('pw-change', 'Old passphrase 22');
    const elsewhere = await signIn(fx.app, 'pw-change', 'Old passphrase 22', { ip: '10.9.0.2' });
    const res = await reset(me.headers, { password: 'Old passphrase 22', newPassword: 'New passphrase 33', uid: me.uid, role: 1 }, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 0, error: null, data: { changed: true }, sms: 'Password changed successfully' });
    const enticate = (token: string) =>
      fx.app.inject({ method: 'POST', url: '/api/auth/enticate.json', payload: { token: 'x' }, headers: cookieHeader(token) });
    expect((await enticate(me.token)).statusCode).toBe(200);
    expect((await enticate(elsewhere.token!)).statusCode).toBe(401);
    expect((await signIn(fx.app, 'pw-change', 'Old passphrase 22')).res.statusCode).toBe(401);
    expect((await signIn(fx.app, 'pw-change', 'New passphrase 33')).res.statusCode).toBe(200);
    const ru = await reset(me.headers, { password: 'New passphrase 33', newPassword: 'Third passphrase 44', uid: me.uid, role: 1 });
    expect(ru.json().sms).toBe('Пароль успешно изменён');
  });
});
