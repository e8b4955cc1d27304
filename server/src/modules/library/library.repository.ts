/** SQL of the library's categories (the books' SQL is shared with the teaching materials: shared/books.repository.ts). */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { books, libraryBaseCategories, libraryCategories } from '../../db/schema';
import { nameColumns } from '../../shared/names';

/** Book counts by category of a base category. */
export async function categoriesOfBase(db: Db, baseId: number) {
  return db
    .select({
      id: libraryCategories.id,
      baseId: libraryCategories.baseCategoryId,
      ...nameColumns(libraryCategories),
      count: sql<number>`cast(count(${books.id}) as integer)`,
    })
    .from(libraryCategories)
    .leftJoin(books, eq(books.categoryId, libraryCategories.id))
    .where(eq(libraryCategories.baseCategoryId, baseId))
    .groupBy(libraryCategories.id)
    .orderBy(asc(libraryCategories.id));
}

export async function baseCategories(db: Db) {
  return db.select().from(libraryBaseCategories).orderBy(asc(libraryBaseCategories.sort), asc(libraryBaseCategories.id));
}

/** Sets (or clears) the file id of a book's cover image. */
export async function setCover(db: Db, bookId: number, coverFileId: number | null): Promise<void> {
  await db.update(books).set({ coverFileId }).where(eq(books.id, bookId));
}
