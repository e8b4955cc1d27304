/**
 * A signed grading sheet reopened by the dean's office (tests/support/gradingsheet.ts: the demo
 * teacher's Object-Oriented Programming for ПИ-1-24 in 2025-26 autumn): the teacher's signed sheet is
 * reopened by the dean's office with a reason, by keyboard alone on a laptop (1366×768); the teacher
 * changes the demo student's exam points and signs again; her transcript shows the new total; the
 * sheet's history shows the reopening with its reason.
 */
import { describe, expect, it } from 'vitest';
import { DEAN, STUDENT, TEACHER } from './support/accounts';
import { expectVisible, setupE2E } from './support/e2e';
import {
  expectStatus,
  focusSheetInList,
  settled,
  SHEET_SERVER,
  signByKeyboard,
  STUDENT_NAME,
  transcriptPoints,
  signedByCall,
  signInAtPageTime,
} from './support/gradingsheet';
import { ru } from './support/texts';

const e2e = setupE2E(SHEET_SERVER);
const LAPTOP = { viewport: { width: 1366, height: 768 } };
const REASON = 'Ошибка в баллах за экзамен: исправление по заявлению студента';

describe('a signed grading sheet reopened by the dean’s office', () => {
  it('is reopened by keyboard with a reason, changed and signed again; the transcript and the history show it', async () => {
    const teacher = await e2e.page(LAPTOP);
    await signInAtPageTime(teacher, TEACHER);
    // The teacher's sheet, filled and signed through the calls: the student at 20 points.
    const { sheet, mine } = await signedByCall(teacher, 20, (i) => 10 + (i % 25));
    expect(sheet.lines.find((l) => l.id_student === mine.id_student)?.total).toBe(20);

    // The dean's office, keyboard alone: the year, the sheet, "reopen", the reason, the dialog's button.
    const dean = await e2e.page(LAPTOP);
    await signInAtPageTime(dean, DEAN);
    await focusSheetInList(dean);
    await dean.keyboard.press('Enter');
    await expectStatus(dean, 'signed');
    expect(await dean.getByTestId('gs-exam').count()).toBe(0);
    await dean.getByRole('button', { name: ru('gradingsheet:reopen.open'), exact: true }).focus();
    await dean.keyboard.press('Enter');
    const dialog = dean.getByRole('dialog');
    await expectVisible(dialog);
    const reason = dialog.getByLabel(ru('gradingsheet:reopen.reason'), { exact: true });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    // Without a reason the dialog says so and stays.
    await dean.keyboard.press('Tab');
    await dean.keyboard.press('Tab');
    expect(await dean.evaluate(() => document.activeElement?.textContent)).toBe(ru('gradingsheet:reopen.confirm'));
    await dean.keyboard.press('Enter');
    await expectVisible(dialog.getByRole('alert').filter({ hasText: ru('gradingsheet:reopen.required') }));
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await dean.keyboard.type(REASON);
    await dean.keyboard.press('Tab');
    await dean.keyboard.press('Tab');
    expect(await dean.evaluate(() => document.activeElement?.textContent)).toBe(ru('gradingsheet:reopen.confirm'));
    await dean.keyboard.press('Enter');
    await expectStatus(dean, 'open');
    await expect.poll(() => dialog.count()).toBe(0);
    // The dean's office reads the sheet but does not write it.
    expect(await dean.getByTestId('gs-exam').count()).toBe(0);

    // The teacher changes the student's exam points (20 → 35) and signs again.
    await focusSheetInList(teacher);
    await teacher.keyboard.press('Enter');
    await expectStatus(teacher, 'open');
    const cell = teacher.getByRole('textbox', { name: new RegExp(`^${STUDENT_NAME}`) });
    await expect.poll(() => cell.inputValue(), { timeout: 30000 }).toBe('20');
    await cell.focus();
    await teacher.keyboard.press('Control+A');
    await teacher.keyboard.type('35');
    await teacher.keyboard.press('Enter');
    await settled(teacher);
    await expect.poll(() => cell.inputValue(), { timeout: 30000 }).toBe('35');
    const row = teacher.getByTestId('gs-row').filter({ hasText: STUDENT_NAME });
    expect((await row.getByTestId('gs-total').innerText()).trim()).toBe('35');
    await signByKeyboard(teacher);

    // The history, unfolded by keyboard: the reopening by the dean's office with its reason.
    const summary = teacher.getByText(ru('gradingsheet:history.title'), { exact: true });
    await summary.focus();
    await teacher.keyboard.press('Enter');
    const reopened = teacher.locator('.gs-history li').filter({ hasText: ru('gradingsheet:history.reopen') });
    await expectVisible(reopened);
    expect(await reopened.innerText()).toContain(REASON);
    const entries = await teacher.locator('.gs-history li').allInnerTexts();
    // Newest first: signed again, the new exam points, the reopening, then the first signature.
    const at = (text: string) => entries.findIndex((e) => e.includes(text));
    expect(at(REASON)).toBeGreaterThan(at('20 → 35'));
    expect(at('20 → 35')).toBeGreaterThan(at(ru('gradingsheet:history.sign')));
    expect(entries.filter((e) => e.includes(ru('gradingsheet:history.sign')))).toHaveLength(2);

    // The student's transcript shows the new total.
    const student = await e2e.page(LAPTOP);
    await signInAtPageTime(student, STUDENT);
    expect(await transcriptPoints(student)).toEqual(['35']);
    expect(e2e.problems(dean).csp).toEqual([]);
    expect(e2e.problems(teacher).pageErrors).toEqual([]);
    // A ceiling for three users' flow on a loaded machine, not a wait.
  }, 300000);
});
