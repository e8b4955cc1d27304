/** Sign-in, sessions and the forced credential update (docs/security.md#sessions). */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { cookieHeader, DEMO, session, sessionFrom, signIn, testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const clock = testClock();

/** The seeded freshman's credentials (one test changes them; others sign in with the seeded ones). */
let freshman: Pick<typeof users.$inferSelect, 'id' | 'login' | 'passwordHash' | 'mustUpdateCredentials'>;

const fx = useTestApp({ now: clock.now, env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' }, signIn: [] });
const { post } = fx;
beforeAll(async () => {
  [freshman] = await fx.db.database.db
    .select({ id: users.id, login: users.login, passwordHash: users.passwordHash, mustUpdateCredentials: users.mustUpdateCredentials })
    .from(users)
    .where(eq(users.login, DEMO.freshman.login));
});
// Whatever order the tests run in, each finds the freshman as seeded.
beforeEach(async () => {
  const { id, ...seeded } = freshman;
  await fx.db.database.db.update(users).set(seeded).where(eq(users.id, id));
});

const enticate = (token?: string) =>
  fx.app.inject({ method: 'POST', url: '/api/auth/enticate.json', payload: { token: 'client-marker' }, headers: token ? cookieHeader(token) : {} });

/** A fresh account with a password: a seeded student without one, whose credentials the test may change. */
async function spareAccount(login: string, password: string, mustUpdate = false) {
  const [candidate] = await fx.db.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 2), isNull(users.passwordHash)))
    .orderBy(users.id)
    .limit(1);
  const { hashPassword } = await import('../../shared/credentials/password-hash');
  await fx.db.database.db
    .update(users)
    .set({ login, passwordHash: await hashPassword(password), mustUpdateCredentials: mustUpdate, disabled: false })
    .where(eq(users.id, candidate.id));
  return candidate.id;
}

