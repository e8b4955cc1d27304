/**
 * The two spellings of a call (docs/api.md#conventions): SPEC names some calls with the `.json`
 * suffix and some without (every call under /api/misc/ has it; body-less calls such as
 * `POST /api/discipline/list` are named without it). A request whose path is not a route but whose
 * other spelling is, for the same method, is routed to that route: the router (and so every check
 * that works on the route reached: sessions, origin, logging) sees one call under either spelling.
 *
 * Only literal routes take part: a path that is a route of its own, or that matches a parametric
 * route, is left as it is.
 */
import type { RouteOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';

const SUFFIX = '.json';

export interface RouteSpellings {
  /** For Fastify's `rewriteUrl`: the URL the router is given. */
  rewriteUrl(req: IncomingMessage): string;
  /** For an `onRoute` hook: notes each route as it is added. */
  onRoute(route: RouteOptions): void;
}

export function routeSpellings(): RouteSpellings {
  const routes = new Set<string>();
  const known = (method: string, path: string) => routes.has(`${method} ${path}`);
  return {
    onRoute(route) {
      if (route.url.includes(':') || route.url.includes('*')) return;
      for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
    },
    rewriteUrl(req) {
      const url = req.url ?? '/';
      const method = req.method ?? 'GET';
      if (!url.startsWith('/api/')) return url;
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      if (known(method, path)) return url;
      const other = path.endsWith(SUFFIX) ? path.slice(0, -SUFFIX.length) : `${path}${SUFFIX}`;
      return known(method, other) ? `${other}${queryAt === -1 ? '' : url.slice(queryAt)}` : url;
    },
  };
}
