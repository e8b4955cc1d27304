/**
 * The built single-page app (vite build → dist/, base /lms/): `/` and `/lms` redirect to `/lms/`;
 * hashed files under /lms/assets/ are cached for a year, everything else (index.html, locales,
 * logo) is revalidated; any other GET /lms/<route> (a deep link) gets index.html. Text files are sent
 * as the Brotli or gzip twin the build wrote beside them (FILE.br, FILE.gz) when the browser accepts
 * it, with `Vary: Accept-Encoding`; nothing is compressed per request. Without a build
 * the /lms/ pages answer 503 saying to run `npm run build`. Paths under /api never reach here.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './envelope';
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
      await scope.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        index: false,
        cacheControl: false,
        // The build writes .br and .gz twins of text files (scripts/build/precompress.ts).
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const rel = path.relative(distDir, filePath).split(path.sep).join('/');
          void reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
        },
      });
      const sendIndex = (_req: FastifyRequest, reply: FastifyReply) => reply.sendFile('index.html');
      scope.get('/', { prefixTrailingSlash: 'slash' }, sendIndex);
      scope.setNotFoundHandler((req, reply) => {
        if ((req.method === 'GET' || req.method === 'HEAD') && isClientRoute(req.url)) void sendIndex(req, reply);
        else void sendFailure(req, reply, notFound());
      });
    },
    { prefix: '/lms' },
  );
}
