/**
 * Replies asked for while the app's code starts (public/early.js, docs/architecture.md#early-replies):
 * a reload of an open journal, and the journal page opened again with the same journal chosen, show
 * the grid with the one journal.json (and teachertimes.json) the page sent before the app ran; the
 * grading sheet opened last shows, after a reload and "Open", from the one sheet.json the page sent.
 * The page's script runs under the Content-Security-Policy (the suite fails on any violation).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEACHER } from './support/accounts';
import { expectVisible, setupE2E, signIn } from './support/e2e';
import { openLecture } from './support/journal';
import { ru } from './support/texts';

const e2e = setupE2E();

/**
 * journal.json requests the page sends from now on: who sent them (the page's script or the app) and
 * when; and those of the journal's lessons in the teacher's timetable (teachertimes.json).
 */
function journalCalls(page: Page) {
  const calls: { before: boolean }[] = [];
  const times: { before: boolean }[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/visitlog/journal.json') calls.push({ before: r.resourceType() === 'fetch' });
    if (path === '/api/visitlog/teachertimes.json') times.push({ before: r.resourceType() === 'fetch' });
  });
  return { calls, times };
}

const names = (page: Page) => page.locator('tbody th.jg-name').allInnerTexts();

describe('the journal asked for before the app starts', () => {
  it('a reload and the page opened again show the journal from the one call the page made before the app', async () => {
    const page = await e2e.page();
    await signIn(page, TEACHER);
    await openLecture(page);
    const shown = await names(page);
    expect(shown.length).toBeGreaterThan(0);

    const { calls, times } = journalCalls(page);
    await page.reload();
    await expectVisible(page.locator('.jg-wrap'), 30000);
    await expect.poll(() => names(page)).toEqual(shown);
    // The page's own fetch first (the app's calls go as XHR); the app reads the journal again only
    // when the reply waited more than a second for it (a loaded machine), never before showing it.
    // The timetable (the lesson the journal opens on) comes with it, from the page's call alone.
    const fromPage = () => {
      expect(calls[0]).toEqual({ before: true });
      expect(calls.length).toBeLessThanOrEqual(2);
      expect(calls.slice(1)).toEqual(calls.slice(1).map(() => ({ before: false })));
      expect(times).toEqual([{ before: true }]);
    };
    fromPage();

    calls.length = 0;
    times.length = 0;
    await openLecture(page);
    await expect.poll(() => names(page)).toEqual(shown);
    fromPage();
  });

  it('the grading sheet opened last shows, after a reload and "Open", from the call the page made before the app', async () => {
    const page = await e2e.page({ viewport: { width: 1366, height: 768 } });
    await signIn(page, TEACHER);
    await page.goto('/lms/gradingsheet');
    const open = page.getByRole('button', { name: new RegExp(`^${ru('gradingsheet:list.open')}: Веб-программирование, ПИ-1-24`) });
    await open.click();
    await expectVisible(page.getByTestId('gs-table'));
    const rows = await page.getByTestId('gs-row').allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);

    const calls: { before: boolean }[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/gradingsheet/sheet.json') calls.push({ before: r.resourceType() === 'fetch' });
    });
    await page.reload();
    await open.click();
    await expectVisible(page.getByTestId('gs-table'));
    await expect.poll(() => page.getByTestId('gs-row').allInnerTexts()).toEqual(rows);
    // The page's own fetch first (the app's calls go as XHR); the app reads the sheet again only when
    // the reply waited more than a second for the press (a loaded machine), never before showing it.
    expect(calls[0]).toEqual({ before: true });
    expect(calls.length).toBeLessThanOrEqual(2);
    expect(calls.slice(1)).toEqual(calls.slice(1).map(() => ({ before: false })));
  });
});
