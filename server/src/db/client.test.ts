/**
 * Raw statements (db/client.ts rowsOf): a named one answers as an unnamed one does, on both engines,
 * and on PostgreSQL stays prepared on its connection, so that later calls neither parse nor plan it
 * again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usePostgres, type TestDatabase } from '../test/helpers';
import { requestDeadline, rowsOf, uncounted } from './client';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false, requestTimeoutMs: 4500 });
});
afterAll(async () => {
  await db.close();
});

const doubled = (values: number[]) =>
  sql`select r.n, r.n * 2 as twice from json_to_recordset(${JSON.stringify(values.map((n) => ({ n })))}::json) as r(n int) order by r.n`;

describe('rowsOf', () => {
  it('answers the same rows with a name as without, call after call', async () => {
    const plain = await rowsOf<{ n: number; twice: number }>(db.database.db, doubled([3, 1, 2]));
    expect(plain).toEqual([
      { n: 1, twice: 2 },
      { n: 2, twice: 4 },
      { n: 3, twice: 6 },
    ]);
    for (const values of [[3, 1, 2], [5], []]) {
      const named = await rowsOf<{ n: number; twice: number }>(db.database.db, doubled(values), 'test_doubled');
      expect(named).toEqual([...values].sort((a, b) => a - b).map((n) => ({ n, twice: n * 2 })));
    }
  });

  it.runIf(usePostgres)('keeps a named statement prepared on its connection', async () => {
    await db.database.db.transaction(async (tx) => {
      for (const values of [[1], [2, 3]]) await rowsOf(tx, doubled(values), 'test_doubled_kept');
      const kept = await rowsOf<{ name: string }>(tx, sql`select name from pg_prepared_statements where name = 'test_doubled_kept'`);
      expect(kept).toEqual([{ name: 'test_doubled_kept' }]);
    });
  });
});

describe('uncounted: work that is not database work leaves the request its deadline', () => {
  /** Waits (yielding to the event loop) until the request's deadline has passed. */
  const pastTheDeadline = async (until: number) => {
    while (performance.now() <= until) await new Promise((resolve) => setImmediate(resolve));
  };

  it('a transfer longer than the deadline leaves the deadline where it was; plain work does not', async () => {
    const afterWork = async (wrap: (work: () => Promise<void>) => Promise<void>) => {
      const deadline = { until: performance.now() + 50 };
      await requestDeadline.run(deadline, () => wrap(() => pastTheDeadline(deadline.until)));
      return deadline.until - performance.now();
    };
    expect(await afterWork((work) => uncounted(work))).toBeGreaterThan(0);
    expect(await afterWork((work) => work())).toBeLessThan(0);
  });

  it.runIf(usePostgres)('a statement after a transfer longer than the deadline is answered', async () => {
    // Time enough for the statement itself (a new connection on a loaded machine), all of it left after the transfer.
    const deadline = { until: performance.now() + 2000 };
    const rows = await requestDeadline.run(deadline, async () => {
      await uncounted(() => pastTheDeadline(deadline.until));
      return rowsOf<{ one: number }>(db.database.db, sql`select 1 as one`);
    });
    expect(rows).toEqual([{ one: 1 }]);
  });
});
