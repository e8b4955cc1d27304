/**
 * The grading sheet at full size on PostgreSQL: the sheet of a group of STUDENTS students (default
 * 150), made from a journal of the demo teacher set up through SQL in the portal's throwaway database
 * (a group of its own, his lecture of one of his disciplines to it on the 2–5 scale, DATES lessons up
 * to today in two modules, most students present with marks 3–5, one in ten with marks of 2 and 3:
 * not admitted to the exam). Figures:
 * - the server time of making the sheet (its first POST /api/gradingsheet/open.json) and of reading
 *   it (sheet.json, one request at a time);
 * - in Chromium, navigation to an interactive sheet: from the start of the navigation to
 *   /lms/gradingsheet (the sheet's "Open" pressed as soon as it is offered) to the first moment the
 *   main thread is free after the frame that shows the first exam cell;
 * - keystroke to saved: exam points typed into a cell, then Enter (the grid saves and moves down);
 *   from Enter's keydown to the end of the exam.json reply (reply received) and to the frame after the
 *   sheet stopped showing "saving" (shown), p50 / p95; the digit to the next frame (the grid's render);
 * - exam.json's server time, one at a time, from the bench's own client;
 * - the floor of the same run, the bare hello (bench/lib/hello.mjs) in the same browser: its
 *   navigation to the load event, and a fetch of it one after the other.
 * Each navigation's timeline (timelineOfPage) is saved with the figures; BENCH_GRADING_TRACE=1 prints
 * the median run's.
 */
/* global window, document, requestAnimationFrame, MutationObserver -- code run inside the pages */
import fs from 'node:fs';
import { navigationFigures, percentile, round, summarize, timelineOfPage, TRACE_CATEGORIES } from './journal.mjs';
import { withClient } from '../scripts/lib/pg-client.mjs';
import { createBigJournal } from './lib/big-journal.mjs';
import { settle, teacherBrowser } from './lib/teacher-browser.mjs';
import { signInTeacher } from './load.mjs';

const GROUP = 'ВЕД-150';
/** Creates the group and its journal, its lessons in two modules; returns {journalId, groupId}. */
export async function seedJournal(db, { students, dates }) {
  const { rows: modules } = await db.query('select id from journal_modules order by number limit 2');
  if (modules.length < 2) throw new Error('the database has fewer than two journal modules');
  return createBigJournal(db, {
    students,
    dates,
    group: { name: GROUP, number: 98, codePrefix: 'GS-' },
    // About 85 % present, 10 % absent, 5 % excused; a mark in half of the cells: 3..5, but 2 or 3 for
    // every tenth student (module points under the admission's 30).
    markSql: `case when (s.id * 31 + d.n * 17) % 20 < 2 then 'н/б' when (s.id * 31 + d.n * 17) % 20 = 2 then 'ув'
                   when (s.id * 13 + d.n * 7) % 2 = 1 then null
                   when s.rank % 10 = 0 then (case when (s.id + d.n) % 5 = 0 then 3 else 2 end)::text
                   else (3 + (s.id + d.n) % 3)::text end`,
    // The first half of the lessons in the first module, the rest in the second.
    topics: (tx, { journalId, start, step }) =>
      tx.query(
        `insert into journal_lesson_topics (teaching_assignment_id, visit_date, lesson_time_id, topic, module_id)
         select $1, $2::date + n * $3::int, 1, 'Тема ' || (n + 1), case when n < $4 / 2 then $5::int else $6::int end from generate_series(0, $4 - 1) n`,
        [journalId, start, step, dates, modules[0].id, modules[1].id],
      ),
  });
}

