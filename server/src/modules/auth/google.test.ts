/**
 * Google sign-in against a real OpenID Connect provider double (oauth2-mock-server on 127.0.0.1):
 * state/nonce/PKCE, ID token checks (A8), matching on `sub` only, linking.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useProviderDouble, type Token } from '../../test/oidc-provider';
import type { App } from '../../app';
import { users } from '../../db/schema';
import { appOn, cookieHeader, session, sessionFrom } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const CLIENT_ID = 'lms-test-client';
const PUBLIC_URL = 'http://lms.test';

const idp = useProviderDouble();
let off: App;
// Its settings name the provider started above.
const fx = useTestApp(() => ({
  env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER: idp.server.issuer.url!, PUBLIC_URL },
  signIn: [],
}));
beforeAll(async () => {
  off = await appOn(fx.db);
});
afterAll(async () => {
  await off.close();
});

/** The ID token will name this subject (and whatever else the test changes). */
const asSubject = (sub: string, more: (t: Token) => void = () => {}) =>
  idp.spoil((t) => {
    t.payload.sub = sub;
    more(t);
  });

async function linkSubject(login: string, sub: string | null) {
  await fx.db.database.db.update(users).set({ googleSub: sub }).where(eq(users.login, login));
}

/** Runs the browser part: start → provider → back; returns the callback reply. */
async function flow(headers: Record<string, string> = {}, options: { stateCookie?: string | null } = {}) {
  const start = await fx.app.inject({ url: '/api/google/auth.json', headers });
  expect(start.statusCode).toBe(302);
  const state = start.cookies.find((c) => c.name === 'lms_oidc');
  const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/api/google/auth.json`);
  const cookie = [headers.cookie, options.stateCookie === null ? null : `lms_oidc=${options.stateCookie ?? state!.value}`].filter(Boolean).join('; ');
  const callback = back.pathname + back.search;
  const res = await fx.app.inject({ url: callback, headers: { ...headers, cookie } });
  return { start, state, callback, cookie, res };
}

describe('check.json', () => {
  it('says whether Google sign-in is configured', async () => {
    expect((await fx.app.inject({ url: '/api/google/check.json' })).json()).toEqual({ result: 0, error: null, data: [{ OAu: true }] });
    expect((await off.inject({ url: '/api/google/check.json' })).json().data).toEqual([{ OAu: false }]);
  });

  it('auth.json is 404 GOOGLE_DISABLED when not configured', async () => {
    const res = await off.inject({ url: '/api/google/auth.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('GOOGLE_DISABLED');
  });
});

describe('the flow', () => {
  it('starts with state, nonce and PKCE (S256) and an HttpOnly state cookie', async () => {
    const res = await fx.app.inject({ url: '/api/google/auth.json' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe(idp.server.issuer.url);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${PUBLIC_URL}/api/google/auth.json`,
      scope: 'openid',
      code_challenge_method: 'S256',
    });
    expect(q.state).toMatch(/^[\w-]{43}$/);
    expect(q.nonce).toMatch(/^[\w-]{43}$/);
    expect(q.code_challenge).toMatch(/^[\w-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === 'lms_oidc')!;
    expect(cookie).toMatchObject({ value: q.state, httpOnly: true, sameSite: 'Lax', path: '/api/google' });
  });

  it('signs in the account linked to the subject; checkgauth then gives the user', async () => {
    await linkSubject('student', 'google-sub-student');
    asSubject('google-sub-student');
    const { res } = await flow();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/lms/login?gauth=ok');
    const token = sessionFrom(res)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const check = await fx.app.inject({ url: '/api/auth/checkgauth.json', headers: cookieHeader(token) });
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toMatchObject({ login: 'student', role: 2, google: true });
  });

  it('matches on sub, never on e-mail: an unknown subject is unlinked', async () => {
    const [teacher] = await fx.db.database.db.select({ id: users.id }).from(users).where(eq(users.login, 'teacher'));
    expect(teacher).toBeDefined();
    asSubject('unknown-subject', (t) => {
      t.payload.email = 'b.asanov@tshsu.example';
      t.payload.email_verified = true;
    });
    const { res } = await flow();
    expect(res.headers.location).toBe('/lms/login?gauth=unlinked');
    expect(sessionFrom(res)).toBeUndefined();
  });

  it('a disabled account is refused', async () => {
    await fx.db.database.db.update(users).set({ googleSub: 'google-sub-disabled', disabled: true }).where(eq(users.login, 'freshman'));
    asSubject('google-sub-disabled');
    const { res } = await flow();
    expect(res.headers.location).toBe('/lms/login?gauth=disabled');
    expect(sessionFrom(res)).toBeUndefined();
    await fx.db.database.db.update(users).set({ googleSub: null, disabled: false }).where(eq(users.login, 'freshman'));
  });

  it('a provider error (user cancelled) goes back to the login page', async () => {
    const res = await fx.app.inject({ url: '/api/google/auth.json?error=access_denied&state=x', cookies: { lms_oidc: 'x' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/lms/login?gauth=failed');
  });
});

describe('A8: the ID token must verify', () => {
  const expectRejected = (res: Awaited<ReturnType<typeof flow>>['res']) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: true, error: { code: 'UNAUTHORIZED' }, data: null });
    expect(res.headers.refresh).toBe('0; url=/lms/login?gauth=failed');
    expect(sessionFrom(res) ?? '').toBe('');
  };

  beforeAll(() => linkSubject('teacher', 'google-sub-teacher'));

  it('a good token signs in (control)', async () => {
    asSubject('google-sub-teacher');
    expect((await flow()).res.headers.location).toBe('/lms/login?gauth=ok');
  });

  it.each([
    ['wrong audience', (t: Token) => (t.payload.aud = 'someone-else')],
    ['expired', (t: Token) => (t.payload.exp = Math.floor(Date.now() / 1000) - 3600)],
    ['wrong issuer', (t: Token) => (t.payload.iss = 'https://evil.example')],
    ['wrong nonce', (t: Token) => (t.payload.nonce = 'replayed-nonce')],
    ['unknown key', (t: Token) => (t.header.kid = 'not-a-known-key')],
  ])('%s → 401, no session', async (_name, spoil) => {
    asSubject('google-sub-teacher', spoil);
    expectRejected((await flow()).res);
  });

  it('a bad signature → 401', async () => {
    asSubject('google-sub-teacher');
    idp.server.service.once('beforeResponse', (response: { body: { id_token?: string } }) => {
      const [h, p, s] = response.body.id_token!.split('.');
      const flipped = (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
      response.body.id_token = [h, p, flipped].join('.');
    });
    expectRejected((await flow()).res);
  });

  it('a callback without the state cookie, with another state, or replayed → 401', async () => {
    asSubject('google-sub-teacher');
    expectRejected((await flow({}, { stateCookie: null })).res);
    asSubject('google-sub-teacher');
    expectRejected((await flow({}, { stateCookie: 'x'.repeat(43) })).res);
    asSubject('google-sub-teacher');
    const first = await flow();
    expect(first.res.headers.location).toBe('/lms/login?gauth=ok');
    expectRejected(await fx.app.inject({ url: first.callback, headers: { cookie: first.cookie } }));
  });
});

