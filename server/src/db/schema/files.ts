/** Stored files (uploads of every area). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { requiredRef, tstz } from './columns';
import { users } from './auth';

/**
 * Uploaded files (news, chat, later the library): the bytes live in DATA_DIR/files under a random
 * storage name; the user's file name is only metadata, never a path.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    storageName: text('storage_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    /** Type sniffed from the content (never the browser's claim). */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    ownerUserId: requiredRef('owner_user_id', () => users.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId), check('files_size_ck', sql`${t.size} >= 0`)],
);
