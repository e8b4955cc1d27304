/** Public configuration (GET /config.json), used by several areas: version, password minimum, upload limit. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { AppConfig } from '../../../contract/config';
import { configApi } from '../../api/config';
import type { Failure, Result } from '../../api/http';
import { sessionStarted } from '../session/session';

export interface ConfigState {
  data: AppConfig | null;
  fetching: boolean;
  error: Failure | null;
}

export const initialConfigState: ConfigState = { data: null, fetching: false, error: null };

/** Password minimum when the config is not loaded yet (docs/product.md#shell: never below 4). */
export const DEFAULT_PASSWORD_MIN = 4;

const slice = createSlice({
  name: 'config',
  initialState: initialConfigState,
  reducers: {
    loadRequested(state) {
      state.data = null;
      state.fetching = true;
      state.error = null;
    },
    loadSucceeded(state, action: PayloadAction<AppConfig>) {
      state.data = action.payload;
      state.fetching = false;
    },
    loadFailed(state, action: PayloadAction<Failure>) {
      state.fetching = false;
      state.error = action.payload;
    },
  },
});

export const configActions = slice.actions;
export const configReducer = slice.reducer;

type WithConfig = { config: ConfigState };
export const selectConfig = (state: WithConfig) => state.config.data;
export const selectPasswordMin = (state: WithConfig) =>
  Math.max(DEFAULT_PASSWORD_MIN, state.config.data?.passwordMinLength ?? DEFAULT_PASSWORD_MIN);

function* loadConfig() {
  const result: Result<AppConfig> = yield call(configApi.config);
  if (result.ok) yield put(configActions.loadSucceeded(result.data));
  else yield put(configActions.loadFailed(result));
}

export function* configSaga() {
  yield takeLatest(configActions.loadRequested.type, loadConfig);
  // docs/product.md#shell: after sign-in, settings and config are loaded.
  yield takeLatest(sessionStarted.type, function* () {
    yield put(configActions.loadRequested());
  });
}
