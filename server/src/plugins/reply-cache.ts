/**
 * Replies of frequent reads kept in the server process for a few seconds (REPLY_CACHE_MS), so that
 * a repeated call (the profile card, a page of the news feed) skips its queries. Kept replies are
 * dropped at once when what they were read from changes, whoever changes it, the same way as the
 * session cache (plugins/session-cache.ts):
 *
 * - the database announces, at commit, every statement that writes a table a kept reply reads, on
 *   the channel `lms_data` with the table's name (statement triggers of migration 0006_reply_cache),
 *   and every server process listens to it and drops the replies of the areas that read that table;
 * - before a kept reply is used, the process waits until it has heard every announcement committed
 *   before the request arrived (Listening.sync: one round trip on the listening connection, shared by
 *   the requests that arrive meanwhile; nothing with PGlite, which announces in the committing call);
 * - a reply read while an announcement arrived is not kept (mark/set);
 * - the calls that miss the same reply while it is being read afresh may share that read (shared):
 *   a call joins it only when no announcement that drops the reply arrived since it began;
 * - a reply that depends on the clock says for which moments it holds (`from`, `until`, session
 *   clock), e.g. until the next scheduled news item comes out;
 * - a table whose rows belong to one person each (a student's journal records) is announced with
 *   whose rows the statement wrote (`journal_visits:12,40`, migration 0021_student_journal_reply_cache),
 *   so that a cache keeping one reply per owner drops only those owners' replies (`owner` in set()):
 *   one student's new mark costs the other students' kept replies nothing.
 *
 * Without the listening connection (not yet open, dropped) nothing is kept: every call reads.
 */
import type { Database, Listening } from '../db/client';
import { SharedRoundTrip } from '../lib/round-trips';

export const DATA_CHANNEL = 'lms_data';

export interface ReplyCacheLogger {
  warn(obj: unknown, msg?: string): void;
}

/** One process's ear on `lms_data`: the tables written, for every ReplyCache of the process. */
export class DataChanges {
  private listening: Listening | null = null;
  /** Learns that every change committed before a call has been heard, one round trip for many calls. */
  private readonly heard = new SharedRoundTrip(() => (this.listening ? this.listening.sync() : Promise.reject(new Error('not listening'))));
  private warned = false;
  private readonly caches = new Set<ReplyCache<unknown>>();
  log: ReplyCacheLogger = { warn: () => {} };

  constructor(private readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening !== null;
  }

  /** Starts listening (when REPLY_CACHE_MS > 0); until then nothing is kept. */
  async start(database: Database): Promise<void> {
    if (this.ttlMs <= 0 || this.listening) return;
    this.listening = await database.listen(DATA_CHANNEL, {
      onPayload: (payload) => this.announced(payload),
      onGap: () => this.changed(null),
    });
  }

  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    this.changed(null);
    await listening?.stop();
  }

  /** A cache of this process, told of every change. */
  add(cache: ReplyCache<unknown>): void {
    this.caches.add(cache);
  }

  /** Every change committed before the call has been heard; false when that cannot be known. */
  async ready(): Promise<boolean> {
    if (!this.enabled) return false;
    try {
      await this.heard.run();
      this.warned = false;
      return this.listening !== null;
    } catch (err) {
      this.changed(null);
      if (!this.warned) this.log.warn({ err }, 'reply cache: changes cannot be heard for now, replies are read every time');
      this.warned = true;
      return false;
    }
  }

  /** The caches of the process (their names and counts of hits and misses: plugins/metrics.ts). */
  get all(): ReadonlySet<ReplyCache<unknown>> {
    return this.caches;
  }

  /** Replies kept now by every cache of the process (tests). */
  get kept(): number {
    let n = 0;
    for (const cache of this.caches) n += cache.size;
    return n;
  }

  /** A table was written (null: anything may have changed); `owners`: only their rows were. */
  changed(table: string | null, owners?: readonly number[]): void {
    for (const cache of this.caches) cache.changed(table, owners);
  }

  /** An announcement: `table`, or `table:id,id,...` for the rows of those owners only. */
  private announced(payload: string): void {
    if (payload === '') return this.changed(null);
    const colon = payload.indexOf(':');
    if (colon < 0) return this.changed(payload);
    const owners = payload
      .slice(colon + 1)
      .split(',')
      .map(Number);
    this.changed(payload.slice(0, colon), owners.every(Number.isInteger) ? owners : undefined);
  }
}

/** Owners whose latest change a cache remembers at most (beyond, a change drops everything). */
const OWNERS_TRACKED_MAX = 100_000;

interface Entry<V> {
  value: V;
  /** Session clock (ms): the reply holds for moments in [from, until). */
  from: number;
  until: number;
  /** Monotonic clock (ms): kept no longer than REPLY_CACHE_MS. */
  freshUntil: number;
  /** Whose rows of the owned tables the reply shows (undefined: anyone's). */
  owner?: number;
  /** Its weight toward `maxWeight` (0 when the cache has no weight bound). */
  weight: number;
}

