/** Serving the built client under /lms/: redirects, caching, deep links, no HTML for /api, 503 without a build. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { appOn, session } from '../test/helpers';
import { jsonForHtml, withSplashText, withThemeChoice } from './spa';
import { useTestApp } from '../test/fixture';

let unbuilt: App;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-dist-'));
const INDEX = '<!doctype html><html><head><script type="module" src="/lms/assets/index-Ab12Cd.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(() => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'locales/ru'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd.js'), 'console.log("app");');
  fs.writeFileSync(path.join(dist, 'locales/ru/cm.json'), '{"hello":"Привет"}');
  fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Compressed twins as the build writes them (scripts/build/precompress.ts).
  fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(INDEX));
  fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(INDEX));
  fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd.js.br'), zlib.brotliCompressSync('console.log("app");'));
  fs.writeFileSync(path.join(dist, 'locales/ru/cm.json.gz'), zlib.gzipSync('{"hello":"Привет"}'));
  // What the build lists for the first view of each route (scripts/build/route-preloads.ts).
  fs.writeFileSync(path.join(dist, '.build-stamp'), 'abc\n');
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite/route-preloads.json'),
    JSON.stringify({
      localesVersion: 'v1a2b3',
      namespaces: ['cm'],
      routes: {
        '/login': { modules: ['/lms/assets/LoginPage-X1.js', '/lms/assets/form-X2.js'], styles: ['/lms/assets/LoginPage-X3.css'], namespaces: ['auth'] },
        '/news': { modules: ['/lms/assets/NewsScreen-N1.js'], styles: [], namespaces: ['news'] },
        '/journal': { modules: ['/lms/assets/JournalScreen-J1.js'], styles: [], namespaces: ['journal'] },
        '/gradingsheet': { modules: ['/lms/assets/GradingSheetScreen-G1.js'], styles: [], namespaces: ['gradingsheet'] },
      },
    }),
  );
});
// Built on the build written above.
const fx = useTestApp({ distDir: dist, signIn: [] });
const { get } = fx;
beforeAll(async () => {
  unbuilt = await appOn(fx.db, { distDir: path.join(dist, 'missing') });
});
afterAll(async () => {
  await unbuilt.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('with a build', () => {
  it('redirects / and /lms to /lms/ (keeping the query)', async () => {
    for (const [url, location] of [
      ['/', '/lms/'],
      ['/lms', '/lms/'],
      ['/lms?lang=kg', '/lms/?lang=kg'],
    ]) {
      const res = await fx.app.inject({ url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(location);
    }
  });

  it('serves index.html at /lms/ and for deep links, revalidated', async () => {
    for (const url of ['/lms/', '/lms/profile', '/lms/journal', '/lms/news/12', '/lms/studentqr?data=abc']) {
      const res = await fx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
  });

  it('serves pages without Node warning of a listener leak', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      for (const url of ['/lms/', '/lms/login', '/lms/news'])
        expect((await fx.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } })).statusCode).toBe(200);
      // Node emits a warning on the next tick: one macrotask later it has been delivered.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('serves hashed assets as immutable for a year; other files revalidated', async () => {
    const js = await fx.app.inject({ url: '/lms/assets/index-Ab12Cd.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const locale = await fx.app.inject({ url: '/lms/locales/ru/cm.json' });
    expect(locale.json()).toEqual({ hello: 'Привет' });
    expect(locale.headers['cache-control']).toBe('no-cache');
    const logo = await fx.app.inject({ url: '/lms/logo.svg' });
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('lets the browser keep the texts asked for with the version of this build, and only those', async () => {
    const cacheOf = async (url: string) => (await fx.app.inject({ url })).headers['cache-control'];
    expect(await cacheOf('/lms/locales/ru/cm.json?v=v1a2b3')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/lms/locales/ru/cm.json')).toBe('no-cache');
    expect(await cacheOf('/lms/locales/ru/cm.json?v=old')).toBe('no-cache');
    expect(await cacheOf('/lms/logo.svg?v=v1a2b3')).toBe('no-cache');
    expect((await fx.app.inject({ url: '/lms/locales/ru/cm.json?v=v1a2b3' })).json()).toEqual({ hello: 'Привет' });
  });

  it('sends the compressed twin the browser accepts, else the file itself, varying on Accept-Encoding', async () => {
    const js = await fx.app.inject({ url: '/lms/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(js.rawPayload).toString()).toBe('console.log("app");');

    // Only a gzip twin exists for the locale; an index.html deep link gets one too.
    const locale = await fx.app.inject({ url: '/lms/locales/ru/cm.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(locale.headers['content-encoding']).toBe('gzip');
    expect(locale.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(zlib.gunzipSync(locale.rawPayload).toString())).toEqual({ hello: 'Привет' });
    const page = await fx.app.inject({ url: '/lms/profile', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toBe(INDEX);

    const plain = await fx.app.inject({ url: '/lms/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");');
  });

  it("sends Link preloads for the route's chunks, its CSS and its texts in the page's language", async () => {
    const links = async (url: string, cookies?: Record<string, string>) =>
      String((await fx.app.inject({ url, cookies })).headers.link ?? '')
        .split(', ')
        .filter(Boolean);
    const locale = (lng: string, ns: string) => `</lms/locales/${lng}/${ns}.json?v=v1a2b3>; rel=preload; as=fetch; crossorigin`;

    expect(await links('/lms/login')).toEqual([
      '</lms/assets/LoginPage-X3.css>; rel=preload; as=style; crossorigin',
      '</lms/assets/LoginPage-X1.js>; rel=modulepreload',
      '</lms/assets/form-X2.js>; rel=modulepreload',
      locale('ru', 'cm'),
      locale('ru', 'auth'),
    ]);
    // ?lang= first, then the lang cookie (as the client detects it); no Russian texts beside them.
    expect((await links('/lms/login/?lang=kg', { lang: 'en' })).filter((l) => l.includes('/locales/'))).toEqual([locale('kg', 'cm'), locale('kg', 'auth')]);
    expect((await links('/lms/login', { lang: 'en' })).filter((l) => l.includes('/locales/'))).toEqual([locale('en', 'cm'), locale('en', 'auth')]);
    // Other pages: only the default namespace; an unknown language counts as ru.
    expect(await links('/lms/', { lang: 'xx' })).toEqual([locale('ru', 'cm')]);
    expect(await links('/lms/journal?lang=en')).toEqual([locale('en', 'cm')]);
    // The list itself is not served (nor anything else under a dot name).
    expect((await fx.app.inject({ url: '/lms/.vite/route-preloads.json' })).statusCode).toBe(404);
    expect((await fx.app.inject({ url: '/lms/.build-stamp' })).statusCode).toBe(404);
  });

  it('answers 404 (not the page) for missing files and other methods', async () => {
    // Only a build's file, spelled as on disk: not in another case, not with an empty segment.
    for (const url of [
      '/lms/assets/missing-123.js',
      '/lms/missing.png',
      '/lms/locales/xx/cm.json',
      '/lms/assets/INDEX-Ab12Cd.js',
      '/lms/assets//index-Ab12Cd.js',
    ]) {
      const res = await fx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    }
    expect((await fx.app.inject({ method: 'POST', url: '/lms/journal' })).statusCode).toBe(404);
    const traversal = await fx.app.inject({ url: '/lms/../package.json' });
    expect(traversal.body).not.toContain('"devDependencies"');
    expect((await fx.app.inject({ url: '/lms/%2e%2e/package.json' })).body).not.toContain('"devDependencies"');
  });

  it('never answers /api with HTML', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', '/api/auth/orize.json'],
      ['POST', '/api/misc/nothing.json'],
      ['GET', '/api'],
    ] as const) {
      const res = await fx.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ result: true, error: { code: 'NOT_FOUND', message: 'Не найдено' }, data: null });
    }
  });
});

describe('a signed-in page with data', () => {
  const dataOf = (html: string) => {
    const m = /<script type="application\/json" id="lms-page">(.*?)<\/script><\/body>/.exec(html);
    return m ? (JSON.parse(m[1]) as { lang: string; user: { id: number; role: number }; news?: { id_eventMessage: number }[] }) : null;
  };
  /** A screen's page with its data: 200, never stored by a cache, preloading the screen's chunk and its Russian texts. */
  const expectScreenPage = (res: { statusCode: number; headers: Record<string, unknown> }, chunk: string, texts: string) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.link).toContain(`</lms/assets/${chunk}.js>; rel=modulepreload`);
    expect(res.headers.link).toContain(`/lms/locales/ru/${texts}.json?v=v1a2b3`);
  };

  it('/news arrives with the user and the first page of the feed, in the page language, never stored by a cache', async () => {
    const { headers, user } = await session(fx.app, 'student');
    const res = await fx.app.inject({ url: '/lms/news', headers });
    expectScreenPage(res, 'NewsScreen-N1', 'news');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const data = dataOf(res.body);
    expect(data).toMatchObject({ lang: 'ru', user: { id: user.id, role: 2 } });
    const feed = await fx.app.inject({
      method: 'POST',
      url: '/api/news/data.json',
      payload: { id: user.id, uid: user.uid, role: user.role, page: 1 },
      headers,
    });
    const enticate = await fx.app.inject({ method: 'POST', url: '/api/auth/enticate.json', payload: { token: 'x' }, headers });
    expect(data!.user).toEqual(enticate.json().data);
    expect(data!.news!.length).toBeGreaterThan(0);
    expect(data!.news!.map((n) => n.id_eventMessage)).toEqual(feed.json().data.map((n: { id_eventMessage: number }) => n.id_eventMessage));
    const page = withThemeChoice(INDEX, undefined);
    expect(res.body.startsWith(page.slice(0, page.indexOf('</body>')))).toBe(true);

    const en = await fx.app.inject({ url: '/lms/news/?lang=en', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(en.headers['content-encoding']).toBe('gzip');
    expect(dataOf(zlib.gunzipSync(en.rawPayload).toString('utf8'))?.lang).toBe('en');
  });

  it("/journal arrives with a teacher's first view (start.json's reply) and the journal's code; a student's without it", async () => {
    const teacher = await session(fx.app, 'teacher');
    const res = await get('/lms/journal', teacher);
    expectScreenPage(res, 'JournalScreen-J1', 'journal');
    const data = dataOf(res.body) as { user: { id: number }; journal?: unknown } | null;
    const start = await get('/api/visitlog/start.json', teacher);
    expect(data?.user.id).toBe(teacher.user.id);
    expect(data?.journal).toEqual(start.json().data);
    // The session's settings too (the current period the screen shows).
    const settings = await fx.app.inject({
      method: 'POST',
      url: '/api/misc/settings.json',
      headers: teacher.headers,
      payload: { uid: teacher.user.uid, role: teacher.user.role },
    });
    expect((data as { settings?: unknown } | null)?.settings).toEqual(settings.json().data);

    const student = await session(fx.app, 'student');
    const own = dataOf((await get('/lms/journal', student)).body) as { user: { id: number }; journal?: unknown } | null;
    expect(own?.user.id).toBe(student.user.id);
    expect(own).not.toHaveProperty('journal');
  });

  it("arrives with the shell's replies (config, logo, unread count, photo, a teacher's position, the apps), each as its call answers it", async () => {
    const teacher = await session(fx.app, 'teacher');
    const data = dataOf((await get('/lms/journal?lang=en', teacher)).body) as Record<string, unknown> | null;
    const reply = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await fx.app.inject({ method, url: `${url}?lang=en`, headers: teacher.headers, ...(payload ? { payload } : {}) })).json().data;
    expect(data?.config).toEqual(await reply('GET', '/config.json'));
    expect(data?.logo).toEqual(await reply('GET', '/logo.json'));
    expect(data?.unread).toEqual(await reply('GET', '/api/notifications/count.json'));
    expect(data?.photo).toEqual(await reply('POST', '/api/misc/photo.json', { uid: teacher.user.uid, role: teacher.user.role }));
    expect(data?.position).toEqual(await reply('POST', '/api/misc/position.json', { id: teacher.user.uid }));
    expect(data?.apps).toEqual(await reply('POST', '/api/misc/dinurls.json', {}));
    // A student's line under his name is his group (with the user): no position.
    const student = await session(fx.app, 'student');
    const own = dataOf((await get('/lms/news', student)).body) as Record<string, unknown> | null;
    expect(own).toHaveProperty('photo');
    expect(own).not.toHaveProperty('position');
  });

  it("/gradingsheet arrives with a teacher's list of the current half-year (list.json's reply) and the sheet's code; a student's without it", async () => {
    const teacher = await session(fx.app, 'teacher');
    const res = await get('/lms/gradingsheet', teacher);
    expectScreenPage(res, 'GradingSheetScreen-G1', 'gradingsheet');
    const data = dataOf(res.body) as { user: { id: number }; settings?: [{ id_a_year: number; id_w_s: number }, unknown]; gradingsheet?: unknown } | null;
    expect(data?.user.id).toBe(teacher.user.id);
    // The half-year the settings name, and the list the screen asks for of it.
    const [defaults] = data!.settings!;
    const half = { id_a_year: defaults.id_a_year, id_w_s: defaults.id_w_s };
    const list = await fx.app.inject({ method: 'POST', url: '/api/gradingsheet/list.json', headers: teacher.headers, payload: half });
    expect(list.json().data.length).toBeGreaterThan(0);
    expect(data?.gradingsheet).toEqual({ half, list: list.json().data });

    const student = await session(fx.app, 'student');
    const own = dataOf((await get('/lms/gradingsheet', student)).body) as { user: { id: number }; gradingsheet?: unknown } | null;
    expect(own?.user.id).toBe(student.user.id);
    expect(own).not.toHaveProperty('gradingsheet');
  });

  it("/login arrives with what the sign-in card waits for (logo.json's reply, Google on or off, the university provider's button), in the page's language, for anyone", async () => {
    for (const lang of ['ru', 'en'] as const) {
      const res = await fx.app.inject({ url: '/lms/login', headers: { cookie: `lang=${lang}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.link).toContain('</lms/assets/LoginPage-X1.js>; rel=modulepreload');
      const data = dataOf(res.body) as { lang: string; user?: unknown; login?: { logo: unknown; googleSignIn: boolean; oidcSignIn: unknown } } | null;
      const logo = await fx.app.inject({ url: '/logo.json', headers: { cookie: `lang=${lang}` } });
      const google = await fx.app.inject({ url: '/api/google/check.json' });
      const config = await fx.app.inject({ url: '/config.json' });
      expect(data).toEqual({ lang, login: { logo: logo.json().data, googleSignIn: google.json().data[0].OAu, oidcSignIn: config.json().data.oidc } });
    }
    // Signed in, the same public data and nobody's user (the card is for signing in).
    const { headers } = await session(fx.app, 'student');
    const signedIn = dataOf((await fx.app.inject({ url: '/lms/login', headers })).body) as Record<string, unknown> | null;
    expect(Object.keys(signedIn ?? {}).sort()).toEqual(['lang', 'login']);
  });

  it('is the plain page without a live session, and on routes without data', async () => {
    const { headers } = await session(fx.app, 'teacher');
    for (const [url, h] of [
      ['/lms/news', {}],
      ['/lms/news', { cookie: 'lms_sid=' + 'A'.repeat(43) }],
      ['/lms/profile', headers],
      ['/lms/', headers],
    ] as const) {
      const res = await fx.app.inject({ url, headers: h });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // The signed-in screen's code is not pushed to a visitor without a session.
    expect((await fx.app.inject({ url: '/lms/news' })).headers.link).not.toContain('NewsScreen');
  });

  it('says on its body the theme chosen on this device (the theme cookie), so that the page need not read the cookie; the plain page leaves that to its script', async () => {
    const teacher = await session(fx.app, 'teacher');
    const body = async (cookie: string, url = '/lms/journal') =>
      /<body[^>]*>/.exec((await fx.app.inject({ url, headers: { cookie: `${teacher.headers.cookie}; ${cookie}` } })).body)?.[0];
    expect(await body('theme=dark')).toBe('<body class="dark" data-theme-choice="dark">');
    expect(await body('theme=light')).toBe('<body class="light" data-theme-choice="light">');
    // No choice, or not one of the two: the system's scheme.
    expect(await body('lang=ru')).toBe('<body data-theme-choice="none">');
    expect(await body('theme=%22%3E%3Cscript%3E')).toBe('<body data-theme-choice="none">');
    // A page without data is the build's file as it is: public/theme.js reads the cookie there.
    expect(await body('theme=dark', '/lms/profile')).toBe('<body>');
  });

  it("puts a public page's line in the boot splash, under the logo, as text", () => {
    const splash =
      '<div id="root"><div class="splash" role="status"><img src="/logo.svg" alt="" />\n<span class="spinner" aria-hidden="true"></span></div></div>';
    expect(withSplashText(splash, 'Университет <b>&</b>')).toBe(
      '<div id="root"><div class="splash" role="status"><img src="/logo.svg" alt="" />\n<p class="splash-title">Университет &#60;b&#62;&#38;&#60;/b&#62;</p>\n        <span class="spinner" aria-hidden="true"></span></div></div>',
    );
    // A page without the splash is left as it is.
    expect(withSplashText(INDEX, 'Университет')).toBe(INDEX);
  });

  it('cannot end the data block or the page early', () => {
    const html = jsonForHtml({ text: '</script><script>alert(1)</script>\u2028<!--' });
    expect(html).not.toMatch(/[<\u2028]/);
    expect(JSON.parse(html)).toEqual({ text: '</script><script>alert(1)</script>\u2028<!--' });
  });
});

describe('without a build', () => {
  it('answers the pages with 503 saying to run npm run build; the API still works', async () => {
    for (const url of ['/lms/', '/lms/login']) {
      const res = await unbuilt.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('npm run build');
    }
    expect((await unbuilt.inject({ url: '/' })).headers.location).toBe('/lms/');
    expect((await unbuilt.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
