/**
 * The journal in Chromium: the teacher picks the filters, adds today's lesson, marks all present,
 * types marks with the keyboard alone, pastes a column, reloads and sees them; exports .xlsx (the
 * file opens with the marks in it); prints; the student sees the new mark in his own journal.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER } from './support/accounts';
import { downloadBytes, expectVisible, setupE2E, signIn } from './support/e2e';
import { ru } from './support/texts';
import { chooseLessonTime, openLecture, rowOf, studentLectureCard } from './support/journal';

const e2e = setupE2E();

const STUDENT_NAME = 'Сыдыкова Айпери Талантовна';
const LAST_PAIR = '17:30';
const FIRST_PAIR = '08:00–09:20';

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const localToday = () => isoDay(new Date());

/** The text of a cell by row (student) and the last lesson column. */
const lastColumnCell = (page: Page, row: number) => page.locator(`td.jg-cell[data-row="${row}"]`).last();

/** A row's cell under the lesson of this day (dd.mm) and start time, wherever its column stands (another test may add a later lesson today). */
async function lessonCell(page: Page, row: number, day: string, start: string) {
  const head = page.locator('thead th.jg-date').filter({ hasText: day }).filter({ hasText: start });
  const col = Number(await head.getAttribute('aria-colindex')) - 2;
  return page.locator(`td.jg-cell[data-row="${row}"][data-col="${col}"]`);
}

