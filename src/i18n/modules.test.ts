/** The portal's i18next setup (src/i18n/modules.ts): detection, the language cookie, the texts' URLs and retries. */
import { createInstance, type i18n as I18n } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE_MS } from './languages';
import { setUpI18n } from './modules';

function clearCookie() {
  document.cookie = 'lang=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

afterEach(() => {
  clearCookie();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

type Reply = number | Error | string;

/** fetch answering each URL with its replies in turn (a status, a failure or a JSON body); the last one repeats. */
function stubFetch(replies: Record<string, Reply[]>) {
  const seen: Record<string, number> = {};
  const fetchMock = vi.fn((url: string) => {
    const list = replies[url] ?? [404];
    const reply = list[Math.min(seen[url] ?? 0, list.length - 1)];
    seen[url] = (seen[url] ?? 0) + 1;
    if (reply instanceof Error) return Promise.reject(reply);
    if (typeof reply === 'number') return Promise.resolve(new Response('', { status: reply }));
    return Promise.resolve(new Response(reply, { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function setUp(version = '1'): Promise<I18n> {
  const instance = createInstance();
  await setUpI18n(instance, version);
  return instance;
}

const urls = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.map(([url]) => url);

/** The language a fresh page picks with this URL, cookie and localStorage. */
async function picks(url: string, cookie?: string, stored?: string): Promise<string> {
  clearCookie();
  window.localStorage.clear();
  if (cookie) document.cookie = `lang=${cookie}; Path=/`;
  if (stored) window.localStorage.setItem('lang', stored);
  window.history.replaceState(null, '', url);
  stubFetch({});
  return (await setUp()).language;
}

describe('language detection', () => {
  it('speaks Russian on a first visit', async () => {
    expect(await picks('/lms/login')).toBe('ru');
  });

  it('takes ?lang=, then the lang cookie, then localStorage', async () => {
    expect(await picks('/lms/login?x=1&lang=en', 'kg', 'ru')).toBe('en');
    expect(await picks('/lms/login', 'kg', 'en')).toBe('kg');
    expect(await picks('/lms/login', undefined, 'en')).toBe('en');
  });

  it('takes ?lang= from the hash when there is no query, and drops unsafe codes', async () => {
    expect(await picks('/lms/login#/x?lang=kg', 'en')).toBe('kg');
    expect(await picks('/lms/login?lang=%3Cb%3E', 'en')).toBe('en');
    expect(await picks('/lms/login?lang=%3Cb%3E')).toBe('ru');
  });

  it('keeps the language in the cookie (path /, SameSite=Lax, the cookie lifetime) and in localStorage', async () => {
    expect(await picks('/lms/login?lang=en')).toBe('en');
    expect(window.localStorage.getItem('lang')).toBe('en');
    expect(document.cookie).toContain('lang=en');

    const instance = await setUp();
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    await instance.changeLanguage('kg');
    const expires = new Date(Date.parse('2026-01-01T00:00:00Z') + LANGUAGE_COOKIE_MS).toUTCString();
    expect(writes).toEqual([`lang=kg; Path=/; Expires=${expires}; SameSite=Lax`]);
    expect(document.cookie).toContain('lang=kg');
    expect(window.localStorage.getItem('lang')).toBe('kg');
  });
});

describe('texts', () => {
  it('reads each namespace of the language from its versioned URL, as the preload header fetches it', async () => {
    document.cookie = 'lang=kg; Path=/';
    const fetchMock = stubFetch({
      '/lms/locales/kg/cm.json?v=a%2Bb': ['{"ok":"Макул"}'],
      '/lms/locales/kg/auth.json?v=a%2Bb': ['{"login":{"title":"Кирүү"}}'],
    });
    const instance = await setUp('a+b');
    await instance.loadNamespaces('auth');
    expect(urls(fetchMock)).toEqual(['/lms/locales/kg/cm.json?v=a%2Bb', '/lms/locales/kg/auth.json?v=a%2Bb']);
    expect(instance.t('ok')).toBe('Макул');
    expect(instance.t('auth:login.title')).toBe('Кирүү');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init).toMatchObject({ method: 'GET', mode: 'cors', credentials: 'same-origin' });
    expect(Object.keys(init.headers ?? {})).toEqual([]);
  });

  it('retries server errors and network failures, not missing files or bad JSON', async () => {
    document.cookie = 'lang=en; Path=/';
    const fetchMock = stubFetch({
      '/lms/locales/en/cm.json?v=1': [503, new TypeError('Failed to fetch'), '{"ok":"OK"}'],
      '/lms/locales/en/auth.json?v=1': [404, '{"login":{"title":"Sign in"}}'],
      '/lms/locales/en/news.json?v=1': ['{oops', '{"title":"News"}'],
    });
    const instance = await setUp();
    expect(instance.t('ok')).toBe('OK');
    await instance.loadNamespaces(['auth', 'news']);
    expect(urls(fetchMock).filter((url) => url.includes('/cm.json'))).toHaveLength(3);
    expect(urls(fetchMock).filter((url) => url.includes('/auth.json'))).toHaveLength(1);
    expect(urls(fetchMock).filter((url) => url.includes('/news.json'))).toHaveLength(1);
    expect(instance.exists('auth:login.title')).toBe(false);
    expect(instance.exists('news:title')).toBe(false);
  });

  it('gives up after five retries, waiting twice as long each time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    document.cookie = 'lang=en; Path=/';
    const fetchMock = stubFetch({ '/lms/locales/en/cm.json?v=1': [503] });
    const ready = setUp();
    const tries = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return fetchMock.mock.calls.length;
    };
    expect(await tries(0)).toBe(1);
    expect(await tries(349)).toBe(1);
    expect(await tries(1)).toBe(2);
    expect(await tries(700)).toBe(3);
    expect(await tries(1400 + 2800 + 5600)).toBe(6);
    const instance = await ready;
    expect(await tries(60_000)).toBe(6);
    expect(instance.exists('ok')).toBe(false);
  });
});
