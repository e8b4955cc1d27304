/**
 * Schema fuzzing (docs/security.md#input) over the whole API. Every JSON route the app registers gets
 * bodies (or query strings) generated from its own contract schema, bent at the edges: huge and
 * negative numbers, odd Unicode, wrong types, missing and extra fields (Z5). The multipart routes get
 * forms generated from their field schemas with odd files; and every route gets raw malformed
 * requests: bad URLs, wrong methods and content types, bad boundaries, truncated bodies. Whatever
 * comes in, no reply may be a 5xx: bad input is a 4xx with the failure envelope. The last test
 * prints how many requests were sent, to how many routes, and how many 5xx came back (none).
 */
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { createTestDatabase, multipartPayload, session, testConfig, usePostgres, type TestDatabase } from './test/helpers';
import { type JsonSchema, type Caller, MULTIPART, objectOf, formOf, rawRequest } from './test/fuzz-inputs';
import { rawExchange, rawRequest as rawBytes } from './test/raw-http';

/**
 * Routes that end the caller's session or belong to the browser flows, and event streams (they stay
 * open while signed in); they are fuzzed anonymously only.
 */
const SESSION_ENDING = new Set(['/api/auth/logout.json', '/api/chat/events.json']);
/**
 * The same generators run on both databases, on PostgreSQL with other seeds and half the runs: most
 * bent requests are refused before any query (schema, parser, rights), and the database is the same
 * engine in both (PGlite is PostgreSQL), so the second run adds new inputs, not the same ones again.
 * The counts keep every route's every caller covered at a cost a CI run can carry (about 15,000
 * requests on PGlite); `FUZZ_SCALE=5` (or more) sends that many times as many, for a deep run by hand.
 */
const SHARE = usePostgres ? 2 : 1;
const SEED_SHIFT = usePostgres ? 1000 : 0;
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE) || 1);
const runs = (n: number) => Math.ceil((n * SCALE) / SHARE);
/** Generated bodies (or query strings) per JSON route and caller. */
const RUNS = runs(8);
/** Generated forms per multipart route and caller. */
const MULTIPART_RUNS = runs(80);
/** Raw malformed requests per route and caller. */
const RAW_RUNS = runs(10);
/** What one run sends at the least (the figure printed at the end). */
const MIN_REQUESTS = Math.floor(10_000 / SHARE);

/** What the fuzzing sent, for the figure printed at the end. */
const figure = { requests: 0, fiveXX: 0, routes: new Set<string>(), slowest: { ms: 0, what: '' } };

let db: TestDatabase;
let app: App;
const routes: Array<{ method: string; url: string; body?: JsonSchema; querystring?: JsonSchema }> = [];
let callers: Array<Caller | null>;
/** Every path the app serves (the SPA's wildcard ones included), for the raw requests. */
const allRoutes = new Set<string>();

