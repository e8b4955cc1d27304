/**
 * The teacher's journal at full size on PostgreSQL: a journal of STUDENTS students (default 150)
 * against DATES lesson dates (default 60), set up through SQL in the portal's throwaway database (a
 * group of its own, the demo teacher's lecture of one of his disciplines to it, and a semester of
 * visit records: most present, some absent or excused, some marked). Figures:
 * - the server time of loading it (POST /api/visitlog/journal.json, one request at a time): p50, p99;
 * - in Chromium, navigation to an interactive grid: from the start of the navigation to /lms/journal
 *   (the journal chosen as soon as its option is there) to the first moment the main thread is free
 *   after the frame that shows the grid;
 * - keystroke to "saved": a mark typed into a cell, then Enter; from Enter's keydown to the frame
 *   after the cell stopped showing "saving" (p50, p95);
 * - the cost of the grid itself: keystroke to the next frame (the cell's input on screen) and the
 *   frame times while the grid scrolls down and sideways.
 * Each navigation's timeline (timelineOfPage) is saved with the figures; BENCH_JOURNAL_TRACE=1
 * prints the median run's, and BENCH_JOURNAL_PROFILE=<file> writes the last one's CPU profile.
 */
/* global window, document, requestAnimationFrame, MutationObserver, HTMLSelectElement -- code run inside the pages */
import fs from 'node:fs';
import { withClient } from '../scripts/lib/pg-client.mjs';
import { createBigJournal } from './lib/big-journal.mjs';
import { settle, teacherBrowser } from './lib/teacher-browser.mjs';
import { signInTeacher } from './load.mjs';

export function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : null;
}
export const round = (x) => (x === null ? null : Math.round(x * 10) / 10);
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? null),
  };
}

/** Navigations' times: the first, the median, the slowest and each run's. */
export function navigationFigures(navigations) {
  const sorted = [...navigations].sort((a, b) => a - b);
  return { firstMs: round(navigations[0]), medianMs: round(percentile(sorted, 50)), maxMs: round(sorted.at(-1)), runs: navigations.map(round) };
}

/** Creates the big journal (a 0–100 journal, so that the keystroke figure's marks 6..9 are in its scale and differ from every seeded mark, 2..5); returns its id. */
async function seedJournal(db, { students, dates }) {
  const { journalId } = await createBigJournal(db, {
    students,
    dates,
    group: { name: 'БЕНЧ-150', number: 99, codePrefix: 'BENCH-' },
    // Most present, one in ten absent, one in twenty excused, a mark 2..5 in a quarter of the cells.
    markSql: `case when (s.id * 31 + d.n * 17) % 20 < 2 then 'н/б' when (s.id * 31 + d.n * 17) % 20 = 2 then 'ув'
                   when (s.id * 13 + d.n * 7) % 4 = 0 then (2 + (s.id + d.n) % 4)::text else null end`,
  });
  await db.query(`update teaching_assignments set mark_scale = '0-100' where id = $1`, [journalId]);
  return journalId;
}

/**
 * The time of journal.json, one request after the other: uncompressed (`identity`, the server's
 * time to read and write it), or as `encoding` asks (a browser's `br`: plus compressing it on the
 * server and decoding it here). With an encoding, `bytes` is what came over the wire.
 */
