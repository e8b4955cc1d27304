/**
 * The screens every accessibility, layout and language check visits: every route of the area
 * manifest (manifestRoutes.ts, generated from src/app/areas.ts), the home page and the password change, and the open states of some screens.
 * A new area's routes join by themselves: a route is ready when its heading shows and nothing in the
 * page is busy (`aria-busy="true"`, a spinner), so a screen that says aria-busy until its first answer
 * needs no line here; one that needs more adds it to READY (one line of readyWhen when a selector or a
 * test id shows its content), and an open state (a dialog) is added to OPEN_STATES. The browser contexts the checks open
 * are in contexts.ts, the passes over every screen in screen-passes.ts.
 */
import type { Page } from 'playwright-core';
import { MANIFEST_ROUTES } from './manifestRoutes';
import { expectVisible } from './e2e';

export interface Screen {
  /** Short name for messages. */
  name: string;
  path: string;
  /** Waits until the screen shows its content (not a spinner). */
  ready(page: Page): Promise<void>;
}

const readyMain = (page: Page) => expectVisible(page.locator('#main h1, main h1').first(), 20000);

/** A route of the manifest with no entry in READY: its heading, then nothing in the page busy. */
async function readyByDefault(page: Page): Promise<void> {
  await readyMain(page);
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"], main .spinner'), undefined, { timeout: 20000 });
}

/** The journal screen: a teacher opens the first journal of the half-year (true); a student's screen is his own journal already (false). */
async function openFirstJournal(page: Page): Promise<boolean> {
  await readyMain(page);
  await page.waitForFunction(
    () => document.querySelector('.journal-screen .muted, .sj-list') && !document.querySelector('.journal-screen .spinner'),
    undefined,
    { timeout: 20000 },
  );
  const group = page.locator('#journal-group');
  if ((await group.count()) === 0) return false;
  const value = await group.locator('option').nth(1).getAttribute('value');
  if (value) await group.selectOption(value);
  // The grid, or on a phone the marking of one lesson.
  await expectVisible(page.locator('.jg-wrap, .lm').first(), 20000);
  return true;
}

/** Screens without a session. */
export const PUBLIC_SCREENS: Screen[] = [
  { name: 'login', path: '/lms/login', ready: (page) => expectVisible(page.getByTestId('login-form'), 20000) },
  { name: 'not found', path: '/lms/no-such-page', ready: (page) => expectVisible(page.locator('h1').first(), 20000) },
  { name: 'student card, invalid link', path: '/lms/studentqr?data=invalid', ready: (page) => expectVisible(page.getByTestId('card-invalid'), 20000) },
  {
    name: 'certificate check, invalid token',
    path: '/lms/verify?token=not-a-valid-token',
    ready: (page) => expectVisible(page.getByTestId('verify-invalid'), 20000),
  },
];

// The public routes of the manifest are here by hand (they need an address with data): none may be missing.
for (const route of MANIFEST_ROUTES.filter((r) => r.public))
  if (!PUBLIC_SCREENS.some((screen) => new URL(screen.path, 'http://app').pathname === `/lms${route.path}`))
    throw new Error(`tests/support/screens.ts: PUBLIC_SCREENS has no screen for the public route /lms${route.path}`);

/** Any of these test ids (`data-testid`), as one selector. */
const testIds = (...ids: string[]): string => ids.map((id) => `[data-testid="${id}"]`).join(', ');

/**
 * A route's screen ready when its heading shows, something matching `shown` is in the page (its content,
 * its empty state, a failed load or "not for your role") and nothing matches `busy`.
 */
const readyWhen = (name: string, shown: string, busy = '[aria-busy="true"]') => ({
  name,
  ready: async (page: Page): Promise<void> => {
    await readyMain(page);
    await page.waitForFunction(([s, b]) => document.querySelector(s) !== null && document.querySelector(b) === null, [shown, busy] as const, {
      timeout: 20000,
    });
  },
});

const FAILED_OR_NOT_FOR_ROLE = testIds('load-failed', 'not-for-role');

