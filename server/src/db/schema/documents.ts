/** What the portal's issued documents are checked against besides their signature (modules/transcript/transcript.service.ts). */
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { tstz } from './columns';
import { students } from './people';

/**
 * A student's revocation of the transcripts issued so far: each transcript's token carries the
 * generation it was issued in, and one of an older generation verifies as revoked.
 */
export const transcriptRevocations = pgTable('transcript_revocations', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull(),
  revokedAt: tstz('revoked_at').notNull(),
});
