/**
 * GET /metrics (docs/deployment.md#metrics): who may read it (METRICS_TOKEN, METRICS_ALLOW; anyone
 * else sees an unknown path), and what it reports after the calls a user makes: requests by route
 * and status, reply-cache hits, open event streams, upload bytes, queues, the PostgreSQL pool (on
 * server-pg), and every metric the Grafana dashboard (docs/grafana-dashboard.json) queries.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { BookCategory } from '@contract/library';
import type { App } from '../app';
import { ConfigError, loadConfig } from '../config';
import { appOn, PDF, saveBook, usePostgres } from '../test/helpers';
import { useTestApp } from '../test/fixture';
import { METRICS_PATH } from './metrics';

const TOKEN = 'scrape-token-0123456789';
const fx = useTestApp({ dataDir: 'lms-metrics-' });
const others: App[] = [];
afterAll(async () => {
  for (const app of others) await app.close();
});

/** Another app on the file's database with these settings. */
async function appWith(env: Record<string, string>): Promise<App> {
  const app = await appOn(fx.db, { env });
  others.push(app);
  return app;
}

const scrape = (app: App, options: { from?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ url: METRICS_PATH, remoteAddress: options.from ?? '127.0.0.1', headers: options.headers });

/** The metrics' text as the default scraper (this machine) reads it. */
async function metricsOf(app: App = fx.app): Promise<string> {
  const res = await scrape(app);
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one sample (`name{labels}`), or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The metric families the text declares (`# TYPE name kind`). */
const families = (text: string) => new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));

describe('the settings METRICS_TOKEN and METRICS_ALLOW', () => {
  it('take addresses and networks, none, and a long enough token; anything else stops the start', () => {
    expect(loadConfig({}).metricsAllow).toEqual(['127.0.0.1/32', '::1/128']);
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_ALLOW: 'none' }).metricsAllow).toEqual([]);
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 2001:db8::1' }).metricsAllow).toEqual(['10.0.0.0/8', '2001:db8::1/128']);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    for (const env of [
      { METRICS_ALLOW: 'localhost' },
      { METRICS_ALLOW: '10.0.0.0/33' },
      { METRICS_TOKEN: 'short' },
      { METRICS_TOKEN: 'has a space in it, sixteen+' },
    ])
      expect(() => loadConfig(env)).toThrow(ConfigError);
  });
});

