/** Side effects of the shell: window events into actions, dark mode on body, language switching. */
import { eventChannel, type EventChannel } from 'redux-saga';
import { all, call, fork, put, select, take } from 'redux-saga/effects';
import { watchers } from '../request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import { writeCookie } from '@lib/cookies';
import { changeLanguage, subscribeLanguage, type Language } from '../../i18n/languages';
import { shellActions, DARK_QUERY, MOBILE_QUERY, selectDark, THEME_COOKIE } from './shell.slice';
import type { UnknownAction } from '@reduxjs/toolkit';

/** One year; the theme survives logout. */
const THEME_MAX_AGE = 365 * 24 * 3600;

export function applyTheme(dark: boolean): void {
  if (typeof document === 'undefined') return;
  document.body.classList.toggle('dark', dark);
  // Before this runs (the splash), public/theme.js has set the stored choice, else theme.css follows
  // the system's colour scheme; 'light' keeps a light choice light on a dark system.
  document.body.classList.toggle('light', !dark);
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', dark ? '#0f1622' : '#1d4e9e');
}

/** online/offline, the mobile breakpoint and i18next language changes as one stream of actions. */
export function environmentChannel(): EventChannel<UnknownAction> {
  return eventChannel<UnknownAction>((emit) => {
    const online = () => emit(shellActions.onlineChanged(true));
    const offline = () => emit(shellActions.onlineChanged(false));
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    let unsubscribeMedia = () => {};
    if (typeof window.matchMedia === 'function') {
      const media = window.matchMedia(MOBILE_QUERY);
      const onMedia = (e: MediaQueryListEvent) => emit(shellActions.mobileChanged(e.matches));
      media.addEventListener?.('change', onMedia);
      const scheme = window.matchMedia(DARK_QUERY);
      const onScheme = (e: MediaQueryListEvent) => emit(shellActions.systemDarkChanged(e.matches));
      scheme.addEventListener?.('change', onScheme);
      unsubscribeMedia = () => {
        media.removeEventListener?.('change', onMedia);
        scheme.removeEventListener?.('change', onScheme);
      };
    }
    const unsubscribeLanguage = subscribeLanguage((lng) => emit(shellActions.languageChanged(lng)));
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      unsubscribeMedia();
      unsubscribeLanguage();
    };
  });
}

function* watchEnvironment() {
  const channel: EventChannel<UnknownAction> = yield call(environmentChannel);
  try {
    while (true) {
      const action: UnknownAction = yield take(channel);
      yield put(action);
    }
  } finally {
    channel.close();
  }
}

function* darkSaga() {
  const dark: boolean = yield select(selectDark);
  yield call(applyTheme, dark);
  yield call(writeCookie, THEME_COOKIE, dark ? 'dark' : 'light', THEME_MAX_AGE);
}

function* languageSaga(action: PayloadAction<Language>) {
  yield call(changeLanguage, action.payload);
}

export function* shellSaga() {
  const dark: boolean = yield select(selectDark);
  yield call(applyTheme, dark);
  yield all(
    watchers([fork(watchEnvironment)], {
      every: [
        [shellActions.darkToggled, darkSaga],
        [
          shellActions.systemDarkChanged,
          function* () {
            yield call(applyTheme, (yield select(selectDark)) as boolean);
          },
        ],
        [shellActions.languageRequested, languageSaga],
      ],
    }),
  );
}
