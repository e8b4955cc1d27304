/**
 * How long a request's database work may take on PostgreSQL (DB_REQUEST_TIMEOUT_MS): the request's
 * deadline, the queries bounded by it, a connection whose query overran cancelled and given up.
 * client.ts opens the pool with these.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { DbTarget } from './client';

/** A request's deadline: `until` is a moment of performance.now(), moved on while the request waits for its body. */
export interface Deadline {
  until: number;
}

/**
 * The moment by which the request being handled must be done with PostgreSQL: set for each request
 * (plugins/lifecycle.ts, which leaves out the time its body takes to arrive), absent for work
 * outside requests (housekeeping, live events, the session checks of open streams). Waiting for a
 * pool connection and every statement get only what is left of it, so that a slow database
 * (latency on the network, a saturated server) makes a request fail with 503 within
 * DB_REQUEST_TIMEOUT_MS rather than after each of its statements took its time. statement_timeout
 * still bounds the work on the server.
 */
export const requestDeadline = new AsyncLocalStorage<Deadline>();

/**
 * Runs work that is not the request's database work (a received file's transfer to the store, which
 * may wait its turn for the bucket) without counting its time against the request's deadline: the
 * deadline bounds the wait for PostgreSQL, never a transfer.
 */
export async function uncounted<T>(work: () => Promise<T>): Promise<T> {
  const deadline = requestDeadline.getStore();
  const started = performance.now();
  try {
    return await work();
  } finally {
    if (deadline) deadline.until += performance.now() - started;
  }
}

/** Milliseconds left to the current request's deadline, or null outside a request. */
export function timeLeft(): number | null {
  const deadline = requestDeadline.getStore();
  return deadline === undefined ? null : deadline.until - performance.now();
}

/**
 * Pool connections whose statement a request gave up on (its deadline passed while PostgreSQL was
 * still working or waiting, e.g. for a lock), each with the moment its connection is closed. Such a
 * connection takes no more statements and is discarded once released; until its statement has ended
 * and its backend is gone it keeps its place in the pool, so that the pool never has more backends
 * on the server than DB_POOL_MAX.
 */
const givenUp = new WeakMap<pg.PoolClient, Promise<void>>();

/** What node-postgres keeps of a client's statements (not part of its typings). */
interface ClientQueue {
  _getActiveQuery(): unknown;
  _queryQueue: Array<{ handleError(err: Error, connection: unknown): void }>;
  connection: unknown;
  processID: number | null;
  secretKey: number | null;
}

/**
 * The request gave up on `client`'s statement: the statement is cancelled on the server (the
 * protocol's cancel request, on a connection of its own that PostgreSQL does not count as a backend,
 * so it works with the pool and the server full), nothing more runs on the connection, and the
 * connection is closed once the statement has come back. At most `boundMs` are waited for either.
 */
function giveUp(client: pg.PoolClient, target: Extract<DbTarget, { kind: 'postgres' }>, boundMs: number): void {
  if (givenUp.has(client)) return;
  const state = client as unknown as ClientQueue;
  // Statements queued behind it are never sent.
  for (const queued of state._queryQueue.splice(0)) queued.handleError(new Error('Query read timeout (statement given up)'), state.connection);
  const running = state._getActiveQuery() !== null && state._getActiveQuery() !== undefined;
  const ended = !running
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const done = () => {
          client.off('drain', done);
          client.off('end', done);
          resolve();
        };
        // 'drain': the server answered the statement (with the cancellation) and is ready again.
        client.on('drain', done);
        client.on('end', done);
      });
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, boundMs);
    timer.unref();
  });
  // A graceful close: the server ends the backend, then closes the connection.
  const closed = ended.then(() => client.end()).catch(() => {});
  givenUp.set(
    client,
    Promise.race([closed, bound]).then(() => clearTimeout(timer)),
  );
  if (running && state.processID !== null && state.secretKey !== null) sendCancel(target, state.processID, state.secretKey);
}

/** PostgreSQL's cancel request for backend `processID` (what pg's Client#cancel sends). */
function sendCancel(target: Extract<DbTarget, { kind: 'postgres' }>, processID: number, secretKey: number): void {
  requestDeadline.exit(() => {
    const canceller = new pg.Client({ connectionString: target.url });
    const { connection, host, port } = canceller as unknown as {
      connection: {
        connect(port: number, host: string): void;
        cancel(pid: number, key: number): void;
        on(e: string, fn: () => void): void;
        stream: { end(): void };
      };
      host: string;
      port: number;
    };
    // A failed cancel leaves the statement to statement_timeout; it must not crash the process.
    connection.on('error', () => {});
    connection.on('connect', () => {
      connection.cancel(processID, secretKey);
      connection.stream.end();
    });
    connection.connect(port, host.startsWith('/') ? `${host}/.s.PGSQL.${port}` : host);
  });
}

/**
 * A pool client's query with the request's time left as its query_timeout (pg then gives up
 * waiting), and the statement cancelled on the server when it does (giveUp).
 */
export function boundQueries(client: pg.PoolClient, target: Extract<DbTarget, { kind: 'postgres' }>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const left = timeLeft();
    if (left === null || config === null || (typeof config !== 'string' && typeof config !== 'object')) return query(config, ...rest);
    if (typeof config === 'object' && typeof (config as { submit?: unknown }).submit === 'function') return query(config, ...rest);
    const callback = typeof rest.at(-1) === 'function' ? (rest.pop() as (err: Error | undefined, res?: unknown) => void) : undefined;
    const running: Promise<unknown> = givenUp.has(client)
      ? Promise.reject(new Error('Query read timeout (statement given up)'))
      : query({ ...(typeof config === 'string' ? { text: config } : (config as object)), query_timeout: Math.max(1, Math.floor(left)) }, ...rest).catch(
          (err: unknown) => {
            if (err instanceof Error && /Query read timeout/.test(err.message)) giveUp(client, target, target.statementTimeoutMs + target.connectionTimeoutMs);
            throw err;
          },
        );
    if (!callback) return running;
    running.then(
      (res) => callback(undefined, res),
      (err: Error) => callback(err),
    );
    return undefined;
  };
}

/** A checked-out client's release: one whose statement was given up on leaves the pool once its connection is closed (giveUp). */
function releaseWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  client.release = (err?: Error | boolean) => {
    const ended = givenUp.get(client);
    if (!ended) return release(err);
    void ended.then(() => release(err instanceof Error ? err : new Error('Statement given up')));
  };
  return client;
}

/** pool.connect waiting at most the request's time left (and connectionTimeoutMillis). */
export function boundConnect(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const bounded = (): Promise<pg.PoolClient> => {
    const left = timeLeft();
    if (left === null) return connect().then(releaseWhenEnded);
    return new Promise((resolve, reject) => {
      let late = false;
      const timer = setTimeout(
        () => {
          late = true;
          reject(new Error('timeout exceeded when trying to connect (request deadline)'));
        },
        Math.max(0, left),
      );
      connect().then(
        (client) => {
          clearTimeout(timer);
          releaseWhenEnded(client);
          if (late) client.release();
          else resolve(client);
        },
        (err: unknown) => {
          clearTimeout(timer);
          if (!late) reject(err as Error);
        },
      );
    });
  };
  (pool as unknown as { connect: unknown }).connect = (callback?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    const connecting = bounded();
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, () => client.release()),
      (err: Error) => callback(err),
    );
    return undefined;
  };
}
