/**
 * One name per language for each thing (docs/glossary.md): the translation files use the glossary's
 * terms, never the variants it rules out.
 */
import { describe, expect, it } from 'vitest';
import { NAMESPACES, resources } from '../test/i18n';
import { LANGUAGES, type Language } from './languages';

/** Variants a language's texts must not use, each with the glossary's term to use instead. */
const FORBIDDEN: Record<Language, { variant: RegExp; use: string }[]> = {
  ru: [
    { variant: /(Осенний|Весенний) семестр/, use: 'Осеннее / Весеннее полугодие (the half-year)' },
    { variant: /(Осеннее|Весеннее)(?! полугодие)/, use: 'Осеннее / Весеннее полугодие (the half-year, with its name)' },
    { variant: /^Сообщения$/, use: 'Чат (the area)' },
    { variant: /\}\} семестр/, use: '5-й семестр (a semester of study)' },
  ],
  kg: [
    { variant: /(Күзгү|Жазгы) семестр/, use: 'Күзгү / Жазгы жарым жыл (the half-year)' },
    { variant: /(Күзгү|Жазгы)(?! жарым жыл)/, use: 'Күзгү / Жазгы жарым жыл (the half-year, with its name)' },
    { variant: /Жарым жылдык/, use: 'Жарым жыл' },
    { variant: /^(Маек|Билдирүүлөр)$/, use: 'Чат (the area)' },
    { variant: /[Бб]уйруу/, use: 'буйрутма (an order of the single window)' },
  ],
  en: [
    { variant: /(Autumn|Spring) semester/, use: 'Autumn / Spring half-year (the half-year)' },
    { variant: /\b(Autumn|Spring)(?! half-year)/, use: 'Autumn / Spring half-year (the half-year, with its name)' },
    { variant: /^Messages$/, use: 'Chat (the area)' },
    { variant: /\b[Ss]emester \{\{/, use: '5th semester (a semester of study, an ordinal)' },
  ],
};

function texts(tree: unknown, prefix = ''): [string, string][] {
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
  return [[prefix, String(tree)]];
}

describe('the glossary', () => {
  for (const lng of LANGUAGES)
    it(`${lng}: no text uses a variant the glossary rules out`, () => {
      const found: string[] = [];
      for (const ns of NAMESPACES)
        for (const [key, text] of texts(resources[lng]?.[ns]))
          for (const { variant, use } of FORBIDDEN[lng]) if (variant.test(text)) found.push(`${lng}/${ns}.json ${key}: "${text}" (use ${use})`);
      expect(found).toEqual([]);
    });
});
