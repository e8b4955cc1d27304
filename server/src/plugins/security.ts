/**
 * Security headers on every reply (@fastify/helmet's): a strict Content-Security-Policy, nosniff,
 * Referrer-Policy strict-origin-when-cross-origin, frame denial; HSTS only on HTTPS requests
 * (behind a proxy that says so, with TRUST_PROXY). None of them depends on the request, so they are
 * worked out once at start (by helmet itself, on a throwaway instance) and then only copied onto
 * each reply, instead of helmet parsing its options again for every request.
 *
 * And no shared or browser cache keeps a private reply: every reply of a signed-in route (JSON,
 * downloads and pages alike) is `private, no-store`, and every other /api reply (the sign-in reply,
 * a document's verification page, a failure) is `no-store` unless its route chose otherwise.
 */
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  // 'wasm-unsafe-eval' lets the QR scanner compile its WebAssembly decoder (served from /lms/assets);
  // it allows no JavaScript eval.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  // The installable app: its service worker (/lms/sw.js) and web manifest come from the portal itself.
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The CSP sources (`'sha256-…'`) of the scripts written inside a page (the built index.html's theme
 * script, scripts/build/inline-first-paint.ts): exactly those may run inline, no other. JSON data
 * blocks are not scripts that run and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    if (/\bsrc=/i.test(attributes) || /\btype="application\/json"/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** What a signed-in route's reply may be kept as: nowhere. */
const PRIVATE = 'private, no-store';

const helmetOptions = (scriptHashes: readonly string[]) =>
  ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP_DIRECTIVES, 'script-src': [...CSP_DIRECTIVES['script-src'], ...scriptHashes] },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  }) as const;

/** The headers helmet sets with our options, in its order (asked of helmet once). */
export async function helmetHeaders(scriptHashes: readonly string[] = []): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(scriptHashes));
  const headers: [string, string][] = [];
  probe.get('/', (_req, reply) => {
    for (const name of reply.raw.getHeaderNames()) headers.push([name, String(reply.raw.getHeader(name))]);
    return reply.send('');
  });
  await probe.inject({ url: '/' });
  await probe.close();
  return headers;
}

/** `scriptHashes`: the inline scripts the served page holds (inlineScriptHashes). */
export async function registerSecurityHeaders(app: FastifyInstance, scriptHashes: readonly string[] = []): Promise<void> {
  const headers = await helmetHeaders(scriptHashes);
  app.addHook('onRequest', (req, reply, done) => {
    // Set on the raw reply as helmet does, so the replies keep their headers in the same order.
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i][0], headers[i][1]);
    if (req.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    // The route a request reached, not its raw spelling; an unrouted /api path is held to the same rule.
    const route = req.routeOptions.url;
    const api = (route ?? req.url).startsWith('/api/');
    const signedIn = api && route !== undefined && !(req.routeOptions.config as { public?: boolean }).public;
    if (signedIn) void reply.header('cache-control', PRIVATE);
    else if (api && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
