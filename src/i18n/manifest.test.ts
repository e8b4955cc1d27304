/** The page links the web manifest of its language, so the installed app is named in it. */
import { afterEach, describe, expect, it } from 'vitest';
import { syncDocumentLanguage } from './index';
import { MANIFEST_TEXTS } from './manifest';

describe('web manifest per language', () => {
  afterEach(() => document.querySelector('link[rel="manifest"]')?.remove());

  it('switching the language switches the manifest link', () => {
    const link = Object.assign(document.createElement('link'), { rel: 'manifest' });
    link.setAttribute('href', '/lms/manifest.webmanifest');
    document.head.append(link);
    syncDocumentLanguage('kg');
    expect(link.getAttribute('href')).toBe('/lms/manifest.kg.webmanifest');
    syncDocumentLanguage('en');
    expect(link.getAttribute('href')).toBe('/lms/manifest.en.webmanifest');
    syncDocumentLanguage('ru');
    expect(link.getAttribute('href')).toBe('/lms/manifest.webmanifest');
  });

  it('names the app in each language, the Kyrgyz one in Kyrgyz', () => {
    expect(MANIFEST_TEXTS.kg.name).toContain('университети');
    expect(MANIFEST_TEXTS.ru.name).toContain('университет');
    expect(MANIFEST_TEXTS.en.name).toContain('University');
  });
});
