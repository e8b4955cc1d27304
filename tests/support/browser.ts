/**
 * Headless Chromium through playwright-core, using the system browser (/usr/bin/chromium): one per
 * test process, shared by the end-to-end files its worker runs one after another (each file closes
 * the contexts it opened), so that a file does not pay for a browser's start and its idle work.
 */
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';

/**
 * The tests' pages stop at V8's second optimising tier (Maglev) and never start its last
 * (TurboFan): a test page lives seconds, too short for TurboFan's compiles, which ran on the same two
 * cores as the tests. Measured on six end-to-end files, one after the other: 135 and 143 CPU seconds
 * against 148 and 151 without the flag (Sparkplug alone, `--max-opt=1`: 151). Only the tests: the
 * benchmarks time the browser as people have it (scripts/lib/chromium.mjs).
 */
const TEST_FLAGS = ['--js-flags=--max-opt=2'];

/** A Chromium of its own (a file that must close or crash it). */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it (Debian: apt-get install chromium, or run .ci/run) or set CHROMIUM_PATH.`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...TEST_FLAGS] });
}

let shared: Promise<Browser> | undefined;

/** This test process's Chromium, launched at its first use (and again if it went away). */
export function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = launchBrowser();
    shared = launching;
    launching.then(
      (browser) => browser.on('disconnected', () => shared === launching && (shared = undefined)),
      () => shared === launching && (shared = undefined),
    );
  }
  return shared;
}

/** Closes every context still open in the shared browser: a file's end (the next file starts clean). */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
}

/**
 * The context's pages run without CSS animations and transitions: a spinner or a shimmer turning
 * while a test waits makes the browser draw every frame (a tenth of the end-to-end files' CPU), and
 * nothing a test checks depends on them (tests/screenshots.e2e.ts turns them off for its own reason).
 */
export async function withoutAnimations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { animation: none !important; transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
}
