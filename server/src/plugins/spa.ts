/**
 * The built single-page app (vite build → dist/, base /lms/): `/` and `/lms` redirect to `/lms/`;
 * hashed files under /lms/assets/, and the texts under /lms/locales/ when asked for with `?v=` the
 * version of this build's texts (as the client does), are cached for a year; everything else
 * (index.html, logo, unversioned texts) is revalidated; any other GET /lms/<route> (a deep link)
 * gets index.html. Text files are sent as the Brotli or gzip twin the build wrote beside them
 * (FILE.br, FILE.gz) when the browser accepts it, with `Vary: Accept-Encoding`; nothing is
 * compressed per request. The build's files are listed once at start, as index.html is read once (a
 * new build needs a restart). Pages come with `Link` preload headers for what their first view needs
 * (see preloadLinks). A signed-in request for a route with data (e.g. /news), and any request for
 * the sign-in page, gets index.html with that data inside (PagePart; contract/page.ts): the replies
 * of the calls its first view makes,
 * as a JSON data block (never run, so the Content-Security-Policy stays as it is), not stored by any
 * cache (private, no-store). Without a build the /lms/ pages answer 503 saying to run `npm run build`.
 * Paths under /api never reach here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contract/common';
import { PAGE_DATA_ELEMENT_ID, THEME_COOKIE, type PageData } from '@contract/page';
import { notFound } from '../app-error';
import type { AuthInfo } from '../shared/caller';
import { sendFailure } from './errors';

const gzip = promisify(zlib.gzip);

/**
 * An area's part of the data a first view arrives with (modules/index.ts, `page`): the member `key`
 * of PageData for the client routes `routes` ('with-data': every route that has data from some other
 * signed-in part, e.g. the user). A signed-in part is loaded for the session's caller only; a public
 * one (the sign-in page's) for anyone.
 */
export type PagePart = SignedInPagePart | PublicPagePart;

interface SignedInPagePart {
  key: Exclude<keyof PageData, 'lang'>;
  routes: readonly string[] | 'with-data';
  public?: false;
  /** A part the shell can also ask for itself (the header's, the menu's): left out of the page when it fails, instead of the page arriving without data. */
  optional?: true;
  load(auth: AuthInfo, lang: Language): Promise<unknown>;
}

interface PublicPagePart {
  key: Exclude<keyof PageData, 'lang'>;
  routes: readonly string[];
  public: true;
  load(lang: Language): Promise<unknown>;
  /** A line the boot splash shows under its logo while the code loads (the university's name). */
  splashText?(value: unknown): string | null;
}

/** Text for HTML content. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `html` with `text` as the boot splash's line, after its logo; as it was when it has no splash. */
export function withSplashText(html: string, text: string): string {
  const at = html.indexOf('<span class="spinner');
  if (at < 0 || !html.includes('class="splash"')) return html;
  return `${html.slice(0, at)}<p class="splash-title">${escapeHtml(text)}</p>\n        ${html.slice(at)}`;
}

/**
 * `html` whose <body> says the theme the person chose on this device (the theme cookie's `dark` or
 * `light`, as a class and as `data-theme-choice`; `none` for no choice), so that the page's first
 * script does not read the cookie: in the browser that read waits on its cookie store, which is busy
 * with the page's early calls then (public/theme.js). A page without a plain <body> is left as it is.
 */
export function withThemeChoice(html: string, cookie: string | undefined): string {
  const choice = cookie === 'dark' || cookie === 'light' ? cookie : null;
  return html.replace('<body>', choice ? `<body class="${choice}" data-theme-choice="${choice}">` : '<body data-theme-choice="none">');
}

/** JSON inside a <script> data block: no '<' (so no '</script>'), nor the two line separators. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

function redirectToBase(req: FastifyRequest, reply: FastifyReply) {
  const query = req.url.indexOf('?');
  return reply.redirect(`/lms/${query >= 0 ? req.url.slice(query) : ''}`, 302);
}

/** A client route: not an asset, and no file extension in the last segment. */
function isClientRoute(url: string): boolean {
  const pathname = url.split('?')[0];
  if (pathname.startsWith('/lms/assets/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') || last.endsWith('.html');
}

/** Written by the build (scripts/build/route-preloads.ts): what each route's first view needs. */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
const LOCALES = '/lms/locales';

interface RoutePreloads {
  /** Version of the texts: the client asks for /lms/locales/<lng>/<ns>.json?v=<version>. */
  localesVersion: string | null;
  /** Namespaces of every page. */
  namespaces: string[];
  /** Client path ('/login') → its lazy chunk with its imports, their CSS, its own namespaces. */
  routes: Record<string, { modules: string[]; styles: string[]; namespaces: string[] }>;
}

function readRoutePreloads(distDir: string): RoutePreloads | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(distDir, ROUTE_PRELOADS_FILE), 'utf8')) as Partial<RoutePreloads>;
    return { localesVersion: parsed.localesVersion ?? null, namespaces: parsed.namespaces ?? [], routes: parsed.routes ?? {} };
  } catch {
    return null;
  }
}

