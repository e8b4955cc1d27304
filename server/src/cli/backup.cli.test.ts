/**
 * `npm run backup` and `npm run restore` as an operator runs them (docs/deployment.md#backups): a
 * seeded database with an uploaded file (its row and its bytes) backed up by the command, restored
 * into an empty database and a new DATA_DIR, where the row and the bytes are found; a second restore
 * refused with nothing changed, and a damaged backup too, then `--force` replacing what is there. On the embedded database of
 * the server project, and on a throwaway PostgreSQL database of the server-pg project. With the files
 * in a bucket, its objects are copied into the backup and uploaded into the bucket of the restore.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DbTarget } from '../db/client';
import { files, users } from '../db/schema';
import { closeStorage, storageFor } from '../plugins/files.storage';
import { createTestDatabase, testConfig, usePostgres } from '../test/helpers';
import { startBucket } from '../../../tests/support/bucket';
import { runCommand } from '../test/commands';

/** PostgreSQL's client tools, which the command runs on PostgreSQL (.ci/run installs them when missing). */
const pgTools = ['pg_dump', 'pg_restore', 'psql'].every((tool) => spawnSync(tool, ['--version']).status === 0);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-backup-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A new empty database to restore into: a new PostgreSQL database (dropped afterwards), or nothing at all in a new DATA_DIR. */
async function emptyTarget(dataDir: string): Promise<{ env: Record<string, string>; target: DbTarget }> {
  if (!usePostgres) return { env: {}, target: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') } };
  const server = process.env.TEST_DATABASE_URL!;
  const name = `lms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    target: { kind: 'postgres', url: url.toString(), poolMax: 2, statementTimeoutMs: 15000, connectionTimeoutMs: 5000 },
  };
}

async function withDatabase<T>(target: DbTarget, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(target);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

const BYTES = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);
const STORED = randomBytes(16).toString('hex');

/** The portal to back up: the small seed in `source` (its embedded database, or a PostgreSQL copy) with one uploaded file's row, left open. */
async function portalWithFileRow(source: string) {
  const seeded = await createTestDatabase({ dataDir: path.join(source, 'pglite') });
  cleanups.push(() => seeded.close());
  const [owner] = await seeded.database.db.select({ id: users.id }).from(users).limit(1);
  await seeded.database.db
    .insert(files)
    .values({ storageName: STORED, originalName: 'notes.pdf', mime: 'application/pdf', size: BYTES.length, ownerUserId: owner.id });
  return seeded;
}

describe.skipIf(usePostgres && !pgTools)('npm run backup, npm run restore (on PostgreSQL: skipped without pg_dump, pg_restore and psql in PATH)', () => {
  it(
    'backs up the database and the files together; restores them into an empty database; refuses a database with data, and replaces it with --force',
    // A ceiling for a hang: each command transpiles the server; the file takes about 30 s on a quiet machine.
    { timeout: 300_000 },
    async () => {
      // The portal to back up: the small seed and one uploaded file.
      const source = path.join(dir, 'source');
      const seeded = await portalWithFileRow(source);
      fs.mkdirSync(path.join(source, 'files'), { recursive: true });
      fs.writeFileSync(path.join(source, 'files', STORED), BYTES);
      const accounts = (await seeded.database.db.select({ id: users.id }).from(users)).length;
      const sourceEnv: Record<string, string> = seeded.target.kind === 'postgres' ? { DATABASE_URL: seeded.target.url } : {};

      if (!usePostgres) {
        // While a server has the embedded database open, the backup is refused.
        const busy = await runCommand('backup', ['--out', 'backups'], source, dir, sourceEnv);
        expect(busy.code).toBe(1);
        expect(busy.err).toContain(`is open in process ${process.pid}`);
        expect(fs.existsSync(path.join(dir, 'backups')) ? fs.readdirSync(path.join(dir, 'backups')) : []).toEqual([]);
      }
      await seeded.database.close();

      const made = await runCommand('backup', ['--out', 'backups'], source, dir, sourceEnv);
      expect(made.err).toBe('');
      expect(made.code).toBe(0);
      const backup = /Backup written to (.+)/.exec(made.out)![1];
      expect(path.dirname(backup)).toBe(path.join(dir, 'backups'));
      expect(made.out).toContain('files: 1 from the disk');
      const manifest = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8')) as Record<string, Record<string, unknown>>;
      expect(manifest.database).toMatchObject({ kind: usePostgres ? 'postgres' : 'pglite', migrations: expect.any(Number) });
      expect(manifest.files).toMatchObject({ store: 'disk', count: 1, bytes: BYTES.length });

      // Into an empty database and a new DATA_DIR.
      const restored = path.join(dir, 'restored');
      const { env, target } = await emptyTarget(restored);
      const restore = (args: string[]) => runCommand('restore', args, restored, dir, env);
      const first = await restore([path.relative(dir, backup)]);
      expect(first.err).toBe('');
      expect(first.code).toBe(0);
      expect(fs.readFileSync(path.join(restored, 'files', STORED))).toEqual(BYTES);
      await withDatabase(target, async (database) => {
        const [row] = await database.db.select().from(files).where(eq(files.storageName, STORED));
        expect(row).toMatchObject({ originalName: 'notes.pdf', size: BYTES.length });
        expect((await database.db.select({ id: users.id }).from(users)).length).toBe(accounts);
        await database.db.delete(files).where(eq(files.storageName, STORED));
      });

      // Now the database has data: refused, and nothing changed.
      const refused = await restore([backup]);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('already hold data, and nothing was changed');
      expect(refused.err).toContain('--force');
      await withDatabase(target, async (database) => expect(await database.db.select().from(files).where(eq(files.storageName, STORED))).toEqual([]));

      if (usePostgres) {
        // A server connected to the database: refused even with --force.
        await withDatabase({ ...target, kind: 'postgres' } as DbTarget, async (running) => {
          await running.ping();
          const busy = await restore([backup, '--force']);
          expect(busy.code).toBe(1);
          expect(busy.err).toContain('of a running portal server are open on this database');
        });
      }

      // A backup whose bytes changed is refused before anything is replaced, even with --force.
      const damaged = path.join(dir, 'damaged');
      fs.cpSync(backup, damaged, { recursive: true });
      const copy = path.join(damaged, 'files', STORED);
      fs.writeFileSync(copy, Buffer.concat([fs.readFileSync(copy).subarray(0, 100), Buffer.from('x')]));
      const refusedDamaged = await restore([damaged, '--force']);
      expect(refusedDamaged.code).toBe(1);
      expect(refusedDamaged.err).toContain(`files/${STORED} is not the file it was. Nothing was changed`);
      await withDatabase(target, async (database) => expect(await database.db.select().from(files).where(eq(files.storageName, STORED))).toEqual([]));

      const forced = await restore([backup, '--force']);
      expect(forced.code).toBe(0);
      await withDatabase(target, async (database) => expect(await database.db.select().from(files).where(eq(files.storageName, STORED))).toHaveLength(1));
      expect(fs.readFileSync(path.join(restored, 'files', STORED))).toEqual(BYTES);
    },
  );
});

/** The bucket's part does not depend on the database's kind: the PGlite project runs it. */
describe.skipIf(usePostgres)('npm run backup, npm run restore with the files in a bucket', () => {
  it('copies the objects of the bucket into the backup, and uploads them into the bucket the restore is set up for', { timeout: 300_000 }, async () => {
    const [from, to] = [await startBucket('from'), await startBucket('to')];
    cleanups.push(from.close, to.close);
    const source = path.join(dir, 'bucket-source');
    const seeded = await portalWithFileRow(source);
    await seeded.database.close();
    const put = storageFor(testConfig(from.env), path.join(source, 'files'));
    await put.write(STORED, BYTES, 'application/pdf').finally(() => closeStorage(put));

    const made = await runCommand('backup', ['--out', 'bucket-backups'], source, dir, from.env);
    expect(made.code).toBe(0);
    expect(made.out).toContain('files: 1 from the bucket from');
    const backup = /Backup written to (.+)/.exec(made.out)![1];
    expect(fs.readFileSync(path.join(backup, 'files', STORED))).toEqual(BYTES);

    const restored = path.join(dir, 'bucket-restored');
    const done = await runCommand('restore', [backup], restored, dir, to.env);
    // (stderr may carry the AWS SDK's warning about the Node.js version)
    expect(done.err).not.toContain('failed');
    expect(done.code).toBe(0);
    const store = storageFor(testConfig(to.env), path.join(restored, 'files'));
    try {
      const body = await store.open(STORED);
      const chunks: Buffer[] = [];
      for await (const chunk of body!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(BYTES);
    } finally {
      closeStorage(store);
    }
    expect(fs.existsSync(path.join(restored, 'files'))).toBe(false);
    await withDatabase({ kind: 'pglite', dataDir: path.join(restored, 'pglite') }, async (database) =>
      expect(await database.db.select({ name: files.originalName }).from(files).where(eq(files.storageName, STORED))).toEqual([{ name: 'notes.pdf' }]),
    );
  });
});
