/** SQL of uploaded files (plugins/files.ts). */
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files } from '../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Db, row: Omit<typeof files.$inferInsert, 'id' | 'createdAt'>): Promise<FileRow> {
  const [inserted] = await db.insert(files).values(row).returning();
  return inserted;
}

export async function findFile(db: Db, id: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

/** Deletes the rows and returns the storage names of the deleted ones. */
export async function deleteFiles(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.delete(files).where(inArray(files.id, ids)).returning({ storageName: files.storageName });
  return rows.map((r) => r.storageName);
}

/** Which of these storage names still have a row. */
export async function existingStorageNames(db: Db, names: string[]): Promise<Set<string>> {
  const rows = await db.select({ storageName: files.storageName }).from(files).where(inArray(files.storageName, names));
  return new Set(rows.map((r) => r.storageName));
}

/** Bytes of every stored file (the bucket's use, FILES_S3_QUOTA_MB). */
export async function totalSize(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${files.size}), 0)` }).from(files);
  return Number(row.total);
}

/** Rows created before the time, with their storage names (the housekeeping's look for lost bytes). */
export async function rowsCreatedBefore(db: Db, before: Date): Promise<{ id: number; storageName: string }[]> {
  return db.select({ id: files.id, storageName: files.storageName }).from(files).where(lt(files.createdAt, before));
}
