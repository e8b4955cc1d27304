/**
 * `npm run seed -- --reset` starts over without the files of the old data: the disk folder of the
 * files is removed, and with a bucket (FILES_S3_*) every object in it is deleted, instead of waiting
 * for the housekeeping to find them without a row (plugins/files.sweep.ts).
 */
import fs from 'node:fs/promises';
import type { StorageBackend } from '../../plugins/files.storage';

/** Removes the files of the old data; the count of bucket objects deleted. */
export async function forgetFiles(filesDir: string, storage: StorageBackend): Promise<number> {
  await fs.rm(filesDir, { recursive: true, force: true });
  if (storage.kind !== 's3') return 0;
  const names: string[] = [];
  for await (const object of storage.list()) names.push(object.name);
  for (const name of names) await storage.remove(name);
  return names.length;
}
