import { describe, expect, it, vi } from 'vitest';
import { initialSessionState, sessionStarted } from '@shared/session/session';
import { recordSaga, types } from '../../test/saga';
import { fail, http, ok, recordRequests, server, teacher } from '../../test/server';
import { configActions } from '@shared/config/config';
import { changeSaga, loginChangeSaga, openedSaga } from './password.saga';
import { initialPasswordState, passwordActions, passwordReducer } from './password.slice';

vi.mock('@lib/notify', () => ({ notify: vi.fn() }));

const signedIn = { session: { ...initialSessionState, status: 'authenticated', user: teacher } };

describe('password slice', () => {
  it('a request clears the previous result', () => {
    let state = passwordReducer(initialPasswordState, passwordActions.changeSucceeded());
    expect(state.change.data).toBe(true);
    state = passwordReducer(state, passwordActions.changeRequested({ password: 'a', newPassword: 'b' }));
    expect(state.change).toEqual({ fetching: true, error: null, data: false, loaded: false });
  });
});

describe('password sagas', () => {
  it('opened: the config (the password policy) loads when nobody has loaded it, and not again', async () => {
    expect(await recordSaga(openedSaga, { ...signedIn, config: { data: null, fetching: false, error: null } })).toEqual([configActions.loadRequested()]);
    expect(await recordSaga(openedSaga, { ...signedIn, config: { data: { passwordMinLength: 8 }, fetching: false, error: null } })).toEqual([]);
  });

  it('change: POST /api/passwd/reset.json with the user uid and role', async () => {
    const log = recordRequests();
    server.use(http.post('/api/passwd/reset.json', () => ok({ changed: true }, 'Password changed successfully')));
    const actions = await recordSaga(changeSaga, signedIn, passwordActions.changeRequested({ password: 'Teacher2026', newPassword: 'Teacher2027' }));
    log.stop();
    expect(actions).toEqual([passwordActions.changeSucceeded()]);
    expect(log.requests[0].body).toEqual({ password: 'Teacher2026', newPassword: 'Teacher2027', uid: 501, role: 1 });
  });

  it('change: a wrong old password fails with the server reason', async () => {
    server.use(http.post('/api/passwd/reset.json', () => fail(400, 'WRONG_PASSWORD', 'wrong')));
    const [action] = await recordSaga(changeSaga, signedIn, passwordActions.changeRequested({ password: 'x', newPassword: 'Teacher2027' }));
    expect(action).toMatchObject({ type: 'password/changeFailed', payload: { error: { code: 'WRONG_PASSWORD' } } });
  });

  it('login change: updatelogin with the current login, then orize with the new credentials', async () => {
    const log = recordRequests();
    const renamed = { ...teacher, login: 'bakyt' };
    server.use(
      http.post('/api/auth/updatelogin.json', () => ok({ changed: true }, 'Логин и пароль изменены')),
      http.post('/api/auth/orize.json', () => ok(renamed)),
    );
    const actions = await recordSaga(
      loginChangeSaga,
      signedIn,
      passwordActions.loginChangeRequested({ password: 'Teacher2026', newlog: 'bakyt', newpas: 'Bakyt2026' }),
    );
    log.stop();
    expect(actions).toEqual([sessionStarted(renamed), passwordActions.loginChangeSucceeded()]);
    expect(log.requests.map((r) => [r.path, r.body])).toEqual([
      ['/api/auth/updatelogin.json', { oldlog: 'teacher', oldpas: 'Teacher2026', newlog: 'bakyt', newpas: 'Bakyt2026' }],
      ['/api/auth/orize.json', { login: 'bakyt', password: 'Bakyt2026' }],
    ]);
    expect(localStorage.getItem('token')).toBeTruthy();
  });

  it('login change: a refused update signs nobody in again', async () => {
    server.use(http.post('/api/auth/updatelogin.json', () => fail(409, 'LOGIN_TAKEN')));
    const actions = await recordSaga(
      loginChangeSaga,
      signedIn,
      passwordActions.loginChangeRequested({ password: 'Teacher2026', newlog: 'student', newpas: 'Bakyt2026' }),
    );
    expect(types(actions)).toEqual(['password/loginChangeFailed']);
  });
});
