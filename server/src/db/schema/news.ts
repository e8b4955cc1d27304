/** News items, their files, and who has read them. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { requiredRef, tstz } from './columns';
import { faculties } from './academic';
import { users } from './auth';
import { files } from './files';

/** News items (id_eventMessage), addressed to everyone, teachers or students, optionally one faculty. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    authorUserId: requiredRef('author_user_id', () => users.id),
    message: text('message').notNull(),
    /** 0 everyone, 1 teachers, 2 students. */
    audience: smallint('audience').notNull().default(0),
    /** Only people of this faculty (students of its groups, teachers of its departments). */
    facultyId: integer('faculty_id').references(() => faculties.id),
    /** Pinned items stay on top of the feed. */
    pinned: boolean('pinned').notNull().default(false),
    /** Readers see the item from this moment (a post can be scheduled). */
    publishAt: tstz('publish_at').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /**
     * When the people it addresses were notified (modules/news/news.publisher.ts): at publication,
     * so a scheduled item notifies when it comes out; null until then.
     */
    notifiedAt: tstz('notified_at'),
  },
  (t) => [
    index('news_feed_idx').on(t.pinned, t.publishAt),
    index('news_unnotified_idx')
      .on(t.publishAt)
      .where(sql`${t.notifiedAt} is null`),
    index('news_author_idx').on(t.authorUserId),
    check('news_audience_ck', sql`${t.audience} in (0, 1, 2)`),
  ],
);

export const newsFiles = pgTable(
  'news_files',
  {
    newsId: requiredRef('news_id', () => news.id, { onDelete: 'cascade' }),
    fileId: requiredRef('file_id', () => files.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.fileId] }), index('news_files_file_idx').on(t.fileId)],
);

/** Who has seen a news item (for "read by N of M"). */
export const newsReads = pgTable(
  'news_reads',
  {
    newsId: requiredRef('news_id', () => news.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    readAt: tstz('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.userId] })],
);
