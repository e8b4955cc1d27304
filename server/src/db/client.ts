/**
 * The database connection: embedded PGlite (default, a directory in DATA_DIR or in memory for
 * tests) or PostgreSQL through a node-postgres pool. Both speak the same SQL and give the same
 * Drizzle query builder (`Db`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { requestDeadline, timeLeft, boundQueries, boundConnect } from './deadline';
import { isDatabaseUnavailable } from './errors';
import { lockDirectory } from './pglite-lock';
import { unnamedStatements } from './pooler';
import { noteWrites, readerOf, Replica } from './replica';

export { requestDeadline, uncounted, type Deadline } from './deadline';

/** The query builder (also what a transaction callback receives). */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DbTarget =
  | { kind: 'pglite'; /** null: in memory */ dataDir: string | null; /** start from a dump (tests) */ loadDataDir?: Blob }
  | {
      kind: 'postgres';
      url: string;
      poolMax: number;
      statementTimeoutMs: number;
      connectionTimeoutMs: number;
      /** A request's whole wait for PostgreSQL (DB_REQUEST_TIMEOUT_MS, see requestDeadline). */
      requestTimeoutMs?: number;
      /**
       * What `url` leads to (DATABASE_POOLER): the server itself or a session pooler ('none', the
       * default), or a pooler in transaction mode (PgBouncer's pool_mode=transaction), which may run
       * each transaction on another server connection: then no named prepared statements and no
       * settings of the connection (statement_timeout) are sent.
       */
      pooler?: 'none' | 'transaction';
      /**
       * A direct (session-level) connection (DATABASE_LISTEN_URL) for what needs one server
       * connection for its whole life: LISTEN, and the advisory lock of migrations and seeding.
       * Default: `url`.
       */
      listenUrl?: string;
      /** A streaming replica for the reads that may lag (DATABASE_REPLICA_URL, DATABASE_REPLICA_MAX_LAG_MS). */
      replica?: { url: string; maxLagMs: number };
    };

export interface Database {
  readonly kind: DbTarget['kind'];
  readonly db: Db;
  /** node-postgres pool (PostgreSQL only). */
  readonly pool: pg.Pool | null;
  /** The embedded engine (PGlite only). */
  readonly pglite: PGlite | null;
  /** The read replica (DATABASE_REPLICA_URL), null without one. */
  readonly replica: Replica | null;
  /**
   * The handle for reads that tolerate a few seconds' lag, in a route marked `lagTolerant`
   * (plugins/replica-reads.ts): the replica's when it has caught up to within the bound and to the
   * caller's last write, else `db`. Never for a read that decides a write.
   */
  reader(): Db;
  /**
   * Runs fn with exclusive use of the database across processes (migrations, seeding): on
   * PostgreSQL a dedicated connection holding an advisory lock and no statement timeout.
   */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Cheap round trip: throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: onPayload gets each NOTIFY payload (sent by any process on this database).
   * PostgreSQL uses a dedicated connection outside the pool, re-established after a drop, then
   * onGap says that notifications may have been missed. Resolves once listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** The listening connection dropped and is back: notifications in between are lost. */
  onGap?(): void;
}

/** A LISTEN under way. */
export interface Listening {
  /**
   * Resolves once every notification committed before the call has reached onPayload (rejects while
   * the listening connection is away). PostgreSQL: a round trip on the listening connection, which
   * delivers the notifications it holds before it answers; PGlite delivers them with the statement
   * that commits, so nothing is left to wait for.
   */
  sync(): Promise<void>;
  /** Stops listening. */
  stop(): Promise<void>;
}

/** Channel names are plain identifiers (they are written into LISTEN). */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Advisory lock key for migrations and seeding ('lms-init' as a number). */
const INIT_LOCK = 0x6c6d7369;