function count(route: { method: string; url: string }, status: number): void {
  figure.requests++;
  figure.routes.add(`${route.method} ${route.url}`);
  if (status >= 500) figure.fiveXX++;
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp({
    // A body that stalls for a second is answered (the stalled-body case below). Configured as a
    // deployment is (a public address, so documents are issued; the sandbox card provider, so its
    // routes are there to be fuzzed), not refusing whole areas for want of a setting.
    config: testConfig({
      PUBLIC_URL: 'https://lms.example.edu',
      PAYMENT_PROVIDER: 'sandbox',
      LOGIN_THROTTLE_PER_ADDRESS: '1000',
      LOGIN_THROTTLE_PER_ACCOUNT: '1000',
      LOGIN_THROTTLE_PER_HOUR: '10000',
      BODY_IDLE_TIMEOUT_MS: '1000',
    }),
    database: db.database,
    distDir: '/nonexistent',
    onRoute: (route: RouteOptions) => {
      const url = route.url;
      if (!url.startsWith('/api/') && !url.endsWith('.json')) return;
      allRoutes.add(url);
      if (url.includes(':') || url.includes('*')) return;
      const schema = (route.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema };
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({ method, url, body: schema.body, querystring: schema.querystring });
      }
    },
  });
  await app.ready();
  const teacher = await session(app, 'teacher');
  const student = await session(app, 'student');
  callers = [
    null,
    { headers: teacher.headers, uid: teacher.user.uid, role: teacher.user.role },
    { headers: student.headers, uid: student.user.uid, role: student.user.role },
  ];
});
afterAll(async () => {
  await app.close();
  await db.close();
  console.log(
    `I2 schema fuzzing: ${figure.requests} generated requests, ${figure.routes.size} method+route pairs (${allRoutes.size} paths), ${figure.fiveXX} replies 5xx; slowest raw request ${figure.slowest.ms} ms: ${figure.slowest.what}`,
  );
  // The figure adds up every test of the file, so it is checked once they have all run (whatever
  // their order), not in a test of its own: at least MIN_REQUESTS requests across every route, none 5xx.
  expect(figure.fiveXX).toBe(0);
  expect(figure.requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
  for (const url of allRoutes)
    expect(
      [...figure.routes].some((r) => r.endsWith(` ${url.replace(/\*$/, 'x').replace(/:(\w+)/g, '1')}`) || r.endsWith(` ${url}`)),
      url,
    ).toBe(true);
});

describe('I2: schema fuzzing', () => {
  it('finds the API routes with their contract schemas', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.some((r) => r.url === '/api/auth/orize.json' && r.body)).toBe(true);
  });

  it('no generated request gets a 5xx, signed in or not', async () => {
    for (const route of routes) {
      for (const caller of callers) {
        if (caller && SESSION_ENDING.has(route.url)) continue;
        const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
        const input = hasBody
          ? route.body
            ? objectOf(route.body, caller)
            : fc.anything({ maxDepth: 2 })
          : route.querystring
            ? objectOf(route.querystring, caller)
            : fc.constant({});
        await fc.assert(
          fc.asyncProperty(input, async (value) => {
            const res = hasBody
              ? await app.inject({
                  method: route.method as 'POST',
                  url: route.url,
                  payload: JSON.stringify(value),
                  headers: { ...caller?.headers, 'content-type': 'application/json' },
                })
              : await app.inject({
                  method: route.method as 'GET',
                  url: route.url,
                  query: Object.fromEntries(
                    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
                  ),
                  headers: caller?.headers,
                });
            count(route, res.statusCode);
            if (res.statusCode >= 500)
              throw new Error(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 300)} for ${JSON.stringify(value).slice(0, 300)}`);
            // Every API failure keeps the envelope.
            if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) expect(res.json().result).toBe(true);
          }),
          { numRuns: RUNS, seed: 20261123 + SEED_SHIFT },
        );
      }
    }
  }, 300_000);
});

describe('I2: multipart routes', () => {
  it('no generated form gets a 5xx, signed in or not', async () => {
    for (const [url, schema] of Object.entries(MULTIPART)) {
      expect(routes.some((r) => r.url === url && r.method === 'POST')).toBe(true);
      for (const caller of callers) {
        await fc.assert(
          fc.asyncProperty(formOf(schema, caller), async (parts) => {
            const { payload, contentType } = multipartPayload(parts);
            const res = await app.inject({ method: 'POST', url, payload, headers: { ...caller?.headers, 'content-type': contentType } });
            count({ method: 'POST', url }, res.statusCode);
            if (res.statusCode >= 500) throw new Error(`POST ${url} → ${res.statusCode} ${res.body.slice(0, 300)} for ${JSON.stringify(parts).slice(0, 400)}`);
            if (res.statusCode >= 400) expect(res.json().result).toBe(true);
          }),
          { numRuns: MULTIPART_RUNS, seed: 20261124 + SEED_SHIFT },
        );
      }
    }
  }, 300_000);
});

describe('I2: raw malformed requests', () => {
  it('no bad URL, method, content type, boundary or truncated body gets a 5xx, on any route', async () => {
    const paths = [...allRoutes].map((u) => u.replace(/\*$/, 'x').replace(/:(\w+)/g, '1'));
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      for (const caller of callers) {
        // A signed-in GET of the event stream stays open, and logout ends the caller's session.
        if (caller && SESSION_ENDING.has(path)) continue;
        await fc.assert(
          fc.asyncProperty(rawRequest, async (r) => {
            const headers: Record<string, string> = { ...caller?.headers };
            if (r.contentType !== undefined) headers['content-type'] = r.contentType;
            const started = Date.now();
            const what = `${r.method} ${(path + r.tail).slice(0, 80)} (${r.contentType}) body ${JSON.stringify(r.body?.toString('latin1').slice(0, 300))}`;
            // A request that never gets a reply is a failure too (it would hold a connection forever).
            let timer: NodeJS.Timeout | undefined;
            const res = await Promise.race([
              app.inject({ method: r.method, url: path + r.tail, headers, ...(r.body !== undefined ? { payload: r.body } : {}) }),
              new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no reply within 20 s: ${what}`)), 20_000))),
            ]).finally(() => clearTimeout(timer));
            const ms = Date.now() - started;
            if (ms > figure.slowest.ms)
              figure.slowest = { ms, what: `${r.method} ${(path + r.tail).slice(0, 80)} (${r.contentType}, ${r.body?.length ?? 0} bytes) → ${res.statusCode}` };
            count({ method: 'RAW', url: path }, res.statusCode);
            if (res.statusCode >= 500)
              throw new Error(
                `${r.method} ${path + r.tail} (${r.contentType}) → ${res.statusCode} ${res.body.slice(0, 300)} body ${r.body?.toString('latin1').slice(0, 200)}`,
              );
            if (res.statusCode >= 400 && path.startsWith('/api/') && r.method !== 'HEAD') expect(res.json().result).toBe(true);
          }),
          { numRuns: RAW_RUNS, seed: 20261125 + SEED_SHIFT },
        );
      }
    }
  }, 600_000);
});

