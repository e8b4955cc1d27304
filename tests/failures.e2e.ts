/**
 * A server that fails: each area's load answered 500 is shown as a failure with Retry, never as an
 * empty list or a message that the thing does not exist; Retry, once the server answers, shows the
 * screen (docs/product.md#shell).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER, type Account } from './support/accounts';
import { expectHidden, expectVisible, setupE2E } from './support/e2e';
import { openContext, sessions, WIDE } from './support/contexts';
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
  /** What the user does on the page before the failing load (picking a discipline). */
  before?: (page: Page) => Promise<void>;
}

/** The first discipline of the chat's list is picked (its people and, on a desktop, its group chat load). */
const pickDiscipline = (page: Page) => page.getByTestId('chat-disciplines').locator('.chat-item').first().click();

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
    name: "the chat's contacts",
    account: STUDENT,
    path: '/lms/chat',
    failing: '**/api/discipline/teachers/list.json',
    empty: '[data-testid="chat-contacts"] .chat-note',
    before: pickDiscipline,
    loaded: (page) => expectVisible(page.getByTestId('chat-contacts').getByTestId('chat-contact').first(), 20000),
  },
  {
    name: "the chat's conversation",
    account: STUDENT,
    path: '/lms/chat',
    failing: '**/api/chat/group/messages.json',
    empty: '[data-testid="chat-placeholder"]',
    before: async (page) => {
      await pickDiscipline(page);
      await page.getByTestId('chat-group-contact').click();
    },
    loaded: (page) => expectVisible(page.locator('[data-testid="chat-message"], [data-testid="chat-placeholder"]').first(), 20000),
  },
  {
    name: 'the check-in page',
    account: STUDENT,
    path: '/lms/qrscan',
    failing: '**/api/qr/student/lessons.json',
    // "No lesson is open now" may only follow a load that succeeded.
    empty: '.qr-hint',
    loaded: (page) => expectVisible(page.locator('.qr-code-form, .qr-hint').first(), 20000),
  },
  {
    name: 'the schedule',
    account: STUDENT,
    path: '/lms/schedule',
    failing: '**/api/schedule/student.json',
    // Neither a dismissible line over an empty page nor "no lessons".
    empty: '.error-line, .schedule-empty',
    // The sign-in stored a copy on the home page: the user asks for a fresh one.
    before: (page) => page.getByRole('button', { name: ru('schedule:refresh'), exact: true }).click(),
    loaded: (page) => expectVisible(page.locator('.schedule-day').first(), 20000),
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
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ result: true, error: { code: 'INTERNAL', message: 'Внутренняя ошибка сервера' }, data: null }),
          }),
        );
        await page.goto(c.path);
        await c.before?.(page);
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
