/** The group-commit batcher: calls of one turn go together, a lone call starts at once, outcomes stay with their calls. */
import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

describe('Batcher', () => {
  it('runs the calls of one turn as one batch, and the ones that arrive meanwhile as the next', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const first = new Promise<void>((r) => (release = r));
    const b = new Batcher<number, number>(
      async (items) => {
        batches.push([...items]);
        if (batches.length === 1) await first;
        return items.map((i) => ({ ok: true, value: i * 10 }));
      },
      { lanes: 1, max: 100 },
    );
    const a = [1, 2, 3].map((i) => b.submit(i));
    await expect.poll(() => batches.length).toBe(1);
    const later = [4, 5].map((i) => b.submit(i));
    release();
    expect(await Promise.all([...a, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('keeps each outcome with its call, fails the whole batch when run throws, and honours max', async () => {
    const sizes: number[] = [];
    const b = new Batcher<number, number>(
      async (items) => {
        sizes.push(items.length);
        if (items.includes(99)) throw new Error('batch failed');
        return items.map((i) => (i % 2 ? { ok: true, value: i } : { ok: false, error: new Error(`even ${i}`) }));
      },
      { lanes: 2, max: 2 },
    );
    const results = await Promise.allSettled([1, 2, 3].map((i) => b.submit(i)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 'even 2', 3]);
    expect(sizes).toEqual([2, 1]);
    await expect(b.submit(99)).rejects.toThrow('batch failed');
  });
});
