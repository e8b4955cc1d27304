/** i18next for tests: resources read straight from public/locales (no HTTP). */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES } from '../app/namespaces';

export { NAMESPACES };

type Tree = Record<string, unknown>;

const files = import.meta.glob<Tree>('../../public/locales/*/*.json', { eager: true, import: 'default' });

/** resources[lng][ns] = JSON of public/locales/<lng>/<ns>.json */
export const resources: Record<string, Record<string, Tree>> = {};
for (const [file, data] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) continue;
  (resources[match[1]] ??= {})[match[2]] = data;
}

export async function initTestI18n(lng = 'ru'): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources,
      lng,
      fallbackLng: 'ru',
      supportedLngs: ['kg', 'ru', 'en'],
      ns: [...NAMESPACES],
      defaultNS: 'cm',
      fallbackNS: 'cm',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      initAsync: false,
      react: { useSuspense: false },
    });
  } else if (i18n.language !== lng) {
    await i18n.changeLanguage(lng);
  }
}
