/**
 * Login flow (docs/areas/auth.md#for-users): recovery check → LOG_PAS 1 forced update / LOG_PAS 0 orize; boot by enticate;
 * Google return; the university provider's return (the session is a password sign-in's: enticate gives its user); logout. Every call goes through api/auth.ts and ends in a success or failure action. The
 * session check at start and the logout are the session's actions (shared/session/session.ts), which the
 * shell dispatches: this saga carries them out.
 */
import { call, put, select } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { RecoveryRow, User } from '@contract/auth';
import { authApi, type GoogleCheckRow } from '@api/auth';
import { configApi } from '@api/config';
import { isPassingFailure, type Failure, type Result } from '@api/http';
import {
  SESSION_ENDED_MESSAGE,
  sessionCheckRequested,
  sessionCheckStarted,
  sessionEnded,
  sessionLogoutRequested,
  sessionUnreachable,
  selectUser,
} from '@shared/session/session';
import { hasLoginData, takeLoginData, takePageData, takePageUser } from '@shared/session/pageData';
import { configActions } from '@shared/config/config';
import { enterSession, signIn } from '@shared/session/signIn';
import { NO_DATA, request } from '@shared/request/request.saga';
import { clearAllExceptLang, newToken, readToken } from '@lib/storage';
import { authActions, type CredentialUpdate, type Credentials } from './auth.slice';

/** Translation key shown when a token is present but the server knows no user (docs/areas/auth.md#for-users). */
export const ENTER_CREDENTIALS_KEY = SESSION_ENDED_MESSAGE;

function needsUpdate(result: Failure): boolean {
  return result.status === 403 && result.error?.code === 'CREDENTIALS_UPDATE_REQUIRED';
}

/** orize with the given credentials; puts loginSucceeded or loginFailed / updateRequired. */
function* authorize(login: string, password: string) {
  const result = (yield* signIn(login, password)) as Result<User>;
  if (result.ok) yield put(authActions.loginSucceeded(result.data));
  else if (needsUpdate(result)) yield put(authActions.updateRequired({ login }));
  else yield put(authActions.loginFailed(result));
}

export function* loginSaga(action: PayloadAction<Credentials>) {
  const { login, password } = action.payload;
  const check = (yield call(authApi.recovery, { oldlog: login, oldpas: password })) as Result<RecoveryRow[]>;
  if (!check.ok) {
    if (needsUpdate(check)) yield put(authActions.updateRequired({ login }));
    else yield put(authActions.loginFailed(check));
    return;
  }
  const flag = check.data?.[0]?.LOG_PAS === 1 ? 1 : 0;
  yield put(authActions.recoveryChecked(flag));
  if (flag === 1) {
    yield put(authActions.updateRequired({ login }));
    return;
  }
  yield* authorize(login, password);
}

export function* updateSaga(action: PayloadAction<CredentialUpdate>) {
  const body = action.payload;
  // The reply's sms ('Логин и пароль изменены') is shown as a toast by the API layer.
  const result = yield* request(authApi.updateLogin, [body], {
    succeeded: (data) => (data?.changed ? authActions.updateSucceeded() : authActions.updateFailed(NO_DATA)),
    failed: authActions.updateFailed,
  });
  if (result.ok && result.data?.changed) yield* authorize(body.newlog, body.newpas);
}

