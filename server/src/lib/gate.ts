/**
 * A first-come, first-served gate: at most `slots` tasks run at once, the others wait in arrival
 * order in this process (not in the database pool, whose wait is bounded by DB_CONNECTION_TIMEOUT_MS
 * and answers 503 when it runs out). A burst of writes that each need several statements then
 * finishes one after another at the database's pace instead of every write waiting behind every
 * other write's statements until all of them time out together.
 *
 * With `maxWaiting`, a task that finds that many already waiting is not queued: `run` rejects at
 * once with `GateFull` (the caller answers 503 with Retry-After), so an overload is shed in a
 * moment, changing nothing, instead of every waiting request timing out late.
 */
import { trackQueue } from './queues';

export class GateFull extends Error {
  constructor() {
    super('Too many requests waiting');
  }
}

export class Gate {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly maxWaiting = Infinity,
    /** Its name in the metrics' queue lengths (lib/queues.ts); unnamed: not reported. */
    name?: string,
  ) {
    if (name) trackQueue(name, this, (g) => g.queue.length);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.queue.length >= this.maxWaiting) throw new GateFull();
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.running++;
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
