/**
 * Sessions: a 256-bit random token in the `lms_sid` cookie (HttpOnly, SameSite=Lax, Path=/, Secure
 * over HTTPS), stored only as its SHA-256. A session ends after SESSION_IDLE_MINUTES without a
 * request, SESSION_ABSOLUTE_HOURS after sign-in, at logout, at a password change, or at once when
 * the account is disabled. Every /api route needs a session unless it says `config: { public: true }`
 * (docs/security.md#sessions).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROLE_TEACHER, type Role } from '@contract/common';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { Batcher } from '../lib/batcher';
import { unauthorized } from '../app-error';
import type { AuthInfo, ClientInfo, SessionCookie } from '../shared/caller';
import { SessionCache } from './session-cache';
import * as repo from './session.repository';
import { notTheCallersWrite } from '../db/replica';

export type { AuthInfo, ClientInfo, SessionCookie } from '../shared/caller';

export const SESSION_COOKIE = 'lms_sid';
/** last_seen_at is written at most this often. */
const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class SessionStore {
  /** Checked sessions kept briefly in this process (plugins/session-cache.ts). */
  readonly cache: SessionCache;

  constructor(private readonly deps: { db: Db; config: Config; now: () => Date }) {
    this.cache = new SessionCache({ ttlMs: deps.config.sessionCacheMs, maxEntries: deps.config.sessionCacheSize });
  }

  /** Opens a session and returns its token (only the hash is stored). */
  async create(userId: number, via: AuthInfo['via'], client: ClientInfo): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.now();
    await repo.insertSession(this.deps.db, {
      tokenHash: hashToken(token),
      userId,
      now,
      expiresAt: new Date(now.getTime() + this.deps.config.sessionAbsoluteHours * 3_600_000),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      via,
    });
    return token;
  }

  /**
   * Look-ups that arrive together (a burst of requests) are read in one statement, and the
   * activity of those sessions recorded in one more: a burst does not queue one look-up per request
   * for the pool's connections.
   */
  private readonly lookups = new Batcher<string, repo.LiveSessionRow | undefined>(
    async (hashes) => {
      const now = this.deps.now();
      const idleSince = new Date(now.getTime() - this.deps.config.sessionIdleMinutes * 60_000);
      const rows = await repo.findLiveSessions(this.deps.db, [...new Set(hashes)], now, idleSince);
      const stale = rows.filter((r) => !r.disabled && !r.mustUpdateCredentials && now.getTime() - r.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS);
      // Bookkeeping for a burst of callers: not a write of the request that happens to run it.
      await notTheCallersWrite(() =>
        repo.touchSessions(
          this.deps.db,
          stale.map((r) => r.sessionId),
          now,
        ),
      );
      const byHash = new Map(rows.map((r) => [r.tokenHash, r]));
      return hashes.map((h) => ({ ok: true, value: byHash.get(h) }));
    },
    { lanes: 2, max: 500, name: 'session_lookups' },
  );

  /** The caller of a live session, or null (unknown, expired, revoked, disabled account). */
  async lookup(token: string): Promise<AuthInfo | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const tokenHash = hashToken(token);
    // A kept session is used once every change committed before this request has been heard (one
    // shared round trip); one not kept is read, and that read sees those changes: no wait for them.
    if (this.cache.mustHear(tokenHash) && (await this.cache.ready())) {
      const auth = this.cache.get(tokenHash, this.deps.now().getTime());
      if (auth) return auth;
    }
    const now = this.deps.now();
    const mark = this.cache.mark();
    const row = await this.lookups.submit(tokenHash);
    if (!row || row.disabled || row.mustUpdateCredentials) return null;
    // The look-up wrote the activity when it was due (by a clock no earlier than `now`).
    const lastSeen = now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS ? now.getTime() : row.lastSeenAt.getTime();
    const idleMs = this.deps.config.sessionIdleMinutes * 60_000;
    const auth: AuthInfo = {
      sessionId: row.sessionId,
      userId: row.userId,
      role: row.role as Role,
      uid: (row.role === ROLE_TEACHER ? row.teacherId : row.studentId) as number,
      login: row.login,
      newsPerms: row.newsPerms,
      via: row.via as AuthInfo['via'],
    };
    // Kept until its activity must be written again (before the idle limit) or it expires.
    this.cache.set(tokenHash, auth, Math.min(row.expiresAt.getTime(), lastSeen + Math.min(TOUCH_INTERVAL_MS, idleMs)), mark);
    return auth;
  }

  /** True while the session is live; unlike lookup it does not count as activity (long-lived streams). */
  async isLive(token: string): Promise<boolean> {
    if (!TOKEN_PATTERN.test(token)) return false;
    const now = this.deps.now();
    const idleSince = new Date(now.getTime() - this.deps.config.sessionIdleMinutes * 60_000);
    const row = await repo.findLiveSession(this.deps.db, hashToken(token), now, idleSince);
    return Boolean(row && !row.disabled && !row.mustUpdateCredentials);
  }

  /**
   * When this session may end by itself: its absolute expiry, or the idle limit counted from its
   * last recorded activity (null when it is not live). Open event streams end at that moment.
   */
  async liveUntil(token: string): Promise<Date | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const now = this.deps.now();
    const idleMs = this.deps.config.sessionIdleMinutes * 60_000;
    const row = await repo.findLiveSession(this.deps.db, hashToken(token), now, new Date(now.getTime() - idleMs));
    if (!row || row.disabled || row.mustUpdateCredentials) return null;
    return new Date(Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + idleMs));
  }

  /**
   * Told (after the commit) of the accounts whose sessions were just revoked, so that every server
   * process ends their open event streams (plugins/live.ts sets it).
   */
  onRevoked: ((userIds: number[], db: Db) => Promise<void>) | null = null;

  private async revoked(userIds: number[], db: Db): Promise<void> {
    if (userIds.length === 0 || !this.onRevoked) return;
    // In a transaction the notice leaves at commit, and a failure to send it fails the transaction.
    if (db !== this.deps.db) return this.onRevoked(userIds, db);
    // The revocation stands whether or not the streams hear of it at once (they re-check anyway).
    await this.onRevoked(userIds, db).catch(() => {});
  }

  async revokeToken(token: string): Promise<void> {
    if (!TOKEN_PATTERN.test(token)) return;
    const tokenHash = hashToken(token);
    this.cache.dropToken(tokenHash);
    const userId = await repo.revokeByTokenHash(this.deps.db, tokenHash, this.deps.now());
    // Dropped again: a request that read the session meanwhile may have kept it (the database
    // announces the revocation as well, for the other processes).
    this.cache.dropToken(tokenHash);
    if (userId !== undefined) await this.revoked([userId], this.deps.db);
  }

  /** Ends every session of an account (but the one given); in the caller's transaction when given one. */
  async revokeAll(userId: number, exceptSessionId?: number, db: Db = this.deps.db): Promise<void> {
    this.cache.dropUser(userId);
    await repo.revokeForUser(db, userId, this.deps.now(), exceptSessionId);
    this.cache.dropUser(userId);
    await this.revoked([userId], db);
  }

  /** Removes sessions ended more than a day ago. */
  async purge(): Promise<void> {
    const cutoff = this.deps.now().getTime() - 24 * 3_600_000;
    await repo.deleteEndedSessions(this.deps.db, new Date(cutoff - this.deps.config.sessionIdleMinutes * 60_000));
  }
}

