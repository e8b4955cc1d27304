/** The news feed's steps that several end-to-end files share. */
import type { Page } from 'playwright-core';
import { expectPath, expectVisible } from './e2e';
import { ru } from './texts';

/** Opens the news feed from the top navigation and waits for its first item. */
export async function openNews(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: ru('layout.topNav') })
    .getByRole('link', { name: ru('nav.news') })
    .click();
  await expectPath(page, '/lms/news');
  await expectVisible(page.getByTestId('news-item').first(), 15000);
}
