/** Profile loads. After sign-in (session/started) the shell's data loads in one chain. */
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../../contract/auth';
import type { Profile, ProfileBody } from '../../../contract/profile';
import type { Photo, PhotoBody, PositionRow } from '../../../contract/profile';
import type { AppLink, Settings } from '../../../contract/settings';
import { settingsApi } from '../../api/settings';
import { profileApi } from '../../api/profile';
import type { Result } from '../../api/http';
import { sessionStarted } from '../../shared/session/session';
import { removeItem, STORAGE_KEYS, writeItem } from '../../lib/storage';
import { profileActions } from './profile.slice';

/** Photos above this size are not cached in localStorage. */
const PHOTO_CACHE_LIMIT = 200_000;

export function photoSrc(photo: Photo | null | undefined): string | null {
  if (!photo?.photo) return null;
  return `data:${photo.mime || 'image/jpeg'};base64,${photo.photo}`;
}

export function* dataSaga(action: PayloadAction<ProfileBody>) {
  const result = (yield call(profileApi.data, action.payload)) as Result<Profile>;
  if (result.ok) yield put(profileActions.dataSucceeded(result.data));
  else yield put(profileActions.dataFailed(result));
}

export function* photoSaga(action: PayloadAction<PhotoBody>) {
  try {
    const result = (yield call(profileApi.photo, action.payload)) as Result<Photo>;
    if (!result.ok) {
      yield put(profileActions.photoFailed(result));
      return;
    }
    const src = photoSrc(result.data);
    if (src && src.length < PHOTO_CACHE_LIMIT) yield call(writeItem, STORAGE_KEYS.image, src);
    else yield call(removeItem, STORAGE_KEYS.image);
    yield put(profileActions.photoSucceeded(src));
  } catch {
    // docs/product.md#profile: the photo load also catches thrown exceptions.
    yield put(profileActions.photoFailed({ ok: false, problem: 'UNKNOWN_ERROR', status: null, error: null }));
  }
}

export function* positionSaga(action: PayloadAction<{ id: number }>) {
  const result = (yield call(profileApi.position, action.payload)) as Result<PositionRow[]>;
  if (result.ok) yield put(profileActions.positionSucceeded(result.data?.[0] ?? null));
  else yield put(profileActions.positionFailed(result));
}

export function* settingsSaga(action: PayloadAction<{ uid: number; role: 1 | 2 }>) {
  const result = (yield call(settingsApi.settings, action.payload)) as Result<Settings>;
  if (result.ok) yield put(profileActions.settingsSucceeded(result.data));
  else yield put(profileActions.settingsFailed(result));
}

export function* appsSaga() {
  const result = (yield call(settingsApi.dinurls)) as Result<AppLink[]>;
  if (result.ok) yield put(profileActions.appsSucceeded(result.data ?? []));
  else yield put(profileActions.appsFailed(result));
}

/** docs/product.md#profile: after sign-in settings load; the shell also needs the photo, the position (teachers) and the apps. */
export function* sessionStartedSaga(action: PayloadAction<User>) {
  const { uid, role } = action.payload;
  yield put(profileActions.settingsRequested({ uid, role }));
  yield put(profileActions.photoRequested({ uid, role }));
  if (role === 1) yield put(profileActions.positionRequested({ id: uid }));
  yield put(profileActions.appsRequested());
}

export function* profileSaga() {
  yield all([
    takeLatest(sessionStarted.type, sessionStartedSaga),
    takeLatest(profileActions.dataRequested.type, dataSaga),
    takeLatest(profileActions.photoRequested.type, photoSaga),
    takeLatest(profileActions.positionRequested.type, positionSaga),
    takeLatest(profileActions.settingsRequested.type, settingsSaga),
    takeLatest(profileActions.appsRequested.type, appsSaga),
  ]);
}
