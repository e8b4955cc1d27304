/**
 * Every /api route needs a session unless it is marked `config: { public: true }`: each route the
 * app registers is called without one, and only the public list may answer anything but 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { appWithApiRoutes, type ApiRoute } from '../test/api-routes';
import type { TestDatabase } from '../test/helpers';
import { API_DOCS_PREFIX } from './api-docs';

/** The routes that answer without a session (docs/security.md#sessions). */
const PUBLIC = [
  'GET /api/health',
  'GET /api/ready',
  'POST /api/auth/orize.json',
  'POST /api/auth/recovery.json',
  'POST /api/auth/updatelogin.json',
  'POST /api/auth/logout.json',
  'GET /api/google/check.json',
  'GET /api/google/auth.json',
  'GET /api/oidc/auth.json',
  'GET /api/schedule/calendar/:secret',
  'GET /api/misc/getstudentqrinfo',
  // Documents' verification pages, opened from a printed QR code by anyone.
  'GET /api/misc/transcript/verify.html',
  'GET /api/gradingsheet/verify.html',
  'GET /api/singlewindow/verify',
  // The sandbox card provider's hosted page (only with PAYMENT_PROVIDER=sandbox) and the provider's signed callback (checked by signature, not session).
  'GET /api/misc/sandbox/pay.html',
  'POST /api/misc/sandbox/pay.html',
  'POST /api/misc/paycallback.json',
  // A QR code scanned signed out: checked and kept for the sign-in that follows (a hold tied to the device).
  'POST /api/qr/scan/hold.json',
];

/** The API's description and its browsable page (plugins/api-docs.ts): every route under /api/docs is public. */
const isDocs = (url: string) => url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`);

let db: TestDatabase;
let app: App;
let routes: ApiRoute[];

beforeAll(async () => {
  ({ db, app, routes } = await appWithApiRoutes({ PAYMENT_PROVIDER: 'sandbox' }));
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('a session is needed on /api unless a route is public', () => {
  it('marks exactly the public list public', () => {
    expect(routes.length).toBeGreaterThan(30);
    const docs = routes.filter((r) => isDocs(r.url));
    expect(docs.map((r) => r.url)).toContain(`${API_DOCS_PREFIX}/json`);
    expect(docs.filter((r) => !r.isPublic)).toEqual([]);
    expect(
      routes
        .filter((r) => r.isPublic && !isDocs(r.url))
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  it('answers 401 UNAUTHORIZED to every other route without a session', async () => {
    const guarded = routes.filter((r) => !r.isPublic);
    expect(guarded.map((r) => r.url)).toContain('/api/chat/events.json');
    for (const r of guarded) {
      const res = await app.inject({ method: r.method as 'GET' | 'POST', url: r.url, payload: r.method === 'POST' ? {} : undefined });
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({ route: `${r.method} ${r.url}`, status: 401 });
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 401 with an unknown session token too', async () => {
    for (const r of routes.filter((x) => !x.isPublic)) {
      const res = await app.inject({ method: r.method as 'GET' | 'POST', url: r.url, headers: { cookie: `lms_sid=${'A'.repeat(43)}` } });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });
});
