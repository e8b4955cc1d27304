/** Password change (POST /api/passwd/reset.json) and login change (updatelogin → orize). */
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../../contract/auth';
import { authApi } from '../../api/auth';
import { profileApi } from '../../api/profile';
import type { Failure, Result } from '../../api/problem';
import { selectUser, sessionEnded } from '../../app/session';
import { signIn } from '../../app/signIn';
import { passwordActions, type LoginChange, type PasswordChange } from './password.slice';

const noSession = (): Failure => ({
  ok: false,
  problem: 'CLIENT_ERROR',
  status: 401,
  error: { code: 'UNAUTHORIZED', message: '' },
});

export function* changeSaga(action: PayloadAction<PasswordChange>) {
  const user: User | null = yield select(selectUser);
  if (!user) {
    yield put(passwordActions.changeFailed(noSession()));
    return;
  }
  const result = (yield call(profileApi.resetPassword, {
    password: action.payload.password,
    newPassword: action.payload.newPassword,
    uid: user.uid,
    role: user.role,
  })) as Result<{ changed: true }>;
  if (result.ok) yield put(passwordActions.changeSucceeded());
  else yield put(passwordActions.changeFailed(result));
}

/** updatelogin revokes every session of the account, so the user signs in again with the new credentials. */
export function* loginChangeSaga(action: PayloadAction<LoginChange>) {
  const user: User | null = yield select(selectUser);
  if (!user) {
    yield put(passwordActions.loginChangeFailed(noSession()));
    return;
  }
  const { password, newlog, newpas } = action.payload;
  const update = (yield call(authApi.updateLogin, {
    oldlog: user.login,
    oldpas: password,
    newlog,
    newpas,
  }, { toast: false })) as Result<{ changed: true }>;
  if (!update.ok) {
    yield put(passwordActions.loginChangeFailed(update));
    return;
  }
  const login = (yield* signIn(newlog, newpas)) as Result<User>;
  if (login.ok) {
    yield put(passwordActions.loginChangeSucceeded());
    return;
  }
  yield put(passwordActions.loginChangeFailed(login));
  // The old session is already revoked: without the new sign-in the user must log in again.
  yield put(sessionEnded({ reason: 'expired', message: 'login.enterCredentials' }));
}

export function* passwordSaga() {
  yield all([
    takeLatest(passwordActions.changeRequested.type, changeSaga),
    takeLatest(passwordActions.loginChangeRequested.type, loginChangeSaga),
  ]);
}