/** What shows that a route's screen is ready, for the routes of the manifest that need more than readyByDefault. */
const READY: Record<string, { name: string; ready: (page: Page) => Promise<void> }> = {
  '/news': readyWhen('news', '.news-card, .news-empty'),
  '/chat': {
    name: 'chat',
    ready: async (page) => {
      await expectVisible(page.getByTestId('chat-disciplines'), 20000);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20000 });
    },
  },
  '/journal': readyWhen('journal', '.journal-screen .muted, .sj-list', '.journal-screen .spinner'),
  '/library': readyWhen('library', `${testIds('library-book')}, .library-empty`),
  '/umk': readyWhen('teaching materials', `${testIds('umk-item')}, .umk-empty`),
  '/registration': readyWhen('discipline registration', `${testIds('reg-row', 'reg-teacher-subgroup')}, .reg-empty`),
  '/paymentcode': readyWhen('payment code', `#pay-service option:nth-child(2), ${FAILED_OR_NOT_FOR_ROLE}`),
  '/transcript': readyWhen('transcript', `${testIds('tr-doc')}, ${FAILED_OR_NOT_FOR_ROLE}`),
  '/rating': {
    // A student's own rating; a teacher's opens the first group he teaches (its table is what the checks need).
    name: 'rating',
    ready: async (page) => {
      await readyByDefault(page);
      const group = page.locator('#rt-group');
      if ((await group.count()) === 0) return;
      const value = await group.locator('option').nth(1).getAttribute('value');
      if (!value) return;
      await group.selectOption(value);
      await expectVisible(page.locator('[data-testid="rt-group-rating"], [data-testid="load-failed"]').first(), 20000);
    },
  },
  // The teacher's table (or the empty half-year); for a student, the 'not for your role' page.
  '/workload': readyWhen('workload', `${testIds('wl-table', 'wl-empty')}, ${FAILED_OR_NOT_FOR_ROLE}`, '[aria-busy="true"], main .spinner'),
  '/personalcard': readyWhen('personal card', `${testIds('pc-card')}, ${FAILED_OR_NOT_FOR_ROLE}`),
  // Account 1's card: the caller's own when it is his, else refused (403) unless he is an administrator.
  '/personalcard/:userId': readyWhen('personal card of an account', `${testIds('pc-card')}, ${FAILED_OR_NOT_FOR_ROLE}`),
  '/schedule': readyWhen('schedule', '[data-testid^="lesson-"], .schedule-empty'),
  '/qrscan': {
    name: 'qr scan',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner'), undefined, { timeout: 20000 });
    },
  },
  '/qrlesson': {
    // Opened without a lesson: the projector says which lesson to pick; for a student, the 'not for your role' page.
    name: 'qr projector, no lesson',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner'), undefined, { timeout: 20000 });
    },
  },
  '/reportqr': readyWhen('qr reports', `${testIds('qr-report')}, .qr-report .qr-hint`, '[aria-busy="true"], .spinner'),
  // A student's form and orders; the demo teacher's queue (he is a registrar).
  '/singlewindow': readyWhen('single window', `${testIds('order-form')} option + option, ${testIds('registrar-queue')}`, '[aria-busy="true"], .spinner'),
  '/notifications': readyWhen('notifications', `${testIds('notification-list')}, .notifications .muted`, '.notifications .spinner'),
  '/apps': readyWhen('apps', '.apps-page .app-tile'),
  '/qrstud': {
    // A student's own QR code; for a teacher, the 'not for your role' page.
    name: 'student qr code',
    ready: async (page) => {
      await readyMain(page);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="card-link"], [data-testid="not-for-role"]') || document.querySelector('.qr-screen p'),
        undefined,
        { timeout: 20000 },
      );
    },
  },
};

/** The address that loads a route of the manifest: its parameters (`:id`) filled with 1, the first seeded row. */
export const routeAddress = (path: string): string => `/lms${path.replace(/:[A-Za-z]+/g, '1')}`;

/** Every signed-in route the area manifest declares (manifestRoutes.ts, generated from src/app/areas.ts). */
const MANIFEST_SCREENS: Screen[] = MANIFEST_ROUTES.filter((route) => !route.public).map((route) => ({
  name: READY[route.path]?.name ?? route.path.slice(1),
  path: routeAddress(route.path),
  ready: READY[route.path]?.ready ?? readyByDefault,
}));

