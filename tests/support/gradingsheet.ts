/**
 * The grading sheet's steps that several end-to-end files share. Their sheet is the demo teacher's
 * Object-Oriented Programming for the demo student's group (ПИ-1-24) in 2025-26 autumn: a half-year
 * the demo data fixes and that is closed by any clock from 2026 on, so that the transcript shows its
 * signed results. Its journals hold no marks (0 module points): the files start their server with
 * GRADING_ADMISSION_MIN_POINTS=0, every student then admitted to the exam.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Sheet, SheetListItem } from '../../contract/gradingsheet';
import type { Account } from './accounts';
import { expectVisible, signIn } from './e2e';
import { ru } from './texts';

export const SHEET_YEAR = 2025;
export const SHEET_DISCIPLINE = 'Объектно-ориентированное программирование';
export const SHEET_GROUP = 'ПИ-1-24';
/** The demo student (tests/support/accounts.ts STUDENT) as the sheet names her. */
export const STUDENT_NAME = 'Сыдыкова Айпери';
/** The server's settings of these files. */
export const SHEET_SERVER = { env: { GRADING_ADMISSION_MIN_POINTS: '0' } };
/** The pages' own clock: a fixed day of the demo year (the year list is made from it). */
export const PAGE_TIME = new Date(2026, 10, 30, 12, 0);

/** A call of /api/gradingsheet/ in the page's session; its data. */
export async function sheetCall<T>(page: Page, url: string, body: object): Promise<T> {
  const res = await page.request.post(`/api/gradingsheet/${url}`, { data: body });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The signed-in teacher's sheet of the file's discipline and group, opened (made on first open) through the calls. */
export async function openByCall(page: Page): Promise<Sheet> {
  const list = await sheetCall<SheetListItem[]>(page, 'list.json', { id_a_year: SHEET_YEAR, id_w_s: 1 });
  const item = list.find((i) => i.discipline === SHEET_DISCIPLINE && i.group === SHEET_GROUP);
  expect(item, `${SHEET_DISCIPLINE}, ${SHEET_GROUP} in the teacher's list`).toBeDefined();
  return sheetCall<Sheet>(page, 'open.json', { id_journal: item!.id_journal, id_group: item!.id_group });
}

/** The page's clock set to PAGE_TIME, then the account signed in on it. */
export async function signInAtPageTime(page: Page, account: Pick<Account, 'login' | 'password'>): Promise<void> {
  await page.clock.install({ time: PAGE_TIME });
  await signIn(page, account);
}

/**
 * The signed-in teacher's sheet filled and signed through the calls: the demo student at `studentExam`
 * exam points, the others (by their place `i` in the sheet) at `othersExam(i)`. The signed sheet and
 * the student's line in it as it was before the exam points.
 */
export async function signedByCall(
  page: Page,
  studentExam: number,
  othersExam: (i: number) => number,
): Promise<{ sheet: Sheet; mine: Sheet['lines'][number] }> {
  let sheet = await openByCall(page);
  const mine = sheet.lines.find((l) => l.fio.startsWith(STUDENT_NAME))!;
  expect(mine).toBeDefined();
  sheet = await sheetCall<Sheet>(page, 'exam.json', {
    id_sheet: sheet.id,
    points: sheet.lines.map((l, i) => ({ id_student: l.id_student, exam: l.id_student === mine.id_student ? studentExam : othersExam(i) })),
  });
  sheet = await sheetCall<Sheet>(page, 'sign.json', { id_sheet: sheet.id });
  return { sheet, mine };
}

/**
 * On /lms/gradingsheet: the file's year chosen by typing it into the year's list (keyboard alone),
 * and the sheet's button in the list focused.
 */
export async function focusSheetInList(page: Page): Promise<void> {
  await page.goto('/lms/gradingsheet');
  const year = page.locator('#gs-year');
  await expectVisible(year);
  await expect.poll(() => year.isEnabled(), { timeout: 30000 }).toBe(true);
  await year.focus();
  await page.keyboard.type(String(SHEET_YEAR));
  await expect.poll(() => year.inputValue(), { timeout: 15000 }).toBe(String(SHEET_YEAR));
  expect(await page.locator('#gs-ws').inputValue()).toBe('1');
  const open = page.getByRole('button', { name: `${ru('gradingsheet:list.open')}: ${SHEET_DISCIPLINE}, ${SHEET_GROUP}`, exact: true });
  await expectVisible(open);
  await open.focus();
}

/** The sheet's status as shown ('подписана' / 'не подписана'), once it is `expected`. */
export async function expectStatus(page: Page, expected: 'signed' | 'open'): Promise<void> {
  await expect.poll(async () => (await page.getByTestId('gs-status').textContent())?.trim(), { timeout: 30000 }).toBe(ru(`gradingsheet:status.${expected}`));
}

/** Waits until no write of the sheet is on its way (`timeout` ms at the most). */
export async function settled(page: Page, timeout = 30000): Promise<void> {
  await expect
    .poll(
      async () =>
        page
          .getByRole('status')
          .filter({ hasText: ru('gradingsheet:saving') })
          .count(),
      { timeout },
    )
    .toBe(0);
}

/** Signs the open sheet by keyboard: the button, then the confirmation; waits for it to be signed. */
export async function signByKeyboard(page: Page): Promise<void> {
  await page.getByTestId('gs-sign').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expectVisible(dialog);
  await dialog.getByRole('button', { name: ru('gradingsheet:sign.confirm'), exact: true }).focus();
  await page.keyboard.press('Enter');
  await expectStatus(page, 'signed');
}

/** The transcript's points of the discipline in the signed-in student's 2025-26 autumn. */
export async function transcriptPoints(page: Page): Promise<string[]> {
  await page.goto('/lms/transcript');
  await expectVisible(page.getByTestId('tr-doc'));
  const rows = page.getByTestId('tr-semester').locator('tbody tr').filter({ hasText: SHEET_DISCIPLINE });
  await expectVisible(rows.first());
  const points: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) points.push((await rows.nth(i).locator('td').nth(3).innerText()).trim());
  return points;
}
