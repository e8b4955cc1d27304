/**
 * A mark typed while the server cannot take it is never lost (SECURITY-CHECKS R7): it is kept in
 * the browser (IndexedDB) while the teacher goes to the schedule and reloads the page, shows again
 * as not saved yet in its cell when the journal is opened, and is written exactly once when the
 * connection returns. The journal's writes are refused at the network (connection refused) while
 * its reads go through, so that the journal can be opened again in between.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEACHER } from './support/accounts';
import { expectPath, expectVisible, setupE2E, signIn } from './support/e2e';
import { openLecture, rowOf } from './support/journal';
import { ru } from './support/texts';

const e2e = setupE2E();
const WIDE = { width: 1366, height: 900 };
const STUDENT_NAME = 'Сыдыкова Айпери Талантовна';
const WRITES = /\/api\/visitlog\/(visit|final)\//;

/** The demo student's cell in the journal's latest lesson. */
const cellOf = async (page: Page) => page.locator(`td.jg-cell[data-row="${await rowOf(page, STUDENT_NAME)}"]`).last();

/** How many changes the cell's history lists. */
async function historyCount(page: Page): Promise<number> {
  await (await cellOf(page)).click();
  await page.getByRole('button', { name: ru('journal:toolbar.history'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: ru('journal:history.title') });
  await expectVisible(dialog);
  await expect.poll(() => dialog.locator('.spinner, [aria-busy="true"]').count()).toBe(0);
  const count = await dialog.locator('ol.journal-history > li').count();
  await page.keyboard.press('Escape');
  return count;
}

describe('a mark typed while the server is away', () => {
  it('is kept across leaving the journal and a reload, shows as not saved yet, and is written once when the connection returns', async () => {
    const page = await e2e.page({ viewport: WIDE });
    // Leaving the page with writes kept asks first (beforeunload): the test goes on.
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, TEACHER);
    await openLecture(page);
    const before = await historyCount(page);
    const stored = (await (await cellOf(page)).innerText()).trim();
    const mark = stored === '2' ? '3' : '2';

    const refuse = (route: { abort: (code: string) => Promise<void> }) => route.abort('connectionrefused');
    await page.route(WRITES, refuse);
    await (await cellOf(page)).click();
    await page.keyboard.type(mark);
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('status').filter({ hasText: ru('journal:status.failed', { count: 1 }) }), 30000);

    // Away to the schedule by the side menu (folded beside the journal's grid), then a reload there.
    await page.getByRole('button', { name: ru('cm:layout.menuShow'), exact: true }).click();
    await page
      .getByRole('link', { name: new RegExp(`^${ru('menu.schedule')}`) })
      .first()
      .click();
    await expectPath(page, '/lms/schedule');
    await page.reload();
    await expectPath(page, '/lms/schedule');

    // Back in the journal: the mark shows in its cell, not saved yet, and the status counts it.
    await openLecture(page);
    const cell = await cellOf(page);
    await expect.poll(() => cell.innerText().then((s) => s.replace('…', '').trim()), { timeout: 30000 }).toBe(mark);
    await expect.poll(() => cell.getAttribute('class')).toContain('jg-pending');
    expect(await cell.getAttribute('title')).toBe(ru('journal:grid.pending'));
    await expectVisible(page.getByRole('status').filter({ hasText: ru('journal:status.failed', { count: 1 }) }), 30000);

    // The connection returns: the kept mark goes by itself.
    await page.unroute(WRITES, refuse);
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expectVisible(page.getByRole('status').filter({ hasText: ru('journal:status.saved') }), 30000);
    await expect.poll(() => cell.getAttribute('class')).not.toContain('jg-pending');

    // Stored: after a reload it is there, and its history has exactly one change more.
    await page.reload();
    await openLecture(page);
    await expect.poll(async () => (await (await cellOf(page)).innerText()).trim(), { timeout: 30000 }).toBe(mark);
    expect(await historyCount(page)).toBe(before + 1);
  });
});
