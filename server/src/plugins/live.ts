/**
 * Live updates: a small bus that sends events to signed-in users over Server-Sent Events, fanned out
 * through PostgreSQL LISTEN/NOTIFY so that every server process on the database delivers them (PGlite
 * has the same LISTEN/NOTIFY in-process).
 *
 *   await ctx.live.publish(tx, 'chat.message', [userA, userB], data)   // inside the writing transaction:
 *                                                                       // sent at commit, never on rollback
 *   ctx.live.register('chat', { map, opening })                         // once per area (modules/index.ts)
 *
 * One stream serves every area: GET /api/chat/events.json (LIVE_STREAM_PATH, its historical path),
 * opened by a signed-in user. Each area registers a mapper that turns its bus events (named
 * `<area>.<what>`) into what a user's stream sends, and optionally the events a stream starts with.
 * A new area adds event types, never a stream (docs/api.md#live).
 *
 * A NOTIFY payload is limited to 8000 bytes: an event whose data does not fit is delivered with
 * `data: null`, and the client fetches what changed. The events of one call travel packed, as many
 * to a payload as fit (a burst of writes then costs the database and every listening process a few
 * notifications instead of one per event). Streams get a heartbeat comment so that proxies
 * keep them open, end when the client goes away, and end at once when the server shuts down.
 *
 * This file is the bus; the stream itself (the reply, its heartbeat and session checks, the route)
 * is in live-stream.ts.
 */
import { sql } from 'drizzle-orm';
import { requestDeadline, type Database, type Db, type Listening } from '../db/client';
import { trackQueue } from '../lib/queues';
import type { AuthInfo } from '../shared/caller';
import type { SessionStore } from './session';
import { SESSION_CHANNEL } from './session-cache';
import { StreamSlots } from './stream-slots';

export const LIVE_CHANNEL = 'lms_live';
/** Sent to an account when some of its sessions were revoked: its streams check their own session. */
export const SESSION_ENDED_EVENT = 'session.ended';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
/** Recipients per NOTIFY when an event goes to very many users. */
const RECIPIENTS_PER_NOTIFY = 400;
/** pg_notify calls sent in one statement. */
const NOTIFIES_PER_STATEMENT = 20;

export interface LiveEvent {
  event: string;
  /** null when the data was too large to travel (the client reloads instead). */
  data: unknown;
}

type Listener = (event: LiveEvent) => void;

/** What a user's stream sends: `event: <event>` and `data: <JSON>`. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/** An area's part of the stream. */
export interface LiveArea {
  /** A bus event of the area as the stream of account `me` sends it (null: nothing for him). */
  map(e: LiveEvent, me: number): StreamEvent | null;
  /** What a stream sends when it opens (e.g. the chat's unread counts). */
  opening?(auth: AuthInfo): Promise<StreamEvent[]>;
}

/**
 * Envelopes (JSON texts) packed into NOTIFY payloads, in order: as many to a payload as fit in
 * MAX_PAYLOAD_BYTES, as a JSON array (an envelope alone travels as itself).
 */
export function packed(envelopes: readonly string[]): string[] {
  const payloads: string[] = [];
  let open: string[] = [];
  let bytes = 0;
  const close = () => {
    if (open.length === 1) payloads.push(open[0]);
    else if (open.length > 1) payloads.push(`[${open.join(',')}]`);
    open = [];
    bytes = 0;
  };
  for (const envelope of envelopes) {
    const size = Buffer.byteLength(envelope, 'utf8');
    // The brackets and a comma per envelope.
    if (open.length > 0 && bytes + size + open.length + 2 > MAX_PAYLOAD_BYTES) close();
    open.push(envelope);
    bytes += size;
  }
  close();
  return payloads;
}

/** Path of the one event stream (kept from when only the chat used it). */
export const LIVE_STREAM_PATH = '/api/chat/events.json';

interface Envelope {
  e: string;
  to: number[];
  d: unknown;
}

/** An event to send: its name, the accounts it goes to, its data. */
export interface OutgoingEvent {
  event: string;
  to: readonly number[];
  data: unknown;
}

export interface LiveLogger {
  warn(obj: unknown, msg?: string): void;
}

export class LiveBus {
  /** Heartbeat comment interval of event streams (tests shorten it). */
  heartbeatMs = 25_000;
  /** How often an open stream checks that its session is still alive. */
  sessionCheckMs = 60_000;
  /** Reconnect delay the browser is told to use (`retry:`). */
  retryMs = 3_000;
  /** Open streams one session may hold in all processes together; one more answers 429. */
  maxStreamsPerSession = 10;
  /** The streams' places, counted in the database (plugins/stream-slots.ts). */
  readonly slots: StreamSlots;
  /** Sessions of the streams' callers (set by registerLive): a stream ends with its session. */
  sessions: SessionStore | null = null;
  /** The clock of the sessions (tests move it). */
  now: () => Date = () => new Date();
  private readonly perSession = new Map<number, number>();

  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly areas = new Map<string, LiveArea>();
  private readonly gapListeners = new Set<() => void>();
  private readonly streams = new Set<EventStream>();
  private listening: Promise<Listening> | null = null;
  private stopped = false;

