import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../app/session';
import { DEFAULT_TAB, generalActions, generalReducer, initialGeneralState, TAB_PROFILE } from './general.slice';

describe('general slice', () => {
  it('starts on the apps tab (3), online, light unless the theme cookie says dark', () => {
    const state = initialGeneralState();
    expect(DEFAULT_TAB).toBe(3);
    expect(state.activeTab).toBe(3);
    expect(state.online).toBe(true);
    expect(state.dark).toBe(false);
    document.cookie = 'theme=dark; path=/';
    expect(initialGeneralState().dark).toBe(true);
  });

  it('tabs, connectivity, mobile flag, dark mode and language change by events', () => {
    let state = initialGeneralState();
    state = generalReducer(state, generalActions.tabSelected(TAB_PROFILE));
    state = generalReducer(state, generalActions.onlineChanged(false));
    state = generalReducer(state, generalActions.mobileChanged(true));
    state = generalReducer(state, generalActions.darkToggled());
    state = generalReducer(state, generalActions.languageChanged('kg'));
    expect(state).toMatchObject({ activeTab: 0, online: false, isMobile: true, dark: true, language: 'kg' });
    state = generalReducer(state, sessionEnded({ reason: 'logout' }));
    expect(state.activeTab).toBe(3);
    expect(state.dark).toBe(true);
  });
});
