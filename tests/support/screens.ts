/**
 * The screens every accessibility, layout and language check visits. A new area adds its routes
 * here (with what shows that the screen is ready), and every check then covers it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Account } from './accounts';
import { DESKTOP, expectPath, expectVisible, signIn } from './e2e';
import type { RunningServer } from './server';

export interface Screen {
  /** Short name for messages. */
  name: string;
  path: string;
  /** Waits until the screen shows its content (not a spinner). */
  ready(page: Page): Promise<void>;
}

const readyMain = (page: Page) => expectVisible(page.locator('#main h1, main h1').first(), 20000);

/** Screens without a session. */
export const PUBLIC_SCREENS: Screen[] = [
  { name: 'login', path: '/lms/login', ready: (page) => expectVisible(page.getByTestId('login-form'), 20000) },
  { name: 'not found', path: '/lms/no-such-page', ready: (page) => expectVisible(page.locator('h1').first(), 20000) },
  { name: 'student card, invalid link', path: '/lms/studentqr?data=invalid', ready: (page) => expectVisible(page.getByTestId('card-invalid'), 20000) },
];

/** Screens of a signed-in user (teacher and student alike). */
export const SIGNED_IN_SCREENS: Screen[] = [
  {
    name: 'home',
    path: '/lms',
    ready: async (page) => {
      await readyMain(page);
      // The profile's fields (or, on a phone, the apps tab) are in.
      await page.waitForFunction(() => !document.querySelector('.profile-loading, [aria-busy="true"]'), undefined, { timeout: 20000 });
    },
  },
  {
    name: 'news',
    path: '/lms/news',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => document.querySelector('.news-card, .news-empty') && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20000 });
    },
  },
  {
    name: 'chat',
    path: '/lms/chat',
    ready: async (page) => {
      await expectVisible(page.getByTestId('chat-disciplines'), 20000);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20000 });
    },
  },
  {
    name: 'chat conversation',
    path: '/lms/chat',
    ready: async (page) => {
      await expectVisible(page.getByTestId('chat-disciplines'), 20000);
      await page.getByTestId('chat-disciplines').locator('.chat-item').first().click();
      await page.getByTestId('chat-contact').first().click();
      await expectVisible(page.getByTestId('chat-conversation'), 20000);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .chat-center .spinner'), undefined, { timeout: 20000 });
    },
  },
  {
    name: 'journal',
    path: '/lms/journal',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => document.querySelector('.journal-screen .muted, .sj-list') && !document.querySelector('.journal-screen .spinner'), undefined, { timeout: 20000 });
    },
  },
  {
    name: 'journal grid',
    path: '/lms/journal',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => document.querySelector('.journal-screen .muted, .sj-list') && !document.querySelector('.journal-screen .spinner'), undefined, { timeout: 20000 });
      // A teacher opens the first journal of the half-year; a student's screen is his own journal already.
      const group = page.locator('#journal-group');
      if ((await group.count()) === 0) return;
      const value = await group.locator('option').nth(1).getAttribute('value');
      if (value) await group.selectOption(value);
      await expectVisible(page.locator('.jg-wrap'), 20000);
    },
  },
  {
    name: 'library',
    path: '/lms/library',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => document.querySelector('[data-testid="library-book"], .library-empty') && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20000 });
    },
  },
  {
    name: 'teaching materials',
    path: '/lms/umk',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => document.querySelector('[data-testid="umk-item"], .umk-empty') && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20000 });
    },
  },
  {
    name: 'change password',
    path: '/lms/change-password',
    ready: (page) => readyMain(page),
  },
  {
    name: 'schedule',
    path: '/lms/schedule',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => document.querySelector('[data-testid^="lesson-"], .schedule-empty') && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20000 });
    },
  },
  {
    // Teachers: the projector of their first lesson (held now as a make-up lesson when it is not in its time).
    name: 'qr projector',
    path: '/lms/schedule',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => document.querySelector('[data-testid^="lesson-"], .schedule-empty') && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20000 });
      const open = page.locator('[data-testid^="lesson-"] a[href*="qrlesson"]').first();
      if (!(await open.count())) return;
      await open.click();
      await page.waitForFunction(() => document.querySelector('[data-testid="qr-token"], .qr-notnow'), undefined, { timeout: 20000 });
      const makeup = page.locator('.qr-notnow button');
      if (await makeup.count()) await makeup.click();
      await expectVisible(page.getByTestId('qr-token'), 20000);
    },
  },
  {
    name: 'qr scan',
    path: '/lms/qrscan',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner'), undefined, { timeout: 20000 });
    },
  },
  {
    name: 'qr reports',
    path: '/lms/reportqr',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => (document.querySelector('[data-testid="qr-report"]') || document.querySelector('.qr-report .qr-hint')) && !document.querySelector('[aria-busy="true"], .spinner'), undefined, { timeout: 20000 });
    },
  },
  {
    name: 'student qr code',
    path: '/lms/qrstud',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => document.querySelector('[data-testid="card-link"]') || document.querySelector('.qr-screen p'), undefined, { timeout: 20000 });
    },
  },
];

export type Theme = 'light' | 'dark';
export const THEMES: Theme[] = ['light', 'dark'];

/** Desktop and phone widths of the checks. */
export const PHONE = { width: 390, height: 844 };
export const WIDE = { width: 1366, height: 900 };

export function isPhone(viewport: { width: number }): boolean {
  return viewport.width < 900;
}

/** A browser context at `viewport` in `theme` and `language`, optionally signed in as `account`. */
export async function openContext(
  browser: Browser,
  server: RunningServer,
  options: { viewport?: { width: number; height: number }; theme?: Theme; language?: 'ru' | 'en' | 'kg'; storageState?: Awaited<ReturnType<BrowserContext['storageState']>> } = {},
): Promise<BrowserContext> {
  const viewport = options.viewport ?? DESKTOP;
  const phone = isPhone(viewport);
  const context = await browser.newContext({
    baseURL: server.origin,
    locale: 'ru-RU',
    viewport,
    isMobile: phone,
    hasTouch: phone,
    storageState: options.storageState,
  });
  context.setDefaultTimeout(15000);
  context.setDefaultNavigationTimeout(20000);
  const cookies: Array<{ name: string; value: string; url: string }> = [{ name: 'theme', value: options.theme ?? 'light', url: server.origin }];
  if (options.language) cookies.push({ name: 'lang', value: options.language, url: server.origin });
  await context.addCookies(cookies);
  return context;
}

/** Signs in once in a context and returns its storage (session cookie), to open other contexts with it. */
export async function sessionOf(browser: Browser, server: RunningServer, account: Account) {
  const context = await openContext(browser, server);
  try {
    const page = await context.newPage();
    await signIn(page, account);
    await expectPath(page, '/lms');
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Opens a screen by its path and waits until it is ready. */
export async function visit(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await screen.ready(page);
}
