/**
 * Lighthouse performance of a page: mobile form factor, default simulated throttling (slow 4G,
 * 4× CPU slowdown), in the system Chromium. Several runs; the median score is the figure.
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS as FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
};

/**
 * `cookie`: a `name=value; …` header to put in the browser's cookie store before the run (a session
 * for a signed-in page), so that the page and every request it makes carry it, as in a signed-in
 * browser. Lighthouse clears caches and storage between runs, but not cookies.
 */
export async function runLighthouse(url, { runs = 3, cookie } = {}) {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  const results = [];
  // A run whose trace Lighthouse could not read (NO_NAVSTART, NO_FCP: it happens when the machine is
  // busy) is taken again, up to twice; the figure is always of `runs` complete runs.
  let retries = 2;
  for (let i = 0; i < runs; i++) {
    // A new browser per run: no cache or service state carried over.
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS, logLevel: 'silent' });
    try {
      if (cookie) {
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const cookies = cookie
          .split(/;\s*/)
          .filter(Boolean)
          .map((pair) => {
            const at = pair.indexOf('=');
            return { name: pair.slice(0, at), value: pair.slice(at + 1), url: new URL(url).origin };
          });
        await cdp.contexts()[0].addCookies(cookies);
        await cdp.close();
      }
      const out = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      // A signed-in page that fell back to the login screen is not the page asked for.
      const landed = out?.lhr?.finalDisplayedUrl;
      if (landed && new URL(landed).pathname !== new URL(url).pathname) throw new Error(`Lighthouse measured ${landed}, not ${url}`);
      const lhr = out?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError) {
        if (/^NO_(NAVSTART|FCP)$/.test(lhr.runtimeError.code) && retries > 0) {
          retries -= 1;
          i -= 1;
          continue;
        }
        throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const run = { score: Math.round((lhr.categories.performance.score ?? 0) * 100) };
      for (const [name, audit] of Object.entries(METRICS)) {
        const v = lhr.audits[audit]?.numericValue;
        run[name] = v === undefined ? null : name === 'cls' ? Number(v.toFixed(3)) : Math.round(v);
      }
      // Where the main thread's time went (kept in the JSON results, not printed): the scripts by
      // time spent on them and the long tasks, as Lighthouse attributes them.
      const short = (u) => (typeof u === 'string' ? u.replace(/^https?:\/\/[^/]+/, '') : u);
      run.bootup = (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 6).map((item) => ({
        url: short(item.url),
        totalMs: Math.round(item.total),
        scriptingMs: Math.round(item.scripting),
        parseMs: Math.round(item.scriptParseCompile),
      }));
      run.longTasks = (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 8).map((item) => ({
        url: short(item.url),
        startMs: Math.round(item.startTime),
        durationMs: Math.round(item.duration),
      }));
      run.formFactor = lhr.configSettings.formFactor;
      run.throttling = lhr.configSettings.throttlingMethod;
      results.push(run);
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key) => median(results.map((r) => r[key]).filter((v) => v !== null));
  return {
    url: new URL(url).pathname,
    runs: results,
    score: pick('score'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    speedIndexMs: pick('speedIndexMs'),
    formFactor: results[0]?.formFactor,
    throttling: results[0]?.throttling,
  };
}
