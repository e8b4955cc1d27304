/**
 * The journal's lessons in Chromium: a lesson added before the one the teacher is on is saved at
 * once and becomes the lesson in focus, and "Mark all present" writes on the date the teacher typed,
 * never on the neighbouring column; the chosen journal is in the address and a reload reopens it.
 * On a phone (390 px, touch) a lesson is marked by tapping large buttons, student by student.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEACHER } from './support/accounts';
import { expectVisible, setupE2E, signIn } from './support/e2e';
import { seriousViolations } from './support/a11y';
import { ru } from './support/texts';
import { chooseLessonTime, openLecture } from './support/journal';

const e2e = setupE2E();

/** A back-dated lesson no seeded record uses: a Friday of the autumn half-year at the last pair. */
const BACK_DATE = '2026-10-30';
const LAST_PAIR = '17:30';

/** The grid's column texts (date and start time) in order, and one column's cell texts. */
const headers = (page: Page) => page.locator('thead th.jg-date').evaluateAll((ths) => ths.map((th) => th.textContent ?? ''));
const columnTexts = (page: Page, col: number) => page.locator(`td.jg-cell[data-col="${col}"]`).allInnerTexts();

describe('journal lessons', () => {
  it('a back-dated lesson is saved at once and stays the lesson in focus: mark all present writes on the typed date', async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    await openLecture(page);
    const rows = await page.locator('tbody th.jg-name').count();

    // The teacher is on the latest lesson (a cell of the last column).
    const before = await headers(page);
    const last = before.length - 1;
    await page.locator(`td.jg-cell[data-row="1"][data-col="${last}"]`).click();
    const latest = before[last];
    const latestCells = await columnTexts(page, last);

    // He types an earlier date at the last pair and adds the lesson: it is saved and selected.
    const date = page.getByLabel(ru('journal:lesson.date'), { exact: true });
    await date.fill(BACK_DATE);
    await chooseLessonTime(page, `${LAST_PAIR}–18:50`);
    await page.getByRole('button', { name: ru('journal:lesson.add'), exact: true }).click();
    const added = page.locator('thead th.jg-date', { hasText: `30.10${LAST_PAIR}` });
    await expectVisible(added);
    await expect.poll(() => added.locator('button').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await headers(page)).length).toBe(before.length + 1);
    // The active cell is on the new lesson, the lesson bar still reads what he typed.
    const col = (await headers(page)).indexOf(`30.10${LAST_PAIR}`);
    await expect.poll(() => page.locator('td.jg-cell[tabindex="0"]').getAttribute('data-col')).toBe(String(col));
    expect(await date.inputValue()).toBe(BACK_DATE);

    // Mark all present: every student is present on 30.10, the latest lesson is as it was.
    await page.getByRole('button', { name: ru('journal:lesson.markAll'), exact: true }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: ru('journal:lesson.markedAll', { count: rows }) }));
    await expect.poll(async () => new Set(await columnTexts(page, col))).toEqual(new Set(['+']));
    expect(await date.inputValue()).toBe(BACK_DATE);
    expect((await headers(page))[last + 1]).toBe(latest);
    expect(await columnTexts(page, last + 1)).toEqual(latestCells);

    // The lesson was saved with the records on it: a reload shows them on the typed date.
    await page.reload();
    await expectVisible(page.locator('.jg-wrap'), 30000);
    const reloaded = await headers(page);
    expect(reloaded).toContain(`30.10${LAST_PAIR}`);
    expect(new Set(await columnTexts(page, reloaded.indexOf(`30.10${LAST_PAIR}`)))).toEqual(new Set(['+']));
  });

  it('on a phone (390 px, touch): the lesson is picked, each student marked by a tap on large buttons, a final result typed on his row, saved with its history', async () => {
    const page = await e2e.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await signIn(page, TEACHER);
    await openLecture(page);
    const lesson = page.locator('#lm-lesson');
    await expectVisible(lesson);
    // A lesson is chosen (today's, or the latest), the students listed under it.
    const key = await lesson.inputValue();
    expect(key).toMatch(/^\d{4}-\d{2}-\d{2}\|\d+$/);
    const rows = page.locator('.lm-row');
    expect(await rows.count()).toBeGreaterThan(3);
    expect(await page.locator('.jg-wrap').count()).toBe(0);

    const row = (i: number) => rows.nth(i);
    const tapValue = async (i: number, value: string) => {
      const button = row(i).locator('.lm-btn', { hasText: value }).first();
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await button.tap();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => row(i).getAttribute('aria-busy')).toBeNull();
    };
    await tapValue(0, 'н/б');
    await tapValue(1, '4');
    await tapValue(2, 'ув');
    await tapValue(0, '+');
    await expectVisible(page.getByRole('status').filter({ hasText: ru('journal:status.saved') }), 30000);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/journal-phone-marking-390.png` });
    // The final result is on the row too: tapped, typed, saved on Enter.
    const final = row(1).locator('.lm-final input');
    const finalBox = (await final.boundingBox())!;
    expect(finalBox.height).toBeGreaterThanOrEqual(44);
    expect(finalBox.x + finalBox.width).toBeLessThanOrEqual(390);
    await final.tap();
    await final.fill('77');
    await final.press('Enter');
    await expect.poll(() => row(1).locator('.lm-final').getAttribute('aria-busy')).toBeNull();
    await expect.poll(() => row(1).locator('.lm-final-letter').count()).toBe(1);

    // Saved: after a reload the same journal and lesson show the taps.
    await page.reload();
    await expectVisible(lesson, 30000);
    expect(await lesson.inputValue()).toBe(key);
    const pressed = async (i: number) => (await row(i).locator('.lm-btn[aria-pressed="true"]').allInnerTexts()).join();
    expect([await pressed(0), await pressed(1), await pressed(2)]).toEqual(['+', '4', 'ув']);
    expect(await row(1).locator('.lm-final input').inputValue()).toBe('77');

    // The row's history: the absence, then present, by the teacher from the journal.
    await row(0).locator('.lm-history').tap();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    await expect.poll(() => dialog.locator('.journal-history li').count()).toBeGreaterThanOrEqual(2);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
