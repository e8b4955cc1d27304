/**
 * Cross-site writes (README, Design, "Sessions and security"): a state-changing /api request (POST, PUT, PATCH, DELETE)
 * is refused with 403 CROSS_SITE unless it comes from the portal's own pages. The browser says where
 * a request comes from: `Origin` (sent with every cross-origin request and every POST), else
 * `Sec-Fetch-Site`. The portal's own origin is PUBLIC_URL's, or the origin the request was sent to
 * (its scheme and Host, which a page on another origin cannot choose; `npm run dev` proxies this
 * way). A sibling origin on another port or subdomain is same-site for cookies (SameSite=Lax sends
 * the session) but not the same origin, so it is refused. Requests with neither header (curl,
 * server-to-server calls, tests through app.inject) are not from a browser page and pass.
 *
 * The check applies to what the router routes (the route's pattern), never to the raw URL: the
 * router decodes percent-encoded letters (`/%61pi/`), and an absolute-form target
 * (`POST http://host/api/...`) or another spelling of the path reaches the same route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import { sendFailure } from './errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** scheme://host[:port] of a URL, lower case, default ports dropped; null when it is not one. */
function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The origin the request was addressed to (scheme from the socket or a trusted proxy, and Host). */
function ownOrigin(req: FastifyRequest): string | null {
  const host = req.host;
  return host ? originOf(`${req.protocol}://${host}`) : null;
}

/** True when the request may change state as far as its origin goes. */
export function fromOwnOrigin(req: FastifyRequest, publicOrigin: string | null): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const given = originOf(origin); // 'null' (sandboxed pages, some redirects) is no origin: refused
    return given !== null && (given === publicOrigin || given === ownOrigin(req));
  }
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** True when the request reached an /api route, however its path was spelt (or is addressed to /api/). */
function isApiRoute(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  return (route !== undefined && route.startsWith('/api/')) || req.url.startsWith('/api/');
}

export const crossSite = () => new AppError(403, 'CROSS_SITE');

export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = originOf(publicUrl);
  app.addHook('onRequest', (req, reply, done) => {
    if (WRITE_METHODS.has(req.method) && isApiRoute(req) && !fromOwnOrigin(req, publicOrigin)) {
      // The body is never read: the connection closes after the reply (a form may still be uploading).
      void reply.header('connection', 'close');
      sendFailure(req, reply, crossSite());
      return;
    }
    done();
  });
}
