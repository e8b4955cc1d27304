/** Inserting seed rows: a reference table's three names, and many rows in chunks (with their ids). */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { type Names } from './data';

export const named = (names: Names) => ({ nameRu: names[0], nameKg: names[1], nameEn: names[2] });

/** Inserts rows in chunks (parameter limits) and returns the inserted ids in order. */
export async function insertIds(db: Db, table: PgTable & { id: unknown }, rows: Record<string, unknown>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 400) {
    const chunk = rows.slice(i, i + 400);
    const out = (await db
      .insert(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic over tables
      .values(chunk as any)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic over tables
      .returning({ id: (table as any).id })) as { id: number }[];
    ids.push(...out.map((r) => r.id));
  }
  return ids;
}

export async function insertAll(db: Db, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic over tables
  for (let i = 0; i < rows.length; i += 400) await db.insert(table).values(rows.slice(i, i + 400) as any);
}
