/**
 * The grading sheet in Chromium: the demo teacher opens the sheet of his first discipline and group
 * on a laptop (1366 px), types the exam points of the admitted students by keyboard alone (Enter
 * moves down), signs after the confirmation; the student then sees his line on a phone at 390 px in
 * dark mode. Both screens are axe-clean.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { expectVisible, setupE2E, signIn } from './support/e2e';
import { settled } from './support/gradingsheet';
import { ru } from './support/texts';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/gradingsheet-${name}.png`, fullPage: true });
}

describe('the grading sheet', () => {
  it('the teacher fills the exam points by keyboard and signs; the student sees his line', async () => {
    const page = await e2e.page({ viewport: { width: 1366, height: 768 } });
    await signIn(page, TEACHER);
    await page.goto('/lms/gradingsheet');
    const open = page.getByRole('button', { name: new RegExp(`^${ru('gradingsheet:list.open')}: Веб-программирование, ПИ-1-24`) });
    await expectVisible(open);
    expect(await seriousViolations(page)).toEqual([]);
    await open.focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('gs-table'));
    const cells = page.getByTestId('gs-exam');
    const count = await cells.count();
    expect(count).toBeGreaterThan(0);
    await cells.first().focus();
    for (let i = 0; i < count; i++) {
      await page.keyboard.type(String(20 + (i % 20)));
      await page.keyboard.press('Enter');
      // Each Enter saves the cell and moves down; the reply brings the stored value back.
      await expect.poll(async () => (await page.getByTestId('gs-exam').nth(i).inputValue()) === String(20 + (i % 20)), { timeout: 15000 }).toBe(true);
    }
    await settled(page, 15000);
    // Every value stays in its cell once all the replies are in, each total computed.
    for (let i = 0; i < count; i++) expect(await cells.nth(i).inputValue()).toBe(String(20 + (i % 20)));
    expect(await page.getByTestId('gs-total').filter({ hasText: '—' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '1366');

    await page.getByTestId('gs-sign').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expectVisible(dialog);
    const rows = await page.getByTestId('gs-row').count();
    expect(await dialog.textContent()).toContain(String(rows));
    await dialog.getByRole('button', { name: ru('gradingsheet:sign.confirm'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await page.getByTestId('gs-status').textContent())?.trim(), { timeout: 15000 }).toBe(ru('gradingsheet:status.signed'));
    expect(await page.getByTestId('gs-exam').count()).toBe(0);
    expect(e2e.problems(page).csp).toEqual([]);

    // The signed sheet on the teacher's phone, in dark mode: nothing wider than the screen but the table, which scrolls.
    const teacherPhone = await e2e.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await teacherPhone.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
    await signIn(teacherPhone, TEACHER);
    await teacherPhone.goto('/lms/gradingsheet');
    await teacherPhone.getByRole('button', { name: new RegExp(`^${ru('gradingsheet:list.open')}: Веб-программирование, ПИ-1-24`) }).click();
    await expectVisible(teacherPhone.getByTestId('gs-table'));
    expect(await teacherPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(teacherPhone)).toEqual([]);
    await shot(teacherPhone, '390-teacher');

    const phone = await e2e.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
    await signIn(phone, STUDENT);
    await phone.goto('/lms/gradingsheet');
    const mine = phone.getByTestId('gs-mine');
    await expectVisible(mine);
    expect(await mine.textContent()).toContain('Веб-программирование');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone)).toEqual([]);
    await shot(phone, '390-student');
  });
});
