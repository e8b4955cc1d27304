/**
 * The housekeeping of stored files (server/src/housekeeping.ts), for the disk and the bucket alike:
 * an object without a row (bytes left by a process that died between storing and its rollback) is
 * deleted; a row whose object is missing is reported (logged with its id: a book or a message points
 * at it, and its download answers 404 until an editor replaces or deletes it). Only what is older
 * than STRAY_AGE_MS is judged: a younger object may belong to an upload whose transaction is still
 * open, on this process or another.
 */
import type { Db } from '../db/client';
import * as repo from './files.repository';
import type { StorageBackend } from './files.storage';

const STRAY_AGE_MS = 3_600_000;
const BATCH = 500;

export interface SweepResult {
  /** Objects deleted for having no row. */
  strayObjects: number;
  /** Ids of rows whose object is missing. */
  lostRows: number[];
}

export async function sweepFiles(db: Db, storage: StorageBackend, now: Date): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - STRAY_AGE_MS);
  const result: SweepResult = { strayObjects: 0, lostRows: [] };
  const seen = new Set<string>();
  let batch: string[] = [];
  const judge = async () => {
    const present = await repo.existingStorageNames(db, batch);
    for (const name of batch.filter((n) => !present.has(n))) {
      await storage.remove(name);
      result.strayObjects++;
    }
    batch = [];
  };
  for await (const object of storage.list()) {
    seen.add(object.name);
    if (object.modified >= cutoff) continue;
    batch.push(object.name);
    if (batch.length >= BATCH) await judge();
  }
  if (batch.length > 0) await judge();

  for (const row of await repo.rowsCreatedBefore(db, cutoff)) if (!seen.has(row.storageName)) result.lostRows.push(row.id);
  return result;
}
