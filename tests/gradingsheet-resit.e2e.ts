/**
 * A resit (tests/support/gradingsheet.ts: the demo teacher's Object-Oriented Programming for ПИ-1-24
 * in 2025-26 autumn): the demo student failed the signed sheet (12 points); the teacher makes her
 * resit from it, types her exam points and signs it; her transcript shows the resit's total; on her
 * phone (390×844, touch) she sees her lines of both sheets.
 */
import { describe, expect, it } from 'vitest';
import { STUDENT, TEACHER } from './support/accounts';
import { seriousViolations } from './support/a11y';
import { expectVisible, setupE2E } from './support/e2e';
import {
  expectStatus,
  settled,
  sheetCall,
  SHEET_DISCIPLINE,
  SHEET_SERVER,
  signByKeyboard,
  STUDENT_NAME,
  transcriptPoints,
  focusSheetInList,
  signedByCall,
  signInAtPageTime,
} from './support/gradingsheet';
import { ru } from './support/texts';
import type { Sheet } from '../contract/gradingsheet';

const e2e = setupE2E(SHEET_SERVER);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('a resit of the grading sheet', () => {
  it("is made for a failed student, filled and signed; her transcript shows its total, her phone both sheets' lines", async () => {
    const teacher = await e2e.page({ viewport: { width: 1366, height: 768 } });
    await signInAtPageTime(teacher, TEACHER);
    // The first sheet, filled and signed through the calls: the student fails with 12 points.
    const { sheet, mine } = await signedByCall(teacher, 12, (i) => 15 + (i % 20));
    expect(sheet.lines.find((l) => l.id_student === mine.id_student)).toMatchObject({ total: 12, passed: false, resitId: null });

    // The teacher makes her resit from the signed sheet, types 38 and signs it.
    await focusSheetInList(teacher);
    await teacher.keyboard.press('Enter');
    await expectStatus(teacher, 'signed');
    const row = teacher.getByTestId('gs-row').filter({ hasText: STUDENT_NAME });
    await row.getByRole('button', { name: ru('gradingsheet:makeResit'), exact: true }).click();
    await expect.poll(async () => (await teacher.locator('.gs-facts').innerText()).includes(ru('gradingsheet:attempts.2')), { timeout: 30000 }).toBe(true);
    await expectStatus(teacher, 'open');
    expect(await teacher.getByTestId('gs-row').count()).toBe(1);
    const cell = teacher.getByRole('textbox', { name: new RegExp(`^${STUDENT_NAME}`) });
    await cell.focus();
    await teacher.keyboard.type('38');
    await teacher.keyboard.press('Enter');
    await settled(teacher);
    await expect.poll(() => cell.inputValue(), { timeout: 30000 }).toBe('38');
    expect((await teacher.getByTestId('gs-total').innerText()).trim()).toBe('38');
    await signByKeyboard(teacher);
    // The first sheet keeps her first result, with the way to her resit.
    const first = await sheetCall<Sheet>(teacher, 'sheet.json', { id_sheet: sheet.id });
    const resitId = first.lines.find((l) => l.id_student === mine.id_student)!.resitId;
    expect(resitId).not.toBeNull();
    expect(first.lines.find((l) => l.id_student === mine.id_student)?.total).toBe(12);

    // Her phone: the transcript shows the resit's total, the grading sheet both her lines.
    const phone = await e2e.page(PHONE);
    await signInAtPageTime(phone, STUDENT);
    expect(await transcriptPoints(phone)).toEqual(['38']);
    await phone.goto('/lms/gradingsheet');
    const table = phone.getByTestId('gs-mine');
    await expectVisible(table);
    const lines = table.locator('tbody tr').filter({ hasText: SHEET_DISCIPLINE });
    await expect.poll(() => lines.count()).toBe(2);
    const texts = await lines.allInnerTexts();
    expect(texts.find((t) => t.includes(ru('gradingsheet:attempts.1')))).toMatch(/\b12\b/);
    expect(texts.find((t) => t.includes(ru('gradingsheet:attempts.2')))).toMatch(/\b38\b/);
    // Her lines are cards on the phone: nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone)).toEqual([]);
    expect(e2e.problems(phone).pageErrors).toEqual([]);
    // A ceiling for two users' flow on a loaded machine, not a wait.
  }, 300000);
});
