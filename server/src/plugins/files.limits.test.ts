/**
 * The bounds of uploads (docs/security.md#files): a client that leaves once its upload is stored,
 * two uploads at once at the edge of an account's quota, and the housekeeping of stray bytes.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { rowsOf } from '../db/client';
import { files } from '../db/schema';
import type { AuthInfo } from '../shared/caller';
import { UploadRules } from '../shared/upload-rules';
import { createTestDatabase, multipartPayload, session, testConfig, usePostgres, type TestDatabase } from '../test/helpers';
import * as repo from './files.repository';

let db: TestDatabase;
let app: App;
let dataDir: string;
/** Holds the reply of the held route once its upload is committed. */
let gate: { stored: () => void; release: Promise<void> } | null = null;
/** Uploads of the quota route that passed the quota check. */
let passed = 0;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-files-limits-'));
  db = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, UPLOAD_LIMIT_MB: '1', QUOTA_STUDENT_MB: '1' }),
    database: db.database,
    distDir: '/nonexistent',
  });
  app.post('/api/test/held.json', { config: { idempotent: true } }, async (req) =>
    app.ctx.files.receive(req, { maxFiles: 1 }, async ({ files: incoming }) => {
      const stored = await app.ctx.db.transaction((tx) => app.ctx.files.save(tx, req.auth!.userId, incoming[0]));
      if (gate) {
        gate.stored();
        await gate.release;
      }
      return { result: 0, error: null, data: { id: stored.id } };
    }),
  );
  const rules = new UploadRules(app.ctx);
  app.post('/api/test/quota.json', async (req) =>
    app.ctx.files.receive(req, { maxFiles: 1 }, async ({ files: incoming }) =>
      app.ctx.db.transaction(async (tx) => {
        await rules.assertFits(tx, req.auth!, incoming[0].size);
        passed++;
        // Both checks done, or the other one waiting for this one's lock: only then is this file stored.
        while (passed < 2 && (await quotaLockWaiters()) === 0) await new Promise((r) => setTimeout(r, 20));
        const stored = await app.ctx.files.save(tx, req.auth!.userId, incoming[0]);
        return { result: 0, error: null, data: { id: stored.id } };
      }),
    ),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function quotaLockWaiters(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db.database.db,
    sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
        and database = (select oid from pg_database where datname = current_database())`,
  );
  return row.n;
}

const rows = async () => (await db.database.db.select({ n: count() }).from(files))[0].n;
const text = (size: number) => Buffer.concat([Buffer.from('a'.repeat(size - 1)), Buffer.from('\n')]);

describe('a client that leaves', () => {
  it('once its upload is stored: the upload stays, once; the same request again is answered with it, not stored again', async () => {
    const { headers } = await session(app, 'teacher');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const { payload, contentType } = multipartPayload([{ name: 'file', filename: 'left.txt', content: text(1000) }]);
    const key = `left-${Date.now()}`;
    const before = await rows();
    let stored!: () => void;
    const isStored = new Promise<void>((r) => (stored = r));
    let release!: () => void;
    gate = { stored, release: new Promise<void>((r) => (release = r)) };
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/test/held.json',
      headers: { ...headers, 'content-type': contentType, 'content-length': String(payload.length), 'idempotency-key': key },
    });
    req.on('error', () => {});
    req.end(payload);
    await isStored;
    req.destroy();
    release();
    gate = null;
    // The same request again (a browser's retry): the stored upload's reply, nothing new.
    const retry = () =>
      app.inject({ method: 'POST', url: '/api/test/held.json', payload, headers: { ...headers, 'content-type': contentType, 'idempotency-key': key } });
    await expect.poll(async () => (await retry()).statusCode, { timeout: 30_000 }).toBe(200);
    const again = await retry();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rows()).toBe(before + 1);
    const file = await app.ctx.files.find(app.ctx.db, again.json().data.id);
    expect(file?.originalName).toBe('left.txt');
  });
});

describe('the quota', () => {
  it.runIf(usePostgres)('two uploads at once at the edge of the quota: exactly one is stored', async () => {
    const student = await session(app, 'student');
    const auth = { userId: student.user.id, role: student.user.role } as AuthInfo;
    const { usedBytes, quotaBytes } = await new UploadRules(app.ctx).usage(auth);
    // Each fits alone, both do not.
    const size = Math.floor((quotaBytes - usedBytes) / 2) + 1;
    const before = await rows();
    passed = 0;
    const send = () => {
      const { payload, contentType } = multipartPayload([{ name: 'file', filename: 'edge.txt', content: text(size) }]);
      return app.inject({ method: 'POST', url: '/api/test/quota.json', payload, headers: { ...student.headers, 'content-type': contentType } });
    };
    const replies = await Promise.all([send(), send()]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().error.code).toBe('QUOTA_EXCEEDED');
    expect(await rows()).toBe(before + 1);
  });
});

describe('housekeeping of stored files', () => {
  it('deletes objects without a row and reports rows without an object, once they are old enough', async () => {
    const { user } = await session(app, 'teacher');
    const dir = app.ctx.files.dir;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'stray-object'), 'left by a process that died');
    const lost = await repo.insertFile(app.ctx.db, { storageName: 'lost-object', originalName: 'lost.txt', mime: 'text/plain', size: 1, ownerUserId: user.id });
    // Too young to judge: a transaction may still be about to insert its row.
    expect((await app.ctx.files.sweep(new Date())).lostRows).not.toContain(lost.id);
    expect(fs.existsSync(path.join(dir, 'stray-object'))).toBe(true);
    const later = await app.ctx.files.sweep(new Date(Date.now() + 2 * 3_600_000));
    expect(later.strayObjects).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.join(dir, 'stray-object'))).toBe(false);
    expect(later.lostRows).toContain(lost.id);
  });
});