describe('orize (sign-in)', () => {
  it('signs the teacher in: user data, HttpOnly SameSite=Lax session cookie', async () => {
    const { res, body } = await signIn(fx.app, DEMO.teacher.login, DEMO.teacher.password);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({
      result: 0,
      error: null,
      data: {
        role: 1,
        login: 'teacher',
        newsPerms: true,
        registrar: true,
        admin: false,
        fullName: 'Асанов Бакыт Кубанычбекович',
        shortName: 'Асанов Б. К.',
        position: 'Доцент',
        google: false,
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'lms_sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
  });

  it('is case-insensitive on the login and gives the student her group as position', async () => {
    const { res, body } = await signIn(fx.app, 'STUDENT', DEMO.student.password);
    expect(res.statusCode).toBe(200);
    expect(body.data).toMatchObject({ role: 2, position: 'ПИ-1-24', newsPerms: false, registrar: false });
  });

  it('S1: a new 256-bit random token at each sign-in, stored only as its SHA-256', async () => {
    const a = await session(fx.app, 'teacher');
    const b = await session(fx.app, 'teacher');
    expect(a.token).not.toBe(b.token);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    const rows = await fx.db.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    const hashes = rows.map((r) => r.tokenHash);
    expect(hashes).toContain(createHash('sha256').update(a.token).digest('hex'));
    expect(hashes).not.toContain(a.token);
  });

  it('signing in again in the same browser ends the previous session', async () => {
    const first = await session(fx.app, 'student');
    const again = await signIn(fx.app, DEMO.student.login, DEMO.student.password, { headers: first.headers });
    expect(again.res.statusCode).toBe(200);
    expect((await enticate(first.token)).statusCode).toBe(401);
    expect((await enticate(again.token)).statusCode).toBe(200);
  });

  it('A4: unknown login and wrong password get the same status and body', async () => {
    const wrong = await signIn(fx.app, DEMO.teacher.login, 'Wrong-password-1', { ip: '10.0.4.1' });
    const unknown = await signIn(fx.app, 'nobody-here', 'Wrong-password-1', { ip: '10.0.4.1' });
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.body).toBe(wrong.res.body);
    expect(wrong.body.error.code).toBe('BAD_CREDENTIALS');
    expect(wrong.token).toBeUndefined();
  });

  it('seeded people without a password cannot sign in', async () => {
    const [other] = await fx.db.database.db
      .select({ login: users.login })
      .from(users)
      .where(and(eq(users.role, 2), isNull(users.passwordHash)))
      .limit(1);
    const { res } = await signIn(fx.app, other.login, other.login, { ip: '10.0.4.2' });
    expect(res.statusCode).toBe(401);
  });

  it('Z5: a role in the body changes nothing', async () => {
    const res = await post('/api/auth/orize.json', null, { login: DEMO.student.login, password: DEMO.student.password, role: 1, newsPerms: true, uid: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 2, newsPerms: false });
  });

  it('400 BAD_REQUEST for a body that does not match the contract', async () => {
    for (const payload of [{}, { login: 'ab', password: 'abc' }, { login: 'teacher' }, { login: 5, password: 'xxxxxx' }]) {
      const res = await post('/api/auth/orize.json', null, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ result: true, error: { code: 'BAD_REQUEST' }, data: null });
    }
  });

  it('A7: an account that must update its credentials gets 403 and no session', async () => {
    const { res, token } = await signIn(fx.app, DEMO.freshman.login, DEMO.freshman.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CREDENTIALS_UPDATE_REQUIRED');
    expect(token).toBeUndefined();
  });

  it('S4: a disabled account cannot sign in, and its sessions answer 401 at once', async () => {
    const id = await spareAccount('to-disable', 'Long enough passphrase');
    const { token } = await signIn(fx.app, 'to-disable', 'Long enough passphrase');
    expect((await enticate(token)).statusCode).toBe(200);
    await fx.db.database.db.update(users).set({ disabled: true }).where(eq(users.id, id));
    expect((await enticate(token)).statusCode).toBe(401);
    const again = await signIn(fx.app, 'to-disable', 'Long enough passphrase');
    expect(again.res.statusCode).toBe(403);
    expect(again.token).toBeUndefined();
  });

  it('a disabled account: its right password is 403 ACCOUNT_DISABLED (translated), a wrong one 401 BAD_CREDENTIALS as for anyone, on sign-in, recovery and updatelogin', async () => {
    const id = await spareAccount('disabled-alike', 'Right passphrase 2026');
    await fx.db.database.db.update(users).set({ disabled: true, mustUpdateCredentials: true }).where(eq(users.id, id));
    const bodies = (password: string, login = 'disabled-alike') =>
      [
        ['/api/auth/orize.json', { login, password }],
        ['/api/auth/recovery.json', { oldlog: login, oldpas: password }],
        ['/api/auth/updatelogin.json', { oldlog: login, oldpas: password, newlog: 'other-login', newpas: 'Another good passphrase' }],
      ] as const;
    const [rights, wrongs, unknowns] = [bodies('Right passphrase 2026'), bodies('Wrong passphrase 2026'), bodies('Wrong passphrase 2026', 'nobody-at-all')];
    for (const [i, [url, right]] of rights.entries()) {
      const [a, b, unknown] = [await post(url, null, right, 'en'), await post(url, null, wrongs[i][1], 'en'), await post(url, null, unknowns[i][1], 'en')];
      expect(a.statusCode, url).toBe(403);
      expect(a.json().error).toEqual({ code: 'ACCOUNT_DISABLED', message: "This account is disabled. Contact the university's administration" });
      expect(b.statusCode, url).toBe(401);
      expect(b.json()).toEqual(unknown.json());
      expect(b.json().error.code).toBe('BAD_CREDENTIALS');
    }
    // Nothing changed: the login was not taken over by updatelogin.
    const [row] = await fx.db.database.db.select({ login: users.login }).from(users).where(eq(users.id, id));
    expect(row.login).toBe('disabled-alike');
  });
});

describe('enticate, checkgauth, logout', () => {
  it('enticate returns the session user; 401 without a session or with a forged token', async () => {
    const { token, user } = await session(fx.app, 'teacher');
    const res = await enticate(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, uid: user.uid, role: 1 });
    expect((await enticate()).statusCode).toBe(401);
    expect((await enticate('A'.repeat(43))).statusCode).toBe(401);
    expect((await enticate()).json()).toMatchObject({ result: true, error: { code: 'UNAUTHORIZED' }, data: null });
  });

  it('checkgauth is 401 for a password session (only Google sessions count)', async () => {
    const { headers } = await session(fx.app, 'teacher');
    expect((await fx.app.inject({ url: '/api/auth/checkgauth.json', headers })).statusCode).toBe(401);
    expect((await fx.app.inject({ url: '/api/auth/checkgauth.json' })).statusCode).toBe(401);
  });

  it('S2: after logout the old token is refused everywhere', async () => {
    const { token, headers, user } = await session(fx.app, 'teacher');
    const out = await post('/api/auth/logout.json', { headers }, { logout: true });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ result: 0, error: null, data: null });
    expect(sessionFrom(out)).toBe('');
    expect((await enticate(token)).statusCode).toBe(401);
    const profile = await post('/api/profile/data.json', { headers }, { uid: user.uid, role: 1 });
    expect(profile.statusCode).toBe(401);
    const settings = await post('/api/misc/settings.json', { headers }, { uid: user.uid, role: 1 });
    expect(settings.statusCode).toBe(401);
  });

  it('logout without a session is harmless', async () => {
    expect((await post('/api/auth/logout.json', null, {})).statusCode).toBe(200);
  });
});

