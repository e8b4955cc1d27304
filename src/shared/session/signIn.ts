/**
 * The sign-in sequence shared by the login screen and the login-change screen (docs/areas/auth.md#for-users):
 * a fresh random marker goes to localStorage `token`, POST orize.json, then on success the old
 * token/uid/role entries are cleared first and token, uid, role and fio stored; only roles 1 and 2
 * enter. The caller puts its own success or failure; `session/started` is put here.
 */
import { call, put } from 'redux-saga/effects';
import type { User } from '@contract/auth';
import { authApi } from '@api/auth';
import type { Failure, Result } from '@api/http';
import { clearAuthKeys, newToken, removeItem, STORAGE_KEYS, storeSession, writeItem } from '@lib/storage';
import { refusal } from '../request/request.saga';
import { ROLES } from '../request/roles';
import { sessionStarted } from './session';

/** The failure of a sign-in by a role that may not enter (what the server answers such a caller: 403). */
export const roleRefused = (): Failure => refusal(403, 'FORBIDDEN', 'Role not allowed');

/** Stores the user and announces the session. Returns a failure for roles that may not enter. */
export function* enterSession(user: User, token: string): Generator<unknown, Failure | null, unknown> {
  yield call(clearAuthKeys);
  if (!ROLES.includes(user.role)) return roleRefused();
  yield call(storeSession, { token, uid: user.uid, role: user.role, fio: user.shortName });
  yield put(sessionStarted(user));
  return null;
}

export function* signIn(login: string, password: string): Generator<unknown, Result<User>, unknown> {
  const token = newToken();
  yield call(writeItem, STORAGE_KEYS.token, token);
  const result = (yield call(authApi.authorize, { login, password })) as Result<User>;
  if (!result.ok) {
    yield call(removeItem, STORAGE_KEYS.token);
    return result;
  }
  const refused = (yield* enterSession(result.data, token)) as Failure | null;
  return refused ?? result;
}
