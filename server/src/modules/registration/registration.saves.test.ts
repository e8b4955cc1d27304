/** The save queue's bound: beyond it a save is answered at once with 503 and Retry-After, and nothing is queued. */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { AppError } from '../../app-error';
import { SaveQueue, type SaveRequest, type SaveRules } from './registration.saves';

describe('the save queue', () => {
  it('a save beyond the waiting bound is refused at once with 503 and Retry-After; the waiting ones keep their turn', async () => {
    let transactions = 0;
    // A database whose transactions never finish: the first batch holds the queue.
    const ctx = { db: { transaction: () => (transactions++, new Promise(() => {})) }, now: () => new Date() } as unknown as AppContext;
    const rules = {} as SaveRules;
    const queue = new SaveQueue(ctx, rules, 2);
    const req = (studentId: number) => ({ studentId, input: {}, elective: true, lang: 'ru' }) as unknown as SaveRequest;
    void queue.save(req(1));
    expect(transactions).toBe(1);
    void queue.save(req(2));
    void queue.save(req(3));
    const refused = await queue.save(req(4)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).headers).toEqual({ 'retry-after': '1' });
    expect(transactions).toBe(1);
  });
});
