/**
 * API throughput with autocannon over loopback: authenticated calls (the teacher's profile and the
 * news page, session cookie from a real sign-in) and a bare JSON route (GET /api/health), one after
 * the other against the same running server, each for a fixed duration.
 */
import autocannon from 'autocannon';

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function summary(name, r) {
  return {
    name,
    requestsPerSec: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    requests: r.requests.total,
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** Signs in as the demo teacher; returns {cookie, id, uid, role}. */
export async function signInTeacher(origin) {
  const res = await fetch(`${origin}/api/auth/orize.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: 'teacher', password: 'Teacher2026' }),
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

export async function runLoad(origin, { seconds = 10, connections = 10 } = {}) {
  const { cookie, id, uid, role } = await signInTeacher(origin);
  const body = JSON.stringify({ uid, role });
  // The first page of the teacher's feed: visibility rules, files, read counts and recording reads.
  const newsBody = JSON.stringify({ id, uid, role, page: 1 });
  await check(origin, '/api/profile/data.json', cookie, body);
  await check(origin, '/api/news/data.json', cookie, newsBody);

  const common = { connections, duration: seconds, pipelining: 1 };
  const post = (route, payload) =>
    cannon({ ...common, url: `${origin}${route}`, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', cookie }, body: payload });
  const authed = await post('/api/profile/data.json', body);
  const newsPage = await post('/api/news/data.json', newsBody);
  const bare = await cannon({ ...common, url: `${origin}/api/health`, method: 'GET', headers: { accept: 'application/json' } });

  const a = summary('POST /api/profile/data.json (signed in)', authed);
  const n = summary('POST /api/news/data.json page 1 (signed in)', newsPage);
  const b = summary('GET /api/health', bare);
  const ratio = (x) => (b.requestsPerSec > 0 ? Number((x.requestsPerSec / b.requestsPerSec).toFixed(2)) : null);
  return {
    seconds,
    connections,
    authenticated: a,
    news: n,
    bare: b,
    ratio: ratio(a),
    newsRatio: ratio(n),
  };
}
