import { describe, expect, it } from 'vitest';
import { newWriteKey, outboxAdd, outboxClear, outboxList, outboxPut, outboxRemove } from './outbox';

const write = (user: number, seq: number, body: unknown = { seq }) => ({ user, kind: 'journal/cell', scope: 61, body, key: newWriteKey(), seq });

describe('the outbox', () => {
  it("keeps each user's writes apart, oldest first, with their keys", async () => {
    const first = write(10, 1);
    await outboxAdd(first);
    await outboxAdd(write(20, 2));
    await outboxAdd(write(10, 3));
    const mine = await outboxList(10);
    expect(mine.map((w) => w.seq)).toEqual([1, 3]);
    expect(mine[0]).toMatchObject({ user: 10, kind: 'journal/cell', scope: 61, body: { seq: 1 }, key: first.key });
    expect(mine[0].id).toBeLessThan(mine[1].id);
    expect((await outboxList(20)).map((w) => w.seq)).toEqual([2]);
  });

  it('a write changed in place keeps its place in the order; removed ones are gone; a sign-out that discards empties only that user', async () => {
    await outboxAdd(write(10, 1));
    await outboxAdd(write(10, 2));
    await outboxAdd(write(20, 3));
    const [a, b] = await outboxList(10);
    await outboxPut({ ...a, body: { seq: 1, narrowed: true } });
    expect((await outboxList(10)).map((w) => w.body)).toEqual([{ seq: 1, narrowed: true }, { seq: 2 }]);
    await outboxRemove([a.id]);
    expect((await outboxList(10)).map((w) => w.id)).toEqual([b.id]);
    await outboxClear(10);
    expect(await outboxList(10)).toEqual([]);
    expect((await outboxList(20)).map((w) => w.seq)).toEqual([3]);
  });

  it('what is kept is a copy: changing the object given or read changes nothing kept', async () => {
    const given = write(10, 1, { cells: ['a'] });
    await outboxAdd(given);
    (given.body as { cells: string[] }).cells.push('b');
    const [read] = await outboxList(10);
    (read.body as { cells: string[] }).cells.push('c');
    expect((await outboxList(10))[0].body).toEqual({ cells: ['a'] });
  });

  it('each new write gets its own key', () => {
    const keys = new Set(Array.from({ length: 50 }, newWriteKey));
    expect(keys.size).toBe(50);
  });
});
