/** Notifications: what reaches a person while away, kept until read (shared/notifications.ts writes them). */
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { requiredRef, tstz } from './columns';
import { users } from './auth';

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    /** What it is about ('order.status', 'chat.reply', 'news.addressed', 'qr.review'): the client's text key. */
    kind: text('kind').notNull(),
    /** The values the text names (a document's name, a sender...). */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** Route inside /lms that opens what it is about. */
    link: text('link').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    readAt: tstz('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
