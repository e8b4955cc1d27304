/**
 * Uploads of one account at once with the files in a bucket (docs/security.md#files): the bytes go
 * to the bucket before the short transaction that checks the account's quota and inserts the rows,
 * so no transaction or lock is held while a file is on its way, uploads within the quota are all
 * stored, and of those that together pass it exactly the ones that fit are stored, the others
 * refused with nothing left behind.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { asc, count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { AuthInfo } from '../shared/caller';
import { files, libraryCategories } from '../db/schema';
import { UploadRules } from '../shared/upload-rules';
import { appOn, createTestDatabase, PDF, saveBook, session, type TestDatabase } from '../test/helpers';
import type { SignedIn } from '../test/requests';
import { startBucket, type TestBucket } from '../../../tests/support/bucket';

/** Bytes of a request to the bucket after which the armed gate holds it. */
const HOLD_AFTER_BYTES = 256 * 1024;

/**
 * A TCP relay in front of the bucket whose gate, once armed, stops forwarding a request to the
 * bucket in the middle of its body (after HOLD_AFTER_BYTES on one connection) until released.
 */
interface Gate {
  url: string;
  /** Arms the gate; resolves when a transfer is held. */
  arm(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

async function gateTo(port: number): Promise<Gate> {
  let armed: { held: () => void } | null = null;
  const paused: net.Socket[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let sinceArmed = 0;
    let armedFor: object | null = null;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      if (!armed) return;
      if (armedFor !== armed) {
        armedFor = armed;
        sinceArmed = 0;
      }
      sinceArmed += chunk.length;
      if (sinceArmed >= HOLD_AFTER_BYTES) {
        client.pause();
        paused.push(client);
        armed.held();
        armed = null;
      }
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    arm: () => new Promise<void>((held) => (armed = { held })),
    release: () => paused.splice(0).forEach((s) => s.resume()),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let db: TestDatabase;
let bucket: TestBucket;
let gate: Gate;
let app: App;
let dataDir: string;
let teacher: SignedIn;
let student: SignedIn;
let category: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-files-transfer-'));
  bucket = await startBucket();
  gate = await gateTo(Number(new URL(bucket.env.FILES_S3_ENDPOINT).port));
  db = await createTestDatabase();
  app = await appOn(db, {
    env: { DATA_DIR: dataDir, ...bucket.env, FILES_S3_ENDPOINT: gate.url, QUOTA_STUDENT_MB: '1', LIBRARY_UPLOADERS: 'teacher,student' },
  });
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
  [{ id: category }] = await db.database.db.select({ id: libraryCategories.id }).from(libraryCategories).orderBy(asc(libraryCategories.id)).limit(1);
}, 120_000);
afterAll(async () => {
  gate?.release();
  await app?.close();
  await db?.close();
  await gate?.close();
  await bucket?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A PDF of `size` bytes. */
const pdfOf = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);

/** A new book of the library with `content` as its file, as `who`. */
function addBook(who: SignedIn, name: string, content: Buffer) {
  return saveBook(app, who, { nameBook: name, author: 'A', id_bookCategory: String(category) }, [{ name: 'files', filename: `${name}.pdf`, content }], {
    lang: 'en',
  });
}

const rows = async () => (await db.database.db.select({ n: count() }).from(files))[0].n;
async function objects(): Promise<number> {
  let n = 0;
  for await (const _ of app.ctx.files.storage.list()) n++;
  return n;
}

describe('uploads of one account at once, files in a bucket', () => {
  it('several uploads within the quota are all stored', async () => {
    const before = { rows: await rows(), objects: await objects() };
    const replies = await Promise.all([1, 2, 3, 4, 5].map((i) => addBook(teacher, `together-${i}`, pdfOf(300_000))));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect({ rows: await rows(), objects: await objects() }).toEqual({ rows: before.rows + 5, objects: before.objects + 5 });
  });

  it('uploads that together pass the quota: exactly those that fit are stored, the others refused with nothing left', async () => {
    const auth = { userId: student.user.id, role: student.user.role } as AuthInfo;
    const { usedBytes, quotaBytes } = await new UploadRules(app.ctx).usage(auth);
    // Two fit, a third does not.
    const size = Math.floor((quotaBytes - usedBytes) / 3) + 1;
    const before = { rows: await rows(), objects: await objects() };
    const replies = await Promise.all([1, 2, 3, 4, 5].map((i) => addBook(student, `over-${i}`, pdfOf(size))));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    for (const refused of replies.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error).toMatchObject({ code: 'QUOTA_EXCEEDED', params: { quotaMb: 1 } });
      expect(refused.json().error.message).toMatch(/^The file does not fit the quota: \d+ MB of 1 MB used$/);
    }
    expect({ rows: await rows(), objects: await objects() }).toEqual({ rows: before.rows + 2, objects: before.objects + 2 });
    expect((await new UploadRules(app.ctx).usage(auth)).usedBytes).toBe(usedBytes + 2 * size);
  });

  it('no transaction or lock is held while a file is on its way to the bucket: another upload of the account is stored meanwhile', async () => {
    const held = gate.arm();
    const slow = addBook(teacher, 'slow', pdfOf(1024 * 1024));
    await held;
    // The first upload's bytes are half-way to the bucket: the second one's quota check and rows go through.
    const quick = await addBook(teacher, 'quick', pdfOf(1000));
    expect(quick.statusCode, quick.body).toBe(200);
    const list = await teacher.post('/api/library/getbooklist', { id_bookCategory: category });
    const names = (list.json().data as { name: string }[]).map((b) => b.name);
    expect(names).toContain('quick');
    expect(names).not.toContain('slow');
    gate.release();
    expect((await slow).statusCode).toBe(200);
  });
});