describe('S3: session lifetime', () => {
  it('ends after the idle timeout', async () => {
    const { token } = await session(fx.app, 'teacher');
    clock.advance(29 * 60_000);
    expect((await enticate(token)).statusCode).toBe(200);
    clock.advance(29 * 60_000); // activity above moved the idle deadline
    expect((await enticate(token)).statusCode).toBe(200);
    clock.advance(31 * 60_000);
    expect((await enticate(token)).statusCode).toBe(401);
  });

  it('ends after the absolute lifetime even when active', async () => {
    const { token } = await session(fx.app, 'teacher');
    for (let i = 0; i < 28; i++) {
      // 28 × 25 min = 11 h 40 min: always active, always within 12 h
      clock.advance(25 * 60_000);
      expect((await enticate(token)).statusCode).toBe(200);
    }
    clock.advance(25 * 60_000);
    expect((await enticate(token)).statusCode).toBe(401);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const { token } = await session(fx.app, 'student');
    const hash = createHash('sha256').update(token).digest('hex');
    const seen = async () => (await fx.db.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, hash)))[0].at.getTime();
    const first = await seen();
    clock.advance(20_000);
    await enticate(token);
    expect(await seen()).toBe(first);
    clock.advance(50_000);
    await enticate(token);
    expect(await seen()).toBeGreaterThan(first);
  });
});

