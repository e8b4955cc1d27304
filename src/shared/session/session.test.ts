import { describe, expect, it } from 'vitest';
import { teacher } from '../../test/server';
import { initialSessionState, selectLoggingOut, sessionEnded, sessionLogoutRequested, sessionReducer, sessionStarted } from './session';

describe('the session', () => {
  it('a logout asked for is under way until the session ends (the logout buttons are disabled meanwhile)', () => {
    let state = sessionReducer(initialSessionState, sessionStarted(teacher));
    expect(selectLoggingOut({ session: state })).toBe(false);
    state = sessionReducer(state, sessionLogoutRequested());
    expect(selectLoggingOut({ session: state })).toBe(true);
    expect(state.status).toBe('authenticated');
    state = sessionReducer(state, sessionEnded({ reason: 'logout' }));
    expect(selectLoggingOut({ session: state })).toBe(false);
    expect(state).toMatchObject({ status: 'anonymous', user: null, endReason: 'logout' });
  });
});
