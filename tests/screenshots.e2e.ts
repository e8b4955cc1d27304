/**
 * Screen comparison: one screen per area at 1366 and 390 px, compared pixel by pixel with the
 * baseline PNG committed under tests/screenshots/. A drift of the look (a heading's size, a moved or
 * resized button, another colour) fails and leaves the new picture and the difference in
 * test-results/screenshots/.
 *
 * The pictures are made alike each time: the same seeded demo data, the light theme, Russian,
 * animations, transitions and the caret off, and what depends on today's date or the time (dates,
 * "today", the live dot, counts that grow with the days) painted over by a mask.
 *
 * After an intended change of the look: `UPDATE_SCREENSHOTS=1 npx vitest run --project e2e tests/screenshots.e2e.ts`
 * writes the baselines anew (README, "What npm test runs"); look at them before committing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { STUDENT, TEACHER, type Account } from './support/accounts';
import { setupE2E, RESULTS_DIR } from './support/e2e';
import { openContext, PHONE, sessions } from './support/contexts';
import { SIGNED_IN_SCREENS, visit, type Screen } from './support/screens';
import { ROOT } from './support/server';

const e2e = setupE2E();
const session = sessions(e2e);

const BASELINES = path.join(ROOT, 'tests', 'screenshots');
const OUT = path.join(RESULTS_DIR, 'screenshots');
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';

/**
 * How much may differ: a pixel counts when its colour is off by more than THRESHOLD (pixelmatch's
 * YIQ distance, 0–1; anti-aliased edges of glyphs are not counted), and the picture fails when more
 * than MAX_DIFF of its pixels do. A button moved by a few pixels or a heading 2 px larger changes
 * several thousand pixels; font smoothing on another machine changes a few dozen.
 */
const THRESHOLD = 0.2;
const MAX_DIFF = 0.001;

const WIDTHS = [
  { name: '1366', viewport: { width: 1366, height: 768 } },
  { name: '390', viewport: PHONE },
] as const;

/** What depends on the day or the hour: painted over (dates, "today", the live connection, counts). */
const MASK = [
  'time',
  '.news-when',
  '.news-time',
  '.schedule-updated',
  '[data-testid="chat-live"]',
  '.chat-badge',
  '.nav-badge',
  '.tab-badge',
  '.qr-report-table td',
  '.qr-order-date',
];

/** The same look every time: no animation, transition or blinking caret. */
const STILL =
  '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }' +
  // The schedule's "today" and "now" badges move with the weekday: hidden (their space kept), not masked where they happen to be.
  ' .schedule-badge { visibility: hidden !important; }' +
  // The check-in button of a lesson whose attendance is open (while it goes on): taken out, its space too.
  ' .schedule-action { display: none !important; }' +
  // The journal's lessons, marks and totals grow with the days of the half-year (the seed writes them up to yesterday), and the
  // lesson chosen by default is the latest: hidden with their space kept. The names, the headings, the toolbar and the layout stay.
  ' .jg-date, .jg-gap, .jg-cell, .jg-total, .jg-module, .jg-final, .journal-lesson .input, .lm select, .lm-buttons, .lm-state, .lm-points { visibility: hidden !important; }';

interface Shot {
  /** The file name's stem and the test's name. */
  name: string;
  account: Account;
  path: string;
  /** The screen's name in tests/support/screens.ts when it is not the first view of the path (an open state). */
  screen?: string;
  /** What must be on the screen besides its first view: parts that arrive later, at least so many of each selector (without the wait a busy machine compares a half-drawn screen). */
  ready?: Array<[selector: string, count: number]>;
}

/** One screen per area; the QR area by the student's check-in page and the teacher's reports, the journal by a teacher's first journal. */
const SHOTS: Shot[] = [
  { name: 'news', account: TEACHER, path: '/lms/news' },
  { name: 'journal', account: TEACHER, path: '/lms/journal', screen: 'journal grid' },
  // The unread counts come over the live connection after the list: at least her two disciplines' badges and the menu's.
  {
    name: 'chat',
    account: STUDENT,
    path: '/lms/chat',
    ready: [
      ['.chat-badge', 2],
      ['.nav-badge, .tab-badge', 1],
    ],
  },
  { name: 'schedule', account: STUDENT, path: '/lms/schedule' },
  { name: 'qr-scan', account: STUDENT, path: '/lms/qrscan' },
  { name: 'qr-reports', account: TEACHER, path: '/lms/reportqr' },
  { name: 'umk', account: TEACHER, path: '/lms/umk' },
  { name: 'library', account: TEACHER, path: '/lms/library' },
  // The teacher's grading sheets of the half-year (also the user manual's picture of them).
  { name: 'gradingsheet', account: TEACHER, path: '/lms/gradingsheet' },
];

