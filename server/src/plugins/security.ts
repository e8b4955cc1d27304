/**
 * Security headers on every reply (@fastify/helmet's): a strict Content-Security-Policy, nosniff,
 * Referrer-Policy strict-origin-when-cross-origin, frame denial; HSTS only on HTTPS requests
 * (behind a proxy that says so, with TRUST_PROXY). None of them depends on the request, so they are
 * worked out once at start (by helmet itself, on a throwaway instance) and then only copied onto
 * each reply, instead of helmet parsing its options again for every request.
 */
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

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
} as const;

/** The headers helmet sets with HELMET_OPTIONS, in its order (asked of helmet once). */
export async function helmetHeaders(): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  const headers: [string, string][] = [];
  probe.get('/', (_req, reply) => {
    for (const name of reply.raw.getHeaderNames()) headers.push([name, String(reply.raw.getHeader(name))]);
    return reply.send('');
  });
  await probe.inject({ url: '/' });
  await probe.close();
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    // Set on the raw reply as helmet does, so the replies keep their headers in the same order.
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i][0], headers[i][1]);
    if (req.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}
