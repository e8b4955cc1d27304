/**
 * /metrics with WORKERS > 1 (server/src/cluster.ts): the scraper reaches one worker of the shared
 * port, which asks the primary process; the primary gathers every worker's metrics (prom-client's
 * AggregatorRegistry: each worker answers with its registries) and adds them up, so one scrape shows
 * the whole server: counters, histograms and gauges summed over the workers (open streams, pool
 * connections, queue lengths), prom-client's process metrics as its aggregators say (the event
 * loop's lag averaged, memory summed...). The answer names no worker.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'lms:metrics';
const ANSWER = 'lms:metrics-answer';
/** Longer than prom-client's own wait for the workers (5 s), so that its failure is what arrives. */
const ANSWER_WAIT_MS = 7000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary (cluster.ts): answers the workers' requests for the whole server's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<Ask> | null) => {
    if (message?.type !== ASK || typeof message.id !== 'number') return;
    const id = message.id;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id, ...answer } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

// A worker answers the primary from its start, before its app (and its metrics) exist: with
// nothing until then, so that a scrape while a worker starts gets the others' metrics, not a failure.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([]);
  new AggregatorRegistry();
}

let asked = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void; timer: NodeJS.Timeout }>();
let answering = false;

/**
 * In a worker: its registries are what it gives the primary (prom-client listens for the primary's
 * requests once an AggregatorRegistry exists in the process), and it listens for the answers to its
 * own requests.
 */
export function joinClusterMetrics(registries: Registry[]): void {
  AggregatorRegistry.setRegistries(registries);
  if (answering) return;
  answering = true;
  process.on('message', (message: Partial<Answer> | null) => {
    if (message?.type !== ANSWER || typeof message.id !== 'number') return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    clearTimeout(pending.timer);
    if (typeof message.text === 'string') pending.resolve(message.text);
    else pending.reject(new Error(`metrics of the workers: ${message.error ?? 'no answer'}`));
  });
}

/** In a worker: the whole server's metrics, from the primary. */
export function clusterMetrics(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('metrics of the workers: the primary did not answer'));
    }, ANSWER_WAIT_MS);
    timer.unref();
    waiting.set(id, { resolve, reject, timer });
    process.send!({ type: ASK, id } satisfies Ask);
  });
}

/** Whether this process is a worker of several (its metrics are the primary's to add up). */
export const inCluster = (): boolean => cluster.isWorker && typeof process.send === 'function';
