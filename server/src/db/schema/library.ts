/**
 * The e-library and the teaching materials (UMK): base categories → categories → books, the staff
 * who may manage every book, UMK types and the materials of a discipline (a material may also be
 * a book of the library).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { academicYears, controlForms, disciplines, semesters, specialities } from './academic';
import { users } from './auth';
import { names, tstz } from './columns';
import { files } from './files';
import { teachers } from './people';

export const libraryBaseCategories = pgTable('library_base_categories', { id: serial('id').primaryKey(), ...names, sort: smallint('sort').notNull().default(0) });

export const libraryCategories = pgTable(
  'library_categories',
  {
    id: serial('id').primaryKey(),
    baseCategoryId: integer('base_category_id')
      .notNull()
      .references(() => libraryBaseCategories.id),
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
    categoryId: integer('category_id')
      .notNull()
      .references(() => libraryCategories.id),
    name: text('name').notNull(),
    author: text('author').notNull(),
    description: text('description').notNull().default(''),
    totalPages: integer('total_pages').notNull().default(0),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    uploaderUserId: integer('uploader_user_id')
      .notNull()
      .references(() => users.id),
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

export const umkTypes = pgTable('umk_types', { id: integer('id').primaryKey(), ...names });

export const umkItems = pgTable(
  'umk_items',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => umkTypes.id),
    name: text('name').notNull(),
    author: text('author').notNull().default(''),
    description: text('description').notNull().default(''),
    totalPages: integer('total_pages').notNull().default(0),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    controlFormId: integer('control_form_id')
      .notNull()
      .references(() => controlForms.id),
    /** The speciality it is meant for; null: every speciality studying the discipline. */
    specialityId: integer('speciality_id').references(() => specialities.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    credits: smallint('credits').notNull().default(0),
    /** 0 every student, 1 full-time, 2 part-time. */
    audience: smallint('audience').notNull().default(0),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    /** The library book it is also shared as (isForEBooks). */
    bookId: integer('book_id').references(() => books.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('umk_items_discipline_idx').on(t.disciplineId, t.semesterId),
    index('umk_items_teacher_idx').on(t.teacherId),
    check('umk_items_audience_ck', sql`${t.audience} in (0, 1, 2)`),
    check('umk_items_pages_ck', sql`${t.totalPages} >= 0`),
  ],
);
