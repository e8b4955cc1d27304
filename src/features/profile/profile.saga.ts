/**
 * Profile loads. After sign-in (session/started) the shell's data loads: photo, the
 * teacher's position and the apps; the profile screen dispatches profile/opened for its card. Every
 * load reads the signed-in user from the state.
 */
import { call, fork, put, select, takeEvery } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@contract/auth';
import type { Photo } from '@contract/profile';
import { profileApi } from './profile.api';
import { settingsApi } from '@api/settings';
import { NO_DATA, request, requireUser } from '@shared/request/request.saga';
import { ROLE_TEACHER } from '@shared/request/roles';
import { takePageData } from '@shared/session/pageData';
import { selectUser, sessionStarted } from '@shared/session/session';
import { selectShell, shellActions } from '@shared/shell/shell.slice';
import type { Language } from '@contract/common';
import { removeItem, STORAGE_KEYS, writeItem } from '@lib/storage';
import { profileActions } from './profile.slice';

/** Photos above this size are not cached in localStorage. */
const PHOTO_CACHE_LIMIT = 200_000;

export function photoSrc(photo: Photo | null | undefined): string | null {
  if (!photo?.photo) return null;
  return `data:${photo.mime || 'image/jpeg'};base64,${photo.photo}`;
}

export function* openedSaga() {
  yield put(profileActions.dataRequested());
}

export function* dataSaga() {
  const user = (yield* requireUser(profileActions.dataFailed)) as User | null;
  if (!user) return;
  yield* request(profileApi.data, [{ uid: user.uid, role: user.role }], { succeeded: profileActions.dataSucceeded, failed: profileActions.dataFailed });
}

function* cachePhoto(photo: Photo) {
  const src = photoSrc(photo);
  if (src && src.length < PHOTO_CACHE_LIMIT) yield call(writeItem, STORAGE_KEYS.image, src);
  else yield call(removeItem, STORAGE_KEYS.image);
  yield put(profileActions.photoSucceeded(src));
}

export function* photoSaga() {
  try {
    const user = (yield* requireUser(profileActions.photoFailed)) as User | null;
    if (!user) return;
    // A page with signed-in data arrived with the photo, the position and the apps (contract/page.ts).
    const arrived = takePageData('photo', user.id);
    if (arrived) {
      yield* cachePhoto(arrived);
      return;
    }
    const result = yield* request(profileApi.photo, [{ uid: user.uid, role: user.role }], { failed: profileActions.photoFailed });
    if (result.ok) yield* cachePhoto(result.data);
  } catch {
    // docs/areas/profile.md#for-users: the photo load also catches thrown exceptions.
    yield put(profileActions.photoFailed(NO_DATA));
  }
}

export function* positionSaga() {
  const user = (yield* requireUser(profileActions.positionFailed)) as User | null;
  if (!user) return;
  const arrived = takePageData('position', user.id);
  if (arrived) {
    yield put(profileActions.positionSucceeded(arrived[0] ?? null));
    return;
  }
  yield* request(profileApi.position, [{ id: user.uid }], {
    succeeded: (rows) => profileActions.positionSucceeded(rows?.[0] ?? null),
    failed: profileActions.positionFailed,
  });
}

export function* appsSaga() {
  const user = (yield select(selectUser)) as User | null;
  const arrived = user ? takePageData('apps', user.id) : null;
  if (arrived) {
    yield put(profileActions.appsSucceeded(arrived));
    return;
  }
  yield* request(settingsApi.dinurls, [], { succeeded: (apps) => profileActions.appsSucceeded(apps ?? []), failed: profileActions.appsFailed });
}

/** docs/areas/profile.md#for-users: after sign-in the shell needs the photo, the position (teachers) and the apps (settings: shared/settings). */
export function* sessionStartedSaga(action: PayloadAction<User>) {
  yield put(profileActions.photoRequested());
  if (action.payload.role === ROLE_TEACHER) yield put(profileActions.positionRequested());
  yield put(profileActions.appsRequested());
}

/**
 * The teacher's position comes translated: it is asked again when the language changes (the shell's
 * language switch) while a teacher is signed in.
 */
export function* positionFollowsLanguageSaga() {
  let askedIn = ((yield select(selectShell)) as { language: Language }).language;
  yield takeEvery(shellActions.languageChanged.type, function* (action: PayloadAction<Language>) {
    if (action.payload === askedIn) return;
    askedIn = action.payload;
    const user = (yield select(selectUser)) as User | null;
    if (user?.role === ROLE_TEACHER) yield put(profileActions.positionRequested());
  });
}

export const profileSaga = rootSaga([fork(positionFollowsLanguageSaga)], {
  latest: [
    [sessionStarted, sessionStartedSaga],
    [profileActions.opened, openedSaga],
    [profileActions.dataRequested, dataSaga],
    [profileActions.photoRequested, photoSaga],
    [profileActions.positionRequested, positionSaga],
    [profileActions.appsRequested, appsSaga],
  ],
});
