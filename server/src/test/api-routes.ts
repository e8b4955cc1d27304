/** The app as the route-wide checks see it: every /api route it registers, public or not. */
import type { RouteOptions } from 'fastify';
import { buildApp, type App } from '../app';
import { createTestDatabase, testConfig, type TestDatabase } from './helpers';

/** A route of the API as the app registers it (one row per method). */
export interface ApiRoute {
  method: string;
  url: string;
  /** Marked `config: { public: true }`: answers without a session. */
  isPublic: boolean;
}

/** A fresh seeded database and the app on it (ready), with every /api route it registered, HEAD left out. */
export async function appWithApiRoutes(env: Record<string, string> = {}): Promise<{ db: TestDatabase; app: App; routes: ApiRoute[] }> {
  const db = await createTestDatabase();
  const routes: ApiRoute[] = [];
  const app = await buildApp({
    config: testConfig(env),
    database: db.database,
    distDir: '/nonexistent',
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, isPublic: Boolean((route.config as { public?: boolean } | undefined)?.public) });
      }
    },
  });
  await app.ready();
  return { db, app, routes };
}
