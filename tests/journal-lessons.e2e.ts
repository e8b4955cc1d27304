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

/** A date on this machine's clock (the browser's too), YYYY-MM-DD, `days` from today. */
const dayFrom = (days: number, from = new Date()) => {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

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
    await expect.poll(() => added.locator('.jg-date-btn').getAttribute('aria-pressed')).toBe('true');
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
    // The final result is on the row too, once asked for (folded, it is not in the way of marking): tapped, typed, saved on Enter.
    const finalsToggle = page.getByRole('button', { name: ru('journal:phone.finals'), exact: true });
    expect(await row(1).locator('.lm-final input').count()).toBe(0);
    await finalsToggle.tap();
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
    // The lesson is chosen again once the journal has loaded (the picker shows before it does).
    await expect.poll(() => lesson.inputValue(), { timeout: 30000 }).toBe(key);
    const pressed = async (i: number) => (await row(i).locator('.lm-btn[aria-pressed="true"]').allInnerTexts()).join();
    expect([await pressed(0), await pressed(1), await pressed(2)]).toEqual(['+', '4', 'ув']);
    await finalsToggle.tap();
    expect(await row(1).locator('.lm-final input').inputValue()).toBe('77');

    // The row's history: the absence, then present, by the teacher from the journal.
    await row(0).locator('.lm-history').tap();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    await expect.poll(() => dialog.locator('.journal-history li').count()).toBeGreaterThanOrEqual(2);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a journal opens on the lesson that is on now: never on a lesson planned ahead; on a phone the first tap is saved, and a mark can be cleared and undone', async () => {
    // A lesson planned a week ahead, added at a desk.
    const desk = await e2e.page();
    await signIn(desk, TEACHER);
    await openLecture(desk);
    const ahead = dayFrom(7);
    await desk.getByLabel(ru('journal:lesson.date'), { exact: true }).fill(ahead);
    await chooseLessonTime(desk, `${LAST_PAIR}–18:50`);
    await desk.getByRole('button', { name: ru('journal:lesson.add'), exact: true }).click();
    await expectVisible(desk.locator('thead th.jg-date', { hasText: `${ahead.slice(8, 10)}.${ahead.slice(5, 7)}${LAST_PAIR}` }));

    // On a phone the journal opens on the latest lesson that is not in the future.
    const page = await e2e.page(PHONE);
    await signIn(page, TEACHER);
    await openLecture(page);
    const lesson = page.locator('#lm-lesson');
    await expect.poll(() => lesson.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}\|\d+$/);
    const key = await lesson.inputValue();
    const today = dayFrom(0);
    expect(key.slice(0, 10) <= today, `${key} is not in the future`).toBe(true);
    const values = await lesson.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(values.filter((v) => v.slice(0, 10) < today && v > key)).toEqual([]);
    // Mark all present is within reach above the students, without scrolling.
    const markAll = page.getByRole('button', { name: ru('journal:lesson.markAll'), exact: true });
    const box = (await markAll.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);

    // The first tap is saved there.
    const row = page.locator('.lm-row').first();
    const absent = row.locator('.lm-btn', { hasText: 'н/б' });
    const before = (await row.locator('.lm-btn[aria-pressed="true"]').allInnerTexts()).join();
    await absent.tap();
    await expect.poll(() => absent.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => row.getAttribute('aria-busy')).toBeNull();
    expect(await row.getAttribute('class')).not.toContain('lm-failed');

    // Cleared by its clear button, then the clearing undone: н/б again; undone again: as before the tap.
    await row.getByRole('button', { name: ru('journal:phone.clear', { name: (await row.locator('.lm-name').innerText()).replace(/^\d+\.\s*/, '') }) }).tap();
    await expect.poll(() => row.locator('.lm-btn[aria-pressed="true"]').count()).toBe(0);
    await expect.poll(() => row.getAttribute('aria-busy')).toBeNull();
    const undo = page.getByRole('button', { name: ru('journal:undo.undo'), exact: true });
    await undo.tap();
    await expect.poll(() => absent.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => undo.isEnabled()).toBe(true);
    await undo.tap();
    await expect.poll(async () => (await row.locator('.lm-btn[aria-pressed="true"]').allInnerTexts()).join()).toBe(before);

    // At a desk the same rule: a reload opens on that lesson, not on the one ahead.
    await desk.reload();
    await expectVisible(desk.locator('.jg-wrap'), 30000);
    await expect.poll(() => desk.getByLabel(ru('journal:lesson.date'), { exact: true }).inputValue()).toBe(key.slice(0, 10));
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("on the day of a timetable lesson, once it has started, the journal opens on it (offered first on a phone), not on last week's", async () => {
    // The lecture is on Mondays at 08:00 in the seeded timetable; the seeded lessons end yesterday.
    const now = new Date();
    const monday = dayFrom((8 - now.getDay()) % 7 || 7);
    const clock = new Date(`${monday}T08:10:00`);
    const page = await e2e.page(PHONE);
    await page.clock.install({ time: clock });
    await signIn(page, TEACHER);
    await openLecture(page);
    const lesson = page.locator('#lm-lesson');
    await expect.poll(() => lesson.inputValue()).toBe(`${monday}|1`);
    expect((await lesson.locator('option').first().innerText()).trim()).toBe(ru('journal:phone.todayLesson', { time: '08:00' }));
    expect(await page.locator('.lm-row').count()).toBeGreaterThan(3);
    // Adding it and marking all present are within reach above the list.
    for (const name of [ru('journal:lesson.add'), ru('journal:lesson.markAll')]) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.y + box.height, name).toBeLessThanOrEqual(844);
    }

    // At a desk: the lesson bar holds it.
    const desk = await e2e.page({ viewport: { width: 1366, height: 768 } });
    await desk.clock.install({ time: clock });
    await signIn(desk, TEACHER);
    await openLecture(desk);
    const deskLesson = async () => [
      await desk.getByLabel(ru('journal:lesson.date'), { exact: true }).inputValue(),
      await desk.getByLabel(ru('journal:lesson.time'), { exact: true }).inputValue(),
    ];
    await expect.poll(deskLesson).toEqual([monday, '1']);
  });

  it('on a 1366 × 768 laptop the grid comes first: at least 12 student rows above the fold, the setup and the help folded, the side menu folded and unfolded', async () => {
    const page = await e2e.page({ viewport: { width: 1366, height: 768 } });
    await signIn(page, TEACHER);
    await openLecture(page);
    const names = page.locator('tbody th.jg-name');
    await expect.poll(() => names.count()).toBeGreaterThanOrEqual(12);
    const fullyShown = async () =>
      (await names.evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().bottom))).filter((bottom) => bottom <= window_height).length;
    const window_height = 768;
    expect(await fullyShown()).toBeGreaterThanOrEqual(12);
    // The lesson it opens on is in view: its column clear of the sticky totals on the right.
    const focused = page.locator('thead th .jg-date-btn[aria-pressed="true"]');
    await expectVisible(focused);
    const totalsLeft = (await page.locator('tbody tr').first().locator('td.jg-total').first().boundingBox())!.x;
    await expect.poll(async () => (await focused.boundingBox())!.x + (await focused.boundingBox())!.width).toBeLessThanOrEqual(totalsLeft + 1);
    // The lesson's actions are above the grid, on screen.
    expect((await page.getByRole('button', { name: ru('journal:lesson.markAll'), exact: true }).boundingBox())!.y).toBeLessThan(300);

    // The setup and the help unfold on their buttons.
    expect(await page.getByLabel(ru('journal:setup.scale'), { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: ru('journal:setup.group'), exact: true }).click();
    await expectVisible(page.getByLabel(ru('journal:setup.scale'), { exact: true }));
    await page.getByRole('button', { name: ru('journal:setup.group'), exact: true }).click();
    expect(await page.getByText(ru('journal:status.hint')).count()).toBe(0);
    await page.getByRole('button', { name: ru('journal:help.button'), exact: true }).click();
    await expectVisible(page.getByText(ru('journal:status.hint')));
    await expectVisible(page.getByTestId('mark-legend'));
    await page.getByRole('button', { name: ru('journal:help.button'), exact: true }).click();

    // The side menu beside the grid is folded to one button; unfolded, it stays so after a reload.
    const menu = page.getByTestId('side-menu');
    expect(await menu.count()).toBe(0);
    await page.getByRole('button', { name: ru('cm:layout.menuShow'), exact: true }).click();
    await expectVisible(menu);
    await page.reload();
    await expectVisible(page.locator('.jg-wrap'), 30000);
    await expectVisible(menu);
    await page.getByRole('button', { name: ru('cm:layout.menuHide'), exact: true }).click();
    expect(await menu.count()).toBe(0);
    expect(await fullyShown()).toBeGreaterThanOrEqual(12);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('deleting a lesson names its date, time and marks, and the lesson with its marks can be restored from the history', async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    await openLecture(page);
    const rows = await page.locator('tbody th.jg-name').count();
    await page.getByLabel(ru('journal:lesson.date'), { exact: true }).fill('2026-10-16');
    await chooseLessonTime(page, `${LAST_PAIR}–18:50`);
    await page.getByRole('button', { name: ru('journal:lesson.add'), exact: true }).click();
    const column = page.locator('thead th.jg-date', { hasText: `16.10${LAST_PAIR}` });
    await expectVisible(column);
    await page.getByRole('button', { name: ru('journal:lesson.markAll'), exact: true }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: ru('journal:lesson.markedAll', { count: rows }) }));

    await page.getByRole('button', { name: ru('journal:lesson.delete'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expectVisible(dialog);
    expect(await dialog.innerText()).toContain(ru('journal:confirm.lessonCount', { date: '16.10', time: LAST_PAIR, count: rows }));
    await dialog.getByRole('button', { name: ru('journal:confirm.delete'), exact: true }).click();
    const notice = page.getByRole('status').filter({ hasText: ru('journal:lesson.deleted', { date: '16.10', time: LAST_PAIR, count: rows }) });
    await expectVisible(notice);
    await expect.poll(() => column.count()).toBe(0);

    await notice.getByRole('button', { name: ru('journal:lesson.restore'), exact: true }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: ru('journal:lesson.restored', { count: rows }) }));
    await expectVisible(column);
    const col = (await headers(page)).indexOf(`16.10${LAST_PAIR}`);
    await expect.poll(async () => new Set(await columnTexts(page, col))).toEqual(new Set(['+']));
  });
});