describe('journal', () => {
  it('teacher: filters, mark all present, keyboard marks, a pasted column, reload, export, print; the student sees the new mark', async () => {
    const teacher = await e2e.page();
    await signIn(teacher, TEACHER);
    await openLecture(teacher);
    const me = await rowOf(teacher, STUDENT_NAME);
    if (process.env.SCREENSHOT_DIR) {
      await teacher.setViewportSize({ width: 1366, height: 768 });
      await teacher.screenshot({ path: `${process.env.SCREENSHOT_DIR}/journal-1366.png` });
    }

    // Today's lesson at the last pair, then everyone present.
    const date = localToday();
    await teacher.getByLabel(ru('journal:lesson.date'), { exact: true }).fill(date);
    await chooseLessonTime(teacher, `${LAST_PAIR}–18:50`);
    await teacher.getByRole('button', { name: ru('journal:lesson.add'), exact: true }).click();
    await expectVisible(teacher.locator('thead th .jg-date-btn[aria-pressed="true"]').filter({ hasText: `${date.slice(8, 10)}.${date.slice(5, 7)}` }), 30000);
    await teacher.getByRole('button', { name: ru('journal:lesson.markAll'), exact: true }).click();
    await expectVisible(
      teacher.getByRole('status').filter({ hasText: ru('journal:lesson.markedAll', { count: await teacher.locator('tbody th.jg-name').count() }) }),
    );
    await expect.poll(() => lastColumnCell(teacher, 0).innerText()).toBe('+');

    // Keyboard alone: into the grid, to the last column, type marks down the column.
    await teacher.getByRole('button', { name: ru('journal:toolbar.print'), exact: true }).focus();
    const inCell = () => teacher.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell');
    // Past the lesson's date (its day, month and year), time and actions.
    for (let i = 0; i < 20 && !(await inCell()); i++) await teacher.keyboard.press('Tab');
    expect(await inCell()).toBe(true);
    await teacher.keyboard.press('Control+Home');
    await teacher.keyboard.press('End');
    await teacher.keyboard.type('5');
    await teacher.keyboard.press('Enter');
    await teacher.keyboard.type('4');
    await teacher.keyboard.press('Enter');
    // Cyrillic goes in as text (not key presses) into the cell's editor, opened with Enter.
    await teacher.keyboard.press('Enter');
    await teacher.keyboard.press('Control+A');
    await teacher.keyboard.insertText('н');
    await teacher.keyboard.press('Enter');
    // Escape cancels what was typed.
    await teacher.keyboard.type('9');
    await teacher.keyboard.press('Escape');
    // A mark outside the journal's scale (2..5) is refused with the message and keeps the text.
    await teacher.keyboard.type('44');
    await teacher.keyboard.press('Enter');
    await expectVisible(teacher.getByRole('alert').filter({ hasText: ru('errors.INVALID_MARK', { min: 2, max: 5 }) }));
    await teacher.keyboard.press('Escape');

    // A column copied from a spreadsheet, pasted from the 4th row down.
    await teacher.evaluate(() => {
      const dt = new DataTransfer();
      dt.setData('text/plain', '3\r\n2\r\n');
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    // The demo student's mark.
    for (let i = 3; i < me; i++) await teacher.keyboard.press('ArrowDown');
    for (let i = me; i < 3; i++) await teacher.keyboard.press('ArrowUp');
    await teacher.keyboard.type('5');
    await teacher.keyboard.press('Enter');
    await expectVisible(teacher.getByRole('status').filter({ hasText: ru('journal:status.saved') }), 30000);

    const expected = ['5', '4', 'н/б', '3', '2'];
    const column = async () => Promise.all(expected.map((_, r) => lastColumnCell(teacher, r).innerText()));
    expect((await column()).map((s) => s.trim())).toEqual(expected.map((m, r) => (r === me ? '5' : m)));

    // After a reload the marks are there.
    await teacher.reload();
    await openLecture(teacher);
    await expect.poll(async () => (await column()).map((s) => s.trim())).toEqual(expected.map((m, r) => (r === me ? '5' : m)));

    // The history of a cell is one click away.
    await lastColumnCell(teacher, 0).click();
    await teacher.getByRole('button', { name: ru('journal:toolbar.history'), exact: true }).click();
    const dialog = teacher.getByRole('dialog', { name: ru('journal:history.title') });
    await expectVisible(dialog.getByText(ru('journal:history.update', { old: '+', new: '5' }), { exact: false }));
    await teacher.keyboard.press('Escape');

    // Excel export: the file opens and holds the marks.
    const { name, bytes } = await downloadBytes(teacher, teacher.getByRole('link', { name: ru('journal:toolbar.export'), exact: true }));
    expect(name).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('Журнал посещаемости и успеваемости');
    // After the lessons: each module's average and mean, the final result (points, letter), then absences, sum, average per lesson attended, mean mark.
    const headings = Array.from(sheet.getRow(5).values as unknown[], (v) => String(v ?? ''));
    const lastCol = headings.findIndex((h) => h.startsWith('Модуль') || h === 'Итог (баллы)') - 1;
    expect(lastCol).toBeGreaterThan(2);
    expect(sheet.getRow(6).getCell(lastCol).value).toBe(5);
    expect(sheet.getRow(8).getCell(lastCol).value).toBe(me === 2 ? 5 : 'н/б');

    // Print: only the journal, under its print title.
    await teacher.emulateMedia({ media: 'print' });
    await expectVisible(teacher.getByText(ru('journal:printTitle'), { exact: true }));
    expect(await teacher.locator('.journal-filters').isVisible()).toBe(false);
    expect(await teacher.locator('.app-header').isVisible()).toBe(false);
    expect(await teacher.getByRole('link', { name: ru('journal:qrReview') }).isVisible()).toBe(false);
    if (process.env.SCREENSHOT_DIR) await teacher.screenshot({ path: `${process.env.SCREENSHOT_DIR}/journal-print.png`, fullPage: true });
    await teacher.emulateMedia({ media: 'screen' });

    // The student sees the new mark in his own journal.
    const student = await e2e.page();
    await signIn(student, STUDENT);
    const card = await studentLectureCard(student);
    const day = `${date.slice(8, 10)}.${date.slice(5, 7)}`;
    const today = card.locator('.sj-marks li').filter({ hasText: day }).last();
    await expect.poll(() => today.locator('.sj-mark').innerText()).toBe('5');
    expect(await student.locator('#journal-group').count()).toBe(0);
  });

  it('two tabs of the teacher on one journal: a mark typed in one shows in the other without reloading', async () => {
    const [a, b] = [await e2e.page(), await e2e.page()];
    await signIn(a, TEACHER);
    await signIn(b, TEACHER);
    await openLecture(a);
    await openLecture(b);
    // Today's first pair (marks are never dated after today; the other test uses today's last pair).
    const date = localToday();
    await a.getByLabel(ru('journal:lesson.date'), { exact: true }).fill(date);
    await chooseLessonTime(a, FIRST_PAIR);
    await a.getByRole('button', { name: ru('journal:lesson.add'), exact: true }).click();
    const day = `${date.slice(8, 10)}.${date.slice(5, 7)}`;
    // The lesson is saved before its column shows.
    await expectVisible(a.locator('thead th').filter({ hasText: day }).last(), 30000);
    const start = FIRST_PAIR.slice(0, 5);
    await (await lessonCell(a, 0, day, start)).click();
    await a.keyboard.type('4');
    await a.keyboard.press('Enter');
    await expectVisible(a.getByRole('status').filter({ hasText: ru('journal:status.saved') }), 30000);
    await expectVisible(b.locator('thead th').filter({ hasText: day }).last(), 30000);
    await expect.poll(async () => (await lessonCell(b, 0, day, start)).innerText(), { timeout: 30000 }).toBe('4');
  });

  it("a mark dated after today is refused with the server's reason, without Retry, and Escape brings the stored cell back", async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    await openLecture(page);
    const d = new Date();
    d.setDate(d.getDate() + 1);
    const tomorrow = isoDay(d);
    const box = page.getByLabel(ru('journal:lesson.date'), { exact: true });
    await box.fill(tomorrow);
    if (tomorrow > ((await box.getAttribute('max')) ?? '')) {
      // The half-year's last day: no later day of it is left, and the date box says so.
      await expectVisible(page.getByRole('alert').filter({ hasText: ru('journal:period.outside', { from: '', to: '' }).split('(')[0].trim() }));
      return;
    }
    await chooseLessonTime(page, FIRST_PAIR);
    await page.getByRole('button', { name: ru('journal:lesson.add'), exact: true }).click();
    // The lesson is saved before its column shows: until then the last column is an earlier lesson.
    await expectVisible(
      page
        .locator('thead th')
        .filter({ hasText: `${tomorrow.slice(8, 10)}.${tomorrow.slice(5, 7)}` })
        .last(),
      30000,
    );
    const cell = lastColumnCell(page, 0);
    await cell.click();
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell.getAttribute('aria-invalid'), { timeout: 30000 }).toBe('true');
    const reason = ru('cm:errors.FUTURE_DATE');
    expect(await cell.getAttribute('title')).toBe(reason);
    await expectVisible(page.locator('p.journal-error').filter({ hasText: reason }));
    expect(await page.getByRole('button', { name: ru('journal:status.retry'), exact: true }).count()).toBe(0);
    await cell.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => cell.innerText()).toBe('');
    expect(await cell.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByRole('button', { name: ru('journal:status.discard'), exact: true }).count()).toBe(0);
  });
});
