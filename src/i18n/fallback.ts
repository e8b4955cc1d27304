/**
 * The few words the shell needs when a page's texts cannot be loaded (no network, server away), kept
 * in the code in every language so that they are always available: the page that did not load, its
 * reason and Retry. They are copies of public/locales/<lng>/cm.json
 * (fallback.test.ts keeps them equal) and serve only as `t`'s default value, so the loaded texts win.
 * Only the portal's routes import them (app/AreaTexts.tsx), so the login page does not download them.
 */
import i18n from 'i18next';
import { currentLanguage, type Language } from './languages';

export const FALLBACK_KEYS = ['errors.chunkTitle', 'errors.network', 'actions.retry'] as const;
export type FallbackKey = (typeof FALLBACK_KEYS)[number];

export const FALLBACK_TEXTS: Record<Language, Record<FallbackKey, string>> = {
  ru: {
    'errors.chunkTitle': 'Не удалось загрузить страницу',
    'errors.network': 'Нет связи с сервером. Проверьте подключение к Интернету.',
    'actions.retry': 'Повторить',
  },
  kg: {
    'errors.chunkTitle': 'Баракты жүктөө мүмкүн болгон жок',
    'errors.network': 'Сервер менен байланыш жок. Интернетке туташууну текшериңиз.',
    'actions.retry': 'Кайра аракет кылуу',
  },
  en: {
    'errors.chunkTitle': 'The page could not be loaded',
    'errors.network': 'No connection to the server. Check your Internet connection.',
    'actions.retry': 'Try again',
  },
};

/** The common text `key` in the current language: the loaded cm.json's, else the bundled copy. */
export function shellText(key: FallbackKey): string {
  return i18n.t(key, { ns: 'cm', defaultValue: FALLBACK_TEXTS[currentLanguage()][key] });
}
