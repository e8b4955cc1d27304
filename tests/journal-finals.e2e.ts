/**
 * The final result in Chromium: the teacher reaches the Final column with the arrow keys, types whole
 * points, sees points and letter, reloads and sees them again, opens the result's history; the
 * student sees the result in his own journal. Printing keeps the module subtotals and the final column.
 */
import { describe, expect, it } from 'vitest';
import { STUDENT, TEACHER } from './support/accounts';
import { expectVisible, setupE2E, signIn } from './support/e2e';
import { openLecture, rowOf, studentLectureCard } from './support/journal';
import { ru } from './support/texts';

const e2e = setupE2E();

const STUDENT_NAME = 'Сыдыкова Айпери Талантовна';

describe('journal final results', () => {
  it('teacher: types a final result, reloads and sees it, reads its history; the student sees it in his journal', async () => {
    const teacher = await e2e.page();
    await signIn(teacher, TEACHER);
    await openLecture(teacher);
    const me = await rowOf(teacher, STUDENT_NAME);
    await expectVisible(teacher.getByRole('columnheader', { name: ru('journal:grid.finalLong'), exact: true }));

    // The student's row: a lesson cell, then the arrow keys to the end of the lessons and one more to the final result.
    await teacher.locator(`td.jg-cell[data-row="${me}"]`).first().click();
    await teacher.keyboard.press('End');
    await teacher.keyboard.press('ArrowRight');
    const final = teacher.locator(`td.jg-final[data-row="${me}"]`);
    await expect.poll(() => final.getAttribute('aria-selected')).toBe('true');
    await teacher.keyboard.type('87');
    await teacher.keyboard.press('Enter');
    await expect.poll(() => final.innerText()).toBe('87 · A-');

    await teacher.reload();
    await expectVisible(teacher.locator('.jg-wrap'), 30000);
    await expect.poll(() => teacher.locator(`td.jg-final[data-row="${me}"]`).innerText()).toBe('87 · A-');

    // Its history, from the cell (Alt+H).
    await teacher.locator(`td.jg-final[data-row="${me}"]`).click();
    await teacher.keyboard.press('Alt+KeyH');
    const dialog = teacher.getByRole('dialog');
    await expectVisible(dialog);
    await expect.poll(() => dialog.innerText()).toContain(ru('journal:history.insert', { new: '87' }));
    await dialog.getByRole('button', { name: ru('journal:close'), exact: true }).click();

    // Printed: the final result's column is on the page.
    await teacher.emulateMedia({ media: 'print' });
    // Printed, the totals do not stay in place over the columns before them: the final result's heading is clear of the absences'.
    const finalBox = await teacher.locator('th.jg-final-head').boundingBox();
    const totalsBox = await teacher.locator('th.jg-total-head').first().boundingBox();
    expect(finalBox && totalsBox && finalBox.x + finalBox.width <= totalsBox.x + 1).toBe(true);
    await teacher.emulateMedia({ media: 'screen' });

    const student = await e2e.page();
    await signIn(student, STUDENT);
    const card = await studentLectureCard(student);
    await expect.poll(() => card.innerText()).toContain('87 · A-');
  });
});
