/**
 * The open event streams of every server process (plugins/stream-slots.ts): a session's streams are
 * counted here, so that its limit holds across processes. A process refreshes seen_at of its own
 * rows while they are open; rows not refreshed for a while belong to a process that ended without
 * closing them and no longer count.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { requiredRef, tstz } from './columns';
import { sessions } from './auth';

export const liveStreams = pgTable(
  'live_streams',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: requiredRef('session_id', () => sessions.id, { onDelete: 'cascade' }),
    /** The server process holding the stream (a random token per process). */
    process: text('process').notNull(),
    seenAt: tstz('seen_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('live_streams_session_idx').on(t.sessionId), index('live_streams_process_idx').on(t.process)],
);
