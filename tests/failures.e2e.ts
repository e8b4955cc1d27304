/**
 * A server that fails: each area's load answered 500 is shown as a failure with Retry, never as an
 * empty list or a message that the thing does not exist; Retry, once the server answers, shows the
 * screen (docs/product.md#shell).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER, type Account } from './support/accounts';
import { expectHidden, expectVisible, setupE2E } from './support/e2e';
import { openContext, sessions, WIDE } from './support/screens';
import { ru } from './support/texts';

const e2e = setupE2E();
const session = sessions(e2e);

interface Case {
  name: string;
  account: Account;
  path: string;
  /** The calls that fail. */
  failing: string | RegExp;
  /** What only an empty load may show. */
  empty: string;
  /** What shows once the load succeeds. */
  loaded: (page: Page) => Promise<void>;
}

const CASES: Case[] = [
  {
    name: "the library's categories",
    account: TEACHER,
    path: '/lms/library',
    failing: '**/api/library/bookcategories',
    empty: '.library-empty',
    loaded: (page) => expectVisible(page.locator('.library-category').first(), 20000),
  },
  {
    name: "the teaching materials' disciplines",
    account: TEACHER,
    path: '/lms/umk',
    failing: '**/api/umk/disciplines',
    empty: '.umk-empty',
    loaded: (page) => expectVisible(page.locator('#main select').first(), 20000),
  },
  {
    name: "the chat's disciplines",
    account: STUDENT,
    path: '/lms/chat',
    failing: '**/api/discipline/**',
    empty: '[data-testid="chat-disciplines"] .chat-note:not([role])',
    loaded: (page) => expectVisible(page.getByTestId('chat-disciplines').locator('.chat-item').first(), 20000),
  },
  {
    name: 'the QR reports',
    account: TEACHER,
    path: '/lms/reportqr',
    failing: /\/api\/misc\/getstudentqrfaculty\b/,
    empty: '.qr-hint',
    // The table, or once loaded, that the half-year has no marks yet.
    loaded: (page) => expectVisible(page.locator('[data-testid="qr-report"], .qr-report .qr-hint').first(), 20000),
  },
  {
    name: "the student's QR code",
    account: STUDENT,
    path: '/lms/qrstud',
    failing: '**/api/qr/card.json',
    empty: '.qr-hint',
    loaded: (page) => expectVisible(page.getByTestId('card-link'), 20000),
  },
];

describe('a load the server fails', () => {
  for (const c of CASES)
    it(`${c.name}: a failure with Retry, not an empty state; Retry loads it`, async () => {
      const context = await openContext(e2e.browser, e2e.server, { viewport: WIDE, storageState: await session(c.account) });
      try {
        const page = await context.newPage();
        await page.route(c.failing, (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ result: true, error: { code: 'INTERNAL', message: 'Внутренняя ошибка сервера' }, data: null }) }),
        );
        await page.goto(c.path);
        const failed = page.getByTestId('load-failed');
        await expectVisible(failed, 20000);
        expect(await failed.getAttribute('role')).toBe('alert');
        expect(await failed.textContent()).toContain(ru('errors.INTERNAL'));
        expect(await page.locator(c.empty).count()).toBe(0);

        await page.unroute(c.failing);
        await failed.getByRole('button', { name: ru('actions.retry') }).click();
        await c.loaded(page);
        await expectHidden(page.getByTestId('load-failed'));
      } finally {
        await context.close();
      }
    }, 60000);
});
