/**
 * The teacher's workload in Chromium, as the demo teacher uses it on a laptop (1366 px, from the side
 * menu) and on a phone at 390 px in dark mode: the half-year's table with its totals, the week view
 * reached by keyboard, the .xlsx whose totals match the screen's, no serious axe violation and no
 * sideways scroll of the page (the table scrolls inside its region, the discipline column kept);
 * and the administrator choosing the demo teacher in his department.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ADMIN, TEACHER } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { PHONE, WIDE } from './support/contexts';
import { downloadBytes, expectPath, expectVisible, setupE2E, signIn } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

const cells = async (page: Page, testId: string) => (await page.getByTestId(testId).locator('td').allTextContents()).map((s) => s.trim());

async function workload(page: Page, tag: string) {
  const table = page.getByTestId('wl-table');
  await expectVisible(table, 20000);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  const totals = await cells(page, 'wl-totals');
  const [, planned, given, difference] = totals.map(Number);
  expect(planned).toBeGreaterThan(0);
  expect(given).toBeGreaterThan(0);
  expect(difference).toBe(planned - given);
  expect(await seriousViolations(page)).toEqual([]);
  // On a phone the shot is of the table's top, under the header.
  if (tag === '390') await page.getByTestId('wl-who').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${SHOTS}/workload-${tag}.png`, fullPage: tag !== '390' });

  // The week view, by keyboard.
  const weeks = page.getByRole('button', { name: ru('workload:views.weeks'), exact: true });
  await weeks.focus();
  await page.keyboard.press('Enter');
  await expectVisible(page.getByTestId('wl-weeks'));
  expect(await weeks.getAttribute('aria-pressed')).toBe('true');
  const byWeek = (await cells(page, 'wl-week-totals')).map(Number);
  expect(byWeek.at(-1)).toBe(given);
  expect(byWeek.slice(0, -1).reduce((n, h) => n + h, 0)).toBe(given);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/workload-${tag}-weeks.png`, fullPage: tag !== '390' });

  // The workbook: the same totals.
  const file = await downloadBytes(page, page.getByTestId('wl-xlsx'));
  expect(file.name).toMatch(/^workload-.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  let total: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(3).value === 'Итого') total = row;
  });
  expect(total).toBeDefined();
  expect([total!.getCell(8).value, total!.getCell(9).value, total!.getCell(10).value]).toEqual([planned, given, difference]);
}

const LAPTOP: BrowserContextOptions = { viewport: WIDE };
const PHONE_390: BrowserContextOptions = { viewport: PHONE, isMobile: true, hasTouch: true };

describe('the workload', () => {
  it('the demo teacher opens his workload from the side menu, the week view and the .xlsx (1366 px)', async () => {
    const page = await e2e.page(LAPTOP);
    await signIn(page, TEACHER);
    await page
      .getByTestId('side-menu')
      .getByRole('link', { name: ru('cm:menu.workload'), exact: true })
      .click();
    await expectPath(page, '/lms/workload');
    await workload(page, '1366');
    expect(e2e.problems(page).csp).toEqual([]);
  }, 120000);

  it('the same on a phone at 390 px in dark mode, the page never wider than the screen', async () => {
    const page = await e2e.page(PHONE_390);
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
    await signIn(page, TEACHER);
    await page.goto('/lms/workload');
    await workload(page, '390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The discipline column stays in view while the weeks scroll.
    const region = page.getByRole('region', { name: ru('workload:views.weeks') });
    await region.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const first = page.getByTestId('wl-weeks').locator('tbody th').first();
    const box = (await first.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeLessThan(40);
    await page.screenshot({ path: `${SHOTS}/workload-390-weeks-scrolled.png` });
    expect(e2e.problems(page).csp).toEqual([]);
  }, 120000);

  it('the administrator chooses the demo teacher in his department and reads the same totals', async () => {
    const page = await e2e.page(LAPTOP);
    await signIn(page, TEACHER);
    await page.goto('/lms/workload');
    await expectVisible(page.getByTestId('wl-table'), 20000);
    const own = await cells(page, 'wl-totals');
    const admin = await e2e.page(LAPTOP);
    await signIn(admin, ADMIN);
    await admin.goto('/lms/workload');
    // He teaches nothing: his own half-year is empty.
    await expectVisible(admin.getByTestId('wl-empty'), 20000);
    const teacher = admin.getByLabel(ru('workload:fields.teacher'), { exact: true });
    await admin.waitForFunction(() => ((document.querySelector('#wl-teacher') as HTMLSelectElement | null)?.options.length ?? 0) > 2);
    await teacher.selectOption({ label: 'Асанов Бакыт Кубанычбекович' });
    await expectVisible(admin.getByTestId('wl-table'), 20000);
    expect(await admin.getByTestId('wl-who').textContent()).toContain('Асанов Бакыт Кубанычбекович');
    expect(await cells(admin, 'wl-totals')).toEqual(own);
    expect(await admin.getByTestId('wl-xlsx').getAttribute('href')).toMatch(/id_teacher=\d+/);
  }, 120000);
});
