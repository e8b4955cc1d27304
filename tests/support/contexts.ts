/**
 * The browser contexts of the screen checks: their widths and themes, a context opened at one of them
 * (optionally signed in), one sign-in per account for a whole file, and a theme switched in place.
 */
import { randomUUID } from 'node:crypto';
import { request as playwrightRequest, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Account } from './accounts';
import { withoutAnimations } from './browser';
import { DESKTOP, transitionsSettled, type E2E } from './e2e';
import type { RunningServer } from './server';

export type Theme = 'light' | 'dark';
export const THEMES: Theme[] = ['light', 'dark'];

/** Desktop and phone widths of the checks. */
export const PHONE = { width: 390, height: 844 };
export const WIDE = { width: 1366, height: 900 };
/** The narrowest desktop layout (its rules hold up to 1199 px; narrower is the phone's). */
export const NARROW_DESKTOP = { width: 900, height: 900 };

export function isPhone(viewport: { width: number }): boolean {
  return viewport.width < 900;
}

/**
 * A browser context at `viewport` in `theme` and `language`, optionally signed in as `account`.
 * Theme 'system': no chosen theme, the page follows the system's colour scheme (light at first;
 * switchTheme changes it in place).
 */
export async function openContext(
  browser: Browser,
  server: RunningServer,
  options: {
    viewport?: { width: number; height: number };
    theme?: Theme | 'system';
    language?: 'ru' | 'en' | 'kg';
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  } = {},
): Promise<BrowserContext> {
  const viewport = options.viewport ?? DESKTOP;
  const phone = isPhone(viewport);
  const context = await browser.newContext({
    baseURL: server.origin,
    locale: 'ru-RU',
    viewport,
    isMobile: phone,
    hasTouch: phone,
    // As in tests/support/e2e.ts: the service worker only where a test asks for it.
    serviceWorkers: 'block',
    // Following the system: no theme cookie, whatever the signed-in storage carries.
    storageState:
      options.theme === 'system' && options.storageState
        ? { ...options.storageState, cookies: options.storageState.cookies.filter((c) => c.name !== 'theme') }
        : options.storageState,
    colorScheme: 'light',
    // A page that switches its theme in place asks for reduced motion: the new colours come at once,
    // with no transition to wait for.
    reducedMotion: options.theme === 'system' ? 'reduce' : 'no-preference',
  });
  context.setDefaultTimeout(15000);
  context.setDefaultNavigationTimeout(20000);
  await withoutAnimations(context);
  const cookies: Array<{ name: string; value: string; url: string }> = [];
  if (options.theme !== 'system') cookies.push({ name: 'theme', value: options.theme ?? 'light', url: server.origin });
  if (options.language) cookies.push({ name: 'lang', value: options.language, url: server.origin });
  await context.addCookies(cookies);
  return context;
}

/**
 * Signs in once through the API (POST /api/auth/orize.json, as the login form's last call does) and
 * returns the storage a signed-in browser holds: the session cookie and the client's marker entries
 * (src/lib/storage.ts, storeSession), to open contexts with it. No page is loaded for it: the form
 * itself is the subject of tests/auth.e2e.ts. The browser is not used (kept for the callers' shape).
 */
export async function sessionOf(_browser: Browser, server: RunningServer, account: Account): Promise<Session> {
  const api = await playwrightRequest.newContext({ baseURL: server.origin, extraHTTPHeaders: { origin: server.origin } });
  try {
    const reply = await api.post('/api/auth/orize.json', { data: { login: account.login, password: account.password } });
    const body = (await reply.json().catch(() => null)) as { result?: unknown; data?: { uid: number; role: number; shortName: string } | null } | null;
    if (!reply.ok() || body?.result !== 0 || !body.data) throw new Error(`Signing in as ${account.login} failed: ${reply.status()} ${JSON.stringify(body)}`);
    const user = body.data;
    const { cookies } = await api.storageState();
    const localStorage = [
      { name: 'token', value: randomUUID() },
      { name: 'uid', value: String(user.uid) },
      { name: 'role', value: String(user.role) },
      { name: 'fio', value: user.shortName },
    ];
    return { cookies, origins: [{ origin: server.origin, localStorage }] };
  } finally {
    await api.dispose();
  }
}

export type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/** One sign-in per account for a whole test file: `session(account)` gives its storage state. */
export function sessions(e2e: E2E): (account: Account) => Promise<Session> {
  const signedIn = new Map<string, Promise<Session>>();
  return (account) => {
    let s = signedIn.get(account.login);
    if (!s) signedIn.set(account.login, (s = sessionOf(e2e.browser, e2e.server, account)));
    return s;
  };
}

/**
 * Turns a page opened with theme 'system' to `theme` in place, as the system's colour scheme changing
 * does (the page follows it without loading again), and waits until the page shows it.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((t) => document.body.classList.contains(t) && !document.body.classList.contains(t === 'dark' ? 'light' : 'dark'), theme, {
    timeout: 20000,
  });
  await transitionsSettled(page);
}