async function timeLoads(origin, cookie, id, count, encoding = 'identity') {
  let bytes = 0;
  const call = async () => {
    const t0 = performance.now();
    const res = await fetch(`${origin}/api/visitlog/journal.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie, 'accept-encoding': encoding },
      body: JSON.stringify({ id_journal: id }),
    });
    bytes = Number(res.headers.get('content-length'));
    const body = await res.json();
    if (!res.ok) throw new Error(`journal.json answered ${res.status}: ${JSON.stringify(body.error)}`);
    return { ms: performance.now() - t0, body };
  };
  const first = await call();
  for (let i = 0; i < 4; i++) await call();
  const samples = [];
  for (let i = 0; i < count; i++) samples.push((await call()).ms);
  return {
    ...summarize(samples),
    bytes,
    students: first.body.data.students.length,
    dates: first.body.data.dates.length,
    records: first.body.data.journal[0].length,
  };
}

/**
 * BENCH_JOURNAL_LINK_MBPS: the browser's link, in MB/s each way with a 40 ms round trip (Chromium's
 * network emulation, which counts the bytes on the wire), as on a campus Wi-Fi; unset: loopback.
 */
export const LINK_MBPS = Number(process.env.BENCH_JOURNAL_LINK_MBPS) > 0 ? Number(process.env.BENCH_JOURNAL_LINK_MBPS) : null;
const LINK_RTT_MS = 40;

/** The trace's categories: the main thread's tasks as DevTools' Performance panel records them. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'];

/** In the page before the app starts: choose the journal as soon as it is offered, note when the grid is usable. */
function choosingScript(id) {
  const w = window;
  w.__grid = null;
  w.__longTasks = [];
  new PerformanceObserver((list) => w.__longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    const select = document.querySelector('#journal-group');
    if (select && !w.__chosen && select.querySelector(`option[value="${id}"]`)) {
      w.__chosen = performance.now();
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(select, String(id));
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (w.__chosen && !w.__gridSeen && document.querySelector('.jg-wrap td.jg-cell[tabindex="0"]')) {
      w.__gridSeen = true;
      observer.disconnect();
      // The frame that shows it, then the first free moment of the main thread.
      requestAnimationFrame(() => setTimeout(() => (w.__grid = performance.now()), 0));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Where a navigation's time went, from the page's own timings (ms since the navigation started):
 * the document, each script, stylesheet, text and API request (start and end), the journal chosen
 * (`chosen`: what the page's script chose), the grid usable. Also run by bench/gradingsheet.mjs.
 */
export function timelineOfPage(chosen = 'journal chosen') {
  const r = (x) => Math.round(x);
  const nav = performance.getEntriesByType('navigation')[0];
  const entries = [
    { name: 'document', start: 0, end: r(nav.responseEnd) },
    { name: 'DOMContentLoaded', start: r(nav.domContentLoadedEventEnd), end: r(nav.domContentLoadedEventEnd) },
  ];
  for (const e of performance.getEntriesByType('resource')) {
    const url = new URL(e.name);
    const name = url.pathname.replace(/^\/(lms\/)?/, '') + url.search;
    // From the network: the request's start, when it left (after waiting for one of the browser's six
    // connections to the origin), its first byte and its end; from the cache: when it was asked for.
    if (e.transferSize > 0 || e.name.includes('/api/'))
      entries.push({ name: `${name} (sent at ${r(e.requestStart)}, first byte at ${r(e.responseStart)} ms)`, start: r(e.startTime), end: r(e.responseEnd) });
    else entries.push({ name: `${name} (cached)`, start: r(e.startTime), end: r(e.startTime) });
  }
  for (const t of window.__longTasks ?? []) entries.push({ name: `long task ${r(t.duration)} ms`, start: r(t.startTime), end: r(t.startTime + t.duration) });
  entries.push(
    { name: chosen, start: r(window.__chosen), end: r(window.__chosen) },
    { name: 'grid interactive', start: r(window.__grid), end: r(window.__grid) },
  );
  return entries.sort((a, b) => a.start - b.start);
}

async function browserFigures(origin, id, { runs, keystrokes }) {
  const { browser, context, page } = await teacherBrowser(origin, choosingScript, id);
  try {
    if (LINK_MBPS) {
      const net = await context.newCDPSession(page);
      await net.send('Network.enable');
      const bytesPerSecond = LINK_MBPS * 1e6;
      await net.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: LINK_RTT_MS,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: bytesPerSecond,
      });
    }
    const navigations = [];
    const timelines = [];
    let rowsShown = 0;
    let cellsShown = 0;
    // BENCH_JOURNAL_PROFILE=<file.cpuprofile>: the last navigation's JavaScript CPU profile (Chromium's
    // format, opened by its DevTools' Performance panel), for finding where the main thread's time goes.
    const profileFile = process.env.BENCH_JOURNAL_PROFILE;
    const cdp = profileFile ? await context.newCDPSession(page) : null;
    // BENCH_JOURNAL_CHROME_TRACE=<file.json>: the last navigation's Chromium trace (every task of the
    // page's main thread: scripts, style, layout, paint; opened by DevTools' Performance panel).
    const traceFile = process.env.BENCH_JOURNAL_CHROME_TRACE;
    for (let i = 0; i < runs; i++) {
      const profiled = cdp && i === runs - 1;
      if (profiled) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      const traced = traceFile && i === runs - 1;
      if (traced) await browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
      await page.goto('/lms/journal');
      const ms = await page
        .waitForFunction(() => window.__grid, undefined, { polling: 50 })
        .then((h) => h.jsonValue())
        .catch(async (err) => {
          const seen = await page.evaluate(() => ({
            chosen: window.__chosen ?? null,
            options: [...document.querySelectorAll('#journal-group option')].map((o) => o.value),
            text: document.querySelector('main')?.innerText.slice(0, 300),
          }));
          throw new Error(`the grid of journal ${id} did not come (${err.message.split('\n')[0]}); page: ${JSON.stringify(seen)}`);
        });
      navigations.push(ms);
      if (traced) await browser.stopTracing();
      if (profiled) {
        const { profile } = await cdp.send('Profiler.stop');
        fs.writeFileSync(profileFile, JSON.stringify(profile));
      }
      timelines.push(await page.evaluate(timelineOfPage));
      rowsShown = await page.locator('.jg tbody tr').count();
      cellsShown = await page.locator('.jg td.jg-cell').count();
      await settle(page);
    }

    // Keystroke → next frame, and keystroke → saved, down the last lesson's column.
    await page.locator('td.jg-cell[data-row="0"]').last().click();
    await page.evaluate(() => {
      const w = window;
      w.__keys = [];
      document.addEventListener('keydown', (e) => w.__keys.push({ key: e.key, at: e.timeStamp }), true);
    });
    const frames = [];
    const saves = [];
    for (let i = 0; i < keystrokes + 3; i++) {
      const target = await page.evaluate(() => {
        const cell = document.activeElement.closest('td.jg-cell');
        return { row: cell.dataset.row, col: cell.dataset.col };
      });
      // 6..9: marks the seeded cells never hold, so every Enter writes.
      const digit = String(6 + (i % 4));
      // The digit: time to the frame that shows the cell's input with it.
      await page.evaluate(() => {
        const w = window;
        w.__frame = null;
        document.addEventListener('keydown', (e) => requestAnimationFrame(() => (w.__frame = performance.now() - e.timeStamp)), { capture: true, once: true });
      });
      await page.keyboard.press(digit);
      const frame = await page.waitForFunction(() => window.__frame, undefined, { polling: 'raf' }).then((h) => h.jsonValue());
      await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
      // Enter: time to the frame after the cell stopped saving and shows the mark.
      await page.evaluate(
        ({ row, col, digit }) => {
          const w = window;
          w.__saved = null;
          let enterAt = null;
          let busySeen = false;
          document.addEventListener('keydown', (e) => (enterAt = e.timeStamp), { capture: true, once: true });
          const check = () => {
            const cell = document.querySelector(`td.jg-cell[data-row="${row}"][data-col="${col}"]`);
            if (!cell) return;
            if (cell.getAttribute('aria-busy') === 'true') busySeen = true;
            else if (busySeen && enterAt !== null && cell.textContent.trim() === digit) {
              observer.disconnect();
              requestAnimationFrame(() => (w.__saved = performance.now() - enterAt));
            }
          };
          const observer = new MutationObserver(check);
          observer.observe(document.querySelector('.jg'), { subtree: true, attributes: true, childList: true, characterData: true });
        },
        { ...target, digit },
      );
      await page.keyboard.press('Enter');
      const saved = await page
        .waitForFunction(() => window.__saved, undefined, { polling: 'raf' })
        .then((h) => h.jsonValue())
        .catch(async (err) => {
          const cell = await page.evaluate(({ row, col }) => document.querySelector(`td.jg-cell[data-row="${row}"][data-col="${col}"]`)?.outerHTML, target);
          throw new Error(`cell ${JSON.stringify(target)} was not saved (${err.message.split('\n')[0]}): ${cell}`);
        });
      if (i >= 3) {
        frames.push(frame);
        saves.push(saved);
      }
    }

    // Scrolling: frame times while the grid scrolls to the bottom and to the right, then back.
    const scroll = await page.evaluate(async () => {
      const wrap = document.querySelector('.jg-wrap');
      const scroller = wrap.scrollHeight > wrap.clientHeight ? wrap : document.scrollingElement;
      const steps = 60;
      const times = [];
      let last = performance.now();
      const maxTop = scroller.scrollHeight - scroller.clientHeight;
      const maxLeft = wrap.scrollWidth - wrap.clientWidth;
      for (let i = 1; i <= steps * 2; i++) {
        const f = i <= steps ? i / steps : 2 - i / steps;
        scroller.scrollTop = maxTop * f;
        wrap.scrollLeft = maxLeft * f;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return times;
    });
    await context.close();
    return { navigations, timelines, rowsShown, cellsShown, frames, saves, scroll };
  } finally {
    await browser.close();
  }
}

export async function runJournalBench(origin, dbUrl, { students = 150, dates = 60, loads = 100, runs = 5, keystrokes = 20 } = {}) {
  const id = await withClient(dbUrl, (db) => seedJournal(db, { students, dates }));
  const { cookie } = await signInTeacher(origin);
  const server = await timeLoads(origin, cookie, id, loads);
  const compressed = await timeLoads(origin, cookie, id, loads, 'br');
  const b = await browserFigures(origin, id, { runs, keystrokes });
  return {
    students: server.students,
    dates: server.dates,
    records: server.records,
    load: server,
    loadCompressed: compressed,
    link: LINK_MBPS ? { mbps: LINK_MBPS, rttMs: LINK_RTT_MS } : null,
    timelines: b.timelines,
    navigation: navigationFigures(b.navigations),
    rowsShown: b.rowsShown,
    cellsShown: b.cellsShown,
    keystrokeToFrame: summarize(b.frames),
    keystrokeToSaved: summarize(b.saves),
    scrollFrames: summarize(b.scroll),
  };
}