export function clientInfo(req: FastifyRequest): ClientInfo {
  return { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, token: req.cookies[SESSION_COOKIE] ?? null };
}

export function sessionCookie(req: FastifyRequest, reply: FastifyReply): SessionCookie {
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https' } as const;
  return {
    set: (token) => void reply.setCookie(SESSION_COOKIE, token, options),
    clear: () => void reply.clearCookie(SESSION_COOKIE, options),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the session hook (or app.identify on a public route); null without a session. */
    auth: AuthInfo | null;
  }
  interface FastifyInstance {
    /** onRequest hook for a public route that still wants to know a signed-in caller: sets request.auth, never fails. */
    identify: (req: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** The route answers without a session (every other /api route needs one). */
    public?: boolean;
  }
}

/**
 * Adds request.auth, app.identify, and the one hook that guards the API: a request to an /api
 * route that is not marked `config: { public: true }` gets 401 without a live session, and
 * request.auth otherwise. Paths outside /api (the client, config.json, logo.json) and unknown paths
 * are not guarded here.
 */
export function registerSessions(app: FastifyInstance, store: SessionStore): void {
  app.decorateRequest('auth', null);
  store.cache.log = app.log;
  // Sessions are kept only once changes can be heard; without a database to listen to, none are kept.
  app.addHook('onReady', async () => {
    await store.cache.start(app.ctx.database).catch((err: unknown) => app.log.warn({ err }, 'session cache: off (cannot listen for changes)'));
  });
  app.addHook('onClose', async () => store.cache.stop());
  const identify = async (req: FastifyRequest) => {
    const token = req.cookies[SESSION_COOKIE];
    req.auth = token ? await store.lookup(token) : null;
  };
  app.decorate('identify', identify);
  app.addHook('onRequest', async (req) => {
    const url = req.routeOptions.url;
    if (url === undefined || !url.startsWith('/api/') || req.routeOptions.config.public) return;
    await identify(req);
    if (!req.auth) throw unauthorized();
  });
}
