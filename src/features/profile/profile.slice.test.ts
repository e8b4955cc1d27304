import { describe, expect, it } from 'vitest';
import { sessionEnded } from '@shared/session/session';
import type { Failure } from '@api/http';
import { initialProfileState, profileActions, profileReducer } from './profile.slice';

const failure: Failure = { ok: false, problem: 'SERVER_ERROR', status: 500, error: null };

describe('profile slice', () => {
  it('a photo request clears the old photo; failure keeps the error', () => {
    let state = profileReducer(initialProfileState, profileActions.photoSucceeded('data:image/png;base64,AA=='));
    state = profileReducer(state, profileActions.photoRequested());
    expect(state.photo).toEqual({ fetching: true, error: null, data: null, loaded: false });
    state = profileReducer(state, profileActions.photoFailed(failure));
    expect(state.photo).toEqual({ fetching: false, error: failure, data: null, loaded: false });
  });

  it('data, position and apps follow request → success / failure with flags', () => {
    let state = profileReducer(initialProfileState, profileActions.appsRequested());
    expect(state.apps.fetching).toBe(true);
    state = profileReducer(state, profileActions.appsFailed(failure));
    expect(state.apps).toEqual({ fetching: false, error: failure, data: [], loaded: false });
    state = profileReducer(state, profileActions.positionRequested());
    state = profileReducer(state, profileActions.positionSucceeded({ position: 'Доцент', department: null }));
    expect(state.position).toEqual({ fetching: false, error: null, data: { position: 'Доцент', department: null }, loaded: true });
    state = profileReducer(state, profileActions.dataRequested());
    expect(state.data).toEqual({ fetching: true, error: null, data: null, loaded: false });
  });

  it('resets when the session ends', () => {
    const state = profileReducer(profileReducer(initialProfileState, profileActions.photoSucceeded('x')), sessionEnded({ reason: 'logout' }));
    expect(state).toEqual(initialProfileState);
  });
});
