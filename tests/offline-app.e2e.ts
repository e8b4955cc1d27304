/**
 * The installable app (docs/product.md#installable-app): after one visit online, a phone with no
 * network starts the portal from the service worker's shell and shows the stored timetable with
 * when it was last updated, and says that checking in needs the network. The web manifest names
 * the portal's icons.
 */
import { describe, expect, it } from 'vitest';
import { STUDENT } from './support/accounts';
import { expectPath, expectVisible, setupE2E, signInWithForm } from './support/e2e';
import { PHONE } from './support/contexts';
import { ru } from './support/texts';

const e2e = setupE2E();

describe('the installable app', () => {
  it('the schedule opens offline after one online visit, with the stored timetable and its date', async () => {
    const page = await e2e.page({ viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
    await signInWithForm(page, STUDENT);
    await page.goto('/lms/schedule');
    await expectVisible(page.locator('.schedule-day').first(), 30000);
    // The worker has kept the shell (it is active once its install, the shell's download, is done).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await page.context().setOffline(true);
    await page.reload();
    await expectPath(page, '/lms/offline');
    await expectVisible(page.getByRole('heading', { level: 1, name: ru('offline.title') }));
    await expectVisible(page.getByText(ru('offline.needsNetwork')));
    const updated = page.getByTestId('schedule-updated');
    await expectVisible(updated);
    expect(await updated.textContent()).toMatch(/\d{2}\.\d{2}\.\d{4}/);
    await expectVisible(page.locator('.schedule-offline .schedule-day, .schedule-offline [data-testid^="lesson-"]').first());
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/offline-schedule-390.png`, fullPage: false });

    // A second start, going straight to the schedule, is the same.
    await page.goto('/lms/schedule');
    await expectPath(page, '/lms/offline');
    await expectVisible(page.getByTestId('schedule-updated'));

    await page.context().setOffline(false);
  });

  it('the web manifest names the portal and its icons under /lms/', async () => {
    const page = await e2e.page();
    await page.goto('/lms/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/lms/manifest.webmanifest');
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({ scope: '/lms/', start_url: '/lms/', display: 'standalone' });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const res = await page.request.get(`/lms/${icon.src}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    expect((manifest.icons as { sizes: string }[]).map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });

  it('the web manifest names the app in the page’s language', async () => {
    const page = await e2e.page();
    await page.goto('/lms/login?lang=kg');
    await page.waitForFunction(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href') === '/lms/manifest.kg.webmanifest');
    const kg = await (await page.request.get('/lms/manifest.kg.webmanifest')).json();
    expect(kg).toMatchObject({ lang: 'ky', name: 'Тянь-Шань мамлекеттик университети — окуу порталы', scope: '/lms/', start_url: '/lms/' });
    const ru = await (await page.request.get('/lms/manifest.webmanifest')).json();
    expect(ru).toMatchObject({ lang: 'ru', name: 'Тянь-Шаньский государственный университет — учебный портал' });
    expect((await (await page.request.get('/lms/manifest.en.webmanifest')).json()).name).toBe('Tian Shan State University — learning portal');
    await page.goto('/lms/login?lang=en');
    await page.waitForFunction(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href') === '/lms/manifest.en.webmanifest');
  });

  it("the service worker stores the shell, not what only online tasks need (the scanner's WebAssembly, the book libraries)", async () => {
    const page = await e2e.page();
    const res = await page.request.get('/lms/sw.js');
    expect(res.status()).toBe(200);
    const urls = [...(await res.text()).matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
    expect(urls).toContain('index.html');
    expect(urls.some((u) => u.startsWith('assets/app-'))).toBe(true);
    expect(urls.filter((u) => u.endsWith('.wasm') || u.startsWith('assets/lazy-'))).toEqual([]);
  });
});
