/**
 * i18next setup (docs/product.md#languages): kg, ru (default), en; detection query `lang` → cookie `lang`
 * → localStorage `lang`, cached in cookie and localStorage; texts loaded over HTTP per namespace
 * (the URL carries the version of the texts, so the browser may keep them).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../api/client';
import { DEFAULT_LANGUAGE, htmlLang, LANGUAGES, toLanguage, type Language } from './languages';
import { languageDetector, textsBackend } from './modules';

export function syncDocumentLanguage(lng: string): void {
  const language = toLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(language);
  // The server reads the `lang` cookie first, then Accept-Language, where Kyrgyz is 'ky'.
  setApiLanguage(htmlLang(language));
}

export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', syncDocumentLanguage);
  // ?v=<version of the texts>: the server lets the browser cache the reply for a year.
  const version = import.meta.env.VITE_LOCALES_VERSION ? `?v=${encodeURIComponent(import.meta.env.VITE_LOCALES_VERSION)}` : '';
  return i18n
    .use(textsBackend((lng, ns) => `/lms/locales/${lng}/${ns}.json${version}`))
    .use(languageDetector)
    .use(initReactI18next)
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
      react: { useSuspense: true },
    });
}

export default i18n;
