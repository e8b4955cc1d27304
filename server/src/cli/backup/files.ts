/**
 * The uploaded files' part of a backup: every object of the store (DATA_DIR/files or the FILES_S3_*
 * bucket) copied into the backup's `files/`, and back. Restoring onto the disk fills a new folder
 * that replaces DATA_DIR/files at the end; into a bucket, the objects are uploaded before the
 * database is restored (an object no row names is deleted by the servers' housekeeping after an hour).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageBackend } from '../../plugins/files.storage';
import { BackupError, FILES_DIR, FILES_LIST, fileNameOf, listedFiles, objectNameOf } from './manifest';

/** Copies every object of the store into `dir`/files and lists their checksums; returns their count and bytes. */
export async function copyFilesOut(store: StorageBackend, dir: string): Promise<{ count: number; bytes: number }> {
  const into = path.join(dir, FILES_DIR);
  await fsp.mkdir(into, { recursive: true });
  const lines: string[] = [];
  let bytes = 0;
  for await (const object of store.list()) {
    const body = await store.open(object.name);
    // Deleted since it was listed (a file removed while the backup runs): not in the backup.
    if (!body) continue;
    const file = fileNameOf(object.name);
    const hash = createHash('sha256');
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(body, counted, fs.createWriteStream(path.join(into, file), { mode: 0o600 }));
    lines.push(`${hash.digest('hex')}  ${file}`);
  }
  await fsp.writeFile(path.join(dir, FILES_LIST), lines.map((l) => `${l}\n`).join(''), { mode: 0o600 });
  return { count: lines.length, bytes };
}

/** Whether the store holds any object. */
export async function storeHasFiles(store: StorageBackend): Promise<boolean> {
  for await (const object of store.list()) if (object) return true;
  return false;
}

/** Copies the backup's files into a new folder `into` (for the disk store, moved into place later). */
export async function copyFilesToFolder(backupDir: string, into: string): Promise<void> {
  await fsp.mkdir(into, { recursive: true });
  for (const { file } of listedFiles(backupDir)) {
    const name = objectNameOf(file);
    if (path.basename(name) !== name || name.startsWith('.')) throw new BackupError(`The backup names a file '${name}' that cannot be a stored file name.`);
    await fsp.copyFile(path.join(backupDir, FILES_DIR, file), path.join(into, name));
  }
}

/** Uploads the backup's files into the bucket (an object of the same name is replaced: names are random, so it is the same file). */
export async function uploadFiles(backupDir: string, store: StorageBackend): Promise<void> {
  for (const { file } of listedFiles(backupDir)) await store.put(objectNameOf(file), path.join(backupDir, FILES_DIR, file), 'application/octet-stream');
}