describe('linking', () => {
  it('a signed-in user links a Google account and can then sign in with it', async () => {
    const { headers, user } = await session(fx.app, 'teacher');
    await linkSubject('teacher', null);
    asSubject('google-sub-linked');
    const { res } = await flow(headers);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/lms/change-password?gauth=linked');
    const profile = await fx.app.inject({ method: 'POST', url: '/api/profile/data.json', payload: { uid: user.uid, role: 1 }, headers });
    expect(profile.json().data.googleLinked).toBe(true);

    asSubject('google-sub-linked');
    const signIn = await flow();
    expect(signIn.res.headers.location).toBe('/lms/login?gauth=ok');
    const me = await fx.app.inject({
      method: 'POST',
      url: '/api/auth/enticate.json',
      payload: { token: 't' },
      headers: cookieHeader(sessionFrom(signIn.res)!),
    });
    expect(me.json().data).toMatchObject({ login: 'teacher', google: true });
  });

  it('a subject already linked to someone else is not taken over', async () => {
    await linkSubject('student', 'google-sub-owned');
    const { headers } = await session(fx.app, 'teacher');
    asSubject('google-sub-owned');
    const { res } = await flow(headers);
    expect(res.headers.location).toBe('/lms/change-password?gauth=failed');
    const [student] = await fx.db.database.db.select({ sub: users.googleSub }).from(users).where(eq(users.login, 'student'));
    expect(student.sub).toBe('google-sub-owned');
  });
});
