/**
 * API throughput with autocannon over loopback: a bare Fastify hello (the framework's floor), the
 * health check, the web client's files as a first visit fetches them, and authenticated calls (the
 * teacher's profile and news page, session cookie from a real sign-in), one after the other, each for
 * a fixed duration.
 */
import { cannon, summary as figures } from './lib/autocannon.mjs';

/** The figures of a run, each failure kind apart. */
const summary = (name, r) => figures(name, r, { counts: true });

/** Signs in as the demo teacher; returns {cookie, id, uid, role}. */
export function signInTeacher(origin) {
  return signIn(origin, 'teacher', 'Teacher2026');
}

/** Signs in as a demo account; returns {cookie, id, uid, role}. */
export async function signIn(origin, login, password) {
  const res = await fetch(`${origin}/api/auth/orize.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  const body = await res.json();
  if (!res.ok || body.result !== 0) throw new Error(`sign-in failed: HTTP ${res.status} ${JSON.stringify(body.error)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-in set no cookie');
  return { cookie, id: body.data.id, uid: body.data.uid, role: body.data.role };
}

/** One request first: the call must succeed before it is measured. */
async function check(origin, route, cookie, body) {
  const res = await fetch(`${origin}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body });
  if (!res.ok) throw new Error(`POST ${route} answered ${res.status}`);
}

/**
 * The files the sign-in page has a browser fetch first: the scripts and style sheets its HTML names
 * and the preloads of its `Link` header (scripts, style sheets, texts), each checked to answer 200.
 */
async function pageFiles(origin) {
  const page = await fetch(`${origin}/lms/login`);
  const html = await page.text();
  const named = [...html.matchAll(/(?:src|href)="(\/lms\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const linked = [...(page.headers.get('link') ?? '').matchAll(/<(\/lms\/[^>]+)>/g)].map((m) => m[1]);
  const files = [...new Set([...named, ...linked])];
  if (files.length === 0) throw new Error('the sign-in page names no file (is the web client built?)');
  for (const file of files) {
    const res = await fetch(`${origin}${file}`, { headers: { 'accept-encoding': 'br' } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${file} answered ${res.status}`);
  }
  return files;
}

/**
 * Every route for `seconds` with `connections` connections, one after the other: the bare hello
 * (`helloUrl`, a separate Fastify process started for this run), GET /api/health, the files the
 * sign-in page has a browser fetch first (their Brotli twins, as a browser without them in its cache
 * asks for them), the teacher's profile and the first page of the teacher's news feed. Each ratio is
 * the route's req/s over the bare hello's.
 */
export async function runLoad(origin, { seconds = 10, connections = 50, helloUrl }) {
  const { cookie, id, uid, role } = await signInTeacher(origin);
  const body = JSON.stringify({ uid, role });
  // The first page of the teacher's feed: visibility rules, files, read counts and recording reads.
  const newsBody = JSON.stringify({ id, uid, role, page: 1 });
  await check(origin, '/api/profile/data.json', cookie, body);
  await check(origin, '/api/news/data.json', cookie, newsBody);
  const files = await pageFiles(origin);

  const common = { connections, duration: seconds, pipelining: 1 };
  const get = (url) => cannon({ ...common, url, method: 'GET', headers: { accept: 'application/json' } });
  const post = (route, payload) =>
    cannon({
      ...common,
      url: `${origin}${route}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
      body: payload,
    });

  const hello = summary('bare Fastify hello (same run)', await get(helloUrl));
  const health = summary('GET /api/health', await get(`${origin}/api/health`));
  // Each connection asks for the page's files in turn, as a browser without them in its cache does.
  const asset = summary(
    `GET the sign-in page's ${files.length} files in turn (scripts, styles, texts; Brotli)`,
    await cannon({ ...common, url: origin, requests: files.map((path) => ({ method: 'GET', path })), headers: { 'accept-encoding': 'br, gzip' } }),
  );
  const profile = summary('POST /api/profile/data.json (signed in)', await post('/api/profile/data.json', body));
  const news = summary('POST /api/news/data.json page 1 (signed in)', await post('/api/news/data.json', newsBody));
  const ratio = (x) => (hello.requestsPerSec > 0 ? Number((x.requestsPerSec / hello.requestsPerSec).toFixed(3)) : null);
  for (const r of [health, asset, profile, news]) r.ratioToHello = ratio(r);
  return { seconds, connections, hello, health, asset, profile, news };
}
