/** The live bus: delivery through NOTIFY at commit only, oversized data, and a dropped LISTEN connection. */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers';
import { LiveBus, packed, type LiveEvent } from './live';

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

/**
 * Collects the `test.*` events user `userId` receives; `until` waits for a condition on them,
 * checked again at each delivery (never on a clock: the test's time-out bounds it). The bus's own
 * events are left out: a re-established session channel sends `session.ended` to every listener,
 * whenever its reconnection happens to land.
 */
function inbox(userId: number) {
  const got: LiveEvent[] = [];
  let waiters: Array<() => void> = [];
  const off = bus.subscribe(userId, (e) => {
    if (!e.event.startsWith('test.')) return;
    got.push(e);
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  });
  const until = async (check: () => boolean): Promise<void> => {
    while (!check()) await new Promise<void>((wake) => waiters.push(wake));
  };
  return { got, off, until, count: (n: number) => until(() => got.length >= n) };
}

/**
 * Publishes a marker to the inbox's user and waits for it. NOTIFY delivers in commit order, so an
 * event published before the marker would have arrived by then: a round trip proving there was none.
 */
async function throughMarker(userId: number, box: ReturnType<typeof inbox>): Promise<void> {
  const before = box.got.length;
  await bus.publish(db.database.db, 'test.marker', [userId], null);
  await box.until(() => box.got.slice(before).some((e) => e.event === 'test.marker'));
}

describe('live bus', () => {
  it('delivers to the users named, once each, and to nobody else', async () => {
    const a = inbox(1);
    const a2 = inbox(1);
    const b = inbox(2);
    await bus.publish(db.database.db, 'test.hello', [1, 1, 3], { text: 'Салам' });
    await a.count(1);
    await a2.count(1);
    expect(a.got).toEqual([{ event: 'test.hello', data: { text: 'Салам' } }]);
    expect(a2.got).toEqual(a.got);
    await throughMarker(2, b);
    expect(b.got).toEqual([{ event: 'test.marker', data: null }]);
    a2.off();
    await bus.publish(db.database.db, 'test.again', [1], 1);
    await a.count(2);
    expect(a.got.map((e) => e.event)).toEqual(['test.hello', 'test.again']);
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
    await throughMarker(5, a);
    expect(a.got.map((e) => e.event)).toEqual(['test.committed', 'test.marker']);
    a.off();
  });

  it('a burst of events travels packed into few notifications and arrives whole, in order', async () => {
    const a = inbox(7);
    const b = inbox(8);
    const events = Array.from({ length: 300 }, (_, i) => ({ event: 'test.burst', to: i % 3 === 0 ? [7, 8] : [7], data: { i, text: 'Кыргызча '.repeat(20) } }));
    const sent = vi.spyOn(db.database.db, 'execute');
    await bus.publishAll(db.database.db, events);
    const statements = sent.mock.calls.length;
    sent.mockRestore();
    await a.count(300);
    await b.count(100);
    expect(a.got).toEqual(events.map((e) => ({ event: e.event, data: e.data })));
    expect(b.got.map((e) => (e.data as { i: number }).i)).toEqual(events.filter((e) => e.to.includes(8)).map((e) => e.data.i));
    // 300 events of ~400 bytes: a statement of up to 20 notifications carries them all.
    expect(statements).toBe(1);
    a.off();
    b.off();
  });

  it('packs envelopes up to the NOTIFY limit, each payload one JSON value', () => {
    const envelopes = Array.from({ length: 50 }, (_, i) => JSON.stringify({ e: 'test.x', to: [i], d: 'ы'.repeat(400) }));
    const payloads = packed(envelopes);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(7900);
    expect(payloads.flatMap((p) => [JSON.parse(p)].flat())).toEqual(envelopes.map((e) => JSON.parse(e)));
    expect(packed([envelopes[0]])).toEqual([envelopes[0]]);
    expect(packed([])).toEqual([]);
  });

  it('data over the NOTIFY limit arrives as null (the client reloads), to every recipient', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => 1000 + i);
    const first = inbox(1000);
    const last = inbox(1999);
    await bus.publish(db.database.db, 'test.big', many, { text: 'я'.repeat(5000) });
    await first.count(1);
    await last.count(1);
    expect(first.got).toEqual([{ event: 'test.big', data: null }]);
    expect(last.got).toEqual([{ event: 'test.big', data: null }]);
    first.off();
    last.off();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a dropped LISTEN connection (PostgreSQL)', () => {
  it('is re-established, says so (onGap), and delivers again', async () => {
    let gaps = 0;
    let gapSeen: () => void = () => {};
    const gap = new Promise<void>((resolve) => (gapSeen = resolve));
    const offGap = bus.onGap(() => {
      gaps++;
      gapSeen();
    });
    const a = inbox(7);
    const admin = new pg.Client({ connectionString: (db.target as { url: string }).url });
    await admin.connect();
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'lms-listen' and datname = current_database()");
    await admin.end();
    await gap;
    expect(gaps).toBe(1);
    await bus.publish(db.database.db, 'test.after-drop', [7], {});
    await a.count(1);
    expect(a.got.map((e) => e.event)).toEqual(['test.after-drop']);
    a.off();
    offGap();
  });
});
