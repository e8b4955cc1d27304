import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionCheckStarted, sessionEnded, sessionStarted, sessionUnreachable } from '@shared/session/session';
import { recordSaga, types } from '../../test/saga';
import { fail, http, HttpResponse, ok, recordRequests, server, student, teacher } from '../../test/server';
import { PAGE_DATA_ELEMENT_ID, rereadPageData } from '@shared/session/pageData';
import { authActions } from './auth.slice';
import {
  bootSaga,
  ENTER_CREDENTIALS_KEY,
  googleCheckSaga,
  googleReturnSaga,
  loginSaga,
  logoutSaga,
  oidcCheckSaga,
  oidcReturnSaga,
  updateSaga,
} from './auth.saga';
import { configActions } from '@shared/config/config';

vi.mock('@lib/notify', () => ({ notify: vi.fn() }));

describe('login chain', () => {
  let log: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    log = recordRequests();
  });
  afterEach(() => log.stop());

  it('recovery with LOG_PAS 1 shows the update form and does not authorize', async () => {
    server.use(http.post('/api/auth/recovery.json', () => ok([{ LOG_PAS: 1 }])));
    const actions = await recordSaga(loginSaga, {}, authActions.loginRequested({ login: 'freshman', password: 'Freshman2026' }));
    expect(actions).toEqual([authActions.recoveryChecked(1), authActions.updateRequired({ login: 'freshman' })]);
    expect(log.requests).toEqual([{ method: 'POST', path: '/api/auth/recovery.json', body: { oldlog: 'freshman', oldpas: 'Freshman2026' } }]);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('LOG_PAS 0 → orize; on success token/uid/role are cleared first, then token, uid, role and fio stored', async () => {
    localStorage.setItem('uid', '1');
    localStorage.setItem('role', '9');
    localStorage.setItem('lang', 'kg');
    let tokenAtOrize: string | null = null;
    server.use(
      http.post('/api/auth/recovery.json', () => ok([{ LOG_PAS: 0 }])),
      http.post('/api/auth/orize.json', () => {
        tokenAtOrize = localStorage.getItem('token');
        return ok(teacher);
      }),
    );
    const setSpy = vi.spyOn(Storage.prototype, 'setItem');
    const removeSpy = vi.spyOn(Storage.prototype, 'removeItem');

    const actions = await recordSaga(loginSaga, {}, authActions.loginRequested({ login: 'teacher', password: 'Teacher2026' }));

    expect(types(actions)).toEqual(['auth/recoveryChecked', 'session/started', 'auth/loginSucceeded']);
    expect(actions[1]).toEqual(sessionStarted(teacher));
    expect(log.paths()).toEqual(['/api/auth/recovery.json', '/api/auth/orize.json']);
    expect(log.requests[1].body).toEqual({ login: 'teacher', password: 'Teacher2026' });
    // A fresh random marker was in place during orize and is the one kept.
    expect(tokenAtOrize).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(localStorage.getItem('token')).toBe(tokenAtOrize);
    expect(localStorage.getItem('uid')).toBe('501');
    expect(localStorage.getItem('role')).toBe('1');
    expect(localStorage.getItem('fio')).toBe('Асанов Б. К.');
    expect(localStorage.getItem('lang')).toBe('kg');
    // Order after orize: token, uid, role removed before the final values are written.
    const order = [
      ...removeSpy.mock.calls.map((c, i) => ({ op: `remove:${c[0]}`, at: removeSpy.mock.invocationCallOrder[i] })),
      ...setSpy.mock.calls.map((c, i) => ({ op: `set:${c[0]}`, at: setSpy.mock.invocationCallOrder[i] })),
    ]
      .sort((a, b) => a.at - b.at)
      .map((c) => c.op);
    const afterOrize = order.slice(order.indexOf('set:token') + 1);
    expect(afterOrize).toEqual(['remove:token', 'remove:uid', 'remove:role', 'set:token', 'set:uid', 'set:role', 'set:fio']);
    setSpy.mockRestore();
    removeSpy.mockRestore();
  });

  it('wrong credentials: recovery 401 → loginFailed, nothing stored', async () => {
    server.use(http.post('/api/auth/recovery.json', () => fail(401, 'BAD_CREDENTIALS', 'Неверное имя пользователя или пароль')));
    const actions = await recordSaga(loginSaga, {}, authActions.loginRequested({ login: 'teacher', password: 'nope' }));
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ type: 'auth/loginFailed', payload: { status: 401, error: { code: 'BAD_CREDENTIALS' } } });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('orize refusing with 401 removes the marker token', async () => {
    server.use(
      http.post('/api/auth/recovery.json', () => ok([{ LOG_PAS: 0 }])),
      http.post('/api/auth/orize.json', () => fail(401, 'BAD_CREDENTIALS')),
    );
    const actions = await recordSaga(loginSaga, {}, authActions.loginRequested({ login: 'teacher', password: 'x12' }));
    expect(types(actions)).toEqual(['auth/recoveryChecked', 'auth/loginFailed']);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('403 CREDENTIALS_UPDATE_REQUIRED from orize shows the update form', async () => {
    server.use(
      http.post('/api/auth/recovery.json', () => ok([{ LOG_PAS: 0 }])),
      http.post('/api/auth/orize.json', () => fail(403, 'CREDENTIALS_UPDATE_REQUIRED')),
    );
    const actions = await recordSaga(loginSaga, {}, authActions.loginRequested({ login: 'freshman', password: 'Freshman2026' }));
    expect(actions.at(-1)).toEqual(authActions.updateRequired({ login: 'freshman' }));
  });

  it('429 keeps the Retry-After for the message', async () => {
    server.use(http.post('/api/auth/recovery.json', () => fail(429, 'TOO_MANY_REQUESTS', 'slow down', undefined, { 'Retry-After': '300' })));
    const actions = await recordSaga(loginSaga, {}, authActions.loginRequested({ login: 'teacher', password: 'x12' }));
    expect(actions[0]).toMatchObject({ type: 'auth/loginFailed', payload: { status: 429, retryAfter: 300 } });
  });

  it('update: updatelogin succeeds, then signs in with the new credentials', async () => {
    server.use(
      http.post('/api/auth/updatelogin.json', () => ok({ changed: true }, 'Логин и пароль изменены')),
      http.post('/api/auth/orize.json', () => ok(student)),
    );
    const body = { oldlog: 'freshman', oldpas: 'Freshman2026', newlog: 'aiperi', newpas: 'NewPass2026' };
    const actions = await recordSaga(updateSaga, {}, authActions.updateRequested(body));
    expect(types(actions)).toEqual(['auth/updateSucceeded', 'session/started', 'auth/loginSucceeded']);
    expect(log.requests.map((r) => [r.path, r.body])).toEqual([
      ['/api/auth/updatelogin.json', body],
      ['/api/auth/orize.json', { login: 'aiperi', password: 'NewPass2026' }],
    ]);
  });

  it('update: a refusal keeps the server message and signs nobody in', async () => {
    server.use(http.post('/api/auth/updatelogin.json', () => fail(409, 'LOGIN_TAKEN', 'Этот логин уже занят')));
    const actions = await recordSaga(updateSaga, {}, authActions.updateRequested({ oldlog: 'a12', oldpas: 'b12', newlog: 'teacher', newpas: 'Pass1234' }));
    expect(actions).toEqual([
      authActions.updateFailed({ ok: false, problem: 'CLIENT_ERROR', status: 409, error: { code: 'LOGIN_TAKEN', message: 'Этот логин уже занят' } }),
    ]);
    expect(log.paths()).toEqual(['/api/auth/updatelogin.json']);
  });
});

describe('boot', () => {
  it('without a token the session is simply absent (no call)', async () => {
    const log = recordRequests();
    const actions = await recordSaga(bootSaga);
    log.stop();
    expect(actions).toEqual([sessionEnded({ reason: 'none' })]);
    expect(log.requests).toEqual([]);
  });

  it('a signed-in page that arrived with its user starts the session without a call, even without a token', async () => {
    const script = Object.assign(document.createElement('script'), { type: 'application/json', id: PAGE_DATA_ELEMENT_ID });
    script.textContent = JSON.stringify({ lang: 'ru', user: student });
    document.body.append(script);
    rereadPageData();
    const log = recordRequests();
    const actions = await recordSaga(bootSaga);
    log.stop();
    rereadPageData();
    expect(actions).toEqual([sessionStarted(student)]);
    expect(log.requests).toEqual([]);
    expect(localStorage.getItem('token')).toBeTruthy();
    expect(localStorage.getItem('uid')).toBe('9001');
  });

  it('with a token: enticate returns the user, who is stored and started', async () => {
    localStorage.setItem('token', 'marker-1');
    let body: unknown;
    server.use(
      http.post('/api/auth/enticate.json', async ({ request }) => {
        body = await request.json();
        return ok(student);
      }),
    );
    const actions = await recordSaga(bootSaga);
    expect(body).toEqual({ token: 'marker-1' });
    expect(actions).toEqual([sessionCheckStarted(), sessionStarted(student)]);
    expect(localStorage.getItem('token')).toBe('marker-1');
    expect(localStorage.getItem('uid')).toBe('9001');
  });

  it('with a token but 401: storage is cleared (language kept) and the login asks for credentials', async () => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem('fio', 'Асанов Б. К.');
    localStorage.setItem('lang', 'en');
    server.use(http.post('/api/auth/enticate.json', () => fail(401, 'UNAUTHORIZED')));
    const actions = await recordSaga(bootSaga);
    expect(actions).toEqual([sessionCheckStarted(), sessionEnded({ reason: 'expired', message: ENTER_CREDENTIALS_KEY })]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('fio')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en');
  });

  it('with a token but no server: unreachable (→ offline page), the token stays', async () => {
    localStorage.setItem('token', 'kept');
    server.use(http.post('/api/auth/enticate.json', () => HttpResponse.error()));
    const actions = await recordSaga(bootSaga);
    expect(actions).toEqual([sessionCheckStarted(), sessionUnreachable()]);
    expect(localStorage.getItem('token')).toBe('kept');
  });
});

describe('logout and Google', () => {
  it('logout calls the server, clears all storage but the language and ends the session', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('uid', '501');
    localStorage.setItem('schedule', '[]');
    localStorage.setItem('lang', 'kg');
    let body: unknown;
    server.use(
      http.post('/api/auth/logout.json', async ({ request }) => {
        body = await request.json();
        return ok(null);
      }),
    );
    const actions = await recordSaga(logoutSaga);
    expect(body).toEqual({ logout: true });
    expect(actions).toEqual([sessionEnded({ reason: 'logout' })]);
    expect(Object.keys({ ...localStorage })).toEqual(['lang']);
    expect(localStorage.getItem('lang')).toBe('kg');
  });

  it('logout still forgets the session when the server is unreachable', async () => {
    localStorage.setItem('token', 't');
    server.use(http.post('/api/auth/logout.json', () => HttpResponse.error()));
    const actions = await recordSaga(logoutSaga);
    expect(types(actions)).toEqual(['session/ended']);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('Google check: enabled only when data[0].OAu is true', async () => {
    server.use(http.get('/api/google/check.json', () => ok([{ OAu: true }])));
    expect(await recordSaga(googleCheckSaga)).toEqual([authActions.googleCheckFinished(true)]);
    server.use(http.get('/api/google/check.json', () => ok([{ OAu: false }])));
    expect(await recordSaga(googleCheckSaga)).toEqual([authActions.googleCheckFinished(false)]);
    server.use(http.get('/api/google/check.json', () => HttpResponse.error()));
    expect(await recordSaga(googleCheckSaga)).toEqual([authActions.googleCheckFinished(false)]);
  });

  it("university provider: the login page's answer, null (off) included, without a request; else /config.json's, kept as the configuration", async () => {
    const named = { name: { ru: 'ЕИС', en: null, kg: null } };
    for (const oidcSignIn of [named, null]) {
      const script = Object.assign(document.createElement('script'), { type: 'application/json', id: PAGE_DATA_ELEMENT_ID });
      script.textContent = JSON.stringify({ lang: 'ru', login: { googleSignIn: false, oidcSignIn } });
      document.body.append(script);
      rereadPageData();
      const log = recordRequests();
      expect(await recordSaga(oidcCheckSaga)).toEqual([authActions.oidcCheckFinished(oidcSignIn)]);
      log.stop();
      rereadPageData();
      expect(log.requests).toEqual([]);
    }
    const config = { version: '1', maxSizeMb: 25, passwordMinLength: 8, googleEnabled: false, oidc: named, cardPayment: false, sessionIdleMinutes: 30 };
    server.use(http.get('/config.json', () => ok(config)));
    expect(await recordSaga(oidcCheckSaga)).toEqual([configActions.loadSucceeded(config), authActions.oidcCheckFinished(named)]);
    server.use(http.get('/config.json', () => HttpResponse.error()));
    expect((await recordSaga(oidcCheckSaga)).at(-1)).toEqual(authActions.oidcCheckFinished(null));
  });

  it('university provider return (?oidc=ok): enticate gives the user of the new session; without one it fails', async () => {
    server.use(http.post('/api/auth/enticate.json', () => ok(teacher)));
    expect(await recordSaga(oidcReturnSaga)).toEqual([sessionStarted(teacher), authActions.oidcReturnSucceeded()]);
    expect(localStorage.getItem('token')).toBeTruthy();
    localStorage.clear();
    server.use(http.post('/api/auth/enticate.json', () => fail(401, 'UNAUTHORIZED')));
    expect(types(await recordSaga(oidcReturnSaga))).toEqual(['auth/oidcReturnFailed']);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('Google return (?gauth=ok): checkgauth gives the user, a marker token is stored', async () => {
    server.use(http.get('/api/auth/checkgauth.json', () => ok(teacher)));
    const actions = await recordSaga(googleReturnSaga);
    expect(actions).toEqual([sessionStarted(teacher), authActions.googleReturnSucceeded()]);
    expect(localStorage.getItem('token')).toBeTruthy();
    expect(localStorage.getItem('role')).toBe('1');
  });

  it('Google return without a session fails', async () => {
    server.use(http.get('/api/auth/checkgauth.json', () => fail(401, 'UNAUTHORIZED')));
    const actions = await recordSaga(googleReturnSaga);
    expect(types(actions)).toEqual(['auth/googleReturnFailed']);
    expect(localStorage.getItem('token')).toBeNull();
  });
});
