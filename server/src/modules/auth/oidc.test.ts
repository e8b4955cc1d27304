/**
 * Sign-in through the university's OpenID Connect provider, against a real provider double
 * (oauth2-mock-server on 127.0.0.1): the flow's state, nonce and PKCE, the ID token's checks, the
 * account matched by e-mail or by student number, and the refusals the login page explains.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useProviderDouble, type Token } from '../../test/oidc-provider';
import type { App } from '../../app';
import { oidcRequests, students, teachers, users } from '../../db/schema';
import { appOn, cookieHeader, sessionFrom } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';

const CLIENT_ID = 'lms-university';
const PUBLIC_URL = 'http://lms.test';
const CALLBACK = `${PUBLIC_URL}/api/oidc/auth.json`;
const TEACHER_EMAIL = 'b.asanov.oidc@tshsu.example';

const idp = useProviderDouble();
const oidcEnv = (more: Record<string, string> = {}) => ({
  OIDC_ISSUER: idp.server.issuer.url!,
  OIDC_CLIENT_ID: CLIENT_ID,
  OIDC_CLIENT_SECRET: 'university-secret',
  PUBLIC_URL,
  ...more,
});
// Its settings name the provider started above.
const fx = useTestApp(() => ({ env: oidcEnv(), signIn: [] }));

/** The ID token will carry these claims (and whatever else the test changes). */
const withClaims = (claims: Record<string, unknown>, more: (t: Token) => void = () => {}) =>
  idp.spoil((t) => {
    Object.assign(t.payload, claims);
    more(t);
  });

async function accountOf(login: string) {
  const [row] = await fx.db.database.db
    .select({ id: users.id, teacherId: users.teacherId, studentId: users.studentId })
    .from(users)
    .where(eq(users.login, login));
  return row;
}

beforeAll(async () => {
  const teacher = await accountOf('teacher');
  await fx.db.database.db.update(teachers).set({ email: TEACHER_EMAIL }).where(eq(teachers.id, teacher.teacherId!));
});

interface FlowOptions {
  app?: App;
  /** The state cookie sent back: the one set at the start unless given (null: none). */
  stateCookie?: string | null;
  /** Changes the state the provider sends back. */
  state?: (state: string) => string;
  /** Runs between the start and the provider's answer. */
  meanwhile?: () => Promise<void>;
}

/** Runs the browser part: start → provider → back; returns the callback reply. */
async function flow(options: FlowOptions = {}) {
  const app = options.app ?? fx.app;
  const start = await app.inject({ url: '/api/oidc/auth.json' });
  expect(start.statusCode).toBe(302);
  const state = start.cookies.find((c) => c.name === 'lms_sso');
  await options.meanwhile?.();
  const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  if (options.state) back.searchParams.set('state', options.state(back.searchParams.get('state')!));
  const cookie = options.stateCookie === null ? undefined : `lms_sso=${options.stateCookie ?? state!.value}`;
  const callback = back.pathname + back.search;
  const res = await app.inject({ url: callback, headers: cookie ? { cookie } : {} });
  return { start, callback, cookie, res };
}

/** The login page the callback sent the browser to, and no session. */
function expectRefused(res: Awaited<ReturnType<typeof flow>>['res'], outcome: string) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(`/lms/login?oidc=${outcome}`);
  expect(sessionFrom(res) ?? '').toBe('');
}

async function signedInAs(res: Awaited<ReturnType<typeof flow>>['res']) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/lms/login?oidc=ok');
  const token = sessionFrom(res)!;
  expect(token).toMatch(/^[\w-]{43}$/);
  const me = await fx.app.inject({ method: 'POST', url: '/api/auth/enticate.json', payload: { token: 't' }, headers: cookieHeader(token) });
  expect(me.statusCode).toBe(200);
  return me.json().data as { login: string; google: boolean };
}

