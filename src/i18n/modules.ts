/**
 * The two i18next plugins the app needs, in a few lines each instead of the general-purpose
 * packages (which carry detectors, transports and options the portal never uses, on the login
 * screen's first download):
 *
 * - languageDetector: `?lang=`, then the `lang` cookie, then localStorage `lang`; the language in
 *   use is written back to the cookie (path /, SameSite=Lax, LANGUAGE_COOKIE_MS) and localStorage;
 * - textsBackend: GET of one namespace's JSON over fetch; server errors and network failures are
 *   reported as worth retrying (i18next retries them), other failures not.
 */
import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';
import { LANGUAGE_COOKIE_MS } from './languages';

const KEY = 'lang';

/** The language codes i18next accepts from outside (its isSafeLanguageCode rule). */
function isSafeCode(code: string): boolean {
  return /^[A-Za-z0-9_@.-]{1,128}$/.test(code) && !code.includes('..') && !['__proto__', 'constructor', 'prototype'].includes(code);
}

function fromQuery(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const { search, hash } = window.location;
  const query = search || (hash.includes('?') ? hash.slice(hash.indexOf('?')) : '');
  let found: string | undefined;
  for (const param of query.slice(1).split('&')) {
    const at = param.indexOf('=');
    if (at > 0 && param.slice(0, at) === KEY) found = param.slice(at + 1);
  }
  return found;
}

function fromCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const item = part.trimStart();
    if (item.startsWith(`${KEY}=`)) return item.slice(KEY.length + 1) || undefined;
  }
  return undefined;
}

function fromStorage(): string | undefined {
  try {
    return window.localStorage.getItem(KEY) || undefined;
  } catch {
    return undefined;
  }
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  /** Every candidate in order of precedence: i18next takes the first supported one. */
  detect() {
    return [fromQuery(), fromCookie(), fromStorage()].filter((code): code is string => typeof code === 'string' && isSafeCode(code));
  },
  cacheUserLanguage(lng: string) {
    if (lng === 'cimode') return;
    if (typeof document !== 'undefined') {
      const expires = new Date(Date.now() + LANGUAGE_COOKIE_MS).toUTCString();
      document.cookie = `${KEY}=${encodeURIComponent(lng)}; Path=/; Expires=${expires}; SameSite=Lax`;
    }
    try {
      window.localStorage.setItem(KEY, lng);
    } catch {
      // No storage (private mode, disabled): the cookie is enough.
    }
  },
};

/** A backend reading `url(language, namespace)` with fetch. */
export function textsBackend(url: (language: string, namespace: string) => string): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const href = url(language, namespace);
      // The defaults of fetch (cors mode, same-origin credentials) match the page's
      // `<…>; rel=preload; as=fetch; crossorigin` Link header, so the preloaded reply is used.
      fetch(href).then(
        async (res) => {
          if (!res.ok) {
            callback(`failed loading ${href}; status code: ${res.status}`, res.status >= 500);
            return;
          }
          let data: unknown;
          try {
            data = JSON.parse(await res.text());
          } catch {
            callback(`failed parsing ${href} to json`, false);
            return;
          }
          callback(null, data as Record<string, unknown>);
        },
        (error: unknown) => callback(`failed loading ${href}: ${error instanceof Error ? error.message : String(error)}`, true),
      );
    },
  };
}
