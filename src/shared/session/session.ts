/**
 * The session, shared by every area: who is signed in, and the cross-area events every slice may
 * react to, among them what the shell asks of the session (check it at start, log out), which the
 * auth area's saga carries out. Features import these actions and selectors; this file imports no feature.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { call, takeEvery } from 'redux-saga/effects';
import type { User } from '@contract/auth';
import { clearAllExceptLang } from '@lib/storage';

export type SessionStatus = 'idle' | 'checking' | 'anonymous' | 'authenticated' | 'unreachable';
export type SessionEndReason = 'none' | 'expired' | 'logout';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** Why the last session ended (the login screen returns to the old page only after an expiry). */
  endReason: SessionEndReason | null;
  /** Translation key (namespace auth) of a notice for the login screen. */
  message: string | null;
  /** A logout asked for is under way, until the session ends (absent: none). */
  loggingOut?: boolean;
}

/** The notice (namespace auth) the login screen shows after the session ended: enter the login and password. */
export const SESSION_ENDED_MESSAGE = 'login.enterCredentials';

export const initialSessionState: SessionState = { status: 'idle', user: null, endReason: null, message: null, loggingOut: false };

/** The page has started: find out whether a session is open (the auth area's saga checks it and puts started or ended). */
export const sessionCheckRequested = createAction('session/checkRequested');
/** A signed-in user is known (after orize, enticate or the Google return). Areas load their data. */
export const sessionStarted = createAction<User>('session/started');
/** The session is over (logout, 401, or none at boot). Every area resets. */
export const sessionEnded = createAction<{ reason: SessionEndReason; message?: string }>('session/ended');

const slice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    checkStarted(state) {
      state.status = 'checking';
      state.message = null;
    },
    /** The server could not be reached while checking the session. */
    unreachable(state) {
      state.status = 'unreachable';
    },
    messageCleared(state) {
      state.message = null;
    },
    /** The user asked to log out (the auth area's saga tells the server, then the session ends). */
    logoutRequested(state) {
      state.loggingOut = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (state, action: PayloadAction<User>) => {
        state.status = 'authenticated';
        state.user = action.payload;
        state.endReason = null;
        state.message = null;
      })
      .addCase(sessionEnded, (state, action) => {
        state.status = 'anonymous';
        state.user = null;
        state.endReason = action.payload.reason;
        state.message = action.payload.message ?? null;
        state.loggingOut = false;
      });
  },
});

export const {
  checkStarted: sessionCheckStarted,
  unreachable: sessionUnreachable,
  messageCleared: sessionMessageCleared,
  logoutRequested: sessionLogoutRequested,
} = slice.actions;
export const sessionReducer = slice.reducer;

type WithSession = { session: SessionState };
export const selectSession = (state: WithSession) => state.session;
export const selectUser = (state: WithSession) => state.session.user;
export const selectSessionStatus = (state: WithSession) => state.session.status;
export const selectLoggingOut = (state: WithSession) => state.session.loggingOut === true;

/** Whatever ended the session, the client forgets the user (the language stays). */
export function* sessionSaga() {
  yield takeEvery(sessionEnded.type, function* () {
    yield call(clearAllExceptLang);
  });
}
