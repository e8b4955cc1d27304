/**
 * How the portal sets up i18next (docs/product.md#languages), with the maintained plugins
 * i18next-browser-languagedetector and i18next-http-backend:
 *
 * - detection: `?lang=` (also after a `#…?` when the URL has no query), then the `lang` cookie, then
 *   localStorage `lang`; the language in use is written back to the cookie (path /, SameSite=Lax,
 *   LANGUAGE_COOKIE_MS) and to localStorage;
 * - texts: GET `/lms/locales/<lng>/<ns>.json?v=<version of the texts>` over fetch; server errors
 *   and network failures are retried (TEXTS_RETRIES), a missing file or bad JSON is not.
 */
import type { i18n as I18n } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE_MS, LANGUAGES, type Language } from './languages';

const KEY = 'lang';

export const detection: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage'],
  lookupQuerystring: KEY,
  lookupCookie: KEY,
  lookupLocalStorage: KEY,
  caches: ['cookie', 'localStorage'],
  excludeCacheFor: ['cimode'],
  cookieMinutes: LANGUAGE_COOKIE_MS / 60000,
  cookieOptions: { path: '/', sameSite: 'lax' },
};

/**
 * Where the texts of a namespace come from. `version` (a hash of public/locales) goes into the
 * query: the server lets the browser keep such a reply for a year. The backend's fetch (cors mode,
 * same-origin credentials, no extra header) matches the page's `<…>; rel=preload; as=fetch;
 * crossorigin` Link header, so the preloaded reply is used.
 */
export function textsBackend(version: string | undefined): HttpBackendOptions {
  return {
    loadPath: '/lms/locales/{{lng}}/{{ns}}.json',
    queryStringParams: version ? { v: version } : {},
  };
}

/** A read worth retrying is tried up to 5 more times, 350 ms later at first, then twice as long each time. */
export const TEXTS_RETRIES = { maxRetries: 5, retryTimeout: 350 } as const;

/** Sets up `instance` with the plugins and options above; `version` is the version of the texts. */
export function setUpI18n(instance: I18n, version: string | undefined): Promise<unknown> {
  return instance
    .use(HttpBackend)
    .use(LanguageDetector)
    .init({
      supportedLngs: [...LANGUAGES],
      // Every language holds every text (locales.test.ts checks it), so a supported language needs no
      // fallback and its visitors download no Russian texts beside their own; ru stands in only for
      // a code the portal does not speak.
      fallbackLng: (code: string) => (LANGUAGES.includes(code as Language) ? [] : [DEFAULT_LANGUAGE]),
      load: 'currentOnly',
      ns: ['cm'],
      defaultNS: 'cm',
      fallbackNS: 'cm',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      detection,
      backend: textsBackend(version),
      ...TEXTS_RETRIES,
      react: { useSuspense: true },
    });
}
