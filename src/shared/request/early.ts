/**
 * Replies asked for before the app started (public/early.js, docs/architecture.md#early-replies): on
 * the journal and the grading sheet the page sends, while the app's code starts, the calls the
 * screen opens with for the item its address names or the one this person opened last here; the
 * screen's first load of that item takes the replies instead of asking again. Only a success for
 * the same page, item, person and language, asked for moments ago, is taken; anything else (a
 * refusal, a failure, another item) makes the call as usual, so that its errors are handled as every
 * call's are.
 */
import type { ApiResponse } from 'apisauce';
import type { User } from '@contract/auth';
import { settleResult, toResult } from '@api/http';
import { currentLanguage } from '../../i18n/languages';
import { STORAGE_KEYS, writeItem } from '@lib/storage';

/** The pages that ask early, by their localStorage key (public/early.js's PAGES). */
export type EarlyPage = 'journal' | 'gradingsheet';

/** What the page's script left (public/early.js). */
export interface EarlyEntry {
  page: EarlyPage;
  id: number;
  /** The person (User.uid, with his role) signed in when the item was remembered. */
  uid: number;
  role: number;
  lang: string;
  /** Date.now() when the calls were sent. */
  at: number;
  /** The calls' answers by part (the journal: `reply` and `times`; the grading sheet: `reply`). */
  replies: Partial<Record<string, Promise<EarlyAnswer>>>;
}

/** An answer as the page's script keeps it. */
interface EarlyAnswer {
  status: number;
  body: unknown;
}

declare global {
  interface Window {
    __lmsEarly?: EarlyEntry;
  }
}

/** A reply older than this is not taken (the item is read afresh). */
export const EARLY_MS = 15_000;
/**
 * A reply taken later than this after it was asked for is shown and read again at once: changes
 * made meanwhile (another tab, a QR check-in) reach this tab's live stream only once the item is
 * open. Younger, it is as fresh as a reply still on its way would be.
 */
export const EARLY_FRESH_MS = 1_000;

/** Who an item is remembered for: the person and role the app keeps in localStorage (`uid`, `role`). */
export type EarlyPerson = Pick<User, 'uid' | 'role'>;

/** The entry the page's script reads on `page`: this person's item opened last on this device, in this language. */
export function rememberEarly(page: EarlyPage, person: EarlyPerson, id: number): void {
  writeItem(STORAGE_KEYS[page], JSON.stringify({ uid: person.uid, role: person.role, id, lang: currentLanguage() }));
}

/** An early reply taken: its data, and whether it is to be read again (EARLY_FRESH_MS). */
export interface Taken<T> {
  data: T;
  stale: boolean;
}

/**
 * The early answer `part` of item `id` on `page` for `person`, once: a success, settled as every
 * reply is (api/http.ts), or null when there is none to take (the caller then makes the call). Taken
 * or not, it is gone after the first ask, and the entry with the last of its parts: a later load of
 * the item reads afresh.
 */
export async function takeEarly<T>(page: EarlyPage, part: string, id: number, person: EarlyPerson): Promise<Taken<T> | null> {
  const early = window.__lmsEarly;
  const pending = early?.page === page ? early.replies[part] : undefined;
  if (!early || !pending) return null;
  delete early.replies[part];
  if (Object.keys(early.replies).length === 0) delete window.__lmsEarly;
  const fresh = (ms: number) => Date.now() - early.at <= ms;
  if (early.id !== id || early.uid !== person.uid || early.role !== person.role || early.lang !== currentLanguage() || !fresh(EARLY_MS)) return null;
  const answer = await pending.catch(() => null);
  if (!answer) return null;
  const result = toResult<T>({ ok: answer.status >= 200 && answer.status < 300, status: answer.status, data: answer.body } as ApiResponse<unknown>);
  if (!result.ok) return null;
  settleResult(result, { session: true });
  return { data: result.data, stale: !fresh(EARLY_FRESH_MS) };
}
