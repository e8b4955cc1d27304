/**
 * The API's description, OpenAPI 3.1, generated from the routes' own schemas (the TypeBox contract in
 * contract/): every /api route with its body, its replies (the envelope of each status) and whether it
 * needs a session, grouped by area. Served at /api/docs/json (and /api/docs/yaml), with a browsable page
 * at /api/docs (Swagger UI, its files served by the portal itself). Both are public: they describe
 * what every caller of the portal can already see (docs/api.md). Registered before the areas' routes,
 * which it collects as they are added.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import { Failure } from '@contract/common';
import type { App } from '../app';
import { SESSION_COOKIE } from './session';

/** Where the description and its page are served. */
export const API_DOCS_PREFIX = '/api/docs';

/** The area of an API path: its first segment after /api/ (`/api/rooms/free.json` → `rooms`). */
export const areaOfPath = (url: string): string => url.split('/')[2] ?? 'api';

/** Is the route part of the described API: an /api route other than the description's own? */
const described = (url: string) => url.startsWith('/api/') && !url.startsWith(`${API_DOCS_PREFIX}/`) && url !== API_DOCS_PREFIX;

/** onRoute hook, added before any other: the description's own routes (the page, its files, the JSON and YAML) need no session. */
export function docsRoutesArePublic(route: RouteOptions): void {
  if (route.url === API_DOCS_PREFIX || route.url.startsWith(`${API_DOCS_PREFIX}/`)) route.config = { ...route.config, public: true };
}

type Json = Record<string, unknown>;
/** The failure envelope as the route's schema gives it: result `true`, data null. */
const isFailure = (schema: unknown): boolean => {
  const properties = (schema as { properties?: { result?: { enum?: unknown[] }; data?: { type?: string } } } | null)?.properties;
  return properties?.result?.enum?.[0] === true && properties.data?.type === 'null';
};
const FAILURE_REF = { $ref: '#/components/schemas/Failure' };
const DESCRIPTIONS: Record<string, string> = {
  '200': 'Done: the envelope {result: 0, error: null, data}.',
  '4XX': 'Refused: the envelope {result: true, error: {code, message, params}, data: null}; the codes are in components.schemas.Failure.',
  '5XX': 'The server failed: the same envelope as a refusal.',
};

/**
 * The document with every route's failure envelope (the same schema on every route, with every code)
 * named once as components.schemas.Failure, and each reply described in words.
 */
function compacted(document: Json): Json {
  const paths = (document.paths ?? {}) as Record<
    string,
    Record<string, { responses?: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }> }>
  >;
  for (const operations of Object.values(paths))
    for (const operation of Object.values(operations))
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (DESCRIPTIONS[status]) response.description = DESCRIPTIONS[status];
        for (const media of Object.values(response.content ?? {})) if (isFailure(media.schema)) media.schema = FAILURE_REF;
      }
  const components = (document.components ?? {}) as Json;
  return { ...document, components: { ...components, schemas: { ...((components.schemas as Json | undefined) ?? {}), Failure } } };
}

export async function registerApiDocs(app: App, { version }: { version: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'University portal API',
        version,
        description: 'Every call answers in the envelope {result, error, data}; the conventions are in docs/api.md.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      security: [{ session: [] }],
    },
    transformObject: (documentObject) => compacted(('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Json),
    transform: ({ schema, url, route }) => {
      const own = (schema ?? {}) as Record<string, unknown>;
      if (!described(url) || route.method === 'HEAD') return { schema: { ...own, hide: true }, url };
      const isPublic = (route.config as { public?: boolean } | undefined)?.public === true;
      return { schema: { ...own, tags: [areaOfPath(url)], ...(isPublic ? { security: [] } : {}) }, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, uiConfig: { docExpansion: 'none', deepLinking: true } });
}
