/**
 * End-to-end harness. In a test file:
 *
 *   const e2e = setupE2E();
 *   it('...', async () => {
 *     const page = await e2e.page();            // a fresh browser context for this test
 *     await page.goto('/lms/login');
 *   });
 *
 * One server (fresh seeded database) and one Chromium per file; a fresh browser context (cookies,
 * storage) per page. A failing test leaves a screenshot of each of its pages in test-results/, and
 * its browser console errors and the server's last log lines on stderr.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, type TestContext } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { closeContexts, sharedBrowser, withoutAnimations } from './browser';
import { ROOT, startServer, type RunningServer, type StartOptions } from './server';
import type { Account } from './accounts';
import { ru } from './texts';

export const RESULTS_DIR = path.join(ROOT, 'test-results');

/** Desktop viewport (the mobile layout starts below 900 px). */
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

/** What a page logged as errors: console errors, uncaught exceptions, CSP violations. */
export interface PageProblems {
  console: string[];
  pageErrors: string[];
  csp: string[];
}

interface Tracked {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

export interface E2E {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A page in a new browser context (desktop 1280×800, Russian locale, unless overridden). */
  page(options?: BrowserContextOptions): Promise<Page>;
  /** What the given page (made by `page()`) logged as errors so far. */
  problems(page: Page): PageProblems;
}

function safeName(s: string): string {
  return s
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

export function setupE2E(serverOptions: StartOptions = {}): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const open: Tracked[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(serverOptions), sharedBrowser()]);
  });

  afterEach(async (ctx: TestContext) => {
    const failed = ctx.task.result?.state === 'fail';
    const pages = open.splice(0);
    if (failed) {
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      const base = `${safeName(path.basename(ctx.task.file.name))}--${safeName(ctx.task.name)}`;
      for (const [i, t] of pages.entries()) {
        const file = path.join(RESULTS_DIR, `${base}${pages.length > 1 ? `-${i + 1}` : ''}.png`);
        try {
          await t.page.screenshot({ path: file, fullPage: true, timeout: 5000 });
          console.error(`Screenshot: ${path.relative(ROOT, file)} (at ${t.page.url()})`);
        } catch (err) {
          console.error(`Screenshot failed: ${(err as Error).message}`);
        }
        const { console: logged, pageErrors, csp } = t.problems;
        if (logged.length + pageErrors.length + csp.length > 0) console.error(`Browser errors:\n  ${[...logged, ...pageErrors, ...csp].join('\n  ')}`);
      }
      if (server) console.error(`Server log (last lines):\n${server.logTail(20)}`);
    }
    await Promise.all(pages.map((t) => t.context.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await Promise.all(open.splice(0).map((t) => t.context.close().catch(() => undefined)));
    // The file's server and its database copy are thrown away: no graceful stop to wait for. The
    // browser stays for the worker's next file, with none of this file's contexts.
    await Promise.all([browser ? closeContexts(browser) : undefined, server?.stop({ discard: true })]);
  });

  return {
    get server() {
      if (!server) throw new Error('The server is not started (use e2e.server inside a test).');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('The browser is not started (use e2e.browser inside a test).');
      return browser;
    },
    async page(options: BrowserContextOptions = {}) {
      if (!server || !browser) throw new Error('setupE2E(): server or browser missing.');
      // The portal's service worker (src/sw/sw.ts) is off unless a test asks for it (tests/offline-app.e2e.ts):
      // each fresh context would otherwise download the whole shell beside the test's own requests.
      const context = await browser.newContext({ baseURL: server.origin, locale: 'ru-RU', viewport: DESKTOP, serviceWorkers: 'block', ...options });
      // Ceilings for a page that never gets there, not waits: a loaded machine may need far more than
      // the usual second or two.
      context.setDefaultTimeout(30000);
      context.setDefaultNavigationTimeout(30000);
      await withoutAnimations(context);
      const page = await context.newPage();
      const problems: PageProblems = { console: [], pageErrors: [], csp: [] };
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.console.push(`console.error: ${msg.text()} (${msg.location().url})`);
      });
      page.on('pageerror', (err) => problems.pageErrors.push(`pageerror: ${err.message}`));
      await page.exposeFunction('__reportCspViolation', (line: string) => problems.csp.push(`CSP: ${line}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __reportCspViolation?: (s: string) => void }).__reportCspViolation;
          report?.(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      open.push({ context, page, problems });
      return page;
    },
    problems(page: Page) {
      const t = open.find((x) => x.page === page);
      if (!t) throw new Error('Unknown page: make it with e2e.page().');
      return t.problems;
    },
  };
}

/** The path of the page's URL (no origin, no query). */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page's path is exactly `expected` (a trailing slash is ignored). */
export async function expectPath(page: Page, expected: string, timeout = 30000): Promise<void> {
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  await expect.poll(() => norm(pathOf(page)), { timeout, message: `path of ${page.url()}` }).toBe(norm(expected));
}

export async function expectVisible(locator: Locator, timeout = 30000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

export async function expectHidden(locator: Locator, timeout = 30000): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** Polls the locator's visible text until it contains `expected`. */
export async function expectText(locator: Locator, expected: string, timeout = 30000): Promise<void> {
  await expect.poll(async () => ((await locator.count()) > 0 ? await locator.first().innerText() : ''), { timeout }).toContain(expected);
}

/** The login form's fields and button, by their Russian labels. */
export function loginForm(page: Page) {
  const form = page.getByTestId('login-form');
  return {
    form,
    login: form.getByLabel(ru('auth:login.login'), { exact: true }),
    password: form.getByLabel(ru('auth:login.password'), { exact: true }),
    submit: form.getByRole('button', { name: ru('auth:login.submit'), exact: true }),
  };
}

/** Opens /lms/login and submits the form (does not wait for the outcome). */
export async function submitLogin(page: Page, account: Pick<Account, 'login' | 'password'>): Promise<void> {
  await page.goto('/lms/login');
  const f = loginForm(page);
  await expectVisible(f.form);
  await f.login.fill(account.login);
  await f.password.fill(account.password);
  await f.submit.click();
}

/** Signs in through the login form and waits for the signed-in shell (profile menu button) at /lms. */
export async function signInWithForm(page: Page, account: Pick<Account, 'login' | 'password'>): Promise<void> {
  await submitLogin(page, account);
  await expectVisible(page.getByTestId('profile-menu-button'), 20000);
  await expectPath(page, '/lms');
}

/**
 * Signs the page in as `account` and opens /lms, waiting for the signed-in shell (profile menu button):
 * the session through the API (POST /api/auth/orize.json, the login form's own last call, in the
 * page's context, so the cookie lands in its jar) and the client's marker entries written before the
 * page's scripts run (src/lib/storage.ts, storeSession), once in this tab. The tests whose subject is
 * the form, or what a person does on the login page, use signInWithForm.
 */
export async function signIn(page: Page, account: Pick<Account, 'login' | 'password'>): Promise<void> {
  const reply = await page.request.post('/api/auth/orize.json', { data: { login: account.login, password: account.password } });
  const body = (await reply.json().catch(() => null)) as { result?: unknown; data?: { uid: number; role: number; shortName: string } | null } | null;
  if (!reply.ok() || body?.result !== 0 || !body.data) throw new Error(`Signing in as ${account.login} failed: ${reply.status()} ${JSON.stringify(body)}`);
  const { uid, role, shortName } = body.data;
  await page.addInitScript(
    (entry) => {
      // Once per tab: a later sign-out (which clears the storage) stays signed out on reload.
      if (sessionStorage.getItem(entry.key)) return;
      sessionStorage.setItem(entry.key, '1');
      localStorage.setItem('token', entry.token);
      localStorage.setItem('uid', entry.uid);
      localStorage.setItem('role', entry.role);
      localStorage.setItem('fio', entry.fio);
    },
    { key: `e2e-signed-in-${randomUUID()}`, token: randomUUID(), uid: String(uid), role: String(role), fio: shortName },
  );
  await page.goto('/lms');
  await expectVisible(page.getByTestId('profile-menu-button'), 20000);
  await expectPath(page, '/lms');
}

/** Opens the profile menu (when closed) and returns its panel. */
export async function openProfileMenu(page: Page): Promise<Locator> {
  const button = page.getByTestId('profile-menu-button');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const panel = page.getByRole('region', { name: ru('profileMenu.title'), exact: true });
  await expectVisible(panel);
  return panel;
}

/** Signs out through the profile menu and waits for the login form. */
export async function signOut(page: Page): Promise<void> {
  const panel = await openProfileMenu(page);
  await panel.getByTestId('logout-button').click();
  await expectVisible(page.getByTestId('login-form'), 15000);
  await expectPath(page, '/lms/login');
}

/** Clicks what starts a download and returns the file's suggested name and bytes. */
export async function downloadBytes(page: Page, start: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start.click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** The page's colours have arrived: no CSS transition (of a background, a border...) still running. */
export async function transitionsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState === 'finished'), undefined, {
    timeout: 20000,
  });
}