/** The app on a real socket (once for the file): its port. */
async function listening(): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

describe('I2, I3, I4: other spellings of every path and requests the HTTP parser refuses, on a real socket', () => {
  // Routing and the HTTP parser answer these before any query: the same on both databases, so run on one.
  it.skipIf(usePostgres)(
    'no spelling of a route (percent-encoded letters, doubled slashes, dot segments, absolute form) and no parser-level error gets a 5xx; every reply is the envelope',
    async () => {
      const port = await listening();
      const host = `127.0.0.1:${port}`;
      const paths = [...allRoutes].filter((u) => u.startsWith('/api/')).map((u) => u.replace(/\*$/, 'x').replace(/:(\w+)/g, '1'));
      const spellings = (p: string) => [
        p.replace('/api/', '/%61pi/'),
        p.replace(/\/([a-z])/g, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
        `/${p}`,
        p.replace('/api/', '/api//'),
        `/x/..${p}`,
        p.replace('/api/', '/api/./'),
        `http://${host}${p}`,
      ];
      let sent = 0;
      for (const path of paths) {
        if (SESSION_ENDING.has(path)) continue;
        for (const target of spellings(path)) {
          for (const method of ['GET', 'POST'] as const) {
            const headers = { host, origin: `http://127.0.0.1:${port + 1}`, 'content-type': 'application/json', connection: 'close' };
            const [res] = await rawExchange(port, rawBytes(method, target, headers, method === 'POST' ? '{}' : ''));
            sent++;
            expect(res, `${method} ${target}`).toBeDefined();
            expect(res.status, `${method} ${target}`).toBeLessThan(500);
            // A cross-site write never reaches a route, however the path is spelt.
            if (method === 'POST' && res.status < 400) throw new Error(`${method} ${target} → ${res.status}`);
            if (res.status >= 400 && res.headers['content-type']?.startsWith('application/json'))
              expect(JSON.parse(res.body).result, `${method} ${target}`).toBe(true);
          }
        }
      }
      const parserErrors = [
        `GET /api/health?q=${'a'.repeat(70 * 1024)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        `GET /api/he\x7flth HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-A: \x00\r\n\r\n`,
        `POST /api/news/insert.json HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
        `GET /api/health HTTP/1.1\r\nHost: ${host}\r\n${'X-Big: b\r\n'.repeat(5000)}\r\n`,
        `POST /api/health HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
      ];
      for (const request of parserErrors) {
        const [res] = await rawExchange(port, Buffer.from(request, 'latin1'));
        sent++;
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(JSON.parse(res.body)).toMatchObject({ result: true, data: null });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toBeTruthy();
      }
      expect(sent).toBeGreaterThan(paths.length * 10);
    },
    600_000,
  );
});

describe('I2, R5: a body that stalls, on a real socket', () => {
  it('a request that declares a body, sends part of it and stalls gets 408 in the envelope and its connection closed, within a bound; meanwhile others are answered, and nothing stays held', async () => {
    const port = await listening();
    const host = `127.0.0.1:${port}`;
    const teacher = callers[1]!.headers;
    const form = multipartPayload([
      { name: 'title', content: 'Stalled' },
      { name: 'files', filename: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200_000, 0x20)]), type: 'application/pdf' },
    ]);
    const partial = (method: string, target: string, headers: Record<string, string>, body: Buffer, sent: number) => {
      const whole = rawBytes(method, target, { host, ...headers }, body);
      return whole.subarray(0, whole.length - body.length + sent);
    };
    const stalled = [
      // A JSON body: 20 of 2,000 declared bytes.
      {
        what: 'JSON',
        bytes: partial('POST', '/api/chat/insert.json', { 'content-type': 'application/json', ...teacher }, Buffer.from(`{"text":"${'x'.repeat(1990)}"}`), 20),
      },
      // An upload: the form's first part and the start of its file, of 200 kB declared.
      { what: 'upload', bytes: partial('POST', '/api/news/insert.json', { 'content-type': form.contentType, ...teacher }, form.payload, 2_000) },
      // A chunked body: one chunk, then nothing.
      {
        what: 'chunked',
        bytes: Buffer.from(
          `POST /api/auth/orize.json HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"log\r\n`,
          'latin1',
        ),
      },
    ];
    const started = performance.now();
    const answers = stalled.map(({ bytes }) => rawExchange(port, bytes).then((responses) => ({ responses, ms: performance.now() - started })));
    // While they stall, the server answers others (no worker is pinned by them).
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    for (const [i, answer] of answers.entries()) {
      const { responses, ms } = await answer;
      const what = stalled[i].what;
      figure.requests++;
      figure.routes.add(`POST ${what === 'upload' ? '/api/news/insert.json' : what === 'JSON' ? '/api/chat/insert.json' : '/api/auth/orize.json'}`);
      // Answered (not left to the client's patience): 408 in the envelope with the security headers.
      expect(responses, what).toHaveLength(1);
      const [res] = responses;
      if (res.status >= 500) figure.fiveXX++;
      expect(res.status, what).toBe(408);
      expect(res.headers.connection, what).toBe('close');
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(JSON.parse(res.body), what).toMatchObject({ result: true, data: null });
      // After the idle second, with room for a loaded machine: not Node's 5 minutes.
      expect(ms, what).toBeLessThan(15_000);
    }
    // Nothing of theirs is still in flight, and on PostgreSQL no pool connection is still taken.
    await expect.poll(() => app.inFlight).toBe(0);
    const pool = db.database.pool;
    if (pool) await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0);
  }, 120_000);
});
