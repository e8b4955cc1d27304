/** Languages of the app and small helpers around the shared i18next instance. */
import i18n from 'i18next';
import type { Language } from '@contract/common';

export type { Language };
export const LANGUAGES: readonly Language[] = ['kg', 'ru', 'en'];
export const DEFAULT_LANGUAGE: Language = 'ru';
/**
 * Namespaces under public/locales/<lng>/ of the shell and the screens outside the area manifest: cm
 * is the default one. Each area of the manifest adds its own (app/namespaces.ts lists them all).
 */
export const SHELL_NAMESPACES = ['cm', 'auth', 'profile', 'password'] as const;
/** docs/product.md#languages: the language cookie lives 31104000000 ms. */
export const LANGUAGE_COOKIE_MS = 31104000000;

export function toLanguage(lng: string | undefined | null): Language {
  const code = (lng ?? '').toLowerCase();
  if (code.startsWith('kg') || code.startsWith('ky')) return 'kg';
  if (code.startsWith('en')) return 'en';
  return 'ru';
}

/** The BCP 47 tag for <html lang>: Kyrgyz is 'ky' ('kg' is the app's own code). */
export function htmlLang(lng: Language): string {
  return lng === 'kg' ? 'ky' : lng;
}

export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export function changeLanguage(lng: Language): Promise<unknown> {
  return i18n.changeLanguage(lng);
}

export function subscribeLanguage(listener: (lng: Language) => void): () => void {
  const handler = (lng: string) => listener(toLanguage(lng));
  i18n.on('languageChanged', handler);
  return () => i18n.off('languageChanged', handler);
}
