/**
 * Honest while the network is slow or the server away (docs/product.md#shell): a route shows its
 * progress as soon as it is opened; a screen whose texts cannot be loaded says that the page did not
 * load, in words, with Retry (never its raw translation keys); and while the API's answers are on
 * their way every screen shows progress, its selects say they are loading, and no "nothing here" is
 * said before an answer. The API's replies are held until the test releases them (request
 * interception), or refused, as when the server is stopped.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { STUDENT, TEACHER, type Account } from './support/accounts';
import { expectPath, expectVisible, setupE2E, signInWithForm } from './support/e2e';
import { ru } from './support/texts';

const e2e = setupE2E();

/** A line that is a translation key rather than a text ('fields.category', 'global.label'). */
const RAW_KEY = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_]+)+$/;

async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => RAW_KEY.test(line));
}

/** The server stopped: every API call and every text file is refused. Returns "the server is back". */
async function serverAway(page: Page): Promise<() => Promise<void>> {
  const refuse = (route: Route) => route.abort('connectionrefused');
  await page.route('**/api/**', refuse);
  await page.route('**/lms/locales/**', refuse);
  return async () => {
    await page.unroute('**/api/**', refuse);
    await page.unroute('**/lms/locales/**', refuse);
  };
}

/** Holds every API reply until `release()`; `held()` is how many are waiting. */
async function holdApi(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/api/**', (route) => (holding ? void held.push(route) : route.continue()));
  return {
    held: () => held.length,
    release: async () => {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Follows an in-app link to `path`, as the side menu does (no page load). */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expectPath(page, path);
}

const loadingStatus = (page: Page) => page.locator('main').getByRole('status', { name: ru('loading') });
const pageSpinner = (page: Page) => page.locator('.page-spinner').getByRole('status', { name: ru('loading') });

