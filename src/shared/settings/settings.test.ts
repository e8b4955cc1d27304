import { afterEach, describe, expect, it } from 'vitest';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Failure } from '@api/http';
import { currentLanguage } from '../../i18n/languages';
import { PAGE_DATA_ELEMENT_ID, rereadPageData } from '../session/pageData';
import { initialSessionState, sessionEnded, sessionReducer, sessionStarted } from '../session/session';
import { recordSaga } from '../../test/saga';
import { fail, http, ok, server, student } from '../../test/server';
import {
  initialSettingsState,
  loadSettingsSaga,
  selectPeriod,
  selectTimeZone,
  settingsActions,
  settingsReducer,
  settingsSaga,
  waitForPeriod,
  type Period,
} from './settings';

const defaults = { id_a_year: 2026, a_year: '2026-27', id_w_s: 2, universityName: 'U', maxSizeMb: 25, timeZone: 'Asia/Bishkek' };
const failure: Failure = { ok: false, problem: 'SERVER_ERROR', status: 500, error: null };
const signedIn = { session: { ...initialSessionState, status: 'authenticated', user: student } };

/** A store with the session and settings slices and the settings saga; `result` runs a saga on it and gives what it returns. */
function storeWith(preloadedState?: typeof signedIn) {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({ session: sessionReducer, settings: settingsReducer }),
    preloadedState: preloadedState as never,
    middleware: (d) => d({ thunk: false }).concat(sagas),
  });
  sagas.run(settingsSaga);
  const result = (saga: () => Generator<unknown, Period | null, unknown>) => sagas.run(saga).toPromise() as Promise<Period | null>;
  return { store, result };
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  rereadPageData();
});

describe('university settings (shared)', () => {
  it("come from the page when it arrived with them (the user's, in the client's language), without a call; the next load asks", async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ELEMENT_ID;
    script.textContent = JSON.stringify({ lang: currentLanguage(), user: { ...student, id: student.id }, settings: [defaults, []] });
    document.body.append(script);
    rereadPageData();
    let calls = 0;
    server.use(
      http.post('/api/misc/settings.json', () => {
        calls++;
        return ok([{ ...defaults, id_w_s: 1 }, []]);
      }),
    );
    expect(await recordSaga(loadSettingsSaga, signedIn)).toEqual([settingsActions.loadSucceeded([defaults, []])]);
    expect(calls).toBe(0);
    expect(await recordSaga(loadSettingsSaga, signedIn)).toEqual([settingsActions.loadSucceeded([{ ...defaults, id_w_s: 1 }, []])]);
    expect(calls).toBe(1);
  });

  it('data[0] defaults and data[1] links; a new request clears the old ones; sign-out resets', async () => {
    server.use(http.post('/api/misc/settings.json', () => ok([defaults, [{ key: 'schedule', url: 'https://schedule' }]])));
    const actions = await recordSaga(loadSettingsSaga, signedIn);
    expect(actions).toEqual([settingsActions.loadSucceeded([defaults, [{ key: 'schedule', url: 'https://schedule' }]])]);
    let state = settingsReducer(initialSettingsState, actions[0] as ReturnType<typeof settingsActions.loadSucceeded>);
    expect(state.data.links).toHaveLength(1);
    expect(selectPeriod({ settings: state })).toEqual({ year: 2026, yearName: '2026-27', ws: 2 });
    expect(selectTimeZone({ settings: state })).toBe('Asia/Bishkek');
    state = settingsReducer(state, settingsActions.loadRequested());
    expect(state).toEqual({ fetching: true, error: null, data: { defaults: null, links: [] }, loaded: false });
    expect(selectPeriod({ settings: state })).toBeNull();
    expect(selectTimeZone({ settings: state })).toBeNull();
    state = settingsReducer(settingsReducer(state, settingsActions.loadFailed(failure)), sessionEnded({ reason: 'logout' }));
    expect(state).toEqual(initialSettingsState);
  });

  it('the current period is asked for once after sign-in, and a saga waiting for it gets it', async () => {
    let calls = 0;
    server.use(
      http.post('/api/misc/settings.json', () => {
        calls++;
        return ok([defaults, []]);
      }),
    );
    const { store, result } = storeWith(signedIn);
    store.dispatch(sessionStarted(student));
    expect(store.getState().settings.fetching).toBe(true);
    // Waiting while the sign-in's request is under way: no second call.
    expect(await result(waitForPeriod)).toEqual({ year: 2026, yearName: '2026-27', ws: 2 });
    expect(selectPeriod(store.getState())).toEqual({ year: 2026, yearName: '2026-27', ws: 2 });
    // A later reader takes it from the state.
    expect(await result(waitForPeriod)).toEqual({ year: 2026, yearName: '2026-27', ws: 2 });
    expect(calls).toBe(1);
  });

  it('a saga waiting for the period asks for the settings when nobody has, and gets null when they fail', async () => {
    server.use(http.post('/api/misc/settings.json', () => fail(500, 'INTERNAL', 'down')));
    const { store, result } = storeWith(signedIn);
    expect(await result(waitForPeriod)).toBeNull();
    expect(store.getState().settings.error).not.toBeNull();
  });
});