export function* bootSaga() {
  // Starting without a network: the offline page (docs/areas/auth.md#for-users).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    yield put(sessionUnreachable());
    return;
  }
  // A signed-in page arrives with its user (shared/session/pageData.ts): the server has just checked
  // the session, so the client enters it without asking again.
  const pageUser = takePageUser();
  if (pageUser) {
    const refused = (yield* enterSession(pageUser, readToken() ?? newToken())) as Failure | null;
    if (!refused) return;
  }
  const token = readToken();
  if (!token) {
    yield put(sessionEnded({ reason: 'none' }));
    return;
  }
  yield put(sessionCheckStarted());
  const result = (yield call(authApi.authenticate, token)) as Result<User>;
  if (result.ok) {
    const refused = (yield* enterSession(result.data, token)) as Failure | null;
    if (refused) {
      yield call(clearAllExceptLang);
      yield put(sessionEnded({ reason: 'expired', message: ENTER_CREDENTIALS_KEY }));
    }
    return;
  }
  if (result.status === 401 || result.status === 403) {
    yield call(clearAllExceptLang);
    yield put(sessionEnded({ reason: 'expired', message: ENTER_CREDENTIALS_KEY }));
    return;
  }
  if (isPassingFailure(result)) {
    yield put(sessionUnreachable());
    return;
  }
  yield put(sessionEnded({ reason: 'none' }));
}

export function* googleReturnSaga() {
  const result = (yield call(authApi.checkGoogleAuth)) as Result<User>;
  if (!result.ok) {
    yield put(authActions.googleReturnFailed(result));
    return;
  }
  const refused = (yield* enterSession(result.data, newToken())) as Failure | null;
  if (refused) yield put(authActions.googleReturnFailed(refused));
  else yield put(authActions.googleReturnSucceeded());
}

export function* googleCheckSaga() {
  // The sign-in page arrives with the answer (config.page.ts on the server).
  const arrived = takeLoginData('googleSignIn');
  if (arrived !== null) {
    yield put(authActions.googleCheckFinished(arrived));
    return;
  }
  const result = (yield call(authApi.googleCheck)) as Result<GoogleCheckRow[]>;
  yield put(authActions.googleCheckFinished(result.ok && result.data?.[0]?.OAu === true));
}

export function* oidcReturnSaga() {
  const token = newToken();
  const result = (yield call(authApi.authenticate, token)) as Result<User>;
  if (!result.ok) {
    yield put(authActions.oidcReturnFailed(result));
    return;
  }
  const refused = (yield* enterSession(result.data, token)) as Failure | null;
  if (refused) yield put(authActions.oidcReturnFailed(refused));
  else yield put(authActions.oidcReturnSucceeded());
}

export function* oidcCheckSaga() {
  // The sign-in page arrives with the answer (config.page.ts on the server), null when off.
  if (hasLoginData('oidcSignIn')) {
    yield put(authActions.oidcCheckFinished(takeLoginData('oidcSignIn')));
    return;
  }
  // Else /config.json's: kept in the configuration's state too, which the screen then need not ask for.
  const result = yield* request(configApi.config, [], { succeeded: configActions.loadSucceeded, failed: configActions.loadFailed });
  yield put(authActions.oidcCheckFinished(result.ok ? (result.data?.oidc ?? null) : null));
}

export function* logoSaga() {
  // The sign-in page's card, or a page with signed-in data, arrived with it (contract/page.ts).
  const user = (yield select(selectUser)) as User | null;
  const arrived = takeLoginData('logo') ?? (user ? takePageData('logo', user.id) : null);
  if (arrived !== null) {
    yield put(authActions.logoSucceeded(arrived));
    return;
  }
  yield* request(configApi.logo, [], { succeeded: authActions.logoSucceeded, failed: authActions.logoFailed });
}

export function* logoutSaga() {
  // Whatever the server answers, the client forgets the session.
  yield call(authApi.logout);
  yield call(clearAllExceptLang);
  yield put(sessionEnded({ reason: 'logout' }));
}

export const authSaga = rootSaga({
  latest: [
    [sessionCheckRequested, bootSaga],
    [authActions.loginRequested, loginSaga],
    [authActions.updateRequested, updateSaga],
    [authActions.googleReturnRequested, googleReturnSaga],
    [authActions.googleCheckRequested, googleCheckSaga],
    [authActions.oidcReturnRequested, oidcReturnSaga],
    [authActions.oidcCheckRequested, oidcCheckSaga],
    [authActions.logoRequested, logoSaga],
    [sessionLogoutRequested, logoutSaga],
  ],
});
