/** Password change (POST /api/passwd/reset.json) and login change (updatelogin → orize). */
import { put, select } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@contract/auth';
import { authApi } from '@api/auth';
import { passwordApi } from './password.api';
import type { Result } from '@api/http';
import type { AppConfig } from '@contract/config';
import { configActions, selectConfig } from '@shared/config/config';
import { request, requireUser } from '@shared/request/request.saga';
import { SESSION_ENDED_MESSAGE, sessionEnded } from '@shared/session/session';
import { signIn } from '@shared/session/signIn';
import { passwordActions, type LoginChange, type PasswordChange } from './password.slice';

/** The screen is shown: the config (the password policy) loads unless it has already. */
export function* openedSaga() {
  const config = (yield select(selectConfig)) as AppConfig | null;
  if (!config) yield put(configActions.loadRequested());
}

export function* changeSaga(action: PayloadAction<PasswordChange>) {
  const user = (yield* requireUser(passwordActions.changeFailed)) as User | null;
  if (!user) return;
  const { password, newPassword } = action.payload;
  yield* request(passwordApi.reset, [{ password, newPassword, uid: user.uid, role: user.role }], {
    succeeded: () => passwordActions.changeSucceeded(),
    failed: passwordActions.changeFailed,
  });
}

/** updatelogin revokes every session of the account, so the user signs in again with the new credentials. */
export function* loginChangeSaga(action: PayloadAction<LoginChange>) {
  const user = (yield* requireUser(passwordActions.loginChangeFailed)) as User | null;
  if (!user) return;
  const { password, newlog, newpas } = action.payload;
  const update = yield* request(authApi.updateLogin, [{ oldlog: user.login, oldpas: password, newlog, newpas }, { toast: false }], {
    failed: passwordActions.loginChangeFailed,
  });
  if (!update.ok) return;
  const login = (yield* signIn(newlog, newpas)) as Result<User>;
  if (login.ok) {
    yield put(passwordActions.loginChangeSucceeded());
    return;
  }
  yield put(passwordActions.loginChangeFailed(login));
  // The old session is already revoked: without the new sign-in the user must log in again.
  yield put(sessionEnded({ reason: 'expired', message: SESSION_ENDED_MESSAGE }));
}

export const passwordSaga = rootSaga({
  latest: [
    [passwordActions.opened, openedSaga],
    [passwordActions.changeRequested, changeSaga],
    [passwordActions.loginChangeRequested, loginChangeSaga],
  ],
});
