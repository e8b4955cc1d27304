/**
 * The data a page may arrive with (contract/page.ts): the server puts the replies of the first view's
 * calls inside index.html (a signed-in screen's, and the sign-in card's), so the screen needs no round
 * trip before it shows them. Each member is taken once (the next load of the same data asks the
 * server), and only while it is in the language the client chose.
 */
import type { User } from '@contract/auth';
import type { PAGE_DATA_ELEMENT_ID as ElementId, LoginPageData, PageData } from '@contract/page';
import { currentLanguage } from '../../i18n/languages';

/** The id of the data block (contract/page.ts). */
export const PAGE_DATA_ELEMENT_ID: typeof ElementId = 'lms-page';

let pageData: Partial<PageData> | null | undefined;
/** The account the data belongs to (its user's id). */
let owner: number | null = null;

function read(): Partial<PageData> | null {
  if (pageData !== undefined) return pageData;
  pageData = null;
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent ?? '') as unknown;
    if (parsed && typeof parsed === 'object') {
      pageData = parsed as Partial<PageData>;
      owner = typeof pageData.user?.id === 'number' ? pageData.user.id : null;
    }
  } catch {
    // Unreadable: the screens make their calls.
  }
  return pageData;
}

/** The signed-in user the page arrived with (enticate's reply), once; null when none. */
export function takePageUser(): User | null {
  const data = read();
  const user = data?.user ?? null;
  if (data) delete data.user;
  return user;
}

/** A member the page arrived with for the user `userId`, once, in the client's language; null otherwise. */
export function takePageData<K extends Exclude<keyof PageData, 'lang' | 'user' | 'login'>>(key: K, userId: number): NonNullable<PageData[K]> | null {
  const data = read();
  if (!data || data[key] === undefined) return null;
  const value = data[key];
  delete data[key];
  if (data.lang !== currentLanguage() || owner !== userId) return null;
  return value as NonNullable<PageData[K]>;
}

/** A part of the sign-in card's data the page arrived with, once, in the client's language; null otherwise. */
export function takeLoginData<K extends keyof LoginPageData>(key: K): LoginPageData[K] | null {
  const data = read();
  const login = data?.login;
  if (!data || !login || !(key in login)) return null;
  const value = login[key];
  delete login[key];
  return data.lang === currentLanguage() ? value : null;
}

/** Whether the page arrived with this part of the sign-in card's data in the client's language, a null part too (takeLoginData answers null for both). */
export function hasLoginData(key: keyof LoginPageData): boolean {
  const data = read();
  return Boolean(data?.login && key in data.login && data.lang === currentLanguage());
}

/** Whether the page arrived with a signed-in user's data (not only the sign-in card's). */
export function hasSignedInPageData(): boolean {
  return read()?.user !== undefined;
}

/** Reads the page again on the next take (tests put a new data block in the document). */
export function rereadPageData(): void {
  pageData = undefined;
  owner = null;
}
