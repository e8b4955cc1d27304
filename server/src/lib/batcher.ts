/**
 * Group commit: calls that arrive while earlier batches are running are gathered and run together,
 * each still answered on its own. There is no fixed wait: a call that finds a free lane starts on
 * the next turn of the event loop (with whatever arrived in the same turn), so a lone call is not
 * delayed; under a burst, each batch takes what queued while the running ones worked. A burst of
 * N calls then costs a few batches, each one database transaction on one pooled connection, instead
 * of N transactions queueing for the pool.
 */

import { trackQueue } from './queues';

/** One call's outcome in a batch: its value, or the error it answers with. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface BatcherOptions {
  /** Batches running at once (each holds one database connection). */
  lanes: number;
  /** Most calls in one batch. */
  max: number;
  /** Its name in the metrics' queue lengths (lib/queues.ts); unnamed: not reported. */
  name?: string;
}

export class Batcher<I, O> {
  private readonly queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;
  private scheduled = false;

  /**
   * `run` answers every item of a batch, in order. When it throws, every call of that batch fails
   * with that error (a caller that wants a fault of one item to stay with that item settles it).
   */
  constructor(
    private readonly run: (items: readonly I[]) => Promise<Settled<O>[]>,
    private readonly options: BatcherOptions,
  ) {
    if (options.name) trackQueue(options.name, this, (b) => b.queue.length);
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.options.lanes || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
  }

  private start(): void {
    while (this.running < this.options.lanes && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.max);
      this.running++;
      let answers: Promise<Settled<O>[]>;
      try {
        answers = this.run(batch.map((b) => b.item));
      } catch (error) {
        answers = Promise.reject(error);
      }
      answers
        .then(
          (outcomes) =>
            batch.forEach((b, i) => {
              const outcome = outcomes[i];
              if (!outcome) b.reject(new Error('batch: no outcome for an item'));
              else if (outcome.ok) b.resolve(outcome.value);
              else b.reject(outcome.error);
            }),
          (error: unknown) => batch.forEach((b) => b.reject(error)),
        )
        .finally(() => {
          this.running--;
          this.schedule();
        });
    }
  }
}

/** Runs fn and keeps its value or its error as the item's outcome. */
export async function settle<T>(fn: () => Promise<T> | T): Promise<Settled<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error };
  }
}
