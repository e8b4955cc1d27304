/**
 * The page's own script as index.html runs it before the app (public/early.js), for the tests of the
 * screens that take its early replies (src/shared/request/early.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EarlyPage } from '@shared/request/early';
import { STORAGE_KEYS } from '@lib/storage';
import { teacher } from './server';

const pageScript = fs.readFileSync(path.resolve(__dirname, '../../public/early.js'), 'utf8');

/** The page opened at `address` runs its script; resolves once the early calls, if any, are answered. */
export async function openPage(address: string): Promise<void> {
  window.history.replaceState(null, '', address);
  new Function(pageScript)();
  const replies = Object.values(window.__lmsEarly?.replies ?? {});
  await Promise.all(replies.map((reply) => reply?.catch(() => undefined)));
}

/**
 * The signed-in teacher as the app keeps him in localStorage (his person id and role, not the
 * account's id), and the item of `page` remembered: his unless `entry` names another person or role.
 */
export function remember(page: EarlyPage, entry: { id: number; lang: string; uid?: number; role?: number }): void {
  window.localStorage.setItem(STORAGE_KEYS.uid, String(teacher.uid));
  window.localStorage.setItem(STORAGE_KEYS.role, String(teacher.role));
  window.localStorage.setItem(STORAGE_KEYS[page], JSON.stringify({ uid: teacher.uid, role: teacher.role, ...entry }));
}

/** Back to a blank page: the early replies left untaken go with it. */
export function leavePage(): void {
  delete window.__lmsEarly;
  window.history.replaceState(null, '', '/');
}
