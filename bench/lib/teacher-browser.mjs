/**
 * Chromium signed in as the demo teacher, for the benches that time his screens in a browser (the
 * journal and the grading sheet): a laptop's window (1366×800, Russian), the sign-in through the form,
 * then `initScript(arg)` added to run in every page before the app starts. Resolves to
 * {browser, context, page}; the caller closes the browser.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';

export async function teacherBrowser(origin, initScript, arg) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  try {
    const context = await browser.newContext({ baseURL: origin, locale: 'ru-RU', viewport: { width: 1366, height: 800 } });
    context.setDefaultTimeout(60000);
    const page = await context.newPage();
    await page.goto('/lms/login');
    await page.locator('input[name=login]').fill('teacher');
    await page.locator('input[name=password]').fill('Teacher2026');
    await page.locator('[data-testid=login-form] button[type=submit]').click();
    await page.getByTestId('profile-menu-button').waitFor();
    await page.addInitScript(initScript, arg);
    return { browser, context, page };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** The longest wait for the portal's service worker to be active (ms): past it the bench fails and says so. */
const WORKER_ACTIVE_MS = 30_000;

/**
 * After a timed navigation, the page left to settle as a teacher's page does before the next visit:
 * the portal's service worker installed and active (it serves the next navigation), and the main
 * thread idle once (Chromium keeps the scripts' compiled code for the next load in such moments).
 * Without it, navigations one right after the other on a loaded machine kept putting off the
 * worker's installation and the keeping of the compiled code. A worker that never becomes active
 * (its installation failed) stops the bench with that reason instead of hanging it.
 */
export async function settle(page) {
  const active = await page.evaluate(async (ms) => {
    /* global requestIdleCallback -- in the page */
    const ready = await Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);
    if (ready) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 }));
    return ready;
  }, WORKER_ACTIVE_MS);
  if (!active) throw new Error(`the portal's service worker was not active ${WORKER_ACTIVE_MS / 1000} s after the page loaded (its installation failed?)`);
}
