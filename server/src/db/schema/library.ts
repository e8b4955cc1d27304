/**
 * The e-library: base categories → categories → books, and the staff who may manage every book.
 * The teaching materials (UMK) are umk.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { names, requiredRef, tstz } from './columns';
import { files } from './files';

export const libraryBaseCategories = pgTable('library_base_categories', {
  id: serial('id').primaryKey(),
  ...names,
  sort: smallint('sort').notNull().default(0),
});

export const libraryCategories = pgTable(
  'library_categories',
  {
    id: serial('id').primaryKey(),
    baseCategoryId: requiredRef('base_category_id', () => libraryBaseCategories.id),
    ...names,
  },
  (t) => [index('library_categories_base_idx').on(t.baseCategoryId)],
);

/**
 * Staff who may edit and delete every book of the library (the library permission, beside
 * users.news_perms): a row per account.
 */
export const libraryEditors = pgTable('library_editors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
});

export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    categoryId: requiredRef('category_id', () => libraryCategories.id),
    name: text('name').notNull(),
    author: text('author').notNull(),
    description: text('description').notNull().default(''),
    totalPages: integer('total_pages').notNull().default(0),
    fileId: requiredRef('file_id', () => files.id),
    uploaderUserId: requiredRef('uploader_user_id', () => users.id),
    /** The cover image taken from the book's file when it was uploaded (an EPUB's), if any. */
    coverFileId: integer('cover_file_id').references(() => files.id),
    /** Shared from a teaching material (umk_items.book_id points here). */
    fromUmk: boolean('from_umk').notNull().default(false),
    /**
     * Title, author and annotation folded to lower case without diacritics (written by the service),
     * for the accent- and case-insensitive search across the library.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('books_category_idx').on(t.categoryId), check('books_pages_ck', sql`${t.totalPages} >= 0`)],
);
