/**
 * A group's attendance from every source in Chromium: the teacher holds a lesson with QR attendance,
 * opens the QR report, goes down to
 * one of his groups, chooses a discipline, reads the summary per student, opens a lesson date's
 * records with their source, and downloads the workbook (it opens with the same students).
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { TEACHER } from './support/accounts';
import { downloadBytes, expectVisible, setupE2E, signIn, expectPath } from './support/e2e';
import { firstLessonId, openAttendance } from './support/qr';
import { overflowLines, seriousViolations, sidewaysScrolls } from './support/a11y';
import { switchTheme } from './support/contexts';
import { ru } from './support/texts';

const e2e = setupE2E();

describe('the QR report of a group in a discipline', () => {
  it('shows the summary, drills into a date and downloads the .xlsx', async () => {
    const teacher = await e2e.page({ viewport: { width: 1366, height: 900 } });
    await signIn(teacher, TEACHER);
    await expectPath(teacher, '/lms');
    // A lesson held with QR attendance (a make-up session if it is not in its time): its group is in the report's levels.
    const idShed = await firstLessonId(teacher);
    await teacher.goto(`/lms/qrlesson?shed=${idShed}`);
    await openAttendance(teacher);

    await teacher.goto('/lms/reportqr');
    const table = teacher.getByTestId('qr-report');
    await expectVisible(table, 20000);
    // Faculty, speciality, group: the first of each is one the teacher teaches.
    for (let depth = 0; depth < 3; depth++) {
      const crumbs = teacher.getByRole('navigation', { name: ru('qr:report.path') }).getByRole('button');
      const before = depth === 0 ? 0 : await crumbs.count();
      await table.locator('tbody button').first().click();
      await expect.poll(() => crumbs.count(), { timeout: 15000 }).toBe(before === 0 ? 2 : before + 1);
    }
    const discipline = teacher.getByRole('combobox', { name: ru('qr:attendance.discipline') });
    await expect.poll(() => discipline.locator('option').count(), { timeout: 15000 }).toBeGreaterThan(1);
    // The first discipline with lessons in this half-year.
    const summary = teacher.getByTestId('qr-attendance');
    const options = await discipline.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
    for (const value of options) {
      await discipline.selectOption(value);
      const shown = await Promise.race([
        summary.waitFor({ state: 'visible', timeout: 15000 }).then(() => true),
        teacher
          .getByText(ru('qr:attendance.empty'))
          .waitFor({ state: 'visible', timeout: 15000 })
          .then(() => false),
      ]);
      if (shown) break;
    }
    await expectVisible(summary);
    const students = await summary.locator('tbody tr').count();
    expect(students).toBeGreaterThan(0);

    // A lesson date: its records, each with its source.
    const dates = teacher.getByRole('group', { name: ru('qr:attendance.dates') }).getByRole('button');
    const firstDate = (await dates.first().textContent())!;
    await dates.first().click();
    const detail = teacher.getByTestId('qr-attendance-detail');
    await expectVisible(detail);
    await expect.poll(() => teacher.evaluate(() => document.activeElement?.textContent ?? '')).toBe(ru('qr:attendance.onDate', { date: firstDate }));
    const sources = await detail.locator('tbody tr td:last-child').allTextContents();
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources) expect(s).toMatch(new RegExp(`^(${ru('qr:attendance.sources.qr')}|${ru('qr:attendance.sources.journal')})(, |$)`));
    // Usable by everyone: no serious axe finding and nothing sticking out, light at 1366 px and dark at 390 px.
    const section = teacher.locator('.qr-attendance');
    expect(await seriousViolations(teacher)).toEqual([]);
    expect(await overflowLines(teacher, 'attendance 1366')).toEqual([]);
    if (process.env.SCREENSHOT_DIR) await section.screenshot({ path: `${process.env.SCREENSHOT_DIR}/qr-attendance-1366.png` });
    await teacher.setViewportSize({ width: 390, height: 844 });
    await switchTheme(teacher, 'dark');
    expect(await seriousViolations(teacher)).toEqual([]);
    expect(await overflowLines(teacher, 'attendance 390')).toEqual([]);
    // The summary and the records fit the phone's width: nothing to scroll sideways.
    expect(await sidewaysScrolls(teacher, '.qr-report .qr-report-scroll')).toEqual([]);
    if (process.env.SCREENSHOT_DIR) {
      await section.screenshot({ path: `${process.env.SCREENSHOT_DIR}/qr-attendance-390-dark.png` });
      await detail.screenshot({ path: `${process.env.SCREENSHOT_DIR}/qr-attendance-detail-390-dark.png` });
    }
    await switchTheme(teacher, 'light');
    await teacher.setViewportSize({ width: 1366, height: 900 });

    // The workbook: the summary sheet lists the same students.
    const { name, bytes } = await downloadBytes(teacher, teacher.getByRole('link', { name: ru('qr:attendance.download'), exact: true }));
    expect(name).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Сводка', 'По датам']);
    const firstName = (await summary.locator('tbody tr th').first().textContent())!;
    expect(wb.worksheets[0].getCell('B5').value).toBe(firstName);
    expect(wb.worksheets[0].rowCount).toBe(4 + students);
  });
});
