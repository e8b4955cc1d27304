/**
 * The request metrics, kept as plain numbers per method, route and status and handed to prom-client
 * only when scraped: a request costs a map look-up, two additions and a walk over a dozen bucket
 * bounds. (A prom-client child metric hashes its labels again at every increment, several times
 * that, on every request of a server benchmarked against a bare hello.)
 *
 * - lms_http_requests_total{method,route,status}: a counter;
 * - lms_http_request_duration_seconds{method,route,status}: a histogram of the same requests, in
 *   prom-client's form (buckets, sum, count), summed over the workers by AggregatorRegistry.
 */
import { Counter, type Metric, type Registry } from 'prom-client';

/** Seconds: from a cached reply (a millisecond) to a slow export. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DURATIONS = 'lms_http_request_duration_seconds';
const DURATIONS_HELP = 'Time from the request to its answer, by method, route and status.';

interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Requests per bucket (not cumulative; beyond the last bound: only in count). */
  buckets: number[];
}

export class RequestMetrics {
  private readonly series: Series[] = [];
  /** By route, then status, then method: no key string is built per request. */
  private readonly byRoute = new Map<string | undefined, Map<number, Map<string, Series>>>();

  /** One answered request; `route` is the route's pattern (undefined: no route matched). */
  observe(method: string, route: string | undefined, status: number, seconds: number): void {
    let byStatus = this.byRoute.get(route);
    if (byStatus === undefined) this.byRoute.set(route, (byStatus = new Map()));
    let byMethod = byStatus.get(status);
    if (byMethod === undefined) byStatus.set(status, (byMethod = new Map()));
    let s = byMethod.get(method);
    if (s === undefined) {
      s = { labels: { method, route: route ?? 'unmatched', status: String(status) }, count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
      byMethod.set(method, s);
      this.series.push(s);
    }
    s.count++;
    s.sum += seconds;
    for (let i = 0; i < BUCKETS.length; i++)
      if (seconds <= BUCKETS[i]) {
        s.buckets[i]++;
        break;
      }
  }

  /** Adds the counter and the histogram to `registry`. */
  register(registry: Registry): void {
    const series = this.series;
    new Counter({
      name: 'lms_http_requests_total',
      help: 'Requests answered, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
      collect() {
        this.reset();
        for (const s of series) this.inc(s.labels, s.count);
      },
    });
    const values = () => {
      const out: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const s of series) {
        let below = 0;
        BUCKETS.forEach((le, i) => {
          below += s.buckets[i];
          out.push({ labels: { le, ...s.labels }, value: below, metricName: `${DURATIONS}_bucket` });
        });
        out.push({ labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${DURATIONS}_bucket` });
        out.push({ labels: s.labels, value: s.sum, metricName: `${DURATIONS}_sum` });
        out.push({ labels: s.labels, value: s.count, metricName: `${DURATIONS}_count` });
      }
      return out;
    };
    // A metric as prom-client's registry reads one (its get()), made of the numbers above.
    const histogram = {
      name: DURATIONS,
      help: DURATIONS_HELP,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({ name: DURATIONS, help: DURATIONS_HELP, type: 'histogram', aggregator: 'sum', values: values() }),
      reset: () => {},
    };
    registry.registerMetric(histogram as unknown as Metric);
  }
}
