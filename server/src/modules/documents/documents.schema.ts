/**
 * The documents area's tables (found by drizzle-kit through drizzle.config.ts): the university's
 * documents with their category, audience and optional faculty, and every version of each one's
 * file (the bytes and their row in `files`, as the library's). A withdrawn document keeps its rows
 * and files, with who withdrew it and when; no call lists it or serves its files any more.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { faculties, files, users } from '../../db/schema';
import { requiredRef, tstz } from '../../db/schema/columns';

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    audience: text('audience').notNull(),
    /** Null: the whole university. */
    facultyId: integer('faculty_id').references(() => faculties.id),
    titleRu: text('title_ru').notNull().default(''),
    titleKg: text('title_kg').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    descriptionKg: text('description_kg').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** The six texts folded to lower case (documents.service.ts foldText): what the search reads. */
    searchText: text('search_text').notNull(),
    createdByUserId: requiredRef('created_by_user_id', () => users.id),
    createdAt: tstz('created_at').notNull(),
    /** Withdrawn (soft-deleted): when and by whom; null while the document is in force. */
    withdrawnAt: tstz('withdrawn_at'),
    withdrawnByUserId: integer('withdrawn_by_user_id').references(() => users.id),
  },
  (t) => [
    index('documents_category_idx').on(t.category),
    check('documents_category_ck', sql`${t.category} in ('regulation', 'order', 'template', 'form')`),
    check('documents_audience_ck', sql`${t.audience} in ('all', 'students', 'teachers', 'staff')`),
    check('documents_title_ck', sql`${t.titleRu} <> '' or ${t.titleKg} <> '' or ${t.titleEn} <> ''`),
    check('documents_withdrawn_ck', sql`(${t.withdrawnAt} is null) = (${t.withdrawnByUserId} is null)`),
  ],
);

export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    documentId: requiredRef('document_id', () => documents.id, { onDelete: 'cascade' }),
    /** 1, 2, ... in upload order. */
    number: integer('number').notNull(),
    fileId: requiredRef('file_id', () => files.id),
    uploadedByUserId: requiredRef('uploaded_by_user_id', () => users.id),
    uploadedAt: tstz('uploaded_at').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [unique('document_versions_number_uq').on(t.documentId, t.number), check('document_versions_number_ck', sql`${t.number} >= 1`)],
);

/**
 * A text as the search compares it: Unicode-normalised, lower case (every alphabet, whatever the
 * database's locale), 'ё' as 'е', runs of spaces as one. The stored `search_text` and the query are
 * both folded so; the SQL then looks for one inside the other with position(), which PostgreSQL and
 * PGlite run alike.
 */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** The stored search text of a document's six texts. */
export const searchTextOf = (texts: readonly string[]): string => foldText(texts.filter(Boolean).join(' \n '));
