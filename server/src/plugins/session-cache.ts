/**
 * Checked sessions kept in the server process for a few seconds (SESSION_CACHE_MS, at most
 * SESSION_CACHE_SIZE), so that most requests skip the session query. Kept entries are dropped at once
 * when what the check read changes, whoever changes it:
 *
 * - the database announces every such change on the channel `lms_session` at commit (triggers of
 *   migration 0005_session_cache: an account's login, role, person, rights, disabled or
 *   must-update-credentials flag; a session revoked, expired or deleted), and every server process
 *   listens to it;
 * - before an entry is used, the process waits until it has heard every announcement committed before
 *   the request arrived (Listening.sync: one round trip on the listening connection, shared by all
 *   the requests that arrive meanwhile; nothing with PGlite, which announces in the committing call);
 *   a request whose session is not kept reads it without that wait: the read sees those changes;
 * - an entry lives no longer than the session itself (absolute and idle expiry on the session clock),
 *   nor past the moment its last activity must be written again, so activity is recorded as before.
 *
 * Without the listening connection (not yet open, dropped) nothing is kept: every request reads its
 * session. A lookup that started before an announcement never stores its (possibly older) answer.
 */
import type { Database, Listening } from '../db/client';
import { SharedRoundTrip } from '../lib/round-trips';
import type { AuthInfo } from '../shared/caller';

export const SESSION_CHANNEL = 'lms_session';

interface Entry {
  auth: AuthInfo;
  /** Session clock (ms): the entry is not used from then on. */
  until: number;
  /** Monotonic clock (ms): kept no longer than SESSION_CACHE_MS. */
  freshUntil: number;
}

export interface SessionCacheLogger {
  warn(obj: unknown, msg?: string): void;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private listening: Listening | null = null;
  /** Bumped by every drop: a lookup that began before it does not store its answer. */
  private generation = 0;
  /** Learns that every change committed before a call has been heard, one round trip for many calls. */
  private readonly heard = new SharedRoundTrip(() => (this.listening ? this.listening.sync() : Promise.reject(new Error('not listening'))));
  /** The last round trip failed: nothing is stored until one succeeds (and the warning is given once). */
  private failing = false;
  log: SessionCacheLogger = { warn: () => {} };

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number },
    private readonly monotonic: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.listening !== null;
  }

  /** Starts listening for changes (when the cache is on); until then nothing is kept. */
  async start(database: Database): Promise<void> {
    if (this.options.ttlMs <= 0 || this.listening) return;
    this.listening = await database.listen(SESSION_CHANNEL, {
      onPayload: (payload) => this.changed(payload),
      onGap: () => this.clear(),
    });
  }

  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    this.clear();
    await listening?.stop();
  }

  /**
   * Waits until every change committed before the call has been heard; false when that cannot be
   * known (no listening connection): then the caller neither uses nor stores an entry.
   */
  async ready(): Promise<boolean> {
    if (!this.listening) return false;
    try {
      await this.heard.run();
      this.failing = false;
      return this.listening !== null;
    } catch (err) {
      this.clear();
      if (!this.failing) this.log.warn({ err }, 'session cache: changes cannot be heard for now, sessions are read every time');
      this.failing = true;
      return false;
    }
  }

  /** A mark to give back to set(): set() stores nothing when anything was dropped since. */
  mark(): number {
    return this.generation;
  }

  /**
   * Whether a look-up of this token hash must wait for ready() first: its session is kept (get() may
   * still find it too old), or the last round trip failed (the next one that succeeds lets the cache
   * keep sessions again).
   */
  mustHear(tokenHash: string): boolean {
    return this.failing || this.entries.has(tokenHash);
  }

  /** The kept caller of a token hash while still valid at `now` (session clock), else undefined. */
  get(tokenHash: string, now: number): AuthInfo | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now >= entry.until || this.monotonic() >= entry.freshUntil) {
      this.remove(tokenHash, entry.auth.userId);
      return undefined;
    }
    return entry.auth;
  }

  /** Keeps a checked session until `until` (session clock, ms) at the latest. */
  set(tokenHash: string, auth: AuthInfo, until: number, mark: number): void {
    if (!this.enabled || this.failing || mark !== this.generation) return;
    const old = this.entries.get(tokenHash);
    if (old) this.remove(tokenHash, old.auth.userId);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.remove(oldest[0], oldest[1].auth.userId);
    }
    this.entries.set(tokenHash, { auth, until, freshUntil: this.monotonic() + this.options.ttlMs });
    let hashes = this.byUser.get(auth.userId);
    if (!hashes) this.byUser.set(auth.userId, (hashes = new Set()));
    hashes.add(tokenHash);
  }

  /** Drops one session (its token hash). */
  dropToken(tokenHash: string): void {
    this.generation++;
    const entry = this.entries.get(tokenHash);
    if (entry) this.remove(tokenHash, entry.auth.userId);
  }

  /** Drops every session of an account. */
  dropUser(userId: number): void {
    this.generation++;
    const hashes = this.byUser.get(userId);
    if (!hashes) return;
    for (const hash of hashes) this.entries.delete(hash);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  /** Sessions kept now (tests). */
  get size(): number {
    return this.entries.size;
  }

  private changed(payload: string): void {
    const userId = Number(payload);
    if (payload !== '' && Number.isSafeInteger(userId)) this.dropUser(userId);
    else this.clear();
  }

  private remove(tokenHash: string, userId: number): void {
    this.entries.delete(tokenHash);
    const hashes = this.byUser.get(userId);
    if (!hashes) return;
    hashes.delete(tokenHash);
    if (hashes.size === 0) this.byUser.delete(userId);
  }
}