describe('config.json', () => {
  it('names the provider only when it is configured, with its button name per language', async () => {
    expect((await fx.app.inject({ url: '/config.json' })).json().data.oidc).toEqual({ name: { ru: null, en: null, kg: null } });
    const named = await appOn(fx.db, { env: oidcEnv({ OIDC_NAME: 'TSHSU ID', OIDC_NAME_RU: 'ЕИС ТШГУ' }) });
    const off = await appOn(fx.db);
    try {
      expect((await named.inject({ url: '/config.json' })).json().data.oidc).toEqual({ name: { ru: 'ЕИС ТШГУ', en: 'TSHSU ID', kg: 'TSHSU ID' } });
      expect((await off.inject({ url: '/config.json' })).json().data.oidc).toBeNull();
      const disabled = await off.inject({ url: '/api/oidc/auth.json' });
      expect(disabled.statusCode).toBe(404);
      expect(disabled.json().error.code).toBe('OIDC_DISABLED');
    } finally {
      await named.close();
      await off.close();
    }
  });
});

describe('the flow', () => {
  it('starts with state, nonce and PKCE (S256) and an HttpOnly state cookie', async () => {
    const res = await fx.app.inject({ url: '/api/oidc/auth.json' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe(idp.server.issuer.url);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: CALLBACK, scope: 'openid email', code_challenge_method: 'S256' });
    expect(q.state).toMatch(/^[\w-]{43}$/);
    expect(q.nonce).toMatch(/^[\w-]{43}$/);
    expect(q.code_challenge).toMatch(/^[\w-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === 'lms_sso')!;
    expect(cookie).toMatchObject({ value: q.state, httpOnly: true, sameSite: 'Lax', path: '/api/oidc', maxAge: 600 });
  });

  it('signs in the account whose teacher has the e-mail (any case), with a password sign-in session', async () => {
    withClaims({ sub: 'kc-1', email: TEACHER_EMAIL.toUpperCase(), email_verified: true });
    const { res } = await flow();
    expect(await signedInAs(res)).toMatchObject({ login: 'teacher', google: false });
  });

  it('refuses an e-mail no account has, and creates nothing', async () => {
    const before = await fx.db.database.db.$count(users);
    withClaims({ sub: 'kc-2', email: 'nobody@tshsu.example', email_verified: true });
    expectRefused((await flow()).res, 'unknown');
    withClaims({ sub: 'kc-3' }, (t) => delete t.payload.email);
    expectRefused((await flow()).res, 'unknown');
    expect(await fx.db.database.db.$count(users)).toBe(before);
  });

  it('refuses an e-mail the provider says is not verified', async () => {
    withClaims({ sub: 'kc-4', email: TEACHER_EMAIL, email_verified: false });
    expectRefused((await flow()).res, 'unknown');
  });

  it('refuses a disabled account', async () => {
    await fx.db.database.db.update(users).set({ disabled: true }).where(eq(users.login, 'teacher'));
    try {
      withClaims({ sub: 'kc-5', email: TEACHER_EMAIL });
      expectRefused((await flow()).res, 'disabled');
    } finally {
      await fx.db.database.db.update(users).set({ disabled: false }).where(eq(users.login, 'teacher'));
    }
  });

  it('a provider error (the user cancelled) goes back to the login page', async () => {
    const res = await fx.app.inject({ url: '/api/oidc/auth.json?error=access_denied&state=x', cookies: { lms_sso: 'x' } });
    expectRefused(res, 'failed');
  });
});

describe('matched by the student number', () => {
  let app: App;
  beforeAll(async () => {
    app = await appOn(fx.db, { env: oidcEnv({ OIDC_CLAIM: 'student_number', OIDC_SCOPE: 'openid profile' }) });
  });
  afterAll(() => app.close());

  it('signs in the student whose number the claim carries, and refuses an unknown number', async () => {
    const student = await accountOf('student');
    const [{ code }] = await fx.db.database.db.select({ code: students.code }).from(students).where(eq(students.id, student.studentId!));
    withClaims({ sub: 'kc-6', student_number: code, email: TEACHER_EMAIL });
    const { start, res } = await flow({ app });
    expect(new URL(start.headers.location as string).searchParams.get('scope')).toBe('openid profile');
    expect(await signedInAs(res)).toMatchObject({ login: 'student' });

    withClaims({ sub: 'kc-7', student_number: 'no-such-number', email: TEACHER_EMAIL });
    expectRefused((await flow({ app })).res, 'unknown');
  });
});

describe('state, nonce, PKCE and the ID token must verify', () => {
  const teacher = { sub: 'kc-t', email: TEACHER_EMAIL };

  it('a tampered state is refused, and so is a state cookie of another flow', async () => {
    withClaims(teacher);
    expectRefused((await flow({ state: (s) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1) })).res, 'failed');
    withClaims(teacher);
    expectRefused((await flow({ stateCookie: 'x'.repeat(43) })).res, 'failed');
  });

  it('a Google state cannot finish this sign-in', async () => {
    const withGoogle = await appOn(fx.db, { env: oidcEnv({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: idp.server.issuer.url! }) });
    try {
      const google = await withGoogle.inject({ url: '/api/google/auth.json' });
      const googleState = google.cookies.find((c) => c.name === 'lms_oidc')!.value;
      withClaims(teacher);
      expectRefused((await flow({ app: withGoogle, state: () => googleState, stateCookie: googleState })).res, 'expired');
    } finally {
      await withGoogle.close();
    }
  });

  it('an expired flow (no state cookie, or its stored request gone) is refused', async () => {
    withClaims(teacher);
    expectRefused((await flow({ stateCookie: null })).res, 'expired');
    withClaims(teacher);
    const past = new Date(Date.now() - 1000);
    expectRefused(
      (
        await flow({
          meanwhile: () =>
            fx.db.database.db
              .update(oidcRequests)
              .set({ expiresAt: past })
              .then(() => undefined),
        })
      ).res,
      'expired',
    );
  });

  it('a used state is refused the second time', async () => {
    withClaims(teacher);
    const first = await flow();
    expect(first.res.headers.location).toBe('/lms/login?oidc=ok');
    expectRefused(await fx.app.inject({ url: first.callback, headers: { cookie: first.cookie! } }), 'expired');
  });

  it('a wrong nonce is refused', async () => {
    withClaims({ ...teacher, nonce: 'replayed-nonce' });
    expectRefused((await flow()).res, 'failed');
  });

  it.each([
    ['wrong audience', (t: Token) => (t.payload.aud = 'someone-else')],
    ['expired token', (t: Token) => (t.payload.exp = Math.floor(Date.now() / 1000) - 3600)],
    ['wrong issuer', (t: Token) => (t.payload.iss = 'https://evil.example')],
    ['unknown key', (t: Token) => (t.header.kid = 'not-a-known-key')],
  ])('%s is refused', async (_name, spoil) => {
    withClaims(teacher, spoil);
    expectRefused((await flow()).res, 'failed');
  });

  it('a bad signature is refused', async () => {
    withClaims(teacher);
    idp.server.service.once('beforeResponse', (response: { body: { id_token?: string } }) => {
      const [h, p, s] = response.body.id_token!.split('.');
      response.body.id_token = [h, p, (s[0] === 'A' ? 'B' : 'A') + s.slice(1)].join('.');
    });
    expectRefused((await flow()).res, 'failed');
  });

  it('a verifier that does not match the challenge, or none, is refused', async () => {
    const setVerifier = (codeVerifier: string) => () =>
      fx.db.database.db
        .update(oidcRequests)
        .set({ codeVerifier })
        .then(() => undefined);
    withClaims(teacher);
    expectRefused((await flow({ meanwhile: setVerifier('v'.repeat(43)) })).res, 'failed');
    withClaims(teacher);
    expectRefused((await flow({ meanwhile: setVerifier('') })).res, 'failed');
  });
});
