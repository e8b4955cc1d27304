import { describe, expect, it } from 'vitest';
import { sessionEnded } from '@shared/session/session';
import type { Failure } from '@api/http';
import { authActions, authReducer, initialAuthState } from './auth.slice';

const failure: Failure = { ok: false, problem: 'CLIENT_ERROR', status: 401, error: { code: 'BAD_CREDENTIALS', message: 'bad' } };

describe('auth slice', () => {
  it('a login request sets fetching and clears the previous error and Google outcome', () => {
    let state = authReducer(initialAuthState, authActions.loginFailed(failure));
    state = authReducer(state, authActions.googleOutcomeReceived('unlinked'));
    state = authReducer(state, authActions.loginRequested({ login: 'abc', password: 'def' }));
    expect(state.login).toEqual({ data: null, fetching: true, error: null, loaded: false });
    expect(state.gauth.outcome).toBeNull();
  });

  it('a failure stops fetching and keeps the error', () => {
    const state = authReducer(authReducer(initialAuthState, authActions.loginRequested({ login: 'abc', password: 'def' })), authActions.loginFailed(failure));
    expect(state.login).toEqual({ data: null, fetching: false, error: failure, loaded: false });
  });

  it('LOG_PAS 1 shows the update form for that login; cancel goes back', () => {
    let state = authReducer(initialAuthState, authActions.updateRequired({ login: 'freshman' }));
    expect(state.update).toMatchObject({ required: true, login: 'freshman', fetching: false });
    state = authReducer(state, authActions.updateCancelled());
    expect(state.update.required).toBe(false);
  });

  it('an update request clears the old update error', () => {
    let state = authReducer(initialAuthState, authActions.updateRequired({ login: 'x' }));
    state = authReducer(state, authActions.updateFailed(failure));
    state = authReducer(state, authActions.updateRequested({ oldlog: 'a', oldpas: 'b', newlog: 'c', newpas: 'd' }));
    expect(state.update).toMatchObject({ fetching: true, error: null, required: true });
  });

  it('a logo request clears the old logo', () => {
    let state = authReducer(initialAuthState, authActions.logoSucceeded({ logo: '/l.svg', width: 70, name: 'U', fontsize: 14 }));
    state = authReducer(state, authActions.logoRequested('kg'));
    expect(state.logo).toEqual({ data: null, fetching: true, error: null, language: 'kg', loaded: false });
  });

  it('clicking the error line clears every error', () => {
    let state = authReducer(initialAuthState, authActions.loginFailed(failure));
    state = authReducer(state, authActions.googleOutcomeReceived('failed'));
    state = authReducer(state, authActions.errorDismissed());
    expect(state.login.error).toBeNull();
    expect(state.gauth.outcome).toBeNull();
  });

  it('an ended session resets the flow but keeps the public logo and Google flag', () => {
    let state = authReducer(initialAuthState, authActions.logoSucceeded({ logo: '/l.svg', width: 70, name: 'U', fontsize: 14 }));
    state = authReducer(state, authActions.googleCheckFinished(true));
    state = authReducer(state, authActions.loginFailed(failure));
    state = authReducer(state, sessionEnded({ reason: 'logout' }));
    expect(state.login.error).toBeNull();
    expect(state.logo.data?.name).toBe('U');
    expect(state.google.enabled).toBe(true);
  });
});
