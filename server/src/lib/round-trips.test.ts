import { describe, expect, it } from 'vitest';
import { SharedRoundTrip } from './round-trips';

/** A round trip the test ends by hand. */
function trips() {
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const trip = () => new Promise<void>((resolve, reject) => void pending.push({ resolve, reject }));
  return { pending, shared: new SharedRoundTrip(trip) };
}

describe('SharedRoundTrip', () => {
  it('runs one trip at a time: calls during one share the next, which starts after it', async () => {
    const { pending, shared } = trips();
    const first = shared.run();
    const second = shared.run();
    const third = shared.run();
    expect(pending).toHaveLength(1);
    pending[0].resolve();
    await first;
    // The callers that came during the first trip need one that started after they asked (it
    // starts once the first has settled: every promise job has run before the next macrotask).
    await new Promise((resolve) => setImmediate(resolve));
    expect(pending).toHaveLength(2);
    pending[1].resolve();
    await Promise.all([second, third]);
    expect(pending).toHaveLength(2);
  });

  it('a failed trip fails its callers; the next call starts a new one', async () => {
    const { pending, shared } = trips();
    const failing = shared.run();
    pending[0].reject(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    const next = shared.run();
    expect(pending).toHaveLength(2);
    pending[1].resolve();
    await expect(next).resolves.toBeUndefined();
  });
});
