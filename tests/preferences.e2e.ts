/** The user's language and colour scheme, both kept across a reload. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT } from './support/accounts';
import { expectVisible, loginForm, openProfileMenu, setupE2E, signInWithForm } from './support/e2e';
import { ru, text } from './support/texts';

const e2e = setupE2E();

const heading = (page: Page, lng: 'ru' | 'en' | 'kg') => page.getByRole('heading', { name: text(lng, 'auth:login.title'), exact: true });

const bodyIsDark = (page: Page) => page.evaluate(() => document.body.classList.contains('dark'));

describe('language', () => {
  it('switching RU → EN → KG on the login screen changes the texts and survives a reload', async () => {
    const page = await e2e.page();
    await page.goto('/lms/login');
    await expectVisible(heading(page, 'ru'));
    await expectVisible(loginForm(page).login);

    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expectVisible(heading(page, 'en'));
    await expectVisible(page.getByLabel(text('en', 'auth:login.password'), { exact: true }));
    await page.reload();
    await expectVisible(heading(page, 'en'));
    expect(await page.getByRole('button', { name: 'EN', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'KG', exact: true }).click();
    await expectVisible(heading(page, 'kg'));
    await page.reload();
    await expectVisible(heading(page, 'kg'));

    await page.getByRole('button', { name: 'RU', exact: true }).click();
    await expectVisible(heading(page, 'ru'));
  });

  it('the language chosen before signing in is the language of the portal', async () => {
    const page = await e2e.page();
    await page.goto('/lms/login');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expectVisible(heading(page, 'en'));
    const form = page.getByTestId('login-form');
    await form.getByLabel(text('en', 'auth:login.login'), { exact: true }).fill(STUDENT.login);
    await form.getByLabel(text('en', 'auth:login.password'), { exact: true }).fill(STUDENT.password);
    await form.getByRole('button', { name: text('en', 'auth:login.submit'), exact: true }).click();
    await expectVisible(page.getByTestId('profile-menu-button'), 20000);
    await page.reload();
    await page.getByTestId('profile-menu-button').click();
    await expectVisible(page.getByRole('region', { name: text('en', 'profileMenu.title'), exact: true }));
    await expectVisible(page.getByTestId('logout-button').getByText(text('en', 'actions.logout'), { exact: true }));
  });
});

describe('dark mode', () => {
  it('the toggle sets the dark class on body, and the choice survives a reload', async () => {
    const page = await e2e.page();
    await signInWithForm(page, STUDENT);
    expect(await bodyIsDark(page)).toBe(false);

    let panel = await openProfileMenu(page);
    const toggle = panel.getByTestId('dark-mode-toggle');
    await expectVisible(toggle.getByText(ru('actions.darkMode'), { exact: true }));
    await toggle.click();
    await expect.poll(() => bodyIsDark(page)).toBe(true);

    await page.reload();
    await expectVisible(page.getByTestId('profile-menu-button'), 20000);
    await expect.poll(() => bodyIsDark(page)).toBe(true);

    panel = await openProfileMenu(page);
    expect(await panel.getByTestId('dark-mode-toggle').getAttribute('aria-checked')).toBe('true');
    await panel.getByTestId('dark-mode-toggle').click();
    await expect.poll(() => bodyIsDark(page)).toBe(false);
    await page.reload();
    await expectVisible(page.getByTestId('profile-menu-button'), 20000);
    expect(await bodyIsDark(page)).toBe(false);
  });
});

describe('dark mode from the system', () => {
  /** The page's background is dark (its luminance well below the middle). */
  const backgroundIsDark = (page: Page) =>
    page.evaluate(() => {
      const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b < 80;
    });

  it('follows the system until the user chooses; the choice then holds', async () => {
    const page = await e2e.page({ colorScheme: 'dark' });
    await signInWithForm(page, STUDENT);
    await expect.poll(() => bodyIsDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => bodyIsDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => bodyIsDark(page)).toBe(true);

    // Chosen light on a dark system: light, after a reload too.
    const panel = await openProfileMenu(page);
    await panel.getByTestId('dark-mode-toggle').click();
    await expect.poll(() => bodyIsDark(page)).toBe(false);
    await page.reload();
    await expectVisible(page.getByTestId('profile-menu-button'), 20000);
    expect(await bodyIsDark(page)).toBe(false);
    expect(await backgroundIsDark(page)).toBe(false);
  });

  it('the boot splash is dark on a dark system', async () => {
    const page = await e2e.page({ colorScheme: 'dark' });
    // The app's script never runs: what shows is index.html's splash alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/lms/login');
    await expectVisible(page.locator('.splash'));
    expect(await backgroundIsDark(page)).toBe(true);
  });

  it("the boot splash follows the user's choice over the system: dark chosen on a light system, light on a dark one", async () => {
    // The sign-in page arrives with its data, its body saying the choice (server/src/plugins/spa.ts);
    // a signed-out deep link is the plain page, whose first script reads the cookie (public/theme.js).
    for (const address of ['/lms/login', '/lms/news'])
      for (const [system, chosen] of [
        ['light', 'dark'],
        ['dark', 'light'],
      ] as const) {
        const page = await e2e.page({ colorScheme: system });
        await page.context().addCookies([{ name: 'theme', value: chosen, url: e2e.server.origin }]);
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(address);
        await expectVisible(page.locator('.splash'));
        expect(await backgroundIsDark(page), `${address}: ${chosen} chosen on a ${system} system`).toBe(chosen === 'dark');
      }
  });
});
