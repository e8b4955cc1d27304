import { describe, expect, it } from 'vitest';
import { Gate, GateFull } from './gate';

/** A task that runs until released, recording when it starts. */
function held(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
    release,
  };
}

describe('Gate', () => {
  it('runs at most its slots at once and starts the waiting ones in arrival order', async () => {
    const gate = new Gate(2);
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => held(log, n));
    const results = [a, b, c, d].map((t) => gate.run(t.task));
    await Promise.resolve();
    expect(log).toEqual(['a', 'b']);
    b.release();
    await results[1];
    await Promise.resolve();
    expect(log).toEqual(['a', 'b', 'c']);
    a.release();
    c.release();
    d.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a failing task frees its slot for the next', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('sheds a task that finds maxWaiting already waiting, without running it, and queues again once there is room', async () => {
    const gate = new Gate(1, 1);
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((n) => held(log, n));
    const first = gate.run(a.task);
    const second = gate.run(b.task);
    await expect(gate.run(async () => 'shed')).rejects.toBeInstanceOf(GateFull);
    a.release();
    await first;
    await expect.poll(() => log).toEqual(['a', 'b']);
    const third = gate.run(async () => 'c');
    b.release();
    expect(await Promise.all([second, third])).toEqual(['b', 'c']);
  });
});
