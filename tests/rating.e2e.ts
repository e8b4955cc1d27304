/**
 * The rating in Chromium (docs/areas/rating.md#for-users): the demo student sees her places and her
 * group anonymised (only her own name), the GPA chart with its table; the demo teacher chooses a
 * group with the keyboard alone and sees its students by name, and narrows it to those at risk. At
 * 1366 px and 390 px, light and dark, axe-clean and nothing sticking out (screenshots in
 * SCREENSHOT_DIR when set).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { STUDENT, TEACHER, type Account } from './support/accounts';
import { overflows, seriousViolations } from './support/a11y';
import { openContext, PHONE, sessions, WIDE, type Theme } from './support/contexts';
import { expectVisible, setupE2E } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();
const session = sessions(e2e);
const SHOTS = process.env.SCREENSHOT_DIR;
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function open(account: Account, viewport: { width: number; height: number }, theme: Theme): Promise<Page> {
  const context = await openContext(e2e.browser, e2e.server, { viewport, theme, language: 'ru', storageState: await session(account) });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/lms/rating');
  await expectVisible(page.getByRole('heading', { level: 1, name: ru('rating:title') }));
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"], main .spinner'), undefined, { timeout: 20000 });
  return page;
}

async function checked(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/rating-${name}.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await overflows(page)).toEqual([]);
}

describe('the rating', () => {
  for (const [viewport, theme] of [
    [WIDE, 'light'],
    [PHONE, 'dark'],
  ] as const) {
    it(`shows the student her places, her group without other names, and her GPA (${viewport.width} px, ${theme})`, async () => {
      const page = await open(STUDENT, viewport, theme);
      await expectVisible(page.getByTestId('rt-place-group'));
      expect(await page.getByTestId('rt-place-group').textContent()).toMatch(/^\d+ из \d+$|^пока без места$/);
      const me = page.getByTestId('rt-my-row');
      await expect.poll(() => me.textContent()).toContain('Сыдыкова Айпери Талантовна');
      const rows = page.getByTestId('rt-group').locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(1);
      // Every other row is "a classmate" with a place and an average: no name.
      const others = await page.getByTestId('rt-group').locator('tbody tr:not([data-testid="rt-my-row"]) td:nth-child(2)').allTextContents();
      expect(new Set(others)).toEqual(new Set([ru('rating:classmate')]));
      await expectVisible(page.getByRole('figure', { name: ru('rating:gpaTitle') }));
      await checked(page, `student-${viewport.width}-${theme}`);
    });
  }

  for (const [viewport, theme] of [
    [WIDE, 'dark'],
    [PHONE, 'light'],
  ] as const) {
    it(`lets the teacher choose a group by keyboard and see its rating by name (${viewport.width} px, ${theme})`, async () => {
      const page = await open(TEACHER, viewport, theme);
      const select = page.getByLabel(ru('rating:group'), { exact: true });
      await select.focus();
      const wanted = await select.locator('option', { hasText: 'ПИ-1-24' }).getAttribute('value');
      // Down through the list until the demo student's group is chosen, keys only.
      for (let i = 0; i < 40 && (await select.inputValue()) !== wanted; i++) await page.keyboard.press('ArrowDown');
      expect(await select.inputValue()).toBe(wanted);
      const table = page.getByTestId('rt-students');
      await expectVisible(table);
      await expect.poll(() => table.textContent()).toContain('Сыдыкова Айпери Талантовна');
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('checkbox');
      await page.keyboard.press('Space');
      const atRisk = Number((await page.getByTestId('rt-at-risk-count').textContent())?.match(/\d+/)?.[0]);
      await expect.poll(async () => (atRisk === 0 ? 0 : await table.locator('tbody tr').count())).toBe(atRisk);
      await page.keyboard.press('Space');
      await checked(page, `teacher-${viewport.width}-${theme}`);
    });
  }
});
