/**
 * i18next setup (docs/product.md#languages): kg, ru (default), en; detection query `lang` → cookie `lang`
 * → localStorage `lang`, cached in cookie and localStorage; texts loaded over HTTP per namespace
 * (the URL carries the version of the texts, so the browser may keep them). The plugins and their
 * options are in ./modules.ts.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '@api/client';
import { htmlLang, toLanguage } from './languages';
import { manifestFile } from './manifest';
import { setUpI18n } from './modules';

export function syncDocumentLanguage(lng: string): void {
  const language = toLanguage(lng);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = htmlLang(language);
    // The installable app is named in the page's language.
    const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const href = manifest?.getAttribute('href');
    if (manifest && href) manifest.setAttribute('href', href.replace(/manifest(\.[a-z]+)?\.webmanifest$/, manifestFile(language)));
  }
  // The server reads the `lang` cookie first, then Accept-Language, where Kyrgyz is 'ky'.
  setApiLanguage(htmlLang(language));
}

export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', syncDocumentLanguage);
  return setUpI18n(i18n.use(initReactI18next), import.meta.env.VITE_LOCALES_VERSION);
}

export default i18n;
