/** Idempotency keys of creates (plugins/idempotency.ts): the first reply to a key, kept for 24 hours. */
import { check, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tstz } from './columns';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller's account (0 for a call without a session). */
    userId: integer('user_id').notNull(),
    /** The Idempotency-Key header as sent. */
    key: text('key').notNull(),
    /** SHA-256 of the route and the request's content. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: tstz('created_at').notNull(),
    /** Null while the first request is being handled, then its status. */
    status: smallint('status'),
    /** The first reply's body (JSON text), once sent. */
    reply: text('reply'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), check('idempotency_keys_key_ck', sql`length(${t.key}) between 1 and 255`)],
);