describe('a screen whose texts cannot be loaded', () => {
  it('E-library with the server away: progress at once, then "the page could not be loaded" with Retry, never raw keys; Retry once it is back opens it', async () => {
    const page = await e2e.page();
    await signInWithForm(page, TEACHER);
    const back = await serverAway(page);

    await page
      .locator('.shell-menu')
      .getByRole('link', { name: ru('menu.library'), exact: true })
      .click();
    await expectPath(page, '/lms/library');
    // The route's spinner while its texts are tried, not the last screen under the new address.
    await expectVisible(page.locator('main').locator('.page-spinner'), 5000);

    const failed = page.getByTestId('texts-failed');
    await expectVisible(failed, 60000);
    await expectVisible(failed.getByRole('heading', { name: ru('errors.chunkTitle') }));
    await expectVisible(failed.getByText(ru('errors.network')));
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.getByRole('heading', { level: 1, name: ru('library:title') }).count()).toBe(0);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/texts-failed-1280.png` });

    await back();
    await failed.getByRole('button', { name: ru('actions.retry') }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: ru('library:title') }), 60000);
    await expectVisible(page.getByLabel(ru('library:fields.category'), { exact: true }));
    expect(await rawKeys(page)).toEqual([]);
  });

  it('registration and the chat with the server away: each shows progress, then the failure in words, never the screen it left', async () => {
    const page = await e2e.page();
    await signInWithForm(page, STUDENT);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await serverAway(page);

    await page
      .locator('.shell-menu')
      .getByRole('link', { name: ru('menu.registration'), exact: true })
      .click();
    await expectPath(page, '/lms/registration');
    await expectVisible(page.locator('main').locator('.page-spinner'), 5000);
    await expectVisible(page.getByTestId('texts-failed'), 60000);
    expect(await rawKeys(page)).toEqual([]);

    await page.getByRole('link', { name: new RegExp(`^${ru('nav.chat')}`) }).click();
    await expectPath(page, '/lms/chat');
    // The chat draws its own columns: its spinner fills the page while it loads.
    await expectVisible(pageSpinner(page), 5000);
    await expect.poll(() => page.getByTestId('texts-failed').count(), { timeout: 60000 }).toBe(1);
    expect(await page.getByRole('heading', { name: ru('errors.chunkTitle') }).count()).toBe(1);
    expect(await rawKeys(page)).toEqual([]);
  });
});

interface SlowCase {
  name: string;
  account: Account;
  path: string;
  /** Selects that must say "Loading…" (disabled) until the answer. */
  selects: string[];
  /** "Nothing here" texts that must not show before the answer. */
  empty: string[];
  /** What says that the screen is loading (default: a "Loading…" status in the page). */
  progress?: string;
}

const SLOW: SlowCase[] = [
  {
    name: "the student's journal",
    account: STUDENT,
    path: '/lms/journal',
    selects: ['#journal-year', '#journal-ws'],
    empty: [ru('journal:student.empty')],
  },
  {
    name: "the teacher's journal filters",
    account: TEACHER,
    path: '/lms/journal',
    selects: ['#journal-year', '#journal-ws', '#journal-semester', '#journal-discipline', '#journal-group'],
    empty: [ru('journal:noJournals'), ru('journal:chooseJournal')],
  },
  { name: 'the library', account: TEACHER, path: '/lms/library', selects: ['#library-base'], empty: [ru('library:empty')] },
  {
    name: 'the teaching materials',
    account: TEACHER,
    path: '/lms/umk',
    selects: ['#umk-year', '#umk-ws', '#umk-discipline', '#umk-semester'],
    empty: [ru('umk:noDisciplines'), ru('umk:empty')],
  },
  {
    name: 'registration',
    account: STUDENT,
    path: '/lms/registration',
    selects: ['#reg-year', '#reg-ws'],
    empty: [ru('registration:empty')],
    progress: ru('registration:loadingList'),
  },
  {
    name: "the teacher's registration",
    account: TEACHER,
    path: '/lms/registration',
    selects: ['#reg-year', '#reg-ws'],
    empty: [ru('registration:teacher.empty'), ru('registration:teacher.none')],
    progress: ru('registration:teacher.loading'),
  },
  {
    name: "the teacher's single window",
    account: TEACHER,
    path: '/lms/singlewindow',
    selects: [],
    empty: [ru('singlewindow:notRegistrar'), ru('singlewindow:queue.empty')],
  },
  {
    name: "the student's single window",
    account: STUDENT,
    path: '/lms/singlewindow',
    selects: ['#sw-doc', '#sw-region', '#sw-purpose'],
    empty: [ru('singlewindow:list.empty')],
    progress: ru('singlewindow:list.loading'),
  },
];

describe('a slow network: progress until the answer, never "nothing here" before it', () => {
  for (const c of SLOW)
    it(`${c.name}: progress and loading selects while the API's answers are held, the screen once they arrive`, async () => {
      const page = await e2e.page();
      await signInWithForm(page, c.account);
      // Only the API is held: the screen's code and texts arrive, and it shows what it has while it waits.
      const api = await holdApi(page);
      await goInApp(page, c.path);

      const progress = c.progress ? page.locator('main p', { hasText: c.progress }) : loadingStatus(page);
      await expectVisible(progress.first(), 30000);
      await expect.poll(api.held, { timeout: 30000 }).toBeGreaterThan(0);
      for (const id of c.selects) {
        const select = page.locator(id);
        await expectVisible(select);
        expect(await select.isDisabled(), `${id} disabled`).toBe(true);
        expect((await select.innerText()).trim(), `${id} says it is loading`).toBe(ru('loading'));
      }
      for (const text of c.empty) expect(await page.getByText(text, { exact: true }).count(), `"${text}" before any answer`).toBe(0);
      expect(await rawKeys(page)).toEqual([]);
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/loading${c.path.replaceAll('/', '-')}-${c.account.login}.png` });

      await api.release();
      // Once answered, the selects are usable and the progress is gone.
      for (const id of c.selects.slice(0, 1)) await expect.poll(() => page.locator(id).isDisabled(), { timeout: 30000 }).toBe(false);
      await expect.poll(() => progress.count(), { timeout: 30000 }).toBe(0);
    });
});
