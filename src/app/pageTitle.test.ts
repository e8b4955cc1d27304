import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { AREAS, type AreaEntry } from './areas';
import { PAGE_TITLES, titleKeyOf } from './pageTitle';

/** public/locales/<lng>/cm.json, as a file (not through i18next's fallbacks). */
const cm = (lng: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../public/locales/${lng}/cm.json`), 'utf8')) as Record<string, unknown>;
const lookUp = (texts: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);

describe('page titles', () => {
  it('every title the manifest and the shell name exists in kg, ru and en (cm.json, titles.*)', () => {
    const keys = new Set([
      ...PAGE_TITLES.values(),
      ...(AREAS as readonly AreaEntry[])
        .flatMap((area) => [area.title, ...(area.routes ?? []).map((route) => route.title)])
        .flatMap((key) => (key ? [key] : [])),
      'titles.login',
    ]);
    expect(keys.size).toBeGreaterThan(10);
    const missing = LANGUAGES.flatMap((lng) => {
      const texts = cm(lng);
      return [...keys]
        .filter((key) => !key.startsWith('titles.') || typeof lookUp(texts, key) !== 'string' || !lookUp(texts, key))
        .map((key) => `${lng}: ${key}`);
    });
    expect(missing, 'add these titles to public/locales/<lng>/cm.json (under "titles")').toEqual([]);
  });

  it("a route's title is found for its address, parameters filled in", () => {
    expect(titleKeyOf('/')).toBe('titles.main');
    expect(titleKeyOf('/library/read/12')).toBe('titles.library');
    expect(titleKeyOf('/qrscan')).toBe('titles.qrScan');
    expect(titleKeyOf('/no-such-page')).toBeUndefined();
  });
});
