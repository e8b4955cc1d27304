/**
 * The portal with its files in an S3-compatible bucket (FILES_S3_*): the demo university seeded
 * into the bucket answers its books' and teaching materials' downloads; a bucket near its quota
 * (FILES_S3_QUOTA_MB) refuses the upload that would pass it, and one at it refuses every upload and
 * says so on /api/health (the disk's free-space floor has the same tests in library.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { prepareDatabase } from '../db/migrate';
import { books, files, umkItems } from '../db/schema';
import { libraryPdfs } from '../db/seed/library';
import { appOn, createTestDatabase, PDF, saveBook, session, testConfig, type TestDatabase } from '../test/helpers';
import type { SignedIn } from '../test/requests';
import { closeStorage, storageFor } from './files.storage';
import { startBucket, type TestBucket } from '../../../tests/support/bucket';

let db: TestDatabase;
let bucket: TestBucket;
let app: App;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-files-bucket-'));
  bucket = await startBucket();
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

const MB = 1024 * 1024;

describe('the quota of the bucket', () => {
  /** An app on the same database and bucket with FILES_S3_QUOTA_MB=quotaMb. */
  async function withQuota(quotaMb: number, run: (other: App) => Promise<void>) {
    const other = await appOn(db, { env: { DATA_DIR: dataDir, ...bucket.env, FILES_S3_QUOTA_MB: String(quotaMb), UPLOAD_LIMIT_MB: '4' } });
    try {
      await run(other);
    } finally {
      await other.close();
    }
  }
  /** Bytes of every stored file, as the quota counts them. */
  const used = async () => Number((await db.database.db.select({ n: sql<string>`coalesce(sum(${files.size}), 0)` }).from(files))[0].n);
  const rows = async () => (await db.database.db.select({ n: count() }).from(files))[0].n;
  const objects = async () => {
    let n = 0;
    for await (const _ of app.ctx.files.storage.list()) n++;
    return n;
  };
  /** A book with a PDF of `size` bytes, added by the demo teacher. */
  async function addBook(other: App, who: SignedIn, size: number, language: string) {
    const [category] = await db.database.db.select({ id: books.categoryId }).from(books).limit(1);
    const content = Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);
    return saveBook(
      other,
      who,
      { nameBook: `Книга ${size}`, author: 'A', id_bookCategory: String(category.id) },
      [{ name: 'files', filename: 'book.pdf', content }],
      {
        lang: language,
      },
    );
  }

  it("a nearly full bucket takes a file that fits and refuses, in the reader's language, the one that would pass its quota", async () => {
    const teacher = await session(app, 'teacher');
    // Between one and two MB left.
    const quotaMb = Math.ceil((await used()) / MB) + 1;
    await withQuota(quotaMb, async (other) => {
      expect((await other.inject({ url: '/api/health' })).json().data).toMatchObject({ files: 's3', storage: 'ok' });
      expect((await addBook(other, teacher, 1000, 'en')).statusCode).toBe(200);
      const room = quotaMb * MB - (await used());
      const before = { rows: await rows(), objects: await objects() };
      const over = await addBook(other, teacher, room + 1, 'ky');
      expect(over.statusCode).toBe(507);
      expect(over.json().error).toMatchObject({ code: 'STORAGE_FULL', message: 'Файл сактагыч дээрлик толду: жаңы жүктөөлөр кабыл алынбайт' });
      const english = await addBook(other, teacher, room + 1, 'en');
      expect(english.json().error.message).toBe('The file storage is nearly full: new uploads are refused');
      // Nothing of the refused files is kept, and the bucket is still below its quota.
      expect({ rows: await rows(), objects: await objects() }).toEqual(before);
      expect((await other.inject({ url: '/api/health' })).json().data).toMatchObject({ storage: 'ok' });
      expect((await addBook(other, teacher, room, 'en')).statusCode).toBe(200);
    });
  });

  it('a bucket at its quota refuses every upload, and /api/health says storage "low"', async () => {
    const teacher = await session(app, 'teacher');
    await withQuota(Math.floor((await used()) / MB), async (other) => {
      const before = await rows();
      const res = await addBook(other, teacher, 1000, 'ru');
      expect(res.statusCode).toBe(507);
      expect(res.json().error).toMatchObject({ code: 'STORAGE_FULL', message: 'Хранилище файлов почти заполнено: новые загрузки не принимаются' });
      expect(await rows()).toBe(before);
      const health = await other.inject({ url: '/api/health' });
      expect(health.json().data).toMatchObject({ db: 'ok', files: 's3', storage: 'low' });
    });
    expect((await app.inject({ url: '/api/health' })).json().data).toMatchObject({ files: 's3', storage: 'ok' });
  });

  it('a bucket that does not answer: /api/health says storage "down"', async () => {
    const other = await appOn(db, { env: { DATA_DIR: dataDir, ...bucket.env, FILES_S3_BUCKET: 'no-such-bucket' } });
    try {
      expect((await other.inject({ url: '/api/health' })).json().data).toMatchObject({ files: 's3', storage: 'down' });
    } finally {
      await other.close();
    }
  });
});
