/**
 * The personal card in Chromium as the demo student meets it, on a laptop (1366 px) and on a phone
 * (390 px, dark mode): her personal data and education history (admitted to ПИ-2-24, transferred to
 * ПИ-1-24, an academic leave and her return); with the keyboard alone she changes her phone, and
 * after a reload the change is in the card's change history. No serious accessibility violation,
 * nothing wider than the phone.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ADMIN, STUDENT, TEACHER } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { expectVisible, setupE2E, signIn } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';

const LAPTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function openCard(page: Page) {
  await page.goto('/lms/personalcard');
  await expectVisible(page.getByRole('heading', { level: 1, name: ru('personalcard:title') }));
  await page.waitForFunction(() => document.querySelector('[data-testid="pc-card"]') && !document.querySelector('[aria-busy="true"]'));
}

/** Presses Tab until the element has the focus (the keyboard's way there), at most `max` times. */
async function tabTo(page: Page, testId: string, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${testId} not reached with Tab`);
}

describe('personal card', () => {
  for (const [tag, options, phone] of [
    ['1366', LAPTOP, '+996 700 111 222'],
    ['390', PHONE, '+996 (555) 98-76-54'],
  ] as const) {
    it(`the demo student sees her history and changes her phone with the keyboard (${tag})`, async () => {
      const page = await e2e.page(options);
      if (tag === '390') await page.context().addCookies([{ name: 'theme', value: 'dark', url: e2e.server.origin }]);
      await signIn(page, STUDENT);
      await openCard(page);
      await expectVisible(page.getByTestId('pc-name'));
      const kinds = await page.getByTestId('pc-event').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
      expect(kinds).toEqual(['admission', 'transfer', 'leave', 'return']);
      expect(await page.getByTestId('pc-event').nth(1).textContent()).toContain('ПИ-2-24 → ПИ-1-24');
      expect(await seriousViolations(page)).toEqual([]);
      if (tag === '390') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/personalcard-${tag}.png`, fullPage: true });

      // The keyboard alone: Tab to Change, type, a wrong value refused in the form, then Enter saves.
      await page.locator('body').focus();
      await tabTo(page, 'pc-change-phone');
      await page.keyboard.press('Enter');
      const input = page.getByLabel(ru('personalcard:fields.phone'), { exact: true });
      await expectVisible(input);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('12-ab');
      await page.keyboard.press('Enter');
      await expectVisible(page.getByText(ru('personalcard:invalid.phone'), { exact: true }));
      await page.keyboard.press('Control+A');
      await page.keyboard.type(phone);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/personalcard-${tag}-edit.png`, fullPage: true });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('pc-phone').textContent(), { timeout: 20000 }).toBe(phone);
      // The focus is back on the field's Change button.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('pc-change-phone');

      await page.reload();
      await openCard(page);
      expect(await page.getByTestId('pc-phone').textContent()).toBe(phone);
      const change = page.getByTestId('pc-change').first();
      await expectVisible(change);
      expect(await change.textContent()).toContain(phone);
      expect(await change.textContent()).toContain(ru('personalcard:fields.phone'));
      expect(await seriousViolations(page)).toEqual([]);
      if (tag === '390') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/personalcard-${tag}-after.png`, fullPage: true });
      expect(e2e.problems(page).csp).toEqual([]);
    });
  }

  it('an administrator finds the student, reads her card and adds an academic leave; the teacher is refused her card', async () => {
    const page = await e2e.page(LAPTOP);
    await signIn(page, ADMIN);
    await openCard(page);
    await page.getByRole('searchbox', { name: ru('personalcard:search.label') }).fill('Сыдыкова');
    await page.getByRole('button', { name: ru('personalcard:search.submit'), exact: true }).click();
    const hit = page.getByTestId('pc-hit').filter({ hasText: 'Сыдыкова Айпери' });
    await expectVisible(hit);
    const href = (await hit.getAttribute('href')) ?? '';
    await hit.click();
    await expectVisible(page.getByRole('heading', { level: 1, name: ru('personalcard:titleOf', { name: 'Сыдыкова Айпери Талантовна' }) }));
    expect(await page.getByTestId('pc-change-phone').count()).toBe(0);
    const form = page.getByTestId('pc-add-event');
    await form.getByLabel(ru('personalcard:event.kind'), { exact: true }).selectOption('leave');
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
    await form.getByLabel(ru('personalcard:event.date'), { exact: true }).fill(today);
    await form.getByLabel(ru('personalcard:event.orderNumber'), { exact: true }).fill('212-С');
    await form.getByLabel(ru('personalcard:event.orderDate'), { exact: true }).fill(today);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByTestId('pc-event-submit').click();
    await expect.poll(() => page.getByTestId('pc-event').last().getAttribute('data-kind'), { timeout: 20000 }).toBe('leave');
    expect(await page.getByTestId('pc-event').last().textContent()).toContain('212-С');
    await page.screenshot({ path: `${SHOTS}/personalcard-admin.png`, fullPage: true });

    const teacher = await e2e.page(LAPTOP);
    await signIn(teacher, TEACHER);
    await teacher.goto(href);
    await expectVisible(teacher.getByTestId('load-failed'));
    expect(await teacher.getByTestId('pc-card').count()).toBe(0);
  });
});