export function dbTargetFromConfig(config: Config): DbTarget {
  if (config.databaseUrl)
    return {
      kind: 'postgres',
      url: config.databaseUrl,
      poolMax: config.dbPoolMax,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      connectionTimeoutMs: config.dbConnectionTimeoutMs,
      requestTimeoutMs: config.dbRequestTimeoutMs,
      pooler: config.databasePooler,
      ...(config.databaseListenUrl ? { listenUrl: config.databaseListenUrl } : {}),
      ...(config.databaseReplicaUrl ? { replica: { url: config.databaseReplicaUrl, maxLagMs: config.databaseReplicaMaxLagMs } } : {}),
    };
  return { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export async function openDatabase(target: DbTarget): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target) : openPostgres(target);
}

async function openPglite({ dataDir, loadDataDir }: Extract<DbTarget, { kind: 'pglite' }>): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // PGlite takes no lock of its own: a second process on the directory is refused here (./pglite-lock.ts).
  const unlock = dataDir ? lockDirectory(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pool: null,
    pglite: client,
    replica: null,
    reader: () => db,
    // One process owns a PGlite directory, and PGlite runs one query at a time.
    exclusive: (fn) => fn(db),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, { onPayload }) => {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad channel name '${channel}'`);
      const unlisten = await client.listen(channel, onPayload);
      return {
        sync: () => (client.closed ? Promise.reject(new Error('The database is closed')) : Promise.resolve()),
        stop: async () => {
          if (!client.closed) await unlisten();
        },
      };
    },
    close: () => client.close().finally(unlock),
  };
}

/** The connection for LISTEN and the init lock: one server connection for as long as it is open. */
export function sessionUrlOf(target: Extract<DbTarget, { kind: 'postgres' }>): string {
  return target.listenUrl ?? target.url;
}

/** A pool on `url` with the target's limits (the primary's, or the replica's with its URL). */
function openPool(target: Extract<DbTarget, { kind: 'postgres' }>, writes: boolean): { pool: pg.Pool; db: Db } {
  const transactionPooler = target.pooler === 'transaction';
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolMax,
    connectionTimeoutMillis: target.connectionTimeoutMs,
    idleTimeoutMillis: 30000,
    // Settings of the connection, sent when it opens: a transaction pooler refuses them (PgBouncer:
    // "unsupported startup parameter"), as it would apply them to whichever server connection it
    // picks; behind one they are the database role's (docs/deployment.md).
    ...(transactionPooler ? {} : { statement_timeout: target.statementTimeoutMs, idle_in_transaction_session_timeout: target.statementTimeoutMs }),
    application_name: 'lms',
  });
  // A connection dropped while idle in the pool (server restart) must not crash the process, nor one
  // dropped while checked out between two statements (the statement after it fails and answers 503).
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (transactionPooler) unnamedStatements(client);
    if (writes) noteWrites(client);
    if (target.requestTimeoutMs) boundQueries(client, target);
  });
  if (target.requestTimeoutMs) boundConnect(pool);
  const db = drizzlePg({ client: pool }) as unknown as Db;
  // Transactions on a client of their own, given back to the pool here: drizzle's pool transaction
  // keeps the client when BEGIN itself fails (a connection just dropped), and the pool then never
  // gets it back. A client whose connection failed is destroyed, not reused.
  db.transaction = (async (fn: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await (drizzlePg({ client }) as unknown as Db).transaction(fn, config);
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  }) as Db['transaction'];
  return { pool, db };
}

async function openPostgres(target: Extract<DbTarget, { kind: 'postgres' }>): Promise<Database> {
  const { pool, db } = openPool(target, target.replica !== undefined);
  let replica: Replica | null = null;
  if (target.replica) {
    // The replica's pool: the same limits, its own URL (its cancel requests go there too).
    const reads = openPool({ ...target, url: target.replica.url }, false);
    replica = new Replica(reads.db, reads.pool, pool, target.replica.maxLagMs);
    await replica.check();
    replica.start();
  }
  return {
    kind: 'postgres',
    db,
    pool,
    pglite: null,
    replica,
    reader: () => readerOf(db, replica),
    exclusive: async (fn) => {
      // Session-level: a transaction pooler would neither keep the lock nor release it with the connection.
      const client = new pg.Client({ connectionString: sessionUrlOf(target), application_name: 'lms-init' });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [INIT_LOCK]);
        return await fn(drizzlePg({ client }) as unknown as Db);
      } finally {
        await client.end().catch(() => {});
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenPostgres(target, channel, handlers),
    close: async () => {
      await replica?.stop();
      await pool.end();
    },
  };
}

/** Delay before re-connecting a dropped LISTEN connection: 0.5 s, doubling up to 10 s. */
const LISTEN_RETRY_MS = [500, 1000, 2000, 5000, 10000];

/**
 * LISTEN on a connection of its own. The connection is opened, and the handlers run, outside any
 * request's deadline (requestDeadline): a listener first asked for by a request (the first event
 * stream) serves every later one, and what its handlers start (the session checks of open streams)
 * must not fail because that request's time ran out long ago.
 */
async function listenPostgres(target: Extract<DbTarget, { kind: 'postgres' }>, channel: string, handlers: ListenHandlers): Promise<Listening> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad channel name '${channel}'`);
  let current: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: sessionUrlOf(target),
      application_name: 'lms-listen',
      connectionTimeoutMillis: target.connectionTimeoutMs,
    });
    client.on('notification', (n) => {
      if (n.channel === channel) requestDeadline.exit(() => handlers.onPayload(n.payload ?? ''));
    });
    const lost = () => {
      if (current !== client) return;
      current = null;
      client.end().catch(() => {});
      reconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    return client;
  };

  const reconnect = () => {
    if (stopped || timer) return;
    const delay = LISTEN_RETRY_MS[Math.min(attempt, LISTEN_RETRY_MS.length - 1)];
    attempt++;
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        (client) => {
          if (stopped) {
            client.end().catch(() => {});
            return;
          }
          attempt = 0;
          current = client;
          requestDeadline.exit(() => handlers.onGap?.());
        },
        () => reconnect(),
      );
    }, delay);
    timer.unref();
  };

  // Opened outside the request that may have asked for it first: the connection's events (its
  // notifications, its re-connections) must not carry that request's deadline.
  current = await requestDeadline.exit(connect);
  return {
    // The server sends the notifications it holds for this connection before the reply to a query.
    // Within a request, no longer than the request's time left (a slow database is then "not heard").
    sync: async () => {
      const client = current;
      if (!client) throw new Error('The listening connection is away');
      const left = timeLeft();
      if (left === null) {
        await client.query('select 1');
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client.query('select 1'),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error('Query read timeout (listening connection)')), Math.max(0, left));
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * A statement built once per database handle and then only executed: `build` runs on the first
 * call for a given `db` (typically with `sql.placeholder(...)` for the values and `.prepare(name)`),
 * and the result is reused for every later call on that handle. On PostgreSQL the name makes it a
 * server-side prepared statement on each pooled connection (parsed and planned once per
 * connection), and in both engines the SQL text is no longer rebuilt by the query builder per call.
 * Transactions are handles of their own: a statement is built for each (no worse than unprepared).
 */
export function preparedStatement<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let statement = cache.get(db);
    if (statement === undefined) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}

/** Ids as one parameter, an integer array for `= any(…)`: one bind for the list, not one per id (a group's students are a hundred and more). */
export const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The rows of a raw statement (both drivers answer `{rows}`). Columns come as the driver hands them
 * over: dates and times of a raw statement are text, in each driver's own format, so a statement
 * that needs them turns them into something both agree on (to_char, epoch milliseconds).
 *
 * With a `name` (a statement whose text never changes, its values all parameters), PostgreSQL keeps
 * it prepared on each pooled connection, as `.prepare(name)` does for the query builder's statements:
 * parsed once per connection, and planned once its plan does not depend on the values (a statement
 * whose values travel as one JSON parameter, say), instead of at every call.
 */
export async function rowsOf<T>(db: Db, query: SQL, name?: string): Promise<T[]> {
  if (name === undefined) return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  // What db.execute does, with the name the builder's prepared statements carry.
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return ((await prepared.execute()) as { rows: T[] }).rows;
}
