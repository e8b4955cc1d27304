/**
 * The user manual in Chromium: a student on a phone (390 px) opens help from his timetable and lands
 * on its page with the timetable's phone picture, the header keeping to the phone's width; a teacher
 * (1366 px) opens help from the journal, lands on its page with the desktop picture, goes to the
 * manual's pages and finds a task by typing in Russian, Kyrgyz and English; no serious axe violation.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/a11y';
import { STUDENT, TEACHER } from './support/accounts';
import { PHONE, WIDE, sessions } from './support/contexts';
import { expectPath, expectVisible, setupE2E } from './support/e2e';
import { ru, text } from './support/texts';

const e2e = setupE2E();
const session = sessions(e2e);

/** The page's picture, once loaded: the file the browser chose for the viewport. */
async function pictureShown(page: Page): Promise<string> {
  const img = page.getByTestId('manual-picture').locator('img');
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0)), { timeout: 20000 }).toBeGreaterThan(0);
  return img.evaluate((i: HTMLImageElement) => new URL(i.currentSrc).pathname);
}

describe('the user manual', () => {
  it("a student opens help from his timetable on a phone and lands on its page with the phone's picture", async () => {
    const page = await e2e.page({ viewport: PHONE, isMobile: true, hasTouch: true, storageState: await session(STUDENT) });
    await page.goto('/lms/schedule');
    await expectVisible(page.getByRole('heading', { level: 1, name: ru('schedule:title') }), 20000);
    // The header keeps to the phone's width with the help button in it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('help-button').click();
    await expectPath(page, '/lms/manual/schedule');
    await expectVisible(page.getByRole('heading', { level: 1, name: ru('manual:pages.schedule.title') }));
    expect(await page.getByTestId('manual-steps').getByRole('listitem').count()).toBe(4);
    expect(await pictureShown(page)).toBe('/lms/manual-pictures/schedule-390.png');
    await page.getByTestId('manual-screen-link').click();
    await expectPath(page, '/lms/schedule');
    expect(e2e.problems(page).pageErrors).toEqual([]);
  });

  it('a teacher opens help from the journal, then finds a task by typing in Russian, Kyrgyz and English', async () => {
    const page = await e2e.page({ viewport: WIDE, storageState: await session(TEACHER) });
    await page.goto('/lms/journal');
    await expectVisible(page.getByRole('heading', { level: 1, name: ru('journal:title') }), 20000);
    await page.getByTestId('help-button').click();
    await expectPath(page, '/lms/manual/mark-journal');
    await expectVisible(page.getByRole('heading', { level: 1, name: ru('manual:pages.mark-journal.title') }));
    // A step names the journal's own button.
    await expectVisible(page.getByTestId('manual-steps').getByText(ru('journal:lesson.markAll'), { exact: false }));
    expect(await pictureShown(page)).toBe('/lms/manual-pictures/journal-1366.png');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('manual-home').click();
    await expectPath(page, '/lms/manual');
    for (const [lng, typed, found] of [
      ['ru', 'аудиторию', 'book-room'],
      ['kg', 'ведомостту', 'grading-sheet'],
      ['en', 'create a test', 'create-test'],
    ] as const) {
      if (lng !== 'ru') {
        await page.goto(`/lms/manual?lang=${lng}`);
        await expectVisible(page.getByRole('heading', { level: 1, name: text(lng, 'manual:title') }), 20000);
      }
      const search = page.getByRole('searchbox', { name: text(lng, 'manual:search.label') });
      await search.fill('');
      await search.pressSequentially(typed);
      const list = page.getByTestId('manual-pages');
      await expectVisible(list.getByTestId(`manual-item-${found}`));
      expect(await list.getByRole('listitem').count()).toBeLessThan(4);
      await list.getByTestId(`manual-item-${found}`).getByRole('link').click();
      await expectVisible(page.getByRole('heading', { level: 1, name: text(lng, `manual:pages.${found}.title`) }));
      await page.goBack();
    }
    // Words no page has: the empty result, in the language on screen.
    const search = page.getByRole('searchbox', { name: text('en', 'manual:search.label') });
    await search.fill('zzzz qqqq');
    await expectVisible(page.getByTestId('manual-empty'));
    expect(e2e.problems(page).pageErrors).toEqual([]);
  });
});