  /** Where delivery problems are logged (the app's logger once it exists). */
  log: LiveLogger = { warn: () => {} };

  constructor(private readonly database: Database) {
    this.slots = new StreamSlots(database.db);
    // Events of committed writes waiting for their turn to be sent (publishCommitted).
    trackQueue('live_events', this, (bus) => bus.batch?.envelopes.length ?? 0);
  }

  /**
   * Sends `event` with `data` to every open stream of the users `to`, in every server process.
   * On a transaction the event leaves at commit (and not at all on rollback).
   */
  async publish(db: Db, event: string, to: readonly number[], data: unknown): Promise<void> {
    await this.publishAll(db, [{ event, to, data }]);
  }

  /** Several events at once, in one statement (a busy write path saves the round trips). */
  async publishAll(db: Db, events: readonly OutgoingEvent[]): Promise<void> {
    await this.notify(db, this.envelopesOf(events));
  }

  /**
   * Sends events of a write that has committed already, gathered with the events of other writes into
   * one short transaction. PostgreSQL serialises the commits of all transactions that NOTIFY (a lock
   * held through the commit's flush to disk), so a burst of writes that each notified in their own
   * transaction would commit one after another; here a burst's events share a few commits instead.
   * Events leave in the order they were given. A failure is logged, not thrown: the write stands, and
   * a screen that missed the event reads the state again when it reconnects.
   */
  publishCommitted(events: readonly OutgoingEvent[]): Promise<void> {
    const envelopes = this.envelopesOf(events);
    if (envelopes.length === 0) return Promise.resolve();
    if (!this.batch) {
      const batch: { envelopes: string[]; sent: Promise<void> } = { envelopes: [], sent: Promise.resolve() };
      // The batch fills while the one before it is being sent, then goes as one transaction.
      batch.sent = this.sending.then(async () => {
        if (this.batch === batch) this.batch = null;
        await this.database.db
          .transaction(async (tx) => {
            // Only notifications: nothing to lose on a crash, so the commit need not wait for the disk.
            await tx.execute(sql`set local synchronous_commit = off`);
            await this.notify(tx, batch.envelopes);
          })
          .catch((err: unknown) => this.log.warn({ err }, 'live: events not sent'));
      });
      this.batch = batch;
      this.sending = batch.sent;
    }
    this.batch.envelopes.push(...envelopes);
    return this.batch.sent;
  }

  private batch: { envelopes: string[]; sent: Promise<void> } | null = null;
  private sending: Promise<void> = Promise.resolve();

  /** Each event's envelopes (one per RECIPIENTS_PER_NOTIFY recipients) as JSON, in order. */
  private envelopesOf(events: readonly OutgoingEvent[]): string[] {
    const envelopes: string[] = [];
    for (const { event, to, data } of events) {
      const recipients = [...new Set(to)];
      for (let i = 0; i < recipients.length; i += RECIPIENTS_PER_NOTIFY) {
        const chunk = recipients.slice(i, i + RECIPIENTS_PER_NOTIFY);
        let envelope = JSON.stringify({ e: event, to: chunk, d: data } satisfies Envelope);
        if (Buffer.byteLength(envelope, 'utf8') > MAX_PAYLOAD_BYTES) envelope = JSON.stringify({ e: event, to: chunk, d: null } satisfies Envelope);
        envelopes.push(envelope);
      }
    }
    return envelopes;
  }

  private async notify(db: Db, envelopes: readonly string[]): Promise<void> {
    const payloads = packed(envelopes);
    // Notifications of one transaction are delivered in the order they were sent.
    for (let i = 0; i < payloads.length; i += NOTIFIES_PER_STATEMENT) {
      const calls = payloads.slice(i, i + NOTIFIES_PER_STATEMENT).map((p) => sql`pg_notify(${LIVE_CHANNEL}, ${p})`);
      await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
    }
  }

  /** Adds an area's mapper: its events are those named `<area>.<what>`. */
  register(area: string, mapper: LiveArea): void {
    if (this.areas.has(area)) throw new Error(`live: area '${area}' registered twice`);
    this.areas.set(area, mapper);
  }

  /** A bus event as the stream of account `me` sends it (null: no area sends anything). */
  toStream(e: LiveEvent, me: number): StreamEvent | null {
    const dot = e.event.indexOf('.');
    const area = dot > 0 ? this.areas.get(e.event.slice(0, dot)) : undefined;
    return area ? area.map(e, me) : null;
  }

