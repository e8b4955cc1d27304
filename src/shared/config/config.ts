/** Public configuration (GET /config.json), used by several areas: version, password minimum, upload limit. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { put, takeLatest } from 'redux-saga/effects';
import type { User } from '@contract/auth';
import type { AppConfig } from '@contract/config';
import { configApi, newPasswordMin } from '@api/config';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '../request/loadable';
import { request } from '../request/request.saga';
import { sessionStarted } from '../session/session';
import { takePageData } from '../session/pageData';

export type ConfigState = Loadable<AppConfig | null>;

export const initialConfigState: ConfigState = idle(null);

const slice = createSlice({
  name: 'config',
  initialState: initialConfigState,
  reducers: {
    loadRequested: () => started(null),
    loadSucceeded: (_state, action: PayloadAction<AppConfig>) => succeeded(action.payload),
    loadFailed: (_state, action: PayloadAction<Failure>) => failed(action.payload, null),
  },
});

export const configActions = slice.actions;
export const configReducer = slice.reducer;

type WithConfig = { config: ConfigState };
export const selectConfig = (state: WithConfig) => state.config.data;
/** The upload limit in MB until the config is loaded (the server's default, UPLOAD_LIMIT_MB). */
export const DEFAULT_MAX_SIZE_MB = 25;
/** The largest upload the server takes, in MB: every form that uploads checks its files against it. */
export const selectMaxSizeMb = (state: WithConfig) => state.config.data?.maxSizeMb ?? DEFAULT_MAX_SIZE_MB;
/** Whether card payment is available (PAYMENT_PROVIDER on the server); off until /config.json says so. */
export const selectCardPayment = (state: WithConfig) => state.config.data?.cardPayment ?? false;
/**
 * The new-password minimum of the one policy (contract/password-policy.ts, src/api/config.ts): the server's
 * passwordMinLength, or the policy's default until /config.json has arrived.
 */
export const selectPasswordMin = (state: WithConfig) => newPasswordMin(state.config.data?.passwordMinLength);

function* loadConfig() {
  yield* request(configApi.config, [], { succeeded: configActions.loadSucceeded, failed: configActions.loadFailed });
}

export function* configSaga() {
  yield takeLatest(configActions.loadRequested.type, loadConfig);
  // docs/product.md#shell: after sign-in, settings and config are loaded.
  // A page with signed-in data arrives with the config (contract/page.ts).
  yield takeLatest(sessionStarted.type, function* (action: PayloadAction<User>) {
    const arrived = takePageData('config', action.payload.id);
    yield put(arrived ? configActions.loadSucceeded(arrived) : configActions.loadRequested());
  });
}
