/**
 * The API's description (plugins/api-docs.ts): a valid OpenAPI 3.1 document, served without a session,
 * that names every /api route the app registers with its method, its body and its replies, the
 * session each needs; and its browsable page with the page's files from the portal itself.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { appWithApiRoutes, type ApiRoute } from '../test/api-routes';
import type { TestDatabase } from '../test/helpers';
import { API_DOCS_PREFIX, areaOfPath } from './api-docs';

interface Operation {
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let db: TestDatabase;
let app: App;
let routes: ApiRoute[];
let document: Document;

beforeAll(async () => {
  ({ db, app, routes } = await appWithApiRoutes());
  const res = await app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

/** An OpenAPI path for a Fastify one: `:id` becomes `{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the API description', () => {
  it('is a valid OpenAPI 3.1 document, served without a session', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every /api route with its method, grouped by its area; nothing else', () => {
    const api = routes.filter((r) => !r.url.startsWith(API_DOCS_PREFIX));
    expect(api.length).toBeGreaterThan(150);
    const missing = api.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const described = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(described.length).toBe(api.length);
    for (const [path, ops] of Object.entries(document.paths)) for (const op of Object.values(ops)) expect(op.tags, path).toEqual([areaOfPath(path)]);
  });

  it('gives each call its body and its replies, and says which calls need no session', () => {
    const free = document.paths['/api/rooms/free.json']!.post!;
    expect(Object.keys(free.requestBody!.content)).toContain('application/json');
    expect(Object.keys(free.responses)).toContain('200');
    expect(free.security).toBeUndefined();
    const publicRoutes = routes.filter((r) => r.isPublic && !r.url.startsWith(API_DOCS_PREFIX));
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const r of publicRoutes) expect(document.paths[openApiPath(r.url)]![r.method.toLowerCase()]!.security, r.url).toEqual([]);
    for (const r of routes.filter((x) => !x.isPublic)) expect(document.paths[openApiPath(r.url)]![r.method.toLowerCase()]!.security, r.url).toBeUndefined();
  });

  it('has a browsable page whose files the portal serves itself', async () => {
    const page = await app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, 'no script from another site').not.toMatch(/^(https?:)?\/\//);
      const file = await app.inject({ method: 'GET', url: new URL(src, `http://portal${API_DOCS_PREFIX}/`).pathname });
      expect(file.statusCode, src).toBe(200);
    }
  });
});
