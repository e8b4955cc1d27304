/**
 * The in-process queues whose lengths the metrics report (`lms_queue_length`, plugins/metrics.ts):
 * each queue names itself once when it is made, and is held weakly, so a queue of an app that is
 * gone (tests build many) leaves the list with it. Queues of the same name add up.
 */
interface Tracked {
  name: string;
  owner: WeakRef<object>;
  length: (owner: never) => number;
}

const tracked = new Set<Tracked>();

/** Reports `owner`'s waiting items under `name` while owner lives. */
export function trackQueue<T extends object>(name: string, owner: T, length: (owner: T) => number): void {
  tracked.add({ name, owner: new WeakRef(owner), length: length as (owner: never) => number });
}

/** Waiting items per queue name, now. */
export function queueLengths(): Map<string, number> {
  const lengths = new Map<string, number>();
  for (const entry of tracked) {
    const owner = entry.owner.deref();
    if (owner === undefined) {
      tracked.delete(entry);
      continue;
    }
    lengths.set(entry.name, (lengths.get(entry.name) ?? 0) + (entry.length as (owner: object) => number)(owner));
  }
  return lengths;
}
