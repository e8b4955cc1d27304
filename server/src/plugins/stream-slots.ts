/**
 * The places of a session's open event streams, counted in the database (table live_streams) so
 * that the limit holds across every server process on it, not per process.
 *
 * A stream takes a place when it opens (under a per-session advisory lock: concurrent opens in any
 * process all count) and gives it back when it closes. Each process refreshes its own rows every
 * REFRESH_MS; a row not refreshed for STALE_MS belongs to a process that ended without giving its
 * places back (killed, crashed) and no longer counts: its streams ended with it. Times are the
 * database's, the same for every process. A place this process is giving back no longer counts here
 * while its row is being deleted, so that a tab closed and another opened at once on the same process
 * is admitted; on another process the place counts until its row is gone, a moment after the close.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { requestDeadline, rowsOf, type Db } from '../db/client';
import { tooManyRequests } from '../app-error';

/** How often a process refreshes the rows of its open streams. */
export const REFRESH_MS = 30_000;
/** A row older than this (three missed refreshes) no longer counts. */
export const STALE_MS = 3 * REFRESH_MS;

export interface SlotLogger {
  warn(obj: unknown, msg?: string): void;
}

export class StreamSlots {
  /** This process's rows. */
  readonly process = randomUUID();
  private open = 0;
  /** The rows of places given back whose deletion has not finished yet. */
  private readonly releasing = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  log: SlotLogger = { warn: () => {} };

  constructor(private readonly db: Db) {}

  /**
   * Takes a place for a stream of `sessionId`; throws 429 (Retry-After `retryAfterS`) when the session
   * holds `max` open streams in all processes together. Returns the function that gives it back.
   */
  async take(sessionId: number, max: number, retryAfterS: number): Promise<() => void> {
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`live-stream:${sessionId}`}, 0))`);
      const rows = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from live_streams
             where session_id = ${sessionId} and seen_at > now() - make_interval(secs => ${STALE_MS / 1000})
               and id <> all(${`{${[...this.releasing].join(',')}}`}::bigint[])`,
      );
      if ((rows[0]?.n ?? 0) >= max) throw tooManyRequests(retryAfterS);
      const inserted = await rowsOf<{ id: number | string }>(
        tx,
        sql`insert into live_streams (session_id, process) values (${sessionId}, ${this.process}) returning id`,
      );
      return Number(inserted[0].id);
    });
    this.opened();
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.closed();
      this.releasing.add(id);
      // Outside the deadline of the request that opened the stream, which has long passed.
      requestDeadline.exit(() =>
        this.db
          .execute(sql`delete from live_streams where id = ${id}`)
          .catch((err: unknown) => this.log.warn({ err: errorName(err) }, 'live stream place not given back'))
          .finally(() => this.releasing.delete(id)),
      );
    };
  }

  /** Gives back every place of this process (at shutdown; the rows would go stale anyway). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.db.execute(sql`delete from live_streams where process = ${this.process}`).catch(() => undefined);
  }

  private opened(): void {
    this.open += 1;
    if (this.timer) return;
    // The refreshes run outside the deadline of the request that opened the first stream.
    this.timer = requestDeadline.exit(() =>
      setInterval(() => {
        this.db
          .execute(sql`update live_streams set seen_at = now() where process = ${this.process}`)
          .catch((err: unknown) => this.log.warn({ err: errorName(err) }, 'live stream places not refreshed'));
      }, REFRESH_MS),
    );
    this.timer.unref();
  }

  private closed(): void {
    this.open -= 1;
    if (this.open > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
  }
}

/** What failed, without the statement or its parameters. */
function errorName(err: unknown): string {
  return err instanceof Error ? ((err as { code?: string }).code ?? err.name) : 'unknown';
}