function asLanguage(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase().split('-')[0] as Language;
  return LANGUAGES.includes(code) ? code : null;
}

/**
 * The language the client will pick (src/i18n: `?lang=`, then the `lang` cookie, then localStorage,
 * which only the browser sees, else ru).
 */
function pageLanguage(req: FastifyRequest): Language {
  return asLanguage((req.query as Record<string, unknown> | undefined)?.lang) ?? asLanguage(req.cookies?.lang) ?? DEFAULT_LANGUAGE;
}

/**
 * `Link` preload headers for a page: the route's lazy chunk, its CSS, and the translation JSON the
 * page starts with (in its language only: each language holds every text, so the client loads no
 * fallback), so that
 * they download beside the entry script instead of after it.
 */
/** The client path of a page request ('/lms/news/?x' → '/news'). */
function clientPath(req: FastifyRequest): string {
  return (
    req.url
      .split('?')[0]
      .replace(/^\/lms/, '')
      .replace(/(.)\/+$/, '$1') || '/'
  );
}

export function preloadLinks(preloads: RoutePreloads, req: FastifyRequest, withRoute = true): string[] {
  const pathname = clientPath(req);
  const route = withRoute ? preloads.routes[pathname] : undefined;
  const language = pageLanguage(req);
  const version = preloads.localesVersion ? `?v=${encodeURIComponent(preloads.localesVersion)}` : '';
  const links: string[] = [];
  // crossorigin as on the <link rel=stylesheet crossorigin> Vite adds when the chunk loads, or the
  // browser fetches the file a second time.
  for (const href of route?.styles ?? []) links.push(`<${href}>; rel=preload; as=style; crossorigin`);
  for (const href of route?.modules ?? []) links.push(`<${href}>; rel=modulepreload`);
  for (const ns of [...preloads.namespaces, ...(route?.namespaces ?? [])])
    links.push(`<${LOCALES}/${language}/${ns}.json${version}>; rel=preload; as=fetch; crossorigin`);
  return links;
}

/** The build's files by their path under `distDir` ('assets/app-1a2b.js'), dot names and what is under them left out. */
function builtFiles(distDir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(distDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (!rel.split('/').some((segment) => segment.startsWith('.'))) files.add(rel);
  }
  return files;
}

