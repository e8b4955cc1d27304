/**
 * Which requests may read from the replica (DATABASE_REPLICA_URL, db/replica.ts): the routes marked
 * `config: { lagTolerant: true }` (a short, explicit list: news pages, the library's search and book
 * lists), whose services read through `ctx.database.reader()`, and only for a caller whose last
 * write the replica already has. A reply to a request that wrote sets the cookie lms_wrote (the
 * time of the write): whichever server process or machine answers the caller next reads from the
 * primary until the replica has caught up past it. The cookie is harmless: a caller who drops it
 * may see his own write a few seconds late, one who forges it only reads from the primary.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLOCK_MARGIN_MS, requestReads, type RequestReads, type Replica } from '../db/replica';

export const WROTE_COOKIE = 'lms_wrote';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's reads may lag a few seconds: they may come from the replica. */
    lagTolerant?: boolean;
  }
}

/** The caller's last write from the cookie (0: none, or not a time). */
function lastWriteOf(req: FastifyRequest): number {
  const value = Number(req.cookies[WROTE_COOKIE]);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** Registered after the cookie plugin (its cookies are read here) and only with a replica. */
export function registerReplicaReads(app: FastifyInstance, replica: Replica): void {
  // Past this age a write is on the replica whenever the replica is used at all (within its bound).
  const maxAge = Math.ceil((replica.maxLagMs + CLOCK_MARGIN_MS) / 1000) + 1;
  app.addHook('onRequest', (req, _reply, done) => {
    const reads: RequestReads = { lagTolerant: req.routeOptions.config.lagTolerant === true, lastWriteAt: lastWriteOf(req), wrote: false };
    requestReads.run(reads, done);
  });
  app.addHook('onSend', async (req, reply) => {
    const reads = requestReads.getStore();
    // A lag-tolerant route's own writes (a news page's read marks) are not read back by the caller.
    if (!reads?.wrote || reads.lagTolerant) return;
    void reply.setCookie(WROTE_COOKIE, String(Date.now()), { path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge });
  });
}
