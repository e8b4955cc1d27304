/** The live bus: delivery through NOTIFY at commit only, oversized data, and a dropped LISTEN connection. */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers';
import { LiveBus, type LiveEvent } from './live';

let db: TestDatabase;
let bus: LiveBus;

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  bus = new LiveBus(db.database);
  await bus.ready();
});
afterAll(async () => {
  await bus.stop();
  await db.close();
});

/** Collects what user `userId` receives. */
function inbox(userId: number) {
  const got: LiveEvent[] = [];
  const off = bus.subscribe(userId, (e) => got.push(e));
  return { got, off };
}

const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

describe('live bus', () => {
  it('delivers to the users named, once each, and to nobody else', async () => {
    const a = inbox(1);
    const a2 = inbox(1);
    const b = inbox(2);
    await bus.publish(db.database.db, 'test.hello', [1, 1, 3], { text: 'Салам' });
    await expect.poll(() => a.got.length).toBe(1);
    expect(a.got[0]).toEqual({ event: 'test.hello', data: { text: 'Салам' } });
    expect(a2.got).toEqual(a.got);
    await settle();
    expect(b.got).toEqual([]);
    a2.off();
    await bus.publish(db.database.db, 'test.again', [1], 1);
    await expect.poll(() => a.got.length).toBe(2);
    expect(a2.got.length).toBe(1);
    a.off();
    b.off();
  });

  it('inside a transaction: sent at commit, never after a rollback', async () => {
    const a = inbox(5);
    await db.database.db
      .transaction(async (tx) => {
        await bus.publish(tx, 'test.rolled-back', [5], {});
        throw new Error('rollback');
      })
      .catch(() => {});
    await db.database.db.transaction(async (tx) => {
      await bus.publish(tx, 'test.committed', [5], {});
      await tx.execute(sql`select 1`);
    });
    await expect.poll(() => a.got.map((e) => e.event)).toEqual(['test.committed']);
    await settle();
    expect(a.got.map((e) => e.event)).toEqual(['test.committed']);
    a.off();
  });

  it('data over the NOTIFY limit arrives as null (the client reloads), to every recipient', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => 1000 + i);
    const first = inbox(1000);
    const last = inbox(1999);
    await bus.publish(db.database.db, 'test.big', many, { text: 'я'.repeat(5000) });
    await expect.poll(() => [first.got.length, last.got.length]).toEqual([1, 1]);
    expect(first.got[0]).toEqual({ event: 'test.big', data: null });
    first.off();
    last.off();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a dropped LISTEN connection (PostgreSQL)', () => {
  it('is re-established, says so (onGap), and delivers again', async () => {
    let gaps = 0;
    const offGap = bus.onGap(() => gaps++);
    const a = inbox(7);
    const admin = new pg.Client({ connectionString: (db.target as { url: string }).url });
    await admin.connect();
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'lms-listen' and datname = current_database()");
    await admin.end();
    await expect.poll(() => gaps, { timeout: 10000 }).toBe(1);
    await bus.publish(db.database.db, 'test.after-drop', [7], {});
    await expect.poll(() => a.got.map((e) => e.event)).toEqual(['test.after-drop']);
    a.off();
    offGap();
  });
});
