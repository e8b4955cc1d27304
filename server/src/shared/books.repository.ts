/**
 * SQL of the library's books, shared by the library and the teaching materials (a material may
 * be shared into the library as a book). The search column is written here (`bookSearchText`),
 * from the title, the author and the annotation folded by `foldForSearch`, followed by the same
 * text in the one spelling of both alphabets (shared/transliterate.ts `searchKey`).
 */
import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Book } from '@contract/library';
import type { Db } from '../db/client';
import { books, files, libraryBaseCategories, libraryCategories, libraryEditors } from '../db/schema';
import { nameColumns } from './names';
import { searchKey } from './transliterate';

/** A book's or a material's author, annotation and file as the lists send them. */
export type FileFields = Pick<Book, 'author' | 'description' | 'totalPages' | 'fileName' | 'fileSize' | 'mime'>;
export function fileFields(r: FileFields): FileFields {
  return { author: r.author, description: r.description, totalPages: r.totalPages, fileName: r.fileName, fileSize: r.fileSize, mime: r.mime };
}

/** Lower case without diacritics (é → e, ё → е, Ü → u): what the library search compares. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export interface BookValues {
  categoryId: number;
  name: string;
  author: string;
  description: string;
  totalPages: number;
}

/** The search column of a book: its folded title, author and annotation, then their key (a query never spans the \u0002 between). */
export function bookSearchText(v: Pick<BookValues, 'name' | 'author' | 'description'>): string {
  const folded = foldForSearch([v.name, v.author, v.description].join(' \u0001 '));
  return `${folded} \u0002 ${searchKey(folded)}`;
}

const searchOf = bookSearchText;

export async function insertBook(db: Db, values: BookValues & { fileId: number; uploaderUserId: number; fromUmk: boolean }): Promise<number> {
  const [row] = await db
    .insert(books)
    .values({ ...values, searchText: searchOf(values) })
    .returning({ id: books.id });
  return row.id;
}

export async function updateBook(db: Db, id: number, values: BookValues & { fileId?: number }): Promise<void> {
  await db
    .update(books)
    .set({ ...values, searchText: searchOf(values) })
    .where(eq(books.id, id));
}

/** Deletes the book; returns its file id (null when there was none). */
export async function deleteBook(db: Db, id: number): Promise<number | null> {
  const [row] = await db.delete(books).where(eq(books.id, id)).returning({ fileId: books.fileId });
  return row?.fileId ?? null;
}

export async function findBook(db: Db, id: number) {
  const [row] = await db.select().from(books).where(eq(books.id, id));
  return row ?? null;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: libraryCategories.id }).from(libraryCategories).where(eq(libraryCategories.id, id))).length > 0;
}

export async function isLibraryEditor(db: Db, userId: number): Promise<boolean> {
  return (await db.select({ userId: libraryEditors.userId }).from(libraryEditors).where(eq(libraryEditors.userId, userId))).length > 0;
}

/** Whether the account uploaded any book of the library (one it may edit). */
export async function hasUploadedBooks(db: Db, userId: number): Promise<boolean> {
  return (await db.select({ id: books.id }).from(books).where(eq(books.uploaderUserId, userId)).limit(1)).length > 0;
}

/** Every category with its base category's names, in display order. */
export async function allCategories(db: Db) {
  return db
    .select({
      id: libraryCategories.id,
      ...nameColumns(libraryCategories),
      base: nameColumns(libraryBaseCategories),
    })
    .from(libraryCategories)
    .innerJoin(libraryBaseCategories, eq(libraryBaseCategories.id, libraryCategories.baseCategoryId))
    .orderBy(asc(libraryBaseCategories.sort), asc(libraryBaseCategories.id), asc(libraryCategories.id));
}

const bookColumns = {
  id: books.id,
  name: books.name,
  author: books.author,
  description: books.description,
  totalPages: books.totalPages,
  categoryId: books.categoryId,
  baseCategoryId: libraryCategories.baseCategoryId,
  fromUmk: books.fromUmk,
  coverFileId: books.coverFileId,
  uploaderUserId: books.uploaderUserId,
  fileName: files.originalName,
  fileSize: files.size,
  mime: files.mime,
  category: nameColumns(libraryCategories),
};

function bookRows(db: Db) {
  return db
    .select(bookColumns)
    .from(books)
    .innerJoin(files, eq(files.id, books.fileId))
    .innerJoin(libraryCategories, eq(libraryCategories.id, books.categoryId));
}

export type BookRow = Awaited<ReturnType<typeof booksOfCategory>>[number];

export async function booksOfCategory(db: Db, categoryId: number) {
  return bookRows(db).where(eq(books.categoryId, categoryId)).orderBy(desc(books.createdAt), desc(books.id));
}

export async function booksByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return bookRows(db).where(inArray(books.id, ids));
}

const likePattern = (folded: string) => `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column` contains one of the folded texts. */
function containsAny(column: SQL, variants: string[]): SQL {
  return sql.join(
    variants.map((v) => sql`${column} like ${likePattern(v)}`),
    sql` or `,
  );
}

/**
 * Books whose folded title, author or annotation contains one of the folded texts: title matches
 * first, then author matches, then the rest, newest first within each; `limit` from `offset`.
 */
export async function searchBooks(db: Db, variants: string[], limit: number, offset: number) {
  return bookRows(db)
    .where(sql`(${containsAny(sql`${books.searchText}`, variants)})`)
    .orderBy(
      sql`case when ${containsAny(sql`lower(${books.name})`, variants)} then 0 when ${containsAny(sql`lower(${books.author})`, variants)} then 1 else 2 end`,
      desc(books.createdAt),
      desc(books.id),
    )
    .limit(limit)
    .offset(offset);
}

/** How many books `searchBooks` finds on all its pages. */
export async function countSearch(db: Db, variants: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(books)
    .where(sql`(${containsAny(sql`${books.searchText}`, variants)})`);
  return row.n;
}
