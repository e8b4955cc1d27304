/** autocannon as the load and mixed figures run it: a run as a promise, and its result in a few figures. */
import autocannon from 'autocannon';

/** Resolves to the result of an autocannon run with `opts`. */
export function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * Requests/s, p50, p99, requests and failed requests (non-2xx, errors and timeouts) of the result `r`;
 * with `counts` each of those three and the 2xx apart, with `statuses` the answers by status.
 */
export function summary(name, r, { counts = false, statuses = false } = {}) {
  return {
    name,
    requestsPerSec: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    requests: r.requests.total,
    ...(counts ? { ok2xx: r['2xx'], non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts } : {}),
    failed: r.non2xx + r.errors + r.timeouts,
    ...(statuses ? { statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])) } : {}),
  };
}
