/**
 * The installable app's name per language (docs/product.md#languages): one web manifest a language,
 * /lms/manifest.webmanifest in Russian (the default) and manifest.<lng>.webmanifest for the others
 * (vite.config.ts writes them; scripts/build/manifests.ts), and the page links the one of its
 * language. Data only: the build reads it too.
 */
import type { Language } from './languages';

export const MANIFEST_TEXTS: Record<Language, { name: string; short_name: string; description: string }> = {
  ru: {
    name: 'Тянь-Шаньский государственный университет — учебный портал',
    short_name: 'Портал ТШГУ',
    description: 'Расписание, журнал, новости, чат и справки университета',
  },
  kg: {
    name: 'Тянь-Шань мамлекеттик университети — окуу порталы',
    short_name: 'ТШМУ порталы',
    description: 'Университеттин сабак жадыбалы, журналы, жаңылыктары, чаты жана маалымкаттары',
  },
  en: {
    name: 'Tian Shan State University — learning portal',
    short_name: 'TSSU portal',
    description: 'The university’s timetable, journal, news, chat and certificates',
  },
};

/** The manifest file of a language, under /lms/. */
export const manifestFile = (lng: Language): string => (lng === 'ru' ? 'manifest.webmanifest' : `manifest.${lng}.webmanifest`);