describe('who may read /metrics', () => {
  it('this machine by default; any other address, or a request through a proxy, sees an unknown path', async () => {
    const ok = await scrape(fx.app);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('# TYPE lms_http_requests_total counter');
    const unknown = await fx.app.inject({ url: '/no-such-path', remoteAddress: '203.0.113.9' });
    for (const refused of [
      await scrape(fx.app, { from: '203.0.113.9' }),
      await scrape(fx.app, { from: '::ffff:203.0.113.9' }),
      await scrape(fx.app, { headers: { 'x-forwarded-for': '203.0.113.9' } }),
      await scrape(fx.app, { headers: { forwarded: 'for=203.0.113.9' } }),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toBe(unknown.body);
      expect(refused.body).not.toContain('lms_');
    }
    expect((await scrape(fx.app, { from: '::1' })).statusCode).toBe(200);
    expect((await scrape(fx.app, { from: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, a scraper that sends it from anywhere; a wrong or missing token is refused', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: 'none' });
    expect((await scrape(app, { from: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    expect((await scrape(app, { from: '203.0.113.9', headers: { authorization: `bearer ${TOKEN}` } })).statusCode).toBe(200);
    // Through a proxy too: the token is what counts.
    expect((await scrape(app, { headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.1' } })).statusCode).toBe(200);
    for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, { authorization: 'Bearer ' }])
      expect((await scrape(app, { headers })).statusCode).toBe(404);
  });

  it('METRICS_ALLOW names the addresses and networks allowed without the token', async () => {
    const app = await appWith({ METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7' });
    expect((await scrape(app, { from: '10.20.30.40' })).statusCode).toBe(200);
    expect((await scrape(app, { from: '192.0.2.7' })).statusCode).toBe(200);
    expect((await scrape(app, { from: '192.0.2.8' })).statusCode).toBe(404);
    expect((await scrape(app, { from: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('needs no session and is not part of the API description', async () => {
    const docs = await fx.app.inject({ url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).not.toContain(METRICS_PATH);
  });
});

describe('what /metrics reports', () => {
  it('counts requests by route pattern and status, with their durations, and never itself', async () => {
    const before = await metricsOf();
    const health = 'lms_http_requests_total{method="GET",route="/api/health",status="200"}';
    const unmatched = 'lms_http_requests_total{method="GET",route="unmatched",status="404"}';
    for (let i = 0; i < 3; i++) expect((await fx.app.inject({ url: `/api/health?probe=${i}` })).statusCode).toBe(200);
    expect((await fx.app.inject({ url: '/api/no-such-call/12345' })).statusCode).toBe(404);
    expect((await fx.post('/api/profile/data.json', null, {})).statusCode).toBe(401);
    await scrape(fx.app, { from: '203.0.113.9' });
    const after = await metricsOf();
    expect((sample(after, health) ?? 0) - (sample(before, health) ?? 0)).toBe(3);
    expect((sample(after, unmatched) ?? 0) - (sample(before, unmatched) ?? 0)).toBe(1);
    expect(sample(after, 'lms_http_requests_total{method="POST",route="/api/profile/data.json",status="401"}')).toBeGreaterThanOrEqual(1);
    const durations = 'lms_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}';
    expect((sample(after, durations) ?? 0) - (sample(before, durations) ?? 0)).toBe(3);
    expect(sample(after, 'lms_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health",status="200"}')).toBe(sample(after, durations));
    // Patterns only: no query, no id, and the scrapes (allowed or refused) are not requests of the portal.
    const routes = [...after.matchAll(/route="([^"]*)"/g)].map((m) => m[1]);
    expect(routes.filter((r) => r.includes('?') || r.includes('12345'))).toEqual([]);
    expect(routes).not.toContain(METRICS_PATH);
  });

  it("counts a reply cache's hits and misses", async () => {
    const hits = 'lms_reply_cache_hits_total{cache="profile"}';
    const misses = 'lms_reply_cache_misses_total{cache="profile"}';
    const before = await metricsOf();
    const profile = () => fx.post('/api/profile/data.json', fx.student, { uid: fx.student.user.uid, role: fx.student.user.role });
    expect((await profile()).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(200);
    const after = await metricsOf();
    expect((sample(after, hits) ?? 0) - (sample(before, hits) ?? 0)).toBeGreaterThanOrEqual(1);
    expect(sample(after, misses)).toBeGreaterThanOrEqual(1);
  });

  it('counts an event stream while it is open', async () => {
    const streams = async () => sample(await metricsOf(), 'lms_live_streams');
    expect(await streams()).toBe(0);
    await fx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = fx.app.server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/chat/events.json`, { headers: fx.student.headers, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read(); // the stream's first line: it is open
    expect(await streams()).toBe(1);
    controller.abort();
    await reader.read().catch(() => {});
    while (fx.app.ctx.live.openStreams > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(await streams()).toBe(0);
  });

  it('counts the bytes of uploads', async () => {
    const bytes = async () => sample(await metricsOf(), 'lms_upload_received_bytes_total') ?? 0;
    const before = await bytes();
    const bases = (await fx.get('/api/library/basebookcategories', fx.teacher)).json().data;
    const [category]: BookCategory[] = (await fx.post('/api/library/bookcategories', fx.teacher, { id_baseBookCategory: bases[0].id_baseBookCategory })).json()
      .data;
    const content = Buffer.concat([PDF, Buffer.alloc(50_000, 0x20)]);
    const res = await saveBook(fx.app, fx.teacher, { nameBook: 'Metrics', author: 'A', id_bookCategory: String(category.id_bookCategory) }, [
      { name: 'files', filename: 'metrics.pdf', content },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const received = (await bytes()) - before;
    expect(received).toBeGreaterThanOrEqual(content.length);
    expect(received).toBeLessThan(content.length + 4096);
  });

  it("reports the queues of the process and prom-client's process metrics", async () => {
    const text = await metricsOf();
    expect(text).toMatch(/^lms_queue_length\{queue="session_lookups"\} \d+$/m);
    expect(text).toMatch(/^lms_queue_length\{queue="live_events"\} \d+$/m);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes'])
      expect(families(text)).toContain(name);
  });

  it.runIf(usePostgres)("reports the PostgreSQL pool's connections and the waits for one", async () => {
    expect((await fx.get('/api/health', null)).statusCode).toBe(200);
    const text = await metricsOf();
    expect(sample(text, 'lms_db_pool_max_connections')).toBe(10);
    expect(sample(text, 'lms_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'lms_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'lms_db_pool_waiting_requests')).toBe(0);
    expect(sample(text, 'lms_db_pool_wait_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('lms_info{version=');
    expect(text).toContain('database="postgres"');
  });

  it.runIf(usePostgres)('reports the requests waiting for a connection while the pool is full, and their wait once served', async () => {
    const pool = fx.db.database.pool!;
    const waits = async () => sample(await metricsOf(), 'lms_db_pool_wait_seconds_count') ?? 0;
    const before = await waits();
    const held: pg.PoolClient[] = [];
    try {
      for (let i = 0; i < 10; i++) held.push(await pool.connect());
      const waiting = pool.query('select 1');
      while (pool.waitingCount === 0) await new Promise((resolve) => setImmediate(resolve));
      const full = await metricsOf();
      expect(sample(full, 'lms_db_pool_waiting_requests')).toBe(1);
      expect(sample(full, 'lms_db_pool_connections')).toBe(10);
      expect(sample(full, 'lms_db_pool_idle_connections')).toBe(0);
      held.pop()!.release();
      await waiting;
    } finally {
      for (const client of held) client.release();
    }
    expect((await waits()) - before).toBeGreaterThanOrEqual(11);
    expect(sample(await metricsOf(), 'lms_db_pool_waiting_requests')).toBe(0);
  });

  it.skipIf(usePostgres)('reports no pool with the embedded PGlite', async () => {
    const text = await metricsOf();
    expect([...families(text)].filter((f) => f.startsWith('lms_db_pool_'))).toEqual([]);
    expect(text).toContain('database="pglite"');
  });
});

describe('the Grafana dashboard (docs/grafana-dashboard.json)', () => {
  const dashboard = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/grafana-dashboard.json'), 'utf8')) as {
    title: string;
    panels: { title: string; type: string; gridPos: object; targets?: { expr: string }[] }[];
    __inputs: { name: string; pluginId: string }[];
  };
  const queried = [
    ...new Set(
      dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => [...t.expr.matchAll(/\b((?:lms|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]))),
    ),
  ];

  it('is a dashboard Grafana imports: panels with their place and queries, on a Prometheus data source asked at import', () => {
    expect(dashboard.title).toBeTruthy();
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', pluginId: 'prometheus' })]);
    for (const panel of dashboard.panels) {
      expect(panel.gridPos, panel.title).toBeTruthy();
      if (panel.type !== 'row') expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it('queries only metrics that /metrics reports', async () => {
    const text = await metricsOf();
    const declared = families(text);
    // A histogram's series are its family's name with _bucket, _sum or _count.
    const family = (name: string) => (declared.has(name) ? name : name.replace(/_(bucket|sum|count)$/, ''));
    // The pool's metrics exist with PostgreSQL only (checked on server-pg).
    const expected = queried.filter((name) => usePostgres || !name.startsWith('lms_db_pool_'));
    expect(expected.filter((name) => !declared.has(family(name)))).toEqual([]);
    for (const name of ['lms_http_requests_total', 'lms_http_request_duration_seconds_bucket', 'lms_db_pool_wait_seconds_bucket', 'lms_live_streams'])
      expect(queried).toContain(name);
  });
});
