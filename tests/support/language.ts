/**
 * Texts in the right language: the Russian texts that must not show in English or Kyrgyz (interface
 * texts of public/locales that read differently there, and reference data the server translates),
 * and what a page shows or names. Used by the screen checks of tests/a11y.e2e.ts (every screen in
 * English on a desktop, in Kyrgyz on a phone) and by tests/language.e2e.ts (a switch without reload).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Account } from './accounts';
import type { E2E } from './e2e';
import type { Session } from './contexts';
import type { Screen } from './screens';
import { ROOT } from './server';

export type Lng = 'en' | 'kg';

/** Profile fields whose values are reference data translated by the server. */
export const REFERENCE_FIELDS = ['nationality', 'citizenship', 'education', 'faculty', 'department', 'position', 'speciality', 'educationForm'] as const;

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
export function russianOnly(lng: Lng): Set<string> {
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

/** The caller's profile as the server gives it in a language (the `lang` cookie decides). */
export async function profileIn(e2e: E2E, state: Session, account: Account, lng: 'ru' | Lng): Promise<Record<string, unknown>> {
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
export async function russianReference(e2e: E2E, state: Session, account: Account, lng: Lng, problems: string[]): Promise<Set<string>> {
  const [ru, other] = await Promise.all([profileIn(e2e, state, account, 'ru'), profileIn(e2e, state, account, lng)]);
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
export function textsOf(page: Page): Promise<string[]> {
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

export function russianOn(texts: string[], russian: Set<string>): string[] {
  return texts.filter((t) => russian.has(t));
}

/**
 * A screen check for one pass in `lng`: the Russian texts the page shows (the same set for every screen
 * of the pass, worked out once); what the server lacks is told once, with the first screen.
 */
export function russianTextCheck(e2e: E2E, session: (account: Account) => Promise<Session>, account: Account | null, lng: Lng) {
  let russian: Promise<{ texts: Set<string>; problems: string[] }> | undefined;
  return async (page: Page, screen: Screen): Promise<string[]> => {
    russian ??= (async () => {
      const problems: string[] = [];
      const texts = new Set(russianOnly(lng));
      if (account) for (const r of await russianReference(e2e, await session(account), account, lng, problems)) texts.add(r);
      return { texts, problems };
    })();
    const { texts, problems } = await russian;
    return [...problems.splice(0), ...russianOn(await textsOf(page), texts).map((t) => `${screen.name} in ${lng}: '${t}'`)];
  };
}
