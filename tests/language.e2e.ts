/**
 * Texts in the right language: in English and Kyrgyz no screen shows a Russian text that has a
 * translation, whether a text of the interface (public/locales) or reference data from the server
 * (faculty, position, nationality, citizenship, education…), also right after switching the
 * language from the profile menu, without a reload.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STUDENT, TEACHER, type Account } from './support/accounts';
import { expectVisible, openProfileMenu, setupE2E } from './support/e2e';
import { ROOT } from './support/server';
import { checkEveryScreen, openContext, sessions, SIGNED_IN_SCREENS, visit, WIDE } from './support/screens';
import { text } from './support/texts';

const e2e = setupE2E();
type Lng = 'en' | 'kg';

/** Profile fields whose values are reference data translated by the server. */
const REFERENCE_FIELDS = ['nationality', 'citizenship', 'education', 'faculty', 'department', 'position', 'speciality', 'educationForm'] as const;

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}
function locale(lng: string): Map<string, string> {
  const dir = path.join(ROOT, 'public/locales', lng);
  const all = new Map<string, string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')))
    for (const [k, v] of flatten(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Tree)) all.set(`${file.replace(/\.json$/, '')}:${k}`, v);
  return all;
}

/**
 * The journal's signs (absent, excused): data written into the cells and shown as stored in every
 * language, though a report may spell them out in words in another language.
 */
const MARK_SIGNS = new Set(['н/б', 'ув']);

/** Russian interface texts that read differently in `lng` (and are no text of `lng` themselves). */
function russianOnly(lng: Lng): Set<string> {
  const ru = locale('ru');
  const other = locale(lng);
  const own = new Set(other.values());
  const out = new Set<string>();
  for (const [key, r] of ru) {
    const o = other.get(key);
    if (o === undefined || o === r || r.includes('{{') || r.trim().length < 3 || own.has(r) || MARK_SIGNS.has(r.trim())) continue;
    out.add(r.trim());
  }
  return out;
}

const session = sessions(e2e);

/** The caller's profile as the server gives it in a language (the `lang` cookie decides). */
async function profileIn(account: Account, lng: 'ru' | Lng): Promise<Record<string, unknown>> {
  const state = await session(account);
  const cookie = [...state.cookies.filter((c) => c.name !== 'lang').map((c) => `${c.name}=${c.value}`), `lang=${lng}`].join('; ');
  const headers = { 'content-type': 'application/json', cookie, origin: e2e.server.origin };
  // The client keeps the signed-in uid in localStorage ('uid').
  const stored = state.origins.flatMap((o) => o.localStorage).find((i) => i.name === 'uid')?.value ?? '';
  const uid = Number(stored.replace(/"/g, ''));
  expect(uid, 'uid in localStorage').toBeGreaterThan(0);
  const body = { uid, role: account.role };
  const res = await fetch(`${e2e.server.origin}/api/profile/data.json`, { method: 'POST', headers, body: JSON.stringify(body) });
  expect(res.status, 'POST /api/profile/data.json').toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/** Russian reference values the server has another form of in `lng`; a missing form is a problem too. */
async function russianReference(account: Account, lng: Lng, problems: string[]): Promise<Set<string>> {
  const [ru, other] = await Promise.all([profileIn(account, 'ru'), profileIn(account, lng)]);
  const out = new Set<string>();
  for (const field of REFERENCE_FIELDS) {
    const r = ru[field];
    const o = other[field];
    if (typeof r !== 'string' || !r) continue;
    if (r !== o) out.add(r);
    else if (lng === 'en' && /[А-Яа-яЁё]/.test(r)) problems.push(`${account.login}: the server has no English ${field} for '${r}'`);
  }
  return out;
}

/** Every text the page shows or names: text nodes, and the names and hints in attributes. */
function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.textContent?.trim();
      const el = n.parentElement;
      if (t && el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden') out.add(t);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.add(v);
      }
    out.add(document.title.replace(/ · LMS$/, ''));
    return [...out];
  });
}

function russianOn(texts: string[], russian: Set<string>): string[] {
  return texts.filter((t) => russian.has(t));
}

describe('texts in the language of the user', () => {
  // In en and kg, no screen shows a Russian text that has a translation (reference data included).
  for (const lng of ['en', 'kg'] as const)
    for (const account of [null, TEACHER, STUDENT]) {
      let russian: Promise<{ texts: Set<string>; problems: string[] }> | undefined;
      checkEveryScreen(e2e, session, { account, viewport: WIDE, language: lng }, async (page, screen) => {
        russian ??= (async () => {
          const problems: string[] = [];
          const texts = new Set(russianOnly(lng));
          if (account) for (const r of await russianReference(account, lng, problems)) texts.add(r);
          return { texts, problems };
        })();
        const { texts, problems } = await russian;
        // What the server lacks is told once, with the first screen.
        return [...problems.splice(0), ...russianOn(await textsOf(page), texts).map((t) => `${screen.name}: '${t}'`)];
      });
    }

  it('switching the language on the chat renames the disciplines in place and keeps the chosen one open', async () => {
    const context = await openContext(e2e.browser, e2e.server, { viewport: WIDE, language: 'ru', storageState: await session(TEACHER) });
    try {
      const page = await context.newPage();
      await visit(
        page,
        SIGNED_IN_SCREENS.find((s) => s.path === '/lms/chat')!,
      );
      const disciplines = page.getByTestId('chat-disciplines');
      await disciplines.getByRole('button', { name: /Веб-программирование/ }).click();
      const contacts = page.getByTestId('chat-contacts');
      await expectVisible(contacts.getByText('Веб-программирование', { exact: true }));
      const panel = await openProfileMenu(page);
      await panel.getByRole('button', { name: 'EN', exact: true }).click();
      await expectVisible(disciplines.getByRole('button', { name: /Web Programming/ }));
      // The open discipline is the same one, now named in English, with its people still listed.
      await expectVisible(contacts.getByText('Web Programming', { exact: true }));
      expect(await disciplines.getByRole('button', { name: /Веб-программирование/ }).count()).toBe(0);
      expect(await contacts.getByRole('button').count()).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  }, 90000);

  it('switching the language in the profile menu translates the profile at once, reference data included', async () => {
    const context = await openContext(e2e.browser, e2e.server, { viewport: WIDE, language: 'ru', storageState: await session(TEACHER) });
    try {
      const page = await context.newPage();
      await visit(
        page,
        SIGNED_IN_SCREENS.find((s) => s.path === '/lms')!,
      );
      const panel = await openProfileMenu(page);
      await panel.getByRole('button', { name: 'EN', exact: true }).click();
      await expectVisible(page.getByRole('heading', { name: text('en', 'profile:sections.personal'), exact: true }));
      const en = await profileIn(TEACHER, 'en');
      for (const field of REFERENCE_FIELDS) {
        const value = en[field];
        if (typeof value !== 'string' || !value) continue;
        const dd = page.locator('.profile-field', { has: page.getByText(text('en', `profile:fields.${field}`), { exact: true }) }).locator('dd');
        await expect.poll(() => dd.innerText(), { message: `${field} in English without a reload` }).toBe(value);
      }
      const problems: string[] = [];
      const russian = new Set([...russianOnly('en'), ...(await russianReference(TEACHER, 'en', problems))]);
      expect([...problems, ...russianOn(await textsOf(page), russian)]).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90000);
});
