/**
 * The lesson's actions next to it, in Chromium: at a desk (1366 × 768) a menu button in the header of
 * the chosen lesson's column, worked with the keyboard (Enter opens it on its first item, the arrows
 * move, Escape closes it and the focus returns to the button) and the mouse (mark all present, the
 * topic); on a phone (390 × 844, touch) the same menu beside the lesson being marked, opened by a tap.
 * The page stays clean for axe-core with the menu open (its colours in the dark theme too).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEACHER } from './support/accounts';
import { expectHidden, expectVisible, setupE2E, signIn, transitionsSettled } from './support/e2e';
import { COLOUR_RULES, seriousViolations } from './support/a11y';
import { ru } from './support/texts';
import { openLecture } from './support/journal';

const e2e = setupE2E();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/** The lesson menu's button: its name starts with the menu's text before the lesson. */
const MENU_NAME = new RegExp(`^${ru('journal:lesson.menu', { lesson: '' }).trim()}`);
const item = (page: Page, key: 'markAll' | 'topic' | 'delete') => page.getByRole('menuitem', { name: ru(`journal:lesson.${key}`), exact: true });
/** The colour rules of axe-core in the dark theme (switched in place, as the accessibility test does), then back to light. */
async function darkColourViolations(page: Page, shot: string) {
  await page.evaluate(() => document.body.classList.replace('light', 'dark') || document.body.classList.add('dark'));
  await transitionsSettled(page);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${shot}` });
  const found = await seriousViolations(page, COLOUR_RULES);
  await page.evaluate(() => document.body.classList.replace('dark', 'light'));
  await transitionsSettled(page);
  return found;
}
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

describe('the lesson menu', () => {
  it('at a desk (1366 × 768): in the chosen column header, by keyboard and by mouse; axe-clean while open', async () => {
    const page = await e2e.page({ viewport: { width: 1366, height: 768 } });
    // Late yesterday evening on the page's clock: no lesson of the timetable is on, so the journal opens
    // on its latest lesson, which has a column (during a lesson it opens on that lesson, not yet added).
    const evening = new Date();
    evening.setDate(evening.getDate() - 1);
    evening.setHours(23, 30, 0, 0);
    await page.clock.install({ time: evening });
    await signIn(page, TEACHER);
    await openLecture(page);

    // The chosen lesson's column header carries the menu button (one: only that column's).
    const head = page.locator('thead th.jg-date-on');
    await expectVisible(head);
    const button = head.getByRole('button', { name: MENU_NAME });
    await expectVisible(button);
    expect(await page.getByRole('button', { name: MENU_NAME }).count()).toBe(1);
    const [date] = (await head.locator('.jg-date-btn span').first().innerText()).split('\n');
    expect(await button.getAttribute('aria-label')).toContain(date.trim());
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');

    // Keyboard: Enter opens it on its first item, the arrows move, Escape closes it, focus back on the button.
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expectVisible(menu);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await focusedName(page)).toBe(ru('journal:lesson.markAll'));
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe(ru('journal:lesson.topic'));
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/journal-lesson-menu-1366.png` });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await darkColourViolations(page, 'journal-lesson-menu-1366-dark.png')).toEqual([]);
    await page.keyboard.press('Escape');
    await expectHidden(menu);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedName(page)).toMatch(MENU_NAME);

    // The topic from the keyboard: its dialog opens, and closing it brings the focus back to the button.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const topic = page.getByRole('dialog', { name: new RegExp(`^${ru('journal:lesson.topic')}`) });
    await expectVisible(topic);
    await page.keyboard.press('Escape');
    await expectHidden(topic);
    await expect.poll(() => focusedName(page)).toMatch(MENU_NAME);

    // The mouse: mark all present from the menu; every cell of the column then has a record.
    const col = await page.locator('td.jg-cell[tabindex="0"]').getAttribute('data-col');
    await button.click();
    await item(page, 'markAll').click();
    await expectHidden(menu);
    await expectVisible(page.getByRole('status').filter({ hasText: ru('journal:lesson.markedAll', { count: 0 }).replace(/\d+.*$/, '') }));
    await expect.poll(async () => (await page.locator(`td.jg-cell[data-col="${col}"]`).allInnerTexts()).every((v) => v.trim() !== '')).toBe(true);
    // A click elsewhere closes it.
    await button.click();
    await expectVisible(menu);
    await page.locator('h1').click();
    await expectHidden(menu);
  }, 120000);

  it('on a phone (390 × 844, touch): beside the lesson being marked, opened by a tap; axe-clean while open', async () => {
    const page = await e2e.page(PHONE);
    await signIn(page, TEACHER);
    await openLecture(page);
    const lesson = page.locator('#lm-lesson');
    await expectVisible(lesson);
    // The latest lesson of the journal (the last option), chosen by its value: the list loses its
    // "choose a lesson" line once the journal picks its opening lesson, which may happen meanwhile.
    const last = await lesson.locator('option').last().getAttribute('value');
    expect(last).toBeTruthy();
    await lesson.selectOption(last!);
    await expect.poll(() => lesson.inputValue()).toBe(last);

    const button = page.locator('.lm').getByRole('button', { name: MENU_NAME });
    await expectVisible(button);
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await button.tap();
    const menu = page.getByRole('menu');
    await expectVisible(menu);
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(390);
    for (const key of ['markAll', 'topic', 'delete'] as const) expect((await item(page, key).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/journal-lesson-menu-390.png` });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await darkColourViolations(page, 'journal-lesson-menu-390-dark.png')).toEqual([]);

    // The topic by a tap: its dialog opens over the marking.
    await item(page, 'topic').tap();
    await expectHidden(menu);
    const topic = page.getByRole('dialog', { name: new RegExp(`^${ru('journal:lesson.topic')}`) });
    await expectVisible(topic);
    await page.keyboard.press('Escape');
    await expectHidden(topic);
    // A tap elsewhere closes the menu.
    await button.tap();
    await expectVisible(menu);
    await page.locator('.lm-row').first().locator('.lm-name').tap();
    await expectHidden(menu);
  }, 120000);
});
