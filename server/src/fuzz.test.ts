/**
 * Schema fuzzing (docs/security.md#input) over the whole API. Every JSON route the app registers gets
 * bodies (or query strings) generated from its own contract schema, bent at the edges: huge and
 * negative numbers, odd Unicode, wrong types, missing and extra fields (Z5). Whatever comes in,
 * no reply may be a 5xx: bad input is a 4xx with the failure envelope.
 */
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { createTestDatabase, session, testConfig, type TestDatabase } from './test/helpers';

interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

interface Caller {
  headers: Record<string, string>;
  uid: number;
  role: number;
}

/**
 * Routes that end the caller's session or belong to the browser flows, and event streams (they stay
 * open while signed in); they are fuzzed anonymously only.
 */
const SESSION_ENDING = new Set(['/api/auth/logout.json', '/api/chat/events.json']);
const RUNS = 25;

const oddStrings = fc.constantFrom('', ' ', '-1', '0', '1e309', 'null', '<script>alert(1)</script>', "'; drop table users; --", '\u0000', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'x'.repeat(5000), '../../etc/passwd', '%00', '2026-13-45');
const oddNumbers = fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1.5, -0.5, 1e308);
const wrongType = fc.oneof(fc.constant(null), fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }), oddStrings, oddNumbers);

/** Values for a schema: mostly of its shape with edge values, sometimes of the wrong type. */
function valueOf(schema: JsonSchema, caller: Caller | null, key?: string): fc.Arbitrary<unknown> {
  if (caller && key && ['uid', 'id_human', 'id_student', 'id_teacher'].includes(key)) return fc.oneof({ weight: 4, arbitrary: fc.constant(caller.uid) }, { weight: 1, arbitrary: oddNumbers });
  if (caller && key && ['role', 'id_humanType'].includes(key)) return fc.oneof({ weight: 4, arbitrary: fc.constant(caller.role) }, { weight: 1, arbitrary: fc.constantFrom(0, 1, 2, 3) });
  let shaped: fc.Arbitrary<unknown>;
  if (schema.const !== undefined) shaped = fc.constant(schema.const);
  else if (schema.anyOf) shaped = fc.oneof(...schema.anyOf.map((s) => valueOf(s, caller, key)));
  else {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'integer':
        shaped = fc.oneof(fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 50, 2 ** 31 - 1) }), oddNumbers.filter(Number.isInteger));
        break;
      case 'number':
        shaped = fc.oneof(fc.double({ noNaN: true }), oddNumbers);
        break;
      case 'string':
        shaped = fc.oneof(fc.string({ maxLength: schema.maxLength ?? 40, unit: 'grapheme' }), oddStrings);
        break;
      case 'boolean':
        shaped = fc.boolean();
        break;
      case 'null':
        shaped = fc.constant(null);
        break;
      case 'array':
        shaped = fc.array(valueOf(schema.items ?? {}, caller), { maxLength: 4 });
        break;
      case 'object':
        shaped = objectOf(schema, caller);
        break;
      default:
        shaped = fc.anything({ maxDepth: 2 });
    }
  }
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: wrongType });
}

function objectOf(schema: JsonSchema, caller: Caller | null): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = valueOf(sub, caller, key);
  const required = (schema.required ?? []).filter(() => true);
  const body = fc.record(model, { requiredKeys: required });
  // Z5: fields nobody asked for, some of them tempting.
  const extra = fc.dictionary(fc.constantFrom('role', 'paid', 'grade', 'isAdmin', 'newsPerms', 'userId', '__proto__', 'constructor'), fc.anything({ maxDepth: 1 }), { maxKeys: 3 });
  return fc.tuple(body, extra).map(([b, e]) => ({ ...e, ...b }));
}

let db: TestDatabase;
let app: App;
const routes: Array<{ method: string; url: string; body?: JsonSchema; querystring?: JsonSchema }> = [];
let callers: Array<Caller | null>;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ LOGIN_THROTTLE_PER_ADDRESS: '1000', LOGIN_THROTTLE_PER_ACCOUNT: '1000', LOGIN_THROTTLE_PER_HOUR: '10000' }),
    database: db.database,
    distDir: '/nonexistent',
    onRoute: (route: RouteOptions) => {
      const url = route.url;
      if (!url.startsWith('/api/') && !url.endsWith('.json')) return;
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
        const input = hasBody ? (route.body ? objectOf(route.body, caller) : fc.anything({ maxDepth: 2 })) : route.querystring ? objectOf(route.querystring, caller) : fc.constant({});
        await fc.assert(
          fc.asyncProperty(input, async (value) => {
            const res = hasBody
              ? await app.inject({ method: route.method as 'POST', url: route.url, payload: JSON.stringify(value), headers: { ...caller?.headers, 'content-type': 'application/json' } })
              : await app.inject({
                  method: route.method as 'GET',
                  url: route.url,
                  query: Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
                  headers: caller?.headers,
                });
            if (res.statusCode >= 500) throw new Error(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 300)} for ${JSON.stringify(value).slice(0, 300)}`);
            // Every API failure keeps the envelope.
            if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) expect(res.json().result).toBe(true);
          }),
          { numRuns: RUNS, seed: 20261123 },
        );
      }
    }
  }, 300_000);
});
