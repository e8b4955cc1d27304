/**
 * The signed-in shell on a phone, the offline banner, a clean browser console, and the top navigation
 * at 900 px. That nothing sticks out of its card or the screen on any screen, at 390, 900 and 1366 px,
 * is checked by tests/a11y.e2e.ts on the same visits as axe-core.
 */
import { describe, expect, it } from 'vitest';
import { STUDENT, TEACHER } from './support/accounts';
import { MOBILE, expectHidden, expectPath, expectVisible, loginForm, setupE2E, signIn } from './support/e2e';
import { openContext, sessions } from './support/contexts';
import { ru, text } from './support/texts';

const e2e = setupE2E();

describe('mobile layout (375×812)', () => {
  it('shows the tab bar, and each tab shows its panel', async () => {
    const page = await e2e.page({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await signIn(page, STUDENT);

    const tabBar = page.getByTestId('mobile-tab-bar');
    await expectVisible(tabBar);
    const box = await tabBar.boundingBox();
    expect(box, 'the tab bar has a box').not.toBeNull();
    expect(box!.y + box!.height, 'the tab bar sits at the bottom of the screen').toBeGreaterThan(MOBILE.height - 120);

    const profileTab = tabBar.getByRole('button', { name: ru('tabs.profile'), exact: true });
    const appsTab = tabBar.getByRole('button', { name: ru('tabs.apps'), exact: true });
    const appsPanel = page.getByTestId('apps-panel');
    // The apps tab has a heading of its own (for screen readers): this is the profile's.
    const profileHeading = page.locator('#main').getByRole('heading', { level: 1, name: 'Сыдыкова Айпери Талантовна', exact: true });

    // Apps is the default tab (activeTab 3).
    await expectVisible(appsPanel);
    expect(await appsTab.getAttribute('aria-current')).toBe('page');

    await profileTab.tap();
    await expectVisible(profileHeading);
    await expectHidden(appsPanel);
    expect(await profileTab.getAttribute('aria-current')).toBe('page');

    await appsTab.tap();
    await expectVisible(appsPanel);
    await expectHidden(profileHeading);

    // The desktop side columns are not shown beside the panel.
    const sideMenus = page.getByTestId('side-menu');
    for (let i = 0; i < (await sideMenus.count()); i++) {
      const b = await sideMenus.nth(i).boundingBox();
      if (b) expect(b.x + b.width, 'nothing overflows the 375 px screen').toBeLessThanOrEqual(MOBILE.width + 1);
    }
  });
});

const session = sessions(e2e);

describe('the narrowest desktop layout', () => {
  it('the top navigation keeps each entry on one line at 900 px, in every language', async () => {
    for (const language of ['ru', 'kg', 'en'] as const) {
      const context = await openContext(e2e.browser, e2e.server, { viewport: { width: 900, height: 800 }, language, storageState: await session(TEACHER) });
      try {
        const page = await context.newPage();
        await page.goto('/lms/news');
        const nav = page.getByRole('navigation', { name: text(language, 'layout.topNav'), exact: true });
        const news = nav.getByRole('link', { name: text(language, 'nav.news'), exact: true });
        const profile = nav.getByRole('link', { name: text(language, 'nav.profile'), exact: true });
        await expectVisible(news);
        // One line: as tall as the one-word entry.
        const heightOf = (l: typeof news) => l.evaluate((el) => Math.round(el.getBoundingClientRect().height));
        expect(await heightOf(news), `'${text(language, 'nav.news')}' in one line`).toBe(await heightOf(profile));
      } finally {
        await context.close();
      }
    }
  }, 90000);

  it('with the page scrolled, the offline banner leaves the sticky header in view', async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    await page.goto('/lms/news');
    await expectVisible(page.locator('.news-card').first(), 20000);
    await page.mouse.wheel(0, 1500);
    await page.context().setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await expectVisible(banner);
    const bannerBox = (await banner.boundingBox())!;
    const headerBox = (await page.locator('.app-header').boundingBox())!;
    expect(headerBox.y, 'the header starts below the banner').toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);
    await page.context().setOffline(false);
    await expectHidden(banner);
  });
});

describe('validation on blur moves nothing the user is about to click', () => {
  for (const viewport of [MOBILE, { width: 1366, height: 900 }]) {
    it(`the first click on EN after leaving an empty login field switches the language (${viewport.width} px)`, async () => {
      const page = await e2e.page({ viewport, isMobile: viewport.width < 900, hasTouch: viewport.width < 900 });
      await page.goto('/lms/login');
      const form = loginForm(page);
      await expectVisible(form.login);
      await form.login.focus();
      // A real click: the field loses the focus (its error appears) before the button is hit.
      await page.getByRole('button', { name: 'EN', exact: true }).click();
      await expectVisible(page.getByRole('heading', { name: text('en', 'auth:login.title'), exact: true }));
    });
  }
});

describe('connectivity', () => {
  it("going offline shows 'Нет сети !!!', coming back online hides it", async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    const banner = page.getByTestId('offline-banner');
    expect(await banner.count()).toBe(0);

    await page.context().setOffline(true);
    await expectVisible(banner);
    await expectVisible(page.getByText(ru('offline.banner'), { exact: true }));

    await page.context().setOffline(false);
    await expectHidden(banner);
  });

  it('the banner shows on the login screen too', async () => {
    const page = await e2e.page();
    await page.goto('/lms/login');
    await expectVisible(loginForm(page).form);
    await page.context().setOffline(true);
    await expectVisible(page.getByText(ru('offline.banner'), { exact: true }));
    await page.context().setOffline(false);
    await expectHidden(page.getByTestId('offline-banner'));
  });
});

describe('browser console', () => {
  it('the login page and the home page raise no CSP violation, console error or uncaught exception', async () => {
    const page = await e2e.page();
    await page.goto('/lms/login');
    await expectVisible(loginForm(page).form);
    await page.waitForLoadState('networkidle');
    const onLogin = structuredClone(e2e.problems(page));
    expect(onLogin, 'on /lms/login').toEqual({ console: [], pageErrors: [], csp: [] });

    await signIn(page, TEACHER);
    await expectVisible(page.getByTestId('apps-panel'));
    await page.waitForLoadState('networkidle');
    await expectPath(page, '/lms');
    expect(e2e.problems(page), 'on /lms').toEqual({ console: [], pageErrors: [], csp: [] });
  });
});
