/** The shell's bundled words (fallback.ts) are the common texts of public/locales, in every language. */
import { describe, expect, it } from 'vitest';
import { resources } from '../test/i18n';
import { FALLBACK_KEYS, FALLBACK_TEXTS } from './fallback';
import { LANGUAGES } from './languages';

const text = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('the bundled shell words', () => {
  for (const lng of LANGUAGES)
    it(`${lng}: each is the same as in ${lng}/cm.json`, () => {
      for (const key of FALLBACK_KEYS) expect(FALLBACK_TEXTS[lng][key], `${lng}/cm.json ${key}`).toBe(text(resources[lng].cm, key));
    });
});
