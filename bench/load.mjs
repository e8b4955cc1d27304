/**
 * API throughput with autocannon over loopback: an authenticated call (the teacher's profile,
 * session cookie from a real sign-in) and a bare JSON route (GET /api/health), one after the other
 * against the same running server, each for a fixed duration.
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

/** Signs in as the demo teacher; returns {cookie, uid, role}. */
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
  return { cookie, uid: body.data.uid, role: body.data.role };
}

export async function runLoad(origin, { seconds = 10, connections = 10 } = {}) {
  const { cookie, uid, role } = await signInTeacher(origin);
  const body = JSON.stringify({ uid, role });
  // One request first: the call must succeed before it is measured.
  const check = await fetch(`${origin}/api/profile/data.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body,
  });
  if (!check.ok) throw new Error(`POST /api/profile/data.json answered ${check.status}`);

  const common = { connections, duration: seconds, pipelining: 1 };
  const authed = await cannon({
    ...common,
    url: `${origin}/api/profile/data.json`,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
    body,
  });
  const bare = await cannon({ ...common, url: `${origin}/api/health`, method: 'GET', headers: { accept: 'application/json' } });

  const a = summary('POST /api/profile/data.json (signed in)', authed);
  const b = summary('GET /api/health', bare);
  return {
    seconds,
    connections,
    authenticated: a,
    bare: b,
    ratio: b.requestsPerSec > 0 ? Number((a.requestsPerSec / b.requestsPerSec).toFixed(2)) : null,
  };
}