  /** What a new stream of the caller starts with, area by area. */
  async opening(auth: AuthInfo): Promise<StreamEvent[]> {
    const out: StreamEvent[] = [];
    for (const area of this.areas.values()) if (area.opening) out.push(...(await area.opening(auth)));
    return out;
  }

  /**
   * Starts listening (once); streams wait for it before they report themselves ready. Besides the
   * bus's own channel it hears the database's announcements of changed sessions and accounts
   * (SESSION_CHANNEL, triggers of migration 0005: an account disabled, a session revoked or expired
   * by SQL...), which make the streams of the accounts named check their session at once.
   *
   * The first stream's request opens the listener, which then serves every stream of the process: it is
   * opened outside that request's database deadline (requestDeadline), and so are its handlers.
   */
  ready(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('The live bus is stopped'));
    this.listening ??= requestDeadline.exit(async () => {
      const live = await this.database.listen(LIVE_CHANNEL, {
        onPayload: (payload) => this.deliver(payload),
        onGap: () => {
          for (const fn of this.gapListeners) fn();
        },
      });
      let sessions: Listening;
      try {
        sessions = await this.database.listen(SESSION_CHANNEL, {
          onPayload: (payload) => this.sessionChanged(payload),
          // Announcements may have been missed: every stream checks its session.
          onGap: () => this.sessionChanged('*'),
        });
      } catch (err) {
        await live.stop().catch(() => {});
        throw err;
      }
      return {
        sync: () => live.sync(),
        stop: async () => {
          await Promise.all([live.stop(), sessions.stop()]);
        },
      } satisfies Listening;
    });
    this.listening.catch(() => {
      this.listening = null;
    });
    return this.listening.then(() => undefined);
  }

  /** An announcement of SESSION_CHANNEL: an account id, or anything else for every account. */
  private sessionChanged(payload: string): void {
    const userId = Number(payload);
    const to = payload !== '' && Number.isSafeInteger(userId) ? [userId] : [...this.listeners.keys()];
    this.deliverOne({ e: SESSION_ENDED_EVENT, to, d: null });
  }

  /** Calls listener with the events sent to userId (in this process); returns the unsubscribe. */
  subscribe(userId: number, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  /** Calls fn when notifications may have been lost (the LISTEN connection was re-established). */
  onGap(fn: () => void): () => void {
    this.gapListeners.add(fn);
    return () => this.gapListeners.delete(fn);
  }

  /** Open event streams in this process. */
  get openStreams(): number {
    return this.streams.size;
  }

  track(stream: EventStream): void {
    this.streams.add(stream);
    stream.onClose(() => this.streams.delete(stream));
  }

  /** Open streams of one session in this process. */
  streamsOf(sessionId: number): number {
    return this.perSession.get(sessionId) ?? 0;
  }

  /** Counts a session's stream until it closes; 429 when the session holds too many already, in any process. */
  async admit(sessionId: number): Promise<() => void> {
    const giveBack = await this.slots.take(sessionId, this.maxStreamsPerSession, Math.ceil(this.retryMs / 1000));
    this.perSession.set(sessionId, this.streamsOf(sessionId) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      giveBack();
      const left = this.streamsOf(sessionId) - 1;
      if (left > 0) this.perSession.set(sessionId, left);
      else this.perSession.delete(sessionId);
    };
  }

  /** Tells every process that sessions of these accounts were revoked (at commit, on a transaction). */
  async sessionsEnded(db: Db, userIds: number[]): Promise<void> {
    await this.publish(db, SESSION_ENDED_EVENT, userIds, null);
  }

  /** Ends every open stream (shutdown). */
  closeStreams(): void {
    for (const stream of [...this.streams]) stream.close();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.closeStreams();
    await this.slots.stop();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.stop();
  }

  private deliver(payload: string): void {
    let envelopes: unknown;
    try {
      envelopes = JSON.parse(payload);
    } catch (err) {
      this.log.warn({ err }, 'live: unreadable notification');
      return;
    }
    for (const envelope of Array.isArray(envelopes) ? (envelopes as unknown[]) : [envelopes]) this.deliverOne(envelope as Envelope);
  }

  private deliverOne(envelope: Envelope | null): void {
    if (!envelope || typeof envelope.e !== 'string' || !Array.isArray(envelope.to)) return;
    const event: LiveEvent = { event: envelope.e, data: envelope.d ?? null };
    for (const userId of envelope.to) {
      const set = this.listeners.get(userId);
      if (!set) continue;
      for (const listener of [...set]) {
        try {
          listener(event);
        } catch (err) {
          this.log.warn({ err }, 'live: listener failed');
        }
      }
    }
  }
}

/** One text/event-stream reply. */
export interface EventStream {
  send(event: string, data: unknown): void;
  /** A comment line (ignored by EventSource), e.g. the heartbeat. */
  comment(text: string): void;
  readonly closed: boolean;
  close(): void;
  /** fn runs once when the stream ends (client gone, close(), shutdown). */
  onClose(fn: () => void): void;
}
