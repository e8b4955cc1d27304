import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { renderWithStore } from '../../test/render';
import { DarkModeToggle } from './DarkModeToggle';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileTabBar } from './MobileTabBar';
import { tabsFor } from './mobileTabs';
import { ROLE_TEACHER } from '@shared/request/roles';
import { OfflineBanner } from './OfflineBanner';

describe('shell controls', () => {
  it('the offline banner appears on an offline event and goes on online', async () => {
    renderWithStore(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent('Нет сети !!!');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('dark mode toggles the body class and remembers it in the theme cookie', async () => {
    const user = userEvent.setup();
    renderWithStore(<DarkModeToggle />);
    const toggle = screen.getByRole('switch', { name: 'Тёмная тема' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(document.body).toHaveClass('dark');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(document.cookie).toContain('theme=dark');
    await user.click(toggle);
    expect(document.body).not.toHaveClass('dark');
    expect(document.cookie).toContain('theme=light');
  });

  it('the language switch (KG / RU / EN) changes the i18next language', async () => {
    const user = userEvent.setup();
    renderWithStore(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(i18n.language).toBe('en');
    expect(await screen.findByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'KG' }));
    expect(i18n.language).toBe('kg');
    expect(await screen.findByRole('group', { name: 'Тил' })).toBeInTheDocument();
  });

  it('the mobile tab bar shows only the panels that exist (profile, news, messages, apps) and selects one', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<MobileTabBar tabs={tabsFor(ROLE_TEACHER)} />);
    const bar = screen.getByTestId('mobile-tab-bar');
    const tabs = Array.from(bar.querySelectorAll('button')).map((b) => b.textContent);
    expect(tabs).toEqual(['Профиль', 'Новости', 'Чат', 'Приложения']);
    expect(screen.getByRole('button', { name: 'Приложения' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Профиль' }));
    expect(store.getState().shell.activeTab).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Новости' }));
    expect(store.getState().shell.activeTab).toBe(1);
  });
});
