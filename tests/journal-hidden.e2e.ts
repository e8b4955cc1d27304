/**
 * The journal's hidden students: a student removed from the list comes back by the toast's Undo, or
 * from "Hidden students (n)" with Restore, with his marks.
 */
import { describe, it } from 'vitest';
import { TEACHER } from './support/accounts';
import { expectHidden, expectVisible, setupE2E, signIn } from './support/e2e';
import { ru } from './support/texts';
import { openLecture } from './support/journal';

const e2e = setupE2E();
const SHOTS = process.env.SCREENSHOT_DIR;

describe('hidden students in the journal', () => {
  it('remove → Undo brings him back; remove → Hidden students (1) → Restore', async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    await openLecture(page);
    const name = page.locator('tbody th.jg-name').first();
    // The row's name after its number ("1. Surname Name").
    const who = (await name.innerText()).trim().replace(/^\d+\.\s*/, '');
    const row = page.locator('tbody th.jg-name', { hasText: who });

    const remove = async () => {
      await page.locator('td.jg-cell[data-row="0"]').first().click();
      await page.getByRole('button', { name: ru('journal:toolbar.removeStudent'), exact: true }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: ru('journal:confirm.remove'), exact: true })
        .click();
      await expectHidden(row);
    };

    await remove();
    const toast = page.locator('.Toastify__toast').filter({ hasText: who });
    await expectVisible(toast);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/undo-toast.png` });
    await toast.getByRole('button', { name: ru('journal:hidden.undo'), exact: true }).click();
    await expectVisible(row);

    await remove();
    await page.getByRole('button', { name: ru('journal:hidden.open', { count: 1 }), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: ru('journal:hidden.title'), exact: true });
    await expectVisible(dialog.getByText(who));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/hidden-dialog.png` });
    await dialog.getByRole('button', { name: ru('journal:hidden.restoreName', { name: who }), exact: true }).click();
    await expectVisible(row);
  });
});
