/**
 * Reads that tolerate a few seconds' lag, on a streaming replica (DATABASE_REPLICA_URL): which
 * requests may use it (requestReads, set by plugins/replica-reads.ts for the routes marked
 * `lagTolerant`), how far the replica is behind (Replica.check), and which statements of a request
 * write (noteWrites), so that the caller's next reads come from the primary until the replica has
 * his write.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Db } from './client';

/** What a request may read from where. */
export interface RequestReads {
  /** The route's reads may lag (its `lagTolerant` config). */
  readonly lagTolerant: boolean;
  /** When the caller last wrote (Date.now() of the server that answered it, from the lms_wrote cookie), or 0. */
  lastWriteAt: number;
  /** A statement that writes ran on the primary for this request (the reply then sets the cookie). */
  wrote: boolean;
  /** Where this request's lag-tolerant reads go, decided at the first (one source per request). */
  source?: 'replica' | 'primary';
}

export const requestReads = new AsyncLocalStorage<RequestReads>();

/**
 * Runs writes that are bookkeeping rather than the caller's own (the sessions' last activity,
 * recorded for a burst of requests at once): they do not make the caller read from the primary.
 */
export function notTheCallersWrite<T>(work: () => Promise<T>): Promise<T> {
  return requestReads.exit(work);
}

/** How often the replica's progress is checked. */
export const REPLICA_CHECK_MS = 1000;

/**
 * How far the clocks of the server machines may disagree: the lms_wrote cookie carries the time on
 * the server that answered the write, compared with the times of this one's checks.
 */
export const CLOCK_MARGIN_MS = 1000;

const WRITE = /^\s*(insert|update|delete|merge)\b/i;
/** A statement with a data-modifying common table expression (`with w as (update … set …) select …`). */
const WRITING_WITH = /^\s*with\b[\s\S]*\b(insert\s+into|delete\s+from|merge\s+into|update\s+\S+(?:\s+(?:as\s+)?\w+)?\s+set)\b/i;

export function isWrite(text: string): boolean {
  return WRITE.test(text) || WRITING_WITH.test(text);
}

/** Marks the request under way as having written when one of `client`'s statements writes. */
export function noteWrites(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const reads = requestReads.getStore();
    if (reads && !reads.wrote) {
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      if (typeof text === 'string' && isWrite(text)) reads.wrote = true;
    }
    return query(config, ...rest);
  };
}

/** A WAL position ('16/B374D848') as a number. */
function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Primary positions kept while the replica has not replayed them (one a check: minutes of a stopped replay). */
const MARKS_MAX = 600;

/**
 * The replica and how far behind it is. Each check reads the primary's WAL position, then the
 * replica's replayed position: once the replica has replayed a position read at time t, every
 * commit made before t is there (replay only moves forward). `appliedUpTo` is the latest such t.
 * This needs no commit on an idle primary (pg_last_xact_replay_timestamp() alone would show a
 * replica of an idle primary as ever later), and a replica that is not in recovery (promoted, or
 * the wrong server) or does not answer is not used.
 */
export class Replica {
  /** Every commit on the primary before this moment (Date.now()) is on the replica; null: not known (down, not a standby). */
  appliedUpTo: number | null = null;
  private marks: Array<{ at: number; lsn: bigint }> = [];
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The clock the lag is measured by (tests move it past the bound). */
  clock: () => number = Date.now;

  constructor(
    readonly db: Db,
    readonly pool: pg.Pool,
    private readonly primary: pg.Pool,
    readonly maxLagMs: number,
  ) {}

  /** Checks every REPLICA_CHECK_MS (not awaited by anything; stopped by stop()). */
  start(): void {
    this.timer = setInterval(() => void this.check(), REPLICA_CHECK_MS);
    this.timer.unref();
  }

  /** One check (a check under way is shared). */
  check(): Promise<void> {
    this.running ??= this.measure().finally(() => (this.running = null));
    return this.running;
  }

  private async measure(): Promise<void> {
    try {
      const at = Date.now();
      const { rows: primary } = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      this.marks.push({ at, lsn: lsnValue(primary[0].lsn) });
      if (this.marks.length > MARKS_MAX) this.marks.shift();
      const { rows } = await this.pool.query<{ replayed: string | null }>(
        'select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as replayed',
      );
      const replayed = rows[0].replayed;
      if (replayed === null) {
        this.appliedUpTo = null;
        return;
      }
      const position = lsnValue(replayed);
      let reached = -1;
      for (let i = 0; i < this.marks.length && this.marks[i].lsn <= position; i++) reached = i;
      if (reached >= 0) {
        this.appliedUpTo = Math.max(this.appliedUpTo ?? 0, this.marks[reached].at);
        this.marks.splice(0, reached + 1);
      }
    } catch {
      // Either server does not answer: the primary serves every read until a check succeeds.
      this.appliedUpTo = null;
      this.marks = [];
    }
  }

  /**
   * Where a lag-tolerant read goes: the replica when it is no more than maxLagMs behind and has
   * the caller's last write (with the clocks' margin), else the primary.
   */
  serves(lastWriteAt: number, now = this.clock()): boolean {
    const upTo = this.appliedUpTo;
    if (upTo === null || now - upTo > this.maxLagMs) return false;
    return lastWriteAt === 0 || lastWriteAt + CLOCK_MARGIN_MS <= upTo;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.pool.end();
  }
}

/** The handle for the reads of the request under way that may lag: the replica's when it serves them, else `primary`. */
export function readerOf(primary: Db, replica: Replica | null): Db {
  const reads = requestReads.getStore();
  if (!replica || !reads?.lagTolerant) return primary;
  reads.source ??= replica.serves(reads.lastWriteAt) ? 'replica' : 'primary';
  return reads.source === 'replica' ? replica.db : primary;
}