/** The open journal's setup, folded behind its button at first (its first button). */
async function unfoldSetup(page: Page): Promise<void> {
  const fold = page.locator('.journal-head .journal-fold[aria-controls="journal-setup"]');
  if ((await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
  await expectVisible(page.locator('.journal-setup'));
}

/** The open states of a screen beyond its first view (a conversation, a journal, its dialogs, the projector of a lesson). */
const OPEN_STATES: Screen[] = [
  {
    // A document's page with its versions (the first listed; the regulation on assessment has two).
    name: 'documents document page',
    path: '/lms/documents',
    ready: async (page) => {
      await readyByDefault(page);
      await page.getByTestId('doc-item').first().getByRole('heading').getByRole('link').click();
      await expectVisible(page.getByTestId('doc-versions'), 20000);
    },
  },
  {
    name: 'chat conversation',
    path: '/lms/chat',
    ready: async (page) => {
      await expectVisible(page.getByTestId('chat-disciplines'), 20000);
      await page.getByTestId('chat-disciplines').locator('.chat-item').first().click();
      await page.getByTestId('chat-contact').first().click();
      await expectVisible(page.getByTestId('chat-conversation'), 20000);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .chat-center .spinner'), undefined, { timeout: 20000 });
    },
  },
  {
    name: 'journal grid',
    path: '/lms/journal',
    ready: async (page) => {
      await openFirstJournal(page);
    },
  },
  {
    // Teachers: the "Subgroups" dialog of the first journal, loaded.
    name: 'journal subgroups',
    path: '/lms/journal',
    ready: async (page) => {
      if (!(await openFirstJournal(page))) return;
      await unfoldSetup(page);
      await page.locator('.journal-setup button').first().click();
      await expectVisible(page.locator('[role="dialog"] .setup-students'), 20000);
    },
  },
  {
    // Teachers: the "Planned topics" dialog of the first journal with one topic being added.
    name: 'journal planned topics',
    path: '/lms/journal',
    ready: async (page) => {
      if (!(await openFirstJournal(page))) return;
      await unfoldSetup(page);
      await page.locator('.journal-setup button').nth(1).click();
      await expectVisible(page.locator('[role="dialog"] .setup-form'), 20000);
      await page.locator('[role="dialog"] .setup-row-actions button').click();
      await expectVisible(page.locator('[role="dialog"] .setup-topic').first());
    },
  },
  {
    // Teachers: the question bank's form for a new question (students: their list of tests).
    name: 'testing question form',
    path: '/lms/testing',
    ready: async (page) => {
      await readyByDefault(page);
      const add = page.getByTestId('ts-add-question');
      if (!(await add.count())) return;
      // The first discipline of the list (its order follows the language) may have no bank yet: the first that has one.
      const choice = page.locator('#ts-discipline');
      for (const value of await choice.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) {
        await choice.selectOption(value);
        await expectVisible(page.locator('#ts-category').or(page.getByTestId('ts-no-categories')).first(), 20000);
        if (await add.isEnabled()) break;
      }
      await add.click();
      await expectVisible(page.getByTestId('ts-question-form'), 20000);
    },
  },
  {
    // Teachers: the projector of their first lesson (held now as a make-up lesson when it is not in its time).
    name: 'qr projector',
    path: '/lms/schedule',
    ready: async (page) => {
      await READY['/schedule'].ready(page);
      const open = page.locator('[data-testid^="lesson-"] a[href*="qrlesson"]').first();
      if (!(await open.count())) return;
      await open.click();
      await page.waitForFunction(() => document.querySelector('[data-testid="qr-token"], .qr-notnow'), undefined, { timeout: 20000 });
      const makeup = page.locator('.qr-notnow button');
      if (await makeup.count()) await makeup.click();
      await expectVisible(page.getByTestId('qr-token'), 20000);
    },
  },
];

/**
 * Screens of a signed-in user (teacher and student alike): the home page, the password change, every
 * route of the manifest, and the open states.
 */
export const SIGNED_IN_SCREENS: Screen[] = [
  {
    name: 'home',
    path: '/lms',
    ready: async (page) => {
      await readyMain(page);
      // The profile's fields (or, on a phone, the apps tab) are in.
      await page.waitForFunction(() => !document.querySelector('.profile-loading, [aria-busy="true"]'), undefined, { timeout: 20000 });
    },
  },
  { name: 'change password', path: '/lms/change-password', ready: (page) => readyMain(page) },
  ...MANIFEST_SCREENS,
  // An unknown address: the not-found page inside the shell.
  { name: 'not found', path: '/lms/no-such-page', ready: (page) => expectVisible(page.locator('#main h1').first(), 20000) },
  ...OPEN_STATES,
];

/** The administration's account panel: the search for the demo student, her panel open. */
async function openStudentPanel(page: Page): Promise<void> {
  await readyByDefault(page);
  await page.getByTestId('admin-search').fill('student');
  await page.getByTestId('admin-search-submit').click();
  const head = page.locator('[data-testid="admin-account"][data-login="student"] button[aria-expanded]');
  await expectVisible(head, 20000);
  await head.click();
  await expectVisible(page.getByTestId('admin-panel'), 20000);
}

/**
 * The administrator's screens (the demo `admin`; for the other accounts the administration's routes
 * are the "not for your role" page, among SIGNED_IN_SCREENS): the home page, every route of the
 * administration in the manifest, an account's panel and an action's confirmation (asked, never
 * confirmed: the checks change nothing).
 */
export const ADMIN_SCREENS: Screen[] = [
  SIGNED_IN_SCREENS[0],
  ...MANIFEST_SCREENS.filter((s) => s.path.startsWith('/lms/admin')),
  { name: 'admin account panel', path: '/lms/admin', ready: openStudentPanel },
  {
    name: 'admin reset confirmation',
    path: '/lms/admin',
    ready: async (page) => {
      await openStudentPanel(page);
      await page.getByTestId('admin-resetPassword').click();
      await expectVisible(page.getByRole('alertdialog'), 20000);
    },
  },
  {
    // The upload form of a new document, open (never sent).
    name: 'documents upload form',
    path: '/lms/documents',
    ready: async (page) => {
      await readyByDefault(page);
      await page.getByTestId('doc-new').click();
      await expectVisible(page.getByTestId('doc-form'), 20000);
    },
  },
  // The questionnaires the administrator manages, the first one's results open.
  {
    name: 'questionnaire results',
    path: '/lms/questionnaire',
    ready: async (page) => {
      await readyByDefault(page);
      await page.getByTestId('qn-managed').locator('.qn-item .btn').first().click();
      await expectVisible(page.getByTestId('qn-results-count'), 20000);
    },
  },
  // A reference list with its widest table, and its form open on a row (never saved).
  { name: 'admin reference rooms', path: '/lms/admin/reference/rooms', ready: readyByDefault },
  {
    name: 'admin reference form',
    path: '/lms/admin/reference/rooms',
    ready: async (page) => {
      await readyByDefault(page);
      await page.getByTestId('reference-edit').first().click();
      await expectVisible(page.getByTestId('reference-dialog'), 20000);
    },
  },
];

/**
 * Opens a screen and waits until it is ready. The first visit of a page loads the app; later ones
 * navigate inside it, as a user following a link does (the router follows the history), and wait
 * until the previous screen has left the main region. A screen on the path already shown is loaded
 * again instead.
 */
export async function visit(page: Page, screen: Screen): Promise<void> {
  const target = new URL(screen.path, 'http://app');
  const current = page.url().startsWith('http') ? new URL(page.url()) : null;
  const inApp = current !== null && (await page.evaluate(() => document.querySelector('#main') !== null));
  if (!inApp || current.pathname === target.pathname) {
    // A first visit, or a screen on the path shown now, whatever its query (the chat conversation
    // after the chat, a journal named in the address (?j=), a
    // dialog of the journal): loaded afresh, with nothing left open by the screen before.
    await page.goto(screen.path);
  } else {
    await page.evaluate((path) => {
      for (const el of document.querySelectorAll('#main, #main > *')) el.setAttribute('data-e2e-left', '');
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, screen.path);
    // The previous screen is gone once #main holds something it did not hold before.
    await page.waitForFunction(
      () => {
        const main = document.querySelector('#main');
        if (!main) return false;
        if (!main.hasAttribute('data-e2e-left')) return true;
        return main.children.length > 0 && [...main.children].every((child) => !child.hasAttribute('data-e2e-left'));
      },
      undefined,
      { timeout: 20000 },
    );
  }
  await screen.ready(page);
}
