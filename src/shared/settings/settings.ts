/**
 * The university's settings for the signed-in person (POST /api/misc/settings.json, loaded once after
 * sign-in): the current academic year and half-year, the university's name, the upload limit and
 * the side-menu links (docs/areas/settings.md#calls). Every area reads the current period here
 * (`selectPeriod`, or `waitForPeriod` in a saga); none asks the server for it again.
 */
import { createSlice, type Action, type PayloadAction } from '@reduxjs/toolkit';
import { put, select, take, takeLatest } from 'redux-saga/effects';
import type { User } from '@contract/auth';
import type { MenuLink, Settings, SettingsDefaults } from '@contract/settings';
import { settingsApi } from '@api/settings';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '../request/loadable';
import { NO_DATA, request, requireUser } from '../request/request.saga';
import { takePageData } from '../session/pageData';
import { sessionEnded, sessionStarted } from '../session/session';

export interface UniversitySettings {
  defaults: SettingsDefaults | null;
  links: MenuLink[];
}

export type SettingsState = Loadable<UniversitySettings>;

const NO_SETTINGS: UniversitySettings = { defaults: null, links: [] };

export const initialSettingsState: SettingsState = idle(NO_SETTINGS);

const slice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    loadRequested: () => started(NO_SETTINGS),
    loadSucceeded: (_state, action: PayloadAction<Settings>) => {
      const [defaults, links] = action.payload;
      return succeeded({ defaults: defaults ?? null, links: links ?? [] });
    },
    loadFailed: (_state, action: PayloadAction<Failure>) => failed(action.payload, NO_SETTINGS),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialSettingsState);
  },
});

export const settingsActions = slice.actions;
export const settingsReducer = slice.reducer;

/** The current academic year (its first calendar year), its name ('2026-27') and half-year (1 autumn, 2 spring). */
export interface Period {
  year: number;
  yearName: string;
  ws: 1 | 2;
}

type WithSettings = { settings: SettingsState };
export const selectSettings = (state: WithSettings) => state.settings;
export const selectMenuLinks = (state: WithSettings) => state.settings.data.links;
export const selectUniversityName = (state: WithSettings) => state.settings.data.defaults?.universityName ?? null;
/** The university's time zone (lesson times and today's date are read in it), or null until the settings have loaded. */
export const selectTimeZone = (state: WithSettings) => state.settings.data.defaults?.timeZone ?? null;

/** The current period, or null until the settings have loaded. */
export function selectPeriod(state: WithSettings): Period | null {
  const d = state.settings.data.defaults;
  return d ? periodOf(d) : null;
}

/** A new object per call: components select its fields (or compare with shallowEqual), not the object. */
function periodOf(d: SettingsDefaults): Period {
  return { year: d.id_a_year, yearName: d.a_year, ws: d.id_w_s === 2 ? 2 : 1 };
}

/**
 * In a saga: the current period, waiting for the settings when they are still loading (or asking for
 * them when nobody has). Null when they failed to load: the caller shows its own load failure.
 */
export function* waitForPeriod(): Generator<unknown, Period | null, unknown> {
  for (;;) {
    const state = (yield select(selectSettings)) as SettingsState;
    if (state.data.defaults) return periodOf(state.data.defaults);
    if (state.error && !state.fetching) return null;
    if (!state.fetching) yield put(settingsActions.loadRequested());
    const next = (yield take([settingsActions.loadSucceeded.type, settingsActions.loadFailed.type])) as { type: string };
    if (next.type === settingsActions.loadFailed.type) return null;
  }
}

/**
 * In a saga: the current period, or null after putting `failed(…)` with the settings' own failure
 * (the area's screen then shows its load failure and its retry). Settings that failed earlier are
 * asked for again: an area's retry retries them.
 */
export function* requirePeriod(failed: (failure: Failure) => Action): Generator<unknown, Period | null, unknown> {
  const before = (yield select(selectSettings)) as SettingsState;
  if (before.error && !before.fetching) yield put(settingsActions.loadRequested());
  const period = yield* waitForPeriod();
  if (period) return period;
  const state = (yield select(selectSettings)) as SettingsState;
  yield put(failed(state.error ?? NO_DATA));
  return null;
}

/** The settings: from the page when it arrived with them (contract/page.ts), else settings.json. */
export function* loadSettingsSaga() {
  const user = (yield* requireUser(settingsActions.loadFailed)) as User | null;
  if (!user) return;
  const arrived = takePageData('settings', user.id);
  if (arrived) {
    yield put(settingsActions.loadSucceeded(arrived));
    return;
  }
  yield* request(settingsApi.settings, [{ uid: user.uid, role: user.role }], {
    succeeded: settingsActions.loadSucceeded,
    failed: settingsActions.loadFailed,
  });
}

export function* settingsSaga() {
  yield takeLatest(settingsActions.loadRequested.type, loadSettingsSaga);
  // docs/product.md#shell: after sign-in, settings and config are loaded.
  yield takeLatest(sessionStarted.type, function* () {
    yield put(settingsActions.loadRequested());
  });
}
