/**
 * i18next setup (docs/product.md#languages): kg, ru (default and fallback), en; detection query `lang` → cookie `lang`
 * → localStorage `lang`, cached in cookie and localStorage; texts loaded over HTTP per namespace
 * (the URL carries the version of the texts, so the browser may keep them).
 */
import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../api/client';
import { DEFAULT_LANGUAGE, htmlLang, LANGUAGE_COOKIE_MS, LANGUAGES, toLanguage } from './languages';

export function syncDocumentLanguage(lng: string): void {
  const language = toLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(language);
  // The server reads the `lang` cookie first, then Accept-Language, where Kyrgyz is 'ky'.
  setApiLanguage(htmlLang(language));
}

export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', syncDocumentLanguage);
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      load: 'currentOnly',
      ns: ['cm'],
      defaultNS: 'cm',
      fallbackNS: 'cm',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      backend: {
        loadPath: '/lms/locales/{{lng}}/{{ns}}.json',
        // ?v=<version of the texts>: the server lets the browser cache the reply for a year.
        ...(import.meta.env.VITE_LOCALES_VERSION ? { queryStringParams: { v: import.meta.env.VITE_LOCALES_VERSION } } : {}),
      },
      detection: {
        order: ['querystring', 'cookie', 'localStorage'],
        lookupQuerystring: 'lang',
        lookupCookie: 'lang',
        lookupLocalStorage: 'lang',
        caches: ['cookie', 'localStorage'],
        cookieMinutes: LANGUAGE_COOKIE_MS / 60000,
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
      react: { useSuspense: true },
    });
}

export default i18n;
