import { describe, expect, it } from 'vitest';
import { Gate } from './gate';

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
});