const screenOf = (shot: Shot): Screen => {
  const screen = SIGNED_IN_SCREENS.find((s) => s.path === shot.path && (shot.screen === undefined || s.name === shot.screen));
  if (!screen) throw new Error(`No screen at ${shot.path} in tests/support/screens.ts`);
  return screen;
};

/** One page per account and width, reused by its screens (in-app navigation, as a user follows links). */
const pages = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();
function pageFor(account: Account, viewport: { width: number; height: number }) {
  const key = `${account.login}@${viewport.width}`;
  let entry = pages.get(key);
  if (!entry) {
    entry = (async () => {
      const context = await openContext(e2e.browser, e2e.server, { viewport, theme: 'light', storageState: await session(account) });
      const page = await context.newPage();
      // The teacher's pages at 23:30 yesterday by their clock: no lesson of his timetable is on, so the journal
      // opens on its latest lesson whatever the hour the test runs at (during a lesson it would offer to add it).
      if (account === TEACHER) {
        const evening = new Date();
        evening.setDate(evening.getDate() - 1);
        evening.setHours(23, 30, 0, 0);
        await page.clock.install({ time: evening });
      }
      return { context, page };
    })();
    pages.set(key, entry);
  }
  return entry;
}

beforeAll(() => {
  fs.mkdirSync(BASELINES, { recursive: true });
  fs.mkdirSync(OUT, { recursive: true });
});

afterAll(async () => {
  for (const entry of pages.values()) await (await entry).context.close();
});

/** The differing pixels of `actual` against the baseline `file` (a size change counts every pixel). */
function compare(actual: Buffer, file: string, stem: string): number {
  const want = PNG.sync.read(fs.readFileSync(file));
  const got = PNG.sync.read(actual);
  if (want.width !== got.width || want.height !== got.height) return 1;
  const diff = new PNG({ width: got.width, height: got.height });
  const count = pixelmatch(want.data, got.data, diff.data, got.width, got.height, { threshold: THRESHOLD, includeAA: false });
  const ratio = count / (got.width * got.height);
  if (ratio > MAX_DIFF) fs.writeFileSync(path.join(OUT, `${stem}.diff.png`), PNG.sync.write(diff));
  return ratio;
}

describe('each area looks as its baseline', { shuffle: false }, () => {
  for (const width of WIDTHS)
    for (const shot of SHOTS)
      it(`${shot.name} at ${width.name}`, async () => {
        const { page } = await pageFor(shot.account, width.viewport);
        await visit(page, screenOf(shot));
        if (shot.ready)
          await page.waitForFunction((want) => want.every(([selector, n]) => document.querySelectorAll(selector).length >= n), shot.ready, {
            timeout: 20000,
          });
        await page.addStyleTag({ content: STILL });
        // Fonts and images in, nothing loading.
        await page.evaluate(() => document.fonts.ready);
        await page.waitForFunction(
          () => !document.querySelector('[aria-busy="true"], .spinner, .skeleton') && [...document.images].every((i) => i.complete),
          undefined,
          { timeout: 20000 },
        );
        // "Today" and "now" in the timetable move with the clock: shown as any other day and lesson.
        await page.evaluate(() => {
          for (const el of document.querySelectorAll('.is-today, .is-now')) el.classList.remove('is-today', 'is-now');
          window.scrollTo(0, 0);
        });
        const picture = await page.screenshot({
          animations: 'disabled',
          caret: 'hide',
          mask: MASK.map((s) => page.locator(s)),
          maskColor: '#7f7f7f',
          scale: 'css',
        });

        const stem = `${shot.name}-${width.name}`;
        const file = path.join(BASELINES, `${stem}.png`);
        if (UPDATE || !fs.existsSync(file)) {
          fs.writeFileSync(file, picture);
          expect(UPDATE, `No baseline ${path.relative(ROOT, file)}: written now; look at it and commit it`).toBe(true);
          return;
        }
        const ratio = compare(picture, file, stem);
        if (ratio > MAX_DIFF) fs.writeFileSync(path.join(OUT, `${stem}.png`), picture);
        expect(
          ratio,
          `${stem}: ${(ratio * 100).toFixed(2)}% of the pixels differ from ${path.relative(ROOT, file)} (see test-results/screenshots/)`,
        ).toBeLessThanOrEqual(MAX_DIFF);
      }, 60000);
});
