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

/**
 * After a timed navigation, the page left to settle as a teacher's page does before the next visit:
 * the portal's service worker installed and controlling it, and the main thread idle once (Chromium
 * keeps the scripts' compiled code for the next load in such moments). Without it, navigations one
 * right after the other never let the worker install nor the compiled code be kept: each timed a
 * browser still warming up (its code compiled afresh, the shell fetched behind it).
 */
export async function settle(page) {
  await page.evaluate(async () => {
    /* global requestIdleCallback -- in the page */
    await navigator.serviceWorker.ready;
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 }));
  });
}
