/** `seed --reset` with the files in a bucket deletes the old data's objects, and with the disk its folder. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBucket, type TestBucket } from '../../../../tests/support/bucket';
import { closeStorage, storageFor, type StorageBackend } from '../../plugins/files.storage';
import { testConfig } from '../../test/helpers';
import { forgetFiles } from './reset-files';

let bucket: TestBucket;
let dataDir: string;

const names = async (storage: StorageBackend) => {
  const out: string[] = [];
  for await (const o of storage.list()) out.push(o.name);
  return out.sort();
};

beforeAll(async () => {
  bucket = await startBucket();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-reset-files-'));
});
afterAll(async () => {
  await bucket?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('forgetting the old data files at a reset', () => {
  it('deletes every object of the bucket', async () => {
    const storage = storageFor(testConfig({ DATA_DIR: dataDir, ...bucket.env }), path.join(dataDir, 'files'));
    try {
      await storage.write('old/book.pdf', Buffer.from('%PDF-1.4 old'), 'application/pdf');
      await storage.write('old-cover.png', Buffer.from('png'), 'image/png');
      expect(await names(storage)).toEqual(['old-cover.png', 'old/book.pdf']);
      expect(await forgetFiles(path.join(dataDir, 'files'), storage)).toBe(2);
      expect(await names(storage)).toEqual([]);
    } finally {
      closeStorage(storage);
    }
  });

  it('removes the files folder on the disk', async () => {
    const dir = path.join(dataDir, 'disk-files');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'old.pdf'), 'old');
    const storage = storageFor(testConfig({ DATA_DIR: dataDir }), dir);
    expect(await forgetFiles(dir, storage)).toBe(0);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
