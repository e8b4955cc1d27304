/**
 * The portal with its files in an S3-compatible bucket (FILES_S3_*): the demo university seeded
 * into the bucket answers its books' and teaching materials' downloads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { prepareDatabase } from '../db/migrate';
import { books, umkItems } from '../db/schema';
import { libraryPdfs } from '../db/seed/library';
import { appOn, createTestDatabase, session, testConfig, type TestDatabase } from '../test/helpers';
import { closeStorage, storageFor } from './files.storage';
import { startTestBucket, type TestBucket } from './files.test-s3';

let db: TestDatabase;
let bucket: TestBucket;
let app: App;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-files-bucket-'));
  bucket = await startTestBucket();
  db = await createTestDatabase({ seed: false });
  const env = { DATA_DIR: dataDir, ...bucket.env };
  // As `npm run seed` and the server's start seed it: into the store the server uses.
  const storage = storageFor(testConfig(env), path.join(dataDir, 'files'));
  try {
    await prepareDatabase(db.database, { size: 'small', files: storage });
  } finally {
    closeStorage(storage);
  }
  app = await appOn(db, { env });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
  await bucket?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the seed with the files in a bucket', () => {
  it('stores the demo files in the bucket, not on the disk: a demo book and a teaching material download with their bytes', async () => {
    const teacher = await session(app, 'teacher');
    const [book] = await db.database.db.select({ id: books.id }).from(books).orderBy(asc(books.id)).limit(1);
    const res = await app.inject({ url: `/api/library/download.file?id=${book.id}`, headers: teacher.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const demoPdfs = [...(await libraryPdfs()).values()];
    expect(demoPdfs.some((pdf) => pdf.equals(res.rawPayload))).toBe(true);

    const [own] = await db.database.db
      .select({ id: umkItems.id })
      .from(umkItems)
      .where(eq(umkItems.teacherId, teacher.user.uid))
      .orderBy(asc(umkItems.id))
      .limit(1);
    const material = await app.inject({ url: `/api/umk/download.file?id=${own.id}`, headers: teacher.headers });
    expect(material.statusCode).toBe(200);
    expect(material.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
  });
});
