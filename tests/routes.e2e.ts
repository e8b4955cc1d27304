/**
 * Every address loaded directly, as a typed address or a bookmark opens it (not by following a link
 * inside the app): each route of the area manifest (support/manifestRoutes.ts) as each role, and an unknown
 * address, which shows the not-found page inside the shell with the way home, at every width and in
 * every language (docs/product.md#shell).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { STUDENT, TEACHER, type Account } from './support/accounts';
import { expectVisible, setupE2E } from './support/e2e';
import { MANIFEST_ROUTES } from './support/manifestRoutes';
import { openContext, PHONE, sessions, WIDE } from './support/contexts';
import { routeAddress } from './support/screens';
import { text } from './support/texts';

const e2e = setupE2E();
const session = sessions(e2e);
type Language = 'ru' | 'kg' | 'en';

/** The full-page crash or chunk failure, if the page shows one. */
const crashed = (page: Page, lng: Language) =>
  page
    .getByRole('heading', {
      name: new RegExp(`^(${[text(lng, 'errors.crash'), text(lng, 'errors.chunkTitle')].map((s) => s.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&')).join('|')})$`),
    })
    .count();

/**
 * One browser page per account and width, reused by the tests of a describe (each load is still a
 * direct one, of an address typed into it); the language of a load is the `lang` cookie set before it.
 */
function sharedPage(account: Account, viewport: { width: number; height: number }) {
  let context: BrowserContext | undefined;
  let opened: Promise<Page> | undefined;
  afterAll(async () => {
    await context?.close();
  });
  return async (language: Language = 'ru') => {
    const page = await (opened ??= (async () => {
      context = await openContext(e2e.browser, e2e.server, { viewport, language, storageState: await session(account) });
      return context.newPage();
    })());
    await page.context().addCookies([{ name: 'lang', value: language, url: e2e.server.origin }]);
    return page;
  };
}

/**
 * The unknown address as each role at each width, each pass in another language (every language at
 * both widths over the four passes): the page's texts are the same for both roles, its shell is not.
 */
const UNKNOWN_ADDRESS_PASSES = [
  { account: TEACHER, viewport: WIDE, languages: ['ru', 'en'] },
  { account: TEACHER, viewport: PHONE, languages: ['kg'] },
  { account: STUDENT, viewport: WIDE, languages: ['kg'] },
  { account: STUDENT, viewport: PHONE, languages: ['ru', 'en'] },
] as const;

describe('an unknown address loaded directly', () => {
  for (const { account, viewport, languages } of UNKNOWN_ADDRESS_PASSES)
    describe(`${account.login}, ${viewport.width} px`, () => {
      const open = sharedPage(account, viewport);
      for (const lng of languages)
        it(`${lng}: the not-found page inside the shell, with the way home`, async () => {
          const page = await open(lng);
          await page.goto('/lms/no-such-page');
          await expectVisible(page.getByRole('heading', { name: text(lng, 'notFound.title') }), 20000);
          // The shell: its header (the brand link home) and, on a phone, the tab bar.
          await expectVisible(page.locator('.app-header'));
          if (viewport === PHONE) await expectVisible(page.getByTestId('mobile-tab-bar'));
          const home = page.getByRole('link', { name: text(lng, 'notFound.home') });
          await expectVisible(home);
          await home.click();
          await page.waitForURL((url) => url.pathname === '/lms' || url.pathname === '/lms/');
          await expectVisible(page.locator('#main h1').first(), 20000);
          expect(await crashed(page, lng)).toBe(0);
        }, 60000);
    });
});

describe('every route of the manifest loaded directly', () => {
  for (const account of [TEACHER, STUDENT])
    describe(account.login, () => {
      const open = sharedPage(account, WIDE);
      for (const route of MANIFEST_ROUTES)
        it(`/lms${route.path}`, async () => {
          const page = await open();
          await page.goto(routeAddress(route.path));
          // Its screen, or for a role it does not serve the "not for your role" page, in the shell.
          await expectVisible(page.locator('main h1, #main h1').first(), 20000);
          if (route.public) await expectVisible(page.locator('main').first());
          else {
            await expectVisible(page.locator('.app-header'));
            // The administration is the administrators' (the demo admin), never the demo teacher's or student's.
            const served = !route.someUsers && (!route.roles || (route.roles as number[]).includes(account.role));
            expect(await page.getByTestId('not-for-role').count()).toBe(served ? 0 : 1);
          }
          expect(await crashed(page, 'ru')).toBe(0);
        }, 60000);
    });
});
