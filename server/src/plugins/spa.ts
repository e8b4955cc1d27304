/**
 * The built single-page app (vite build → dist/, base /lms/): `/` and `/lms` redirect to `/lms/`;
 * hashed files under /lms/assets/, and the texts under /lms/locales/ when asked for with `?v=` the
 * version of this build's texts (as the client does), are cached for a year; everything else
 * (index.html, logo, unversioned texts) is revalidated; any other GET /lms/<route> (a deep link)
 * gets index.html. Text files are sent as the Brotli or gzip twin the build wrote beside them
 * (FILE.br, FILE.gz) when the browser accepts it, with `Vary: Accept-Encoding`; nothing is
 * compressed per request. Pages come with `Link` preload headers for what their first view needs
 * (see preloadLinks). Without a build the /lms/ pages answer 503 saying to run `npm run build`.
 * Paths under /api never reach here.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contract/common';
import { notFound } from '../app-error';
import { sendFailure } from './errors';

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
export function preloadLinks(preloads: RoutePreloads, req: FastifyRequest): string[] {
  const pathname = req.url.split('?')[0].replace(/^\/lms/, '').replace(/(.)\/+$/, '$1') || '/';
  const route = preloads.routes[pathname];
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

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
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
        (rel.startsWith('locales/') && preloads?.localesVersion != null && (reply.request.query as Record<string, unknown> | undefined)?.v === preloads.localesVersion);
      await scope.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
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
      const sendIndex = (req: FastifyRequest, reply: FastifyReply) => {
        if (preloads) void reply.header('link', preloadLinks(preloads, req).join(', '));
        return reply.sendFile('index.html');
      };
      scope.get('/', { prefixTrailingSlash: 'slash' }, sendIndex);
      scope.setNotFoundHandler((req, reply) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && isClientRoute(req.url)) void sendIndex(req, reply);
        else void sendFailure(req, reply, notFound());
      });
    },
    { prefix: '/lms' },
  );
}
