/**
 * Lighthouse performance of a page: mobile form factor, default simulated throttling (slow 4G,
 * 4× CPU slowdown), in the system Chromium. Several runs; the median score is the figure.
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS as FLAGS, CHROMIUM_PATH } from './lib/chromium.mjs';

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

/** `headers`: sent with every request of the page (a session cookie for a signed-in page). */
export async function runLighthouse(url, { runs = 3, headers } = {}) {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  const results = [];
  for (let i = 0; i < runs; i++) {
    // A new browser per run: no cache or service state carried over.
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS, logLevel: 'silent' });
    try {
      const out = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(headers ? { extraHeaders: headers } : {}) });
      const lhr = out?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const run = { score: Math.round((lhr.categories.performance.score ?? 0) * 100) };
      for (const [name, audit] of Object.entries(METRICS)) {
        const v = lhr.audits[audit]?.numericValue;
        run[name] = v === undefined ? null : name === 'cls' ? Number(v.toFixed(3)) : Math.round(v);
      }
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
