/**
 * Chat delivery time: from the click on "send" in one headless Chromium to the message being on
 * screen (the animation frame after it entered the page) in another, over the real server and its
 * Server-Sent Events. Two setups: both browsers on one server process, and each browser on its own
 * server process with one PostgreSQL database between them (LISTEN/NOTIFY).
 */
/* global window, document, MutationObserver, requestAnimationFrame, HTMLTextAreaElement -- code run inside the pages */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { startPortal } from './lib/server.mjs';

const WEB = /Веб-программирование/;

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / (sorted.length || 1);
  return { n: sorted.length, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1) ?? null, meanMs: Math.round(mean * 10) / 10 };
}

/** Signs in through the login form and opens the conversation with `contact` in Web Programming. */
async function openConversation(browser, origin, { login, password, contact }) {
  const context = await browser.newContext({ baseURL: origin, locale: 'ru-RU', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(20000);
  const page = await context.newPage();
  await page.goto('/lms/login');
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(password);
  await page.locator('[data-testid=login-form] button[type=submit]').click();
  await page.getByTestId('profile-menu-button').waitFor();
  await page.goto('/lms/chat');
  await page.getByTestId('chat-disciplines').getByRole('button', { name: WEB }).first().click();
  await page
    .getByTestId('chat-contacts')
    .getByRole('button', { name: new RegExp(contact) })
    .click();
  await page.getByRole('heading', { name: contact, exact: true }).waitFor();
  await page.locator('[data-testid=chat-live][data-status=open]').waitFor();
  // Arrival times of bench messages: the animation frame after they enter the page.
  await page.evaluate(() => {
    const w = window;
    w.__arrivals = {};
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid=chat-messages] .chat-msg-text')) {
        const text = el.textContent ?? '';
        if (text.startsWith('bench ') && !(text in w.__arrivals)) {
          w.__arrivals[text] = -1;
          requestAnimationFrame(() => (w.__arrivals[text] = Date.now()));
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return { context, page };
}

/** Sends `count` messages from `from` and times each until `to` shows it. */
async function measure(from, to, count, label) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const text = `bench ${label} ${i + 1} ${randomBytes(3).toString('hex')}`;
    await from.evaluate((value) => {
      const area = document.querySelector('#chat-text');
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(area, value);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
    await from.waitForFunction((value) => document.querySelector('#chat-text')?.value === value, text);
    const sentAt = await from.evaluate(() => {
      const at = Date.now();
      document.querySelector('.chat-send').click();
      return at;
    });
    const shownAt = await to
      .waitForFunction((value) => (window.__arrivals[value] > 0 ? window.__arrivals[value] : null), text, { timeout: 15000 })
      .then((h) => h.jsonValue());
    samples.push(shownAt - sentAt);
    // Let the sender's reload after sending settle before the next message.
    await from.waitForTimeout(150);
  }
  return samples;
}

async function run(browser, teacherOrigin, studentOrigin, count, label) {
  const teacher = await openConversation(browser, teacherOrigin, { login: 'teacher', password: 'Teacher2026', contact: 'Сыдыкова Айпери Талантовна' });
  const student = await openConversation(browser, studentOrigin, { login: 'student', password: 'Student2026', contact: 'Асанов Бакыт Кубанычбекович' });
  try {
    await measure(teacher.page, student.page, 3, `${label}-warmup`);
    const half = Math.ceil(count / 2);
    const samples = [
      ...(await measure(teacher.page, student.page, half, `${label}-t`)),
      ...(await measure(student.page, teacher.page, count - half, `${label}-s`)),
    ];
    return summarize(samples);
  } finally {
    await teacher.context.close();
    await student.context.close();
  }
}

/**
 * @param {{ origin: string } | null} running  a portal already running (one process, embedded PGlite)
 * @param {{ messages?: number, pgUrl?: string }} options
 */
export async function runChatBench(running, { messages = 30, pgUrl = 'postgres://postgres@127.0.0.1:5432/test' } = {}) {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    // Two pages side by side: neither may be throttled as a background tab.
    args: [...CHROMIUM_FLAGS, '--disable-background-timer-throttling', '--disable-renderer-backgrounding'],
  });
  const result = { messages, oneProcess: null, twoProcesses: null, twoProcessesNote: null };
  try {
    result.oneProcess = { database: 'PGlite', ...(await run(browser, running.origin, running.origin, messages, 'one')) };

    // Two server processes on one throwaway PostgreSQL database.
    const admin = new pg.Client({ connectionString: pgUrl });
    try {
      await admin.connect();
    } catch (err) {
      result.twoProcessesNote = `skipped: PostgreSQL at ${pgUrl} not reachable (${err.message})`;
      return result;
    }
    const name = `lms_bench_${randomBytes(5).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-chat-')));
    const servers = [];
    try {
      for (const dataDir of dirs) servers.push(await startPortal({ dataDir, env: { DATABASE_URL: url.toString() } }));
      result.twoProcesses = { database: 'PostgreSQL', ...(await run(browser, servers[0].origin, servers[1].origin, messages, 'two')) };
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    }
    return result;
  } finally {
    await browser.close();
  }
}
