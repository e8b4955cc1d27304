/** Shell state: mobile panel, screen size, connectivity, dark mode and language. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../session/session';
import { setters } from '../setters';
import { readCookie } from '@lib/cookies';
import type { THEME_COOKIE as ThemeCookie } from '@contract/page';
import { currentLanguage, type Language } from '../../i18n/languages';

import { DEFAULT_TAB } from './tabs';

export { DEFAULT_TAB, TAB_APPS, TAB_CHAT, TAB_NEWS, TAB_PROFILE } from './tabs';

export const MOBILE_QUERY = '(max-width: 899.92px)';
export interface ShellState {
  activeTab: number;
  isMobile: boolean;
  online: boolean;
  dark: boolean;
  language: Language;
}

export function detectMobile(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_QUERY).matches : false;
}

/** The cookie of the theme chosen on this device (contract/page.ts). */
export const THEME_COOKIE: typeof ThemeCookie = 'theme';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The user's choice (the theme cookie), else the system's colour scheme. The server (on a page it
 * built with its data) or the page's first script (public/theme.js) has left the choice on the body:
 * reading the cookie while the page loads waits on the browser's cookie store (tens of milliseconds on
 * a busy machine).
 */
function detectDark(): boolean {
  const read = typeof document === 'undefined' ? undefined : document.body?.dataset.themeChoice;
  const chosen = read === undefined ? readCookie(THEME_COOKIE) : read;
  if (chosen === 'dark' || chosen === 'light') return chosen === 'dark';
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY).matches : false;
}

export const initialShellState = (): ShellState => ({
  activeTab: DEFAULT_TAB,
  isMobile: detectMobile(),
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  dark: detectDark(),
  language: currentLanguage(),
});

const set = setters<ShellState>();

const slice = createSlice({
  name: 'shell',
  initialState: initialShellState,
  reducers: {
    tabSelected: set('activeTab'),
    mobileChanged: set('isMobile'),
    onlineChanged: set('online'),
    darkToggled(state) {
      state.dark = !state.dark;
    },
    /** The system's colour scheme changed; it counts until the user chooses (the theme cookie). */
    systemDarkChanged(state, action: PayloadAction<boolean>) {
      if (readCookie(THEME_COOKIE) !== 'dark' && readCookie(THEME_COOKIE) !== 'light') state.dark = action.payload;
    },
    /** The user picked a language; the saga asks i18next to switch. */
    languageRequested(_state, _action: PayloadAction<Language>) {},
    /** i18next switched (from the user's choice or detection). */
    languageChanged: set('language'),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, (state) => {
      state.activeTab = DEFAULT_TAB;
    });
  },
});

export const shellActions = slice.actions;
export const shellReducer = slice.reducer;

type WithShell = { shell: ShellState };
export const selectShell = (state: WithShell) => state.shell;
export const selectOnline = (state: WithShell) => state.shell.online;
export const selectDark = (state: WithShell) => state.shell.dark;
export const selectIsMobile = (state: WithShell) => state.shell.isMobile;
export const selectActiveTab = (state: WithShell) => state.shell.activeTab;
