/**
 * Creates happen once (SECURITY-CHECKS R4). A route that creates something says
 * `config: { idempotent: true }`; a request to it may carry an `Idempotency-Key` header (1 to 255
 * visible ASCII characters, a new one per user action, the same one when the action is sent again),
 * kept per account for 24 hours in the database (so across server processes):
 *
 * - the first request with a key is handled, and its reply (2xx) is kept; a failure (4xx, 5xx)
 *   frees the key, so that the action can be sent again with it;
 * - the same key with the same content again: the first reply is sent again (header
 *   `Idempotent-Replayed: true`) and nothing is created;
 * - while the first is still being handled: 409 REQUEST_IN_PROGRESS with Retry-After;
 * - the same key with other content (or on another route): 422 IDEMPOTENCY_KEY_REUSED.
 *
 * The content is what the route receives: a JSON body (keys in any order), or a multipart form's
 * fields and the SHA-256 of each file, in order (plugins/files.ts claims the key once the form is
 * read, before the route's handler runs), so that a browser's new boundary for the same form is the
 * same content. A request without the header is handled as before. A key left unfinished by a
 * process that died is taken over after ABANDONED_MS.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError, badRequest } from '../app-error';
import * as repo from './idempotency.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route creates something: it honours Idempotency-Key (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed (its reply is kept at the end). */
    idempotencyClaim?: { userId: number; key: string };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A key still unfinished after this long belongs to a request that will never finish. */
const ABANDONED_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The first reply to a key, sent again (thrown where a route's handler would run). */
export class IdempotentReplay extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super('idempotent replay');
  }
}

/** A JSON value with the keys of its objects sorted (the same content however its keys were ordered). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** The fingerprint of a request's content on its route. */
export function fingerprintOf(req: FastifyRequest, content: unknown): string {
  return createHash('sha256')
    .update(`${req.method} ${req.routeOptions.url ?? ''}\n`)
    .update(JSON.stringify(canonical(content)) ?? '')
    .digest('hex');
}

export class Idempotency {
  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  /**
   * Claims the request's key for `content` (nothing when the route is not idempotent or the request
   * has no key). Throws IdempotentReplay, 409 or 422 when the key was used already.
   */
  async claim(req: FastifyRequest, content: unknown): Promise<void> {
    if (!req.routeOptions.config.idempotent || req.idempotencyClaim) return;
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequest({ field: 'Idempotency-Key' });
    const userId = req.auth?.userId ?? 0;
    const fingerprint = fingerprintOf(req, content);
    const now = this.deps.now();
    const first = await repo.claim(
      this.deps.db,
      userId,
      header,
      fingerprint,
      now,
      new Date(now.getTime() - IDEMPOTENCY_TTL_MS),
      new Date(now.getTime() - ABANDONED_MS),
    );
    if (first) {
      req.idempotencyClaim = { userId, key: header };
      return;
    }
    const row = await repo.find(this.deps.db, userId, header);
    // Freed meanwhile (the first failed): this one may go ahead.
    if (!row) return this.claim(req, content);
    if (row.fingerprint !== fingerprint) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED');
    if (row.status === null || row.reply === null) throw new AppError(409, 'REQUEST_IN_PROGRESS', undefined, { 'retry-after': '1' });
    throw new IdempotentReplay(row.status, row.reply);
  }

  /** Keeps the reply of a request that claimed a key (2xx), or frees the key (anything else). */
  async settle(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    const claimed = req.idempotencyClaim;
    if (!claimed) return;
    req.idempotencyClaim = undefined;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string')
      await repo.complete(this.deps.db, claimed.userId, claimed.key, reply.statusCode, payload);
    else await repo.release(this.deps.db, claimed.userId, claimed.key);
  }

  async purge(): Promise<void> {
    await repo.deleteOlderThan(this.deps.db, new Date(this.deps.now().getTime() - IDEMPOTENCY_TTL_MS));
  }
}

/** Sends the first reply to a key again. */
export function sendReplay(reply: FastifyReply, replay: IdempotentReplay): FastifyReply {
  return reply.code(replay.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(replay.body);
}

/** Claims keys of JSON creates before their handler; keeps or frees them as the reply leaves. */
export function registerIdempotency(app: FastifyInstance, idempotency: Idempotency): void {
  app.addHook('preHandler', async (req) => {
    // A multipart form is claimed by plugins/files.ts once it has been read.
    if (req.routeOptions.config.idempotent && !req.isMultipart()) await idempotency.claim(req, req.body ?? null);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.idempotencyClaim) {
      // The reply stands whether or not it could be kept (the key is then taken over later).
      await idempotency
        .settle(req, reply, payload)
        .catch((err: unknown) => req.log.warn({ code: (err as { code?: unknown }).code }, 'idempotency key not settled'));
    }
    return payload;
  });
}
