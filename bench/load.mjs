/**
 * API throughput with autocannon over loopback: a bare Fastify hello (the framework's floor), the
 * health check and authenticated calls (the teacher's profile and news page, session cookie from a
 * real sign-in), one after the other, each for a fixed duration.
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
 * Every route for `seconds` with `connections` connections, one after the other: the bare hello
 * (`helloUrl`, a separate Fastify process started for this run), GET /api/health, the teacher's
 * profile and the first page of the teacher's news feed. Each ratio is the route's req/s over the
 * bare hello's.
 */
export async function runLoad(origin, { seconds = 10, connections = 50, helloUrl }) {
  const { cookie, id, uid, role } = await signInTeacher(origin);
  const body = JSON.stringify({ uid, role });
  // The first page of the teacher's feed: visibility rules, files, read counts and recording reads.
  const newsBody = JSON.stringify({ id, uid, role, page: 1 });
  await check(origin, '/api/profile/data.json', cookie, body);
  await check(origin, '/api/news/data.json', cookie, newsBody);

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
  const profile = summary('POST /api/profile/data.json (signed in)', await post('/api/profile/data.json', body));
  const news = summary('POST /api/news/data.json page 1 (signed in)', await post('/api/news/data.json', newsBody));
  const ratio = (x) => (hello.requestsPerSec > 0 ? Number((x.requestsPerSec / hello.requestsPerSec).toFixed(3)) : null);
  for (const r of [health, profile, news]) r.ratioToHello = ratio(r);
  return { seconds, connections, hello, health, profile, news };
}
