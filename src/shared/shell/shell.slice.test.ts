import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../session/session';
import { DEFAULT_TAB, shellActions, shellReducer, initialShellState, TAB_PROFILE } from './shell.slice';

describe('shell slice', () => {
  it('starts on the apps tab (3), online, light unless the theme cookie says dark', () => {
    const state = initialShellState();
    expect(DEFAULT_TAB).toBe(3);
    expect(state.activeTab).toBe(3);
    expect(state.online).toBe(true);
    expect(state.dark).toBe(false);
    document.cookie = 'theme=dark; path=/';
    expect(initialShellState().dark).toBe(true);
    document.cookie = 'theme=; path=/; max-age=0';
  });

  it("takes the theme the page's first script read (public/theme.js) without reading the cookie again", () => {
    document.cookie = 'theme=light; path=/';
    try {
      document.body.dataset.themeChoice = 'dark';
      expect(initialShellState().dark).toBe(true);
      // No choice found: the system's scheme (light in jsdom), whatever the cookie says now.
      document.body.dataset.themeChoice = 'none';
      document.cookie = 'theme=dark; path=/';
      expect(initialShellState().dark).toBe(false);
    } finally {
      delete document.body.dataset.themeChoice;
      document.cookie = 'theme=; path=/; max-age=0';
    }
  });

  it('tabs, connectivity, mobile flag, dark mode and language change by events', () => {
    let state = initialShellState();
    state = shellReducer(state, shellActions.tabSelected(TAB_PROFILE));
    state = shellReducer(state, shellActions.onlineChanged(false));
    state = shellReducer(state, shellActions.mobileChanged(true));
    state = shellReducer(state, shellActions.darkToggled());
    state = shellReducer(state, shellActions.languageChanged('kg'));
    expect(state).toMatchObject({ activeTab: 0, online: false, isMobile: true, dark: true, language: 'kg' });
    state = shellReducer(state, sessionEnded({ reason: 'logout' }));
    expect(state.activeTab).toBe(3);
    expect(state.dark).toBe(true);
  });
});
