/** The language detector and the texts backend of src/i18n/modules.ts. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE_MS } from './languages';
import { languageDetector, textsBackend } from './modules';

function clearCookie() {
  document.cookie = 'lang=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

afterEach(() => {
  clearCookie();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('languageDetector', () => {
  it('finds nothing on a first visit', () => {
    expect(languageDetector.detect()).toEqual([]);
  });

  it('lists ?lang=, then the lang cookie, then localStorage', () => {
    window.localStorage.setItem('lang', 'en');
    document.cookie = 'lang=kg; Path=/';
    window.history.replaceState(null, '', '/lms/login?x=1&lang=ru');
    expect(languageDetector.detect()).toEqual(['ru', 'kg', 'en']);
    window.history.replaceState(null, '', '/lms/login');
    expect(languageDetector.detect()).toEqual(['kg', 'en']);
  });

  it('takes ?lang= from the hash when there is no query, and drops unsafe codes', () => {
    window.history.replaceState(null, '', '/lms/login#/x?lang=kg');
    expect(languageDetector.detect()).toEqual(['kg']);
    window.history.replaceState(null, '', '/lms/login?lang=%3Cb%3E');
    expect(languageDetector.detect()).toEqual([]);
  });

  it('keeps the language in the cookie (path /, SameSite=Lax, the cookie lifetime) and in localStorage', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    languageDetector.cacheUserLanguage!('kg');
    const expires = new Date(Date.parse('2026-01-01T00:00:00Z') + LANGUAGE_COOKIE_MS).toUTCString();
    expect(writes).toEqual([`lang=kg; Path=/; Expires=${expires}; SameSite=Lax`]);
    expect(document.cookie).toContain('lang=kg');
    expect(window.localStorage.getItem('lang')).toBe('kg');
    vi.restoreAllMocks();
  });
});

describe('textsBackend', () => {
  const read = (status: number | Error, body = '{}') => {
    const fetchMock = vi.fn(() => (status instanceof Error ? Promise.reject(status) : Promise.resolve(new Response(body, { status }))));
    vi.stubGlobal('fetch', fetchMock);
    const backend = textsBackend((lng, ns) => `/lms/locales/${lng}/${ns}.json?v=1`);
    return new Promise<{ err: unknown; data: unknown; url: unknown }>((resolve) =>
      backend.read('kg', 'auth', (err, data) => resolve({ err, data, url: (fetchMock.mock.calls[0] as unknown[])[0] })),
    );
  };

  it('reads the namespace of the language from its URL', async () => {
    const { err, data, url } = await read(200, '{"login":{"title":"Кирүү"}}');
    expect(url).toBe('/lms/locales/kg/auth.json?v=1');
    expect(err).toBeNull();
    expect(data).toEqual({ login: { title: 'Кирүү' } });
  });

  it('asks i18next to retry server errors and network failures, not missing files or bad JSON', async () => {
    expect(await read(503)).toMatchObject({ err: expect.stringContaining('503'), data: true });
    expect(await read(new TypeError('Failed to fetch'))).toMatchObject({ err: expect.stringContaining('Failed to fetch'), data: true });
    expect(await read(404)).toMatchObject({ err: expect.stringContaining('404'), data: false });
    expect(await read(200, '{oops')).toMatchObject({ err: expect.stringContaining('json'), data: false });
  });
});
