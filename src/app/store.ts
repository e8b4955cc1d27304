/**
 * The store: root reducer of every area plus the root saga. The areas the login page needs are
 * here from the start (this file is the registry of those always-loaded areas, one of the files of
 * src/app/ that may name a feature: docs/architecture.md#the-shell-and-the-areas); the areas of the signed-in portal (news, chat...) register their slice and
 * saga when the portal's shell loads (loadAreas() in app/loadAreas.ts, from the area manifest app/areas.ts), so their code
 * stays out of the login page's download.
 */
import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { onSessionEnded } from '@api/http';
import { authReducer } from '../features/auth/auth.slice';
import { authSaga } from '../features/auth/auth.saga';
import { shellReducer } from '@shared/shell/shell.slice';
import { shellSaga } from '@shared/shell/shell.saga';
import { passwordReducer } from '../features/password/password.slice';
import { passwordSaga } from '../features/password/password.saga';
import { profileReducer } from '../features/profile/profile.slice';
import { profileSaga } from '../features/profile/profile.saga';
import type { AreaStates } from './areas';
import { configReducer, configSaga } from '@shared/config/config';
import { settingsReducer, settingsSaga } from '@shared/settings/settings';
import type { LiveHandlers } from '@shared/live/live';
import { SESSION_ENDED_MESSAGE, sessionEnded, sessionReducer, sessionSaga } from '@shared/session/session';

const staticReducers = {
  session: sessionReducer,
  config: configReducer,
  settings: settingsReducer,
  auth: authReducer,
  shell: shellReducer,
  profile: profileReducer,
  password: passwordReducer,
};

/** The state of the areas of the manifest (app/areas.ts), present once the signed-in shell has loaded. */
export type LazyAreas = AreaStates;

export type RootState = { [K in keyof typeof staticReducers]: ReturnType<(typeof staticReducers)[K]> } & LazyAreas;

export function* rootSaga() {
  yield all([sessionSaga, configSaga, settingsSaga, authSaga, shellSaga, profileSaga, passwordSaga].map((saga) => fork(saga)));
}

/** What an area adds to the store: its slice's reducer and its root saga (and its live event handlers). */
export interface AreaStore {
  reducer: Reducer;
  saga: Saga<[]>;
  live?: LiveHandlers;
}
/** What joins a store: a saga, with the reducer of its state key when it has one. */
interface Area {
  reducer: Reducer | null;
  saga: Saga<[]>;
}

/** Registered areas, and the stores that take each batch of new ones as it comes. */
const areas = new Map<string, Area>();
const stores = new Set<(added: readonly (readonly [string, Area])[]) => void>();

/**
 * Adds areas' slices and sagas to every store, now and later (once per key), all of them with one
 * new root reducer. A null reducer: a saga with no state of its own (the shared live connection).
 */
export function registerAreas(list: readonly { key: string; reducer: Reducer | null; saga: Saga<[]> }[]): void {
  const added: [string, Area][] = [];
  for (const { key, reducer, saga } of list) {
    if (areas.has(key)) continue;
    const area: Area = { reducer, saga };
    areas.set(key, area);
    added.push([key, area]);
  }
  if (added.length === 0) return;
  for (const inject of stores) inject(added);
}

export function createAppStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const reducers: Record<string, Reducer> = { ...staticReducers };
  for (const [key, area] of areas) if (area.reducer) reducers[key] = area.reducer;
  const store = configureStore({
    reducer: combineReducers(reducers) as unknown as Reducer<RootState>,
    preloadedState: preloadedState as RootState | undefined,
    // Uploads pass their File objects in `payload.files` to the saga; they never reach the state.
    middleware: (getDefault) =>
      getDefault({ thunk: false, serializableCheck: { ignoredActionPaths: ['payload.files', 'payload.file'] } }).concat(sagaMiddleware),
  });
  const tasks: Task[] = [sagaMiddleware.run(rootSaga), ...[...areas.values()].map((area) => sagaMiddleware.run(area.saga))];
  const inject = (added: readonly (readonly [string, Area])[]) => {
    let replaced = false;
    for (const [key, area] of added)
      if (area.reducer) {
        reducers[key] = area.reducer;
        replaced = true;
      }
    if (replaced) store.replaceReducer(combineReducers(reducers) as unknown as Reducer<RootState>);
    for (const [, area] of added) tasks.push(sagaMiddleware.run(area.saga));
  };
  stores.add(inject);
  /** Stops every saga of this store (tests end their stores with it). */
  const sagaTask = {
    cancel() {
      stores.delete(inject);
      for (const task of tasks) task.cancel();
    },
  };
  // A 401 on any call that needs the session ends it everywhere (once).
  onSessionEnded(() => {
    if (store.getState().session.status === 'authenticated') {
      store.dispatch(sessionEnded({ reason: 'expired', message: SESSION_ENDED_MESSAGE }));
    }
  });
  return Object.assign(store, { sagaTask });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

declare module '../shared/hooks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppState extends RootState {}
}