describe('recovery and updatelogin (forced credential update)', () => {
  it('recovery answers LOG_PAS 0 for a normal account and 1 for the freshman; wrong ones 401', async () => {
    const normal = await post('/api/auth/recovery.json', null, { oldlog: DEMO.teacher.login, oldpas: DEMO.teacher.password });
    expect(normal.json()).toEqual({ result: 0, error: null, data: [{ LOG_PAS: 0 }] });
    const fresh = await post('/api/auth/recovery.json', null, { oldlog: DEMO.freshman.login, oldpas: DEMO.freshman.password });
    expect(fresh.json().data).toEqual([{ LOG_PAS: 1 }]);
    const wrong = await post('/api/auth/recovery.json', null, { oldlog: DEMO.freshman.login, oldpas: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('BAD_CREDENTIALS');
  });

  it('refuses wrong old credentials, a taken login, a weak or reused password', async () => {
    await spareAccount('forced-one', 'Initial passphrase 1', true);
    const base = { oldlog: 'forced-one', oldpas: 'Initial passphrase 1' };
    const cases: [object, number, string][] = [
      [{ ...base, oldpas: 'wrong password', newlog: 'new-login', newpas: 'Another good passphrase' }, 401, 'BAD_CREDENTIALS'],
      [{ ...base, newlog: 'TEACHER', newpas: 'Another good passphrase' }, 409, 'LOGIN_TAKEN'],
      [{ ...base, newlog: 'new-login', newpas: 'short' }, 400, 'PASSWORD_POLICY'],
      [{ ...base, newlog: 'new-login', newpas: 'password123' }, 400, 'PASSWORD_POLICY'],
      [{ ...base, newlog: 'new-login', newpas: 'Initial passphrase 1' }, 400, 'PASSWORD_REUSED'],
      [{ ...base, newlog: 'with space', newpas: 'Another good passphrase' }, 400, 'BAD_REQUEST'],
      [{ ...base, newlog: 'ab', newpas: 'Another good passphrase' }, 400, 'BAD_REQUEST'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await post('/api/auth/updatelogin.json', null, payload);
      expect({ status: res.statusCode, code: res.json().error?.code }).toEqual({ status, code });
    }
    // Nothing changed: the old credentials still say LOG_PAS 1.
    expect((await post('/api/auth/recovery.json', null, base)).json().data).toEqual([{ LOG_PAS: 1 }]);
  });

  it('the whole flow: recovery → updatelogin (sms, sessions revoked) → orize with the new credentials', async () => {
    const id = await spareAccount('forced-two', 'Initial passphrase 2', true);
    // A session opened earlier by some other means (e.g. before the flag was set) must end too.
    await fx.db.database.db.update(users).set({ mustUpdateCredentials: false }).where(eq(users.id, id));
    const before = await signIn(fx.app, 'forced-two', 'Initial passphrase 2');
    await fx.db.database.db.update(users).set({ mustUpdateCredentials: true }).where(eq(users.id, id));

    expect((await post('/api/auth/recovery.json', null, { oldlog: 'forced-two', oldpas: 'Initial passphrase 2' })).json().data).toEqual([{ LOG_PAS: 1 }]);
    const res = await post(
      '/api/auth/updatelogin.json',
      null,
      { oldlog: 'forced-two', oldpas: 'Initial passphrase 2', newlog: 'Renamed.User', newpas: 'correct horse battery staple' },
      'ru',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 0, error: null, data: { changed: true }, sms: 'Логин и пароль изменены' });
    expect(res.json().sms).toContain('изменены');

    expect((await enticate(before.token)).statusCode).toBe(401);
    expect((await signIn(fx.app, 'forced-two', 'Initial passphrase 2')).res.statusCode).toBe(401);
    const after = await signIn(fx.app, 'renamed.user', 'correct horse battery staple');
    expect(after.res.statusCode).toBe(200);
    expect(after.body.data.login).toBe('Renamed.User');
    expect((await post('/api/auth/recovery.json', null, { oldlog: 'Renamed.User', oldpas: 'correct horse battery staple' })).json().data).toEqual([
      { LOG_PAS: 0 },
    ]);
  });

  it('the freshman can update and then sign in; the notice comes in the caller language', async () => {
    const res = await fx.app.inject({
      method: 'POST',
      url: '/api/auth/updatelogin.json',
      payload: { oldlog: DEMO.freshman.login, oldpas: DEMO.freshman.password, newlog: 'nursultan', newpas: 'Tian Shan mountains 2026' },
      cookies: { lang: 'kg' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sms).toBe('Логин жана сырсөз өзгөртүлдү');
    expect((await signIn(fx.app, 'nursultan', 'Tian Shan mountains 2026')).res.statusCode).toBe(200);
    // Done: the account no longer updates its credentials without a session (403, nothing changes).
    const again = await post('/api/auth/updatelogin.json', null, {
      oldlog: 'nursultan',
      oldpas: 'Tian Shan mountains 2026',
      newlog: 'taken-over',
      newpas: 'Another mountain 2027',
    });
    expect(again.statusCode).toBe(403);
    expect((await signIn(fx.app, 'nursultan', 'Tian Shan mountains 2026')).res.statusCode).toBe(200);
    await fx.db.database.db.update(users).set({ mustUpdateCredentials: true }).where(eq(users.login, 'nursultan'));
    const en = await fx.app.inject({
      method: 'POST',
      url: '/api/auth/updatelogin.json',
      payload: { oldlog: 'nursultan', oldpas: 'Tian Shan mountains 2026', newlog: 'nursultan', newpas: 'Another mountain 2027' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.json().sms).toBe('Login and password changed');
  });
});
