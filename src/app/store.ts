/** The store: root reducer of every area plus the root saga. */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { onSessionEnded } from '../api/problem';
import { authReducer } from '../features/auth/auth.slice';
import { authSaga } from '../features/auth/auth.saga';
import { chatSaga } from '../features/chat/chat.saga';
import { chatReducer } from '../features/chat/chat.slice';
import { generalReducer } from '../features/general/general.slice';
import { generalSaga } from '../features/general/general.saga';
import { newsReducer } from '../features/news/news.slice';
import { newsSaga } from '../features/news/news.saga';
import { passwordReducer } from '../features/password/password.slice';
import { passwordSaga } from '../features/password/password.saga';
import { profileReducer } from '../features/profile/profile.slice';
import { profileSaga } from '../features/profile/profile.saga';
import { configReducer, configSaga } from './config';
import { sessionEnded, sessionReducer, sessionSaga } from './session';

export const rootReducer = combineReducers({
  session: sessionReducer,
  config: configReducer,
  auth: authReducer,
  general: generalReducer,
  profile: profileReducer,
  password: passwordReducer,
  news: newsReducer,
  chat: chatReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function* rootSaga() {
  yield all([sessionSaga, configSaga, authSaga, generalSaga, profileSaga, passwordSaga, newsSaga, chatSaga].map((saga) => fork(saga)));
}

/** The message shown on the login screen after the server ended the session. */
export const SESSION_ENDED_MESSAGE = 'login.enterCredentials';

export function createAppStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    // Uploads pass their File objects in `payload.files` to the saga; they never reach the state.
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: { ignoredActionPaths: ['payload.files'] } }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(rootSaga);
  // A 401 on any call that needs the session ends it everywhere (once).
  onSessionEnded(() => {
    if (store.getState().session.status === 'authenticated') {
      store.dispatch(sessionEnded({ reason: 'expired', message: SESSION_ENDED_MESSAGE }));
    }
  });
  return Object.assign(store, { sagaTask: task });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
