/**
 * The time requests wait for a connection of the PostgreSQL pool, seen from outside the database
 * code (db/client.ts): the pool's `connect` is wrapped once per pool, and every app on that pool
 * (one in production, several in tests) gets each wait. `connect` is what the pool's own `query`
 * and the transactions (db/client.ts) call, so every statement's wait is seen. A wait ends when a
 * connection is handed over or the wait fails (DB_CONNECTION_TIMEOUT_MS, the request's deadline):
 * a timed-out wait is a wait too.
 */
import type pg from 'pg';

type Connect = (callback?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => Promise<pg.PoolClient> | undefined;

const watchers = new WeakMap<pg.Pool, Set<(seconds: number) => void>>();

/** Calls `observe` with each wait for a connection of `pool`, in seconds; returns what stops it. */
export function watchPoolWaits(pool: pg.Pool, observe: (seconds: number) => void): () => void {
  let set = watchers.get(pool);
  if (!set) {
    const observers = (set = new Set());
    watchers.set(pool, observers);
    const connect = (pool.connect as Connect).bind(pool);
    const wrapped: Connect = (callback) => {
      const started = performance.now();
      const waited = () => {
        const seconds = (performance.now() - started) / 1000;
        for (const fn of observers) fn(seconds);
      };
      if (!callback) {
        const connecting = connect()!;
        connecting.then(waited, waited);
        return connecting;
      }
      return connect((err, client, done) => {
        waited();
        callback(err, client, done);
      });
    };
    (pool as unknown as { connect: Connect }).connect = wrapped;
  }
  set.add(observe);
  const observers = set;
  return () => void observers.delete(observe);
}