/** A POST to the sheet's calls as the teacher: {ms, data}. */
async function call(origin, cookie, route, body) {
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/gradingsheet/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(body),
  });
  const reply = await res.json();
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(reply.error)}`);
  return { ms: performance.now() - t0, data: reply.data };
}

/** In the page before the app starts: open the bench's sheet as soon as the list offers it, note when its first exam cell is usable. */
function choosingScript(group) {
  const w = window;
  w.__grid = null;
  w.__longTasks = [];
  new PerformanceObserver((list) => w.__longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (!w.__chosen) {
      const item = [...document.querySelectorAll('li.gs-item')].find((li) => li.textContent.includes(group));
      if (item) {
        w.__chosen = performance.now();
        item.querySelector('button.btn-primary').click();
      }
    }
    if (w.__chosen && !w.__gridSeen && document.querySelector('input[data-testid="gs-exam"]')) {
      w.__gridSeen = true;
      observer.disconnect();
      // The frame that shows it, then the first free moment of the main thread.
      requestAnimationFrame(() => setTimeout(() => (w.__grid = performance.now()), 0));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Types `value` into the focused exam cell and presses Enter: {frame, reply, shown} in ms (digit → next frame; Enter → reply end, → the frame after "saving"). */
async function typeAndSave(page, value) {
  await page.evaluate(() => {
    const w = window;
    w.__frame = null;
    document.addEventListener('keydown', (e) => requestAnimationFrame(() => (w.__frame = performance.now() - e.timeStamp)), { capture: true, once: true });
  });
  await page.keyboard.type(value);
  const frame = await page.waitForFunction(() => window.__frame, undefined, { polling: 'raf' }).then((h) => h.jsonValue());
  await page.evaluate(() => {
    const w = window;
    w.__shown = null;
    w.__enterAt = null;
    let busySeen = false;
    document.addEventListener('keydown', (e) => (w.__enterAt = e.timeStamp), { capture: true, once: true });
    const status = document.querySelector('.gs-live');
    const observer = new MutationObserver(() => {
      if (status.textContent.trim()) busySeen = true;
      else if (busySeen && w.__enterAt !== null) {
        observer.disconnect();
        requestAnimationFrame(() => (w.__shown = performance.now() - w.__enterAt));
      }
    });
    observer.observe(status, { subtree: true, childList: true, characterData: true });
  });
  await page.keyboard.press('Enter');
  const shown = await page
    .waitForFunction(() => window.__shown || document.querySelector('[data-testid="gs-error"]')?.textContent, undefined, { polling: 'raf' })
    .then((h) => h.jsonValue());
  if (typeof shown === 'string') throw new Error(`the sheet refused exam points ${value}: ${shown}`);
  const reply = await page.evaluate(() => {
    const e = performance
      .getEntriesByType('resource')
      .filter((r) => r.name.includes('/api/gradingsheet/exam.json') && r.startTime >= window.__enterAt)
      .at(-1);
    return e ? e.responseEnd - window.__enterAt : null;
  });
  if (reply === null) throw new Error('no exam.json request followed Enter');
  return { frame, reply, shown };
}

async function browserFigures(origin, helloUrl, { runs, keystrokes }) {
  const { browser, context, page } = await teacherBrowser(origin, choosingScript, GROUP);
  try {
    const navigations = [];
    const timelines = [];
    // BENCH_GRADING_PROFILE=<file.cpuprofile>: the last navigation's JavaScript CPU profile (as the journal's, bench/journal.mjs).
    const profileFile = process.env.BENCH_GRADING_PROFILE;
    const cdp = profileFile ? await context.newCDPSession(page) : null;
    // BENCH_GRADING_CHROME_TRACE=<file.json>: the last navigation's Chromium trace (as the journal's).
    const traceFile = process.env.BENCH_GRADING_CHROME_TRACE;
    for (let i = 0; i < runs; i++) {
      const traced = traceFile && i === runs - 1;
      if (traced) await browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
      const profiled = cdp && i === runs - 1;
      if (profiled) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      await page.goto('/lms/gradingsheet');
      const ms = await page
        .waitForFunction(() => window.__grid, undefined, { polling: 50 })
        .then((h) => h.jsonValue())
        .catch(async (err) => {
          const text = await page.evaluate(() => document.querySelector('main')?.innerText.slice(0, 300));
          throw new Error(`the sheet of ${GROUP} did not come (${err.message.split('\n')[0]}); page: ${JSON.stringify(text)}`);
        });
      navigations.push(ms);
      if (traced) await browser.stopTracing();
      if (profiled) fs.writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      timelines.push(await page.evaluate(timelineOfPage, 'sheet chosen'));
      await settle(page);
    }
    const rowsShown = await page.getByTestId('gs-row').count();
    const cellsShown = await page.getByTestId('gs-exam').count();

    // Down the exam column by keyboard: points 20..39, each a new value for its cell.
    await page.getByTestId('gs-exam').first().focus();
    const frames = [];
    const replies = [];
    const shown = [];
    for (let i = 0; i < keystrokes + 3; i++) {
      const r = await typeAndSave(page, String(20 + (i % 20)));
      if (i < 3) continue;
      frames.push(r.frame);
      replies.push(r.reply);
      shown.push(r.shown);
    }

    // The floor in the same browser: the bare hello's navigation to its load event, and fetches of it one after the other.
    const helloNavigations = [];
    for (let i = 0; i < runs; i++) {
      await page.goto(helloUrl);
      helloNavigations.push(await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd));
    }
    const helloFetches = await page.evaluate(async (n) => {
      const times = [];
      for (let i = 0; i < n + 3; i++) {
        const t0 = performance.now();
        await (await fetch('/', { cache: 'no-store' })).json();
        if (i >= 3) times.push(performance.now() - t0);
      }
      return times;
    }, keystrokes);
    await context.close();
    return { navigations, timelines, rowsShown, cellsShown, frames, replies, shown, helloNavigations, helloFetches };
  } finally {
    await browser.close();
  }
}

export async function runGradingSheetBench(origin, dbUrl, helloUrl, { students = 150, dates = 40, reads = 30, runs = 5, keystrokes = 20 } = {}) {
  const seeded = await withClient(dbUrl, (db) => seedJournal(db, { students, dates }));
  const { cookie } = await signInTeacher(origin);
  // The first open makes the sheet from the journal; then its reads, one after the other.
  const opened = await call(origin, cookie, 'open.json', { id_journal: seeded.journalId, id_group: seeded.groupId });
  const sheet = opened.data;
  for (let i = 0; i < 3; i++) await call(origin, cookie, 'sheet.json', { id_sheet: sheet.id });
  const readMs = [];
  for (let i = 0; i < reads; i++) readMs.push((await call(origin, cookie, 'sheet.json', { id_sheet: sheet.id })).ms);

  const b = await browserFigures(origin, helloUrl, { runs, keystrokes });

  // exam.json from the bench's own client, one at a time, up the admitted students from the last (cells the browser left empty).
  const admitted = sheet.lines.filter((l) => l.admitted).map((l) => l.id_student);
  const examMs = [];
  for (let i = 0; i < keystrokes + 3; i++) {
    const { ms } = await call(origin, cookie, 'exam.json', { id_sheet: sheet.id, points: [{ id_student: admitted.at(-1 - i), exam: 10 + (i % 30) }] });
    if (i >= 3) examMs.push(ms);
  }
  const helloNav = [...b.helloNavigations].sort((x, y) => x - y);
  return {
    students: sheet.lines.length,
    admitted: admitted.length,
    modules: sheet.modules.length,
    dates,
    openMs: round(opened.ms),
    read: summarize(readMs),
    exam: summarize(examMs),
    timelines: b.timelines,
    navigation: navigationFigures(b.navigations),
    rowsShown: b.rowsShown,
    cellsShown: b.cellsShown,
    keystrokeToFrame: summarize(b.frames),
    keystrokeToReply: summarize(b.replies),
    keystrokeToShown: summarize(b.shown),
    hello: {
      navigation: { medianMs: round(percentile(helloNav, 50)), maxMs: round(helloNav.at(-1)), runs: b.helloNavigations.map(round) },
      fetch: summarize(b.helloFetches),
    },
  };
}
