/**
 * Security headers on every reply (@fastify/helmet): a strict Content-Security-Policy, nosniff,
 * Referrer-Policy strict-origin-when-cross-origin, frame denial; HSTS only on HTTPS requests
 * (behind a proxy that says so, with TRUST_PROXY).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  // 'wasm-unsafe-eval' lets the QR scanner compile its WebAssembly decoder (served from /lms/assets);
  // it allows no JavaScript eval.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}