/** The kept replies of one area, read from `tables`. */
export class ReplyCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly tables: ReadonlySet<string>;
  /** Tables announced with their rows' owners: a change drops only those owners' replies. */
  private readonly ownedTables: ReadonlySet<string>;
  /**
   * Counts the changes heard; a read's mark is the count when it began, and it does not keep its
   * answer when a change that drops it came later: a drop of everything (`cleared`), a change to an
   * owned table (`ownedChanged`, for replies of no owner) or to the reply's owner's rows (`ownerChanged`).
   */
  private changes = 0;
  private cleared = 0;
  private ownedChanged = 0;
  private readonly ownerChanged = new Map<number, number>();
  /** Reads afresh under way (shared), with the mark each began at. */
  private readonly flights = new Map<string, { mark: number; owner?: number; promise: Promise<V> }>();

  constructor(
    private readonly dataChanges: DataChanges,
    options: {
      /** Its name in the metrics (`lms_reply_cache_hits_total{cache}`; default `other`). */
      name?: string;
      tables: readonly string[];
      ownedTables?: readonly string[];
      ttlMs: number;
      maxEntries: number;
      /** A bound on the kept replies' total weight (e.g. their size in characters), with how to weigh one. */
      maxWeight?: { max: number; of: (value: V) => number };
    },
    private readonly monotonic: () => number = () => performance.now(),
  ) {
    this.name = options.name ?? 'other';
    this.tables = new Set(options.tables);
    this.ownedTables = new Set(options.ownedTables);
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries;
    this.maxWeight = options.maxWeight;
    dataChanges.add(this as ReplyCache<unknown>);
  }

  readonly name: string;
  /** Calls answered with a kept reply, and calls that read afresh (kept replies off included). */
  hits = 0;
  misses = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight?: { max: number; of: (value: V) => number };
  /** The kept replies' total weight. */
  private weight = 0;

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }

  private dropAll(): void {
    this.entries.clear();
    this.weight = 0;
  }

  /**
   * The kept reply for `key` at `now` (session clock, ms) once every earlier change has been heard,
   * else undefined; `mark` is what to give back to set() after reading it afresh.
   */
  async get(key: string, now: number): Promise<{ value: V | undefined; mark: number }> {
    if (!(await this.dataChanges.ready())) {
      this.misses++;
      return { value: undefined, mark: -1 };
    }
    const mark = this.changes;
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return { value: undefined, mark };
    }
    if (now < entry.from || now >= entry.until || this.monotonic() >= entry.freshUntil) {
      this.drop(key);
      this.misses++;
      return { value: undefined, mark };
    }
    this.hits++;
    return { value: entry.value, mark };
  }

  /**
   * Keeps a reply read afresh, holding for moments in [from, until) (session clock, ms), and for
   * `maxAgeMs` at most when it was made of something kept for a limited time itself; `owner`: whose
   * rows of the owned tables it shows (a change to anyone else's keeps it).
   */
  set(
    key: string,
    value: V,
    mark: number,
    { from, until = Infinity, maxAgeMs = Infinity, owner }: { from: number; until?: number; maxAgeMs?: number; owner?: number },
  ): void {
    if (mark < 0 || !this.dataChanges.enabled || until <= from || maxAgeMs <= 0) return;
    if (!this.holds(mark, owner)) return;
    this.drop(key);
    const weight = this.maxWeight?.of(value) ?? 0;
    // A reply heavier than the whole bound is not kept; otherwise the oldest make room for it.
    if (this.maxWeight && weight > this.maxWeight.max) return;
    while (this.entries.size >= this.maxEntries || (this.maxWeight && this.weight + weight > this.maxWeight.max)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, { value, from, until, freshUntil: this.monotonic() + Math.min(this.ttlMs, maxAgeMs), owner, weight });
    this.weight += weight;
  }

  /**
   * `read()` (a read afresh for `key` after get() gave `mark`), shared with the calls that miss the
   * same key while it runs: a call joins a read under way only when no change that drops its answer
   * has been heard since that read began, so the answer shows everything committed before the call
   * arrived (get() waited until every such change was heard). Without a mark nothing is shared.
   */
  shared(key: string, mark: number, owner: number | undefined, read: () => Promise<V>): Promise<V> {
    const flight = this.flights.get(key);
    if (mark >= 0 && flight && flight.owner === owner && this.holds(flight.mark, owner)) return flight.promise;
    const promise = read();
    if (mark < 0) return promise;
    const entry = { mark, owner, promise };
    this.flights.set(key, entry);
    const done = () => {
      if (this.flights.get(key) === entry) this.flights.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /** Whether a reply read from `mark` on (of `owner`'s rows) still holds: no change that drops it heard since. */
  private holds(mark: number, owner: number | undefined): boolean {
    return !(this.cleared > mark || (owner === undefined ? this.ownedChanged > mark : (this.ownerChanged.get(owner) ?? 0) > mark));
  }

  /** Replies kept now (tests). */
  get size(): number {
    return this.entries.size;
  }

  /** Their total weight (tests). */
  get keptWeight(): number {
    return this.weight;
  }

  changed(table: string | null, owners?: readonly number[]): void {
    if (table !== null && !this.tables.has(table)) return;
    const at = ++this.changes;
    if (table === null || owners === undefined || !this.ownedTables.has(table) || this.ownerChanged.size + owners.length > OWNERS_TRACKED_MAX) {
      this.cleared = at;
      this.ownerChanged.clear();
      this.dropAll();
      return;
    }
    this.ownedChanged = at;
    for (const owner of owners) this.ownerChanged.set(owner, at);
    const dropped = new Set(owners);
    for (const [key, entry] of this.entries) if (entry.owner === undefined || dropped.has(entry.owner)) this.drop(key);
  }
}
