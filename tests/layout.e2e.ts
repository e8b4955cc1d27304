/** The signed-in shell on a phone, the offline banner, and a clean browser console. */
import { describe, expect, it } from 'vitest';
import { STUDENT, TEACHER } from './support/accounts';
import { MOBILE, expectHidden, expectPath, expectVisible, loginForm, setupE2E, signIn } from './support/e2e';
import { ru } from './support/texts';

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
    const profileHeading = page.locator('#main').getByRole('heading', { level: 1 });

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
