/** Chat messages and how far each member has read a group chat. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { requiredRef, tstz } from './columns';
import { academicYears, disciplines, groups, workingSemesters } from './academic';
import { users } from './auth';
import { files } from './files';

/**
 * Chat messages: one-to-one (recipient_user_id) or to a group's chat about a discipline
 * (group_id + discipline_id). The discipline, year and working semester record where it was written.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    senderUserId: requiredRef('sender_user_id', () => users.id),
    recipientUserId: integer('recipient_user_id').references(() => users.id),
    groupId: integer('group_id').references(() => groups.id),
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    academicYearId: integer('academic_year_id').references(() => academicYears.id),
    workingSemesterId: integer('working_semester_id').references(() => workingSemesters.id),
    message: text('message').notNull(),
    fileId: integer('file_id').references(() => files.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** One-to-one messages: when the recipient read it. */
    readAt: tstz('read_at'),
  },
  (t) => [
    index('chat_pair_idx').on(t.senderUserId, t.recipientUserId, t.id),
    index('chat_inbox_idx').on(t.recipientUserId, t.readAt),
    index('chat_group_idx').on(t.groupId, t.disciplineId, t.id),
    check('chat_target_ck', sql`(${t.recipientUserId} is null) <> (${t.groupId} is null)`),
    check('chat_group_discipline_ck', sql`${t.groupId} is null or ${t.disciplineId} is not null`),
  ],
);

/** How far each member has read a group chat (unread = later messages by others). */
export const chatGroupReads = pgTable(
  'chat_group_reads',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    groupId: requiredRef('group_id', () => groups.id, { onDelete: 'cascade' }),
    disciplineId: requiredRef('discipline_id', () => disciplines.id, { onDelete: 'cascade' }),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId, t.disciplineId] })],
);
