/**
 * Undo and redo in the journal (docs/areas/journal.md#for-users), with the keyboard alone: a mark typed in
 * a cell, Ctrl+Z brings back the value from before on the server (a reload shows it), Ctrl+Shift+Z
 * writes the mark again.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEACHER } from './support/accounts';
import { setupE2E, signIn } from './support/e2e';
import { openLecture } from './support/journal';
import { ru } from './support/texts';

const e2e = setupE2E();

const firstCell = (page: Page) => page.locator('td.jg-cell[data-row="0"]').last();
const saved = (page: Page) => page.locator('.journal-status').innerText();

async function intoGrid(page: Page) {
  await firstCell(page).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('gridcell');
}

/** In the grid, types `mark` into the first cell, then Ctrl+Z: the cell shows `before` again. */
async function typeAndUndo(page: Page, mark: string, before: string) {
  await page.keyboard.type(mark);
  await page.keyboard.press('Enter');
  await expect.poll(() => firstCell(page).innerText()).toBe(mark);
  await expect.poll(() => page.locator('.journal-toolbar button[aria-keyshortcuts="Control+Z"]').isEnabled()).toBe(true);
  await page.keyboard.press('Control+z');
  await expect.poll(() => firstCell(page).innerText()).toBe(before);
}

describe('journal undo', () => {
  it('Ctrl+Z writes back the value from before (a reload shows it), Ctrl+Shift+Z writes the mark again', async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    await openLecture(page);
    await intoGrid(page);
    const before = await firstCell(page).innerText();
    const mark = before.trim() === '3' ? '4' : '3';
    await typeAndUndo(page, mark, before);
    await expect.poll(() => saved(page)).not.toContain('…');

    await page.reload();
    await expect.poll(() => firstCell(page).innerText(), { timeout: 30000 }).toBe(before);
    // The stacks belong to the tab's page: after a reload a mark typed again is undone and redone.
    await intoGrid(page);
    await typeAndUndo(page, mark, before);
    await expect.poll(() => page.locator('.journal-toolbar button[aria-keyshortcuts^="Control+Shift+Z"]').isEnabled()).toBe(true);
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => firstCell(page).innerText()).toBe(mark);
    await expect.poll(() => saved(page)).not.toContain('…');
    await page.reload();
    await expect.poll(() => firstCell(page).innerText(), { timeout: 30000 }).toBe(mark);

    // F6 goes from the grid to the toolbar; Alt+H opens the cell's history, whose Restore writes the old value.
    await intoGrid(page);
    await page.keyboard.press('F6');
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.journal-toolbar')))).toBe(true);
    await intoGrid(page);
    await page.keyboard.press('Alt+h');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toContain(ru('journal:history.title'));
    // The history is read after the dialog opens: count its entries once they are there (an older value offers Restore).
    const restore = dialog.getByRole('button', { name: ru('journal:history.restore'), exact: true }).first();
    await expect.poll(() => restore.isVisible(), { timeout: 30000 }).toBe(true);
    const entries = await dialog.locator('.journal-history li').count();
    await restore.click();
    await expect.poll(() => dialog.locator('.journal-history li').count()).toBe(entries + 1);
    await expect.poll(() => firstCell(page).innerText()).not.toBe(mark);
  });

  it('a pasted block wider than the journal says how many cells fall outside it', async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    await openLecture(page);
    await intoGrid(page);
    await page.evaluate(() => {
      const dt = new DataTransfer();
      // At the latest lesson: the lesson and the final result take two values, two fall outside.
      dt.setData('text/plain', '3\t3\t3\t3\r\n');
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: ru('journal:grid.pasteOverflow', { count: 2 }) })
          .count(),
      )
      .toBe(1);
  });
});