export async function registerSpa(app: FastifyInstance, distDir: string, parts: readonly PagePart[] = []): Promise<void> {
  app.get('/', redirectToBase);
  app.get('/lms', redirectToBase);

  const built = fs.existsSync(path.join(distDir, 'index.html'));
  await app.register(
    async (scope) => {
      if (!built) {
        const notBuilt = (_req: FastifyRequest, reply: FastifyReply) =>
          reply
            .code(503)
            .header('cache-control', 'no-store')
            .header('retry-after', '30')
            .type('text/plain; charset=utf-8')
            .send('The web client is not built yet: run `npm run build`, then restart the server.\n');
        scope.get('/', { prefixTrailingSlash: 'slash' }, notBuilt);
        scope.get('/*', notBuilt);
        return;
      }
      const preloads = readRoutePreloads(distDir);
      /** Hashed assets, and the texts asked for with the version of this build, never change. */
      const immutable = (rel: string, reply: FastifyReply) =>
        rel.startsWith('assets/') ||
        (rel.startsWith('locales/') &&
          preloads?.localesVersion != null &&
          (reply.request.query as Record<string, unknown> | undefined)?.v === preloads.localesVersion);
      await scope.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        // Files are sent by the route below, which knows the build's files by name.
        serve: false,
        index: false,
        cacheControl: false,
        // The build writes .br and .gz twins of text files (scripts/build/precompress.ts).
        preCompressed: true,
        // Build bookkeeping (.build-stamp, .vite/) is not for the browser.
        dotfiles: 'ignore',
        setHeaders: (reply, filePath) => {
          const rel = path.relative(distDir, filePath).split(path.sep).join('/');
          void reply.header('cache-control', immutable(rel, reply) ? IMMUTABLE : 'no-cache');
        },
      });
      // A file of the build, spelled exactly as on disk, or nothing (a deep link, or a 404). The names
      // are listed once here, as index.html is read once: the plugin's own wildcard route read the
      // directories on every request to check a name's spelling (two directory listings per file
      // sent, the whole of assets/ among them).
      const files = builtFiles(distDir);
      scope.get<{ Params: { '*': string } }>('/*', (req, reply) => (files.has(req.params['*']) ? reply.sendFile(req.params['*']) : reply.callNotFound()));
      const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
      const routeParts = (pathname: string): PagePart[] => {
        const own = parts.filter((p) => p.routes !== 'with-data' && p.routes.includes(pathname));
        // The signed-in parts of every page with data (the user) join a page with signed-in data only.
        const signedIn = own.some((p) => !p.public);
        return own.length === 0 ? [] : [...(signedIn ? parts.filter((p) => p.routes === 'with-data') : []), ...own];
      };
      /**
       * index.html with the page's data; null when the route has none. A signed-in part needs the
       * caller's session: without one, a page with no public part has no data either.
       */
      const withData = async (req: FastifyRequest): Promise<string | null> => {
        const wanted = routeParts(clientPath(req));
        if (wanted.length === 0) return null;
        let auth: AuthInfo | null = null;
        if (wanted.some((p) => !p.public)) {
          await app.identify(req);
          auth = req.auth ?? null;
        }
        const loaded = wanted.filter((p) => p.public || auth !== null);
        if (loaded.length === 0) return null;
        const lang = pageLanguage(req);
        const data: Record<string, unknown> = { lang };
        const values = await Promise.all(
          loaded.map((p) => {
            if (p.public) return p.load(lang);
            const value = p.load(auth as AuthInfo, lang);
            return p.optional ? value.catch((err: unknown) => void req.log.warn({ err, part: p.key }, 'page part left out')) : value;
          }),
        );
        loaded.forEach((p, i) => values[i] !== undefined && (data[p.key] = values[i]));
        const block = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForHtml(data)}</script>`;
        let page = indexHtml;
        for (const [i, p] of loaded.entries()) {
          const text = p.public ? p.splashText?.(values[i]) : null;
          if (text) page = withSplashText(page, text);
        }
        page = withThemeChoice(page, req.cookies?.[THEME_COOKIE]);
        const at = page.lastIndexOf('</body>');
        return at < 0 ? page + block : page.slice(0, at) + block + page.slice(at);
      };
      const writeIndex = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
        // Without its data the page still works: the client then makes the calls itself.
        const html = await withData(req).catch((err: unknown) => {
          req.log.warn({ err }, 'page data not embedded');
          return null;
        });
        // A route with data is a signed-in screen: its code is preloaded only for a signed-in caller.
        if (preloads) void reply.header('link', preloadLinks(preloads, req, html !== null || routeParts(clientPath(req)).length === 0).join(', '));
        if (html === null) return void reply.sendFile('index.html');
        void reply.header('cache-control', 'private, no-store').header('vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
        if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return void reply.send(html);
        void reply.header('content-encoding', 'gzip').send(await gzip(html));
      };
      // The reply itself is what the handler returns (Fastify waits for it once), not a promise that
      // resolves to it: each wait on a reply adds two 'close' listeners to the response until it ends.
      // Sending the file waits on it twice more inside @fastify/static, which with the stream's own
      // listeners and the lifecycle's makes 11 on one response: bounded and gone when it ends, so the
      // limit is raised for this response instead of Node warning of a leak on every page load.
      const sendIndex = (req: FastifyRequest, reply: FastifyReply) => {
        reply.raw.setMaxListeners(16);
        writeIndex(req, reply).catch((err: unknown) => reply.send(err));
        return reply;
      };
      scope.get('/', { prefixTrailingSlash: 'slash' }, sendIndex);
      scope.setNotFoundHandler((req, reply) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && isClientRoute(req.url)) return sendIndex(req, reply);
        else void sendFailure(req, reply, notFound());
      });
    },
    { prefix: '/lms' },
  );
}
