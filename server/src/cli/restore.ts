/**
 * `npm run restore -- PATH [--force]` puts a backup made by `npm run backup` (./backup.ts) back: the
 * database of DATABASE_URL or the embedded one in DATA_DIR, and the files' store, as `npm start`
 * finds them (docs/deployment.md#backups). Refused, with nothing changed, when the database or the
 * store already holds something (unless --force, which replaces it), when the backup's checksums do
 * not match, when it is of the other database kind, or when a server is running on the database.
 * Nothing is half-restored: the new database and files are made beside the old ones and swapped in
 * at the end (PostgreSQL: one transaction). A backup of an older migration level is migrated by the
 * next `npm start`. Exit code 1 on failure, 2 for a wrong command line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { filesDirOf, loadConfig } from '../config';
import { dbTargetFromConfig } from '../db/client';
import { lockDirectory } from '../db/pglite-lock';
import { closeStorage, storageFor, type StorageBackend } from '../plugins/files.storage';
import { codeMigrations, hasPgliteDatabase, inspectPg, loadPglite, restorePg } from './backup/database';
import { copyFilesToFolder, storeHasFiles, uploadFiles } from './backup/files';
import { BackupError, readManifest, verifyBackup, type Manifest } from './backup/manifest';
import { reasonOf } from './reason';

const USAGE = 'Usage: npm run restore -- PATH [--force]';
const KINDS = { pglite: 'the embedded database (PGlite, DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' };

function parseArgs(argv: string[]): { dir: string; force: boolean } | null {
  const force = argv.includes('--force');
  const rest = argv.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0].startsWith('--')) return null;
  return { dir: path.resolve(process.env.INIT_CWD ?? process.cwd(), rest[0]), force };
}

/** Renames `from` to `to` when `from` exists; says whether it did. */
function moveIfThere(from: string, to: string): boolean {
  if (!fs.existsSync(from)) return false;
  fs.renameSync(from, to);
  return true;
}

/**
 * Swaps the new folders into place (each `[new, current]`): the current ones are moved aside first,
 * and put back if a later rename fails. The old ones are deleted once all are in place.
 */
function swapIn(pairs: [string, string][]): void {
  const aside = pairs.map(([, current]) => `${current}.replaced-${process.pid}`);
  const done: number[] = [];
  try {
    pairs.forEach(([fresh, current], i) => {
      const moved = moveIfThere(current, aside[i]);
      fs.renameSync(fresh, current);
      if (!moved) aside[i] = '';
      done.push(i);
    });
  } catch (err) {
    for (const i of done.reverse()) {
      fs.rmSync(pairs[i][1], { recursive: true, force: true });
      if (aside[i]) fs.renameSync(aside[i], pairs[i][1]);
    }
    throw new BackupError(`Moving the restored data into place failed, and the old data was put back: ${reasonOf(err)}`);
  }
  for (const old of aside) if (old) fs.rmSync(old, { recursive: true, force: true });
}

/** What the target holds, for the refusal without --force. */
function refusal(what: string[]): BackupError {
  const text = what.join(' and ');
  return new BackupError(
    `${text[0].toUpperCase()}${text.slice(1)} already ${what.length > 1 ? 'hold' : 'holds'} data, and nothing was changed. ` +
      'Restore into an empty database, or add --force to replace what is there with the backup.',
  );
}

async function restore(dir: string, manifest: Manifest, force: boolean, store: StorageBackend, filesDir: string): Promise<string> {
  const config = loadConfig();
  const target = dbTargetFromConfig(config);
  if (manifest.database.kind !== target.kind)
    throw new BackupError(
      `The backup holds ${KINDS[manifest.database.kind]}, and this portal is set up for ${KINDS[target.kind]}: ` +
        `restore it with the same kind of database (${manifest.database.kind === 'postgres' ? 'set DATABASE_URL' : 'unset DATABASE_URL'}).`,
    );
  const stagedFiles = `${filesDir}.restoring-${process.pid}`;
  const onDisk = store.kind === 'disk';
  try {
    if (target.kind === 'pglite') {
      const dataDir = target.dataDir!;
      // Held until the end: no server starts on the directory meanwhile, and none may be running on it (on any host).
      const unlock = lockDirectory(dataDir, { refuseOtherHosts: true });
      try {
        const busy = [hasPgliteDatabase(dataDir) ? `The embedded database in ${dataDir}` : '', (await storeHasFiles(store)) ? 'the files store' : ''];
        if (!force && busy.some(Boolean)) throw refusal(busy.filter(Boolean));
        const staged = `${dataDir}.restoring-${process.pid}`;
        try {
          await loadPglite(path.join(dir, manifest.database.file), staged);
          if (onDisk) await copyFilesToFolder(dir, stagedFiles);
          else await uploadFiles(dir, store);
          swapIn(
            onDisk
              ? [
                  [staged, dataDir],
                  [stagedFiles, filesDir],
                ]
              : [[staged, dataDir]],
          );
        } finally {
          fs.rmSync(staged, { recursive: true, force: true });
        }
      } finally {
        unlock();
      }
      return dataDir;
    }
    const url = target.url;
    const { tables, servers } = await inspectPg(url);
    if (servers > 0)
      throw new BackupError(`${servers} connections of a running portal server are open on this database: stop the servers first, then restore.`);
    const busy = [tables > 0 ? 'The PostgreSQL database' : '', (await storeHasFiles(store)) ? 'the files store' : ''];
    if (!force && busy.some(Boolean)) throw refusal(busy.filter(Boolean));
    // The bytes first: the database, restored in one transaction, then names only files that are there.
    if (onDisk) await copyFilesToFolder(dir, stagedFiles);
    else await uploadFiles(dir, store);
    await restorePg(url, path.join(dir, manifest.database.file));
    if (onDisk) {
      try {
        swapIn([[stagedFiles, filesDir]]);
      } catch (err) {
        throw new BackupError(
          `The database was restored, but its files could not be moved into place (${(err as Error).message}). ` +
            `They are in ${stagedFiles}: stop everything, move that folder to ${filesDir}, then start the portal.`,
        );
      }
    }
    return 'PostgreSQL (DATABASE_URL)';
  } finally {
    if (fs.existsSync(stagedFiles) && onDisk) fs.rmSync(stagedFiles, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const manifest = readManifest(args.dir);
  const code = codeMigrations();
  if (manifest.database.migrations > code)
    throw new BackupError(
      `The backup was made by a newer portal (${manifest.portal.version}, ${manifest.database.migrations} migrations; this one has ${code}): restore it with that version.`,
    );
  await verifyBackup(args.dir, manifest);
  const config = loadConfig();
  const filesDir = filesDirOf(config);
  const store = storageFor(config, filesDir);
  try {
    const where = await restore(args.dir, manifest, args.force, store, filesDir);
    console.log(`Restored the backup of ${manifest.createdAt} (portal ${manifest.portal.version}) into ${where}`);
    console.log(`  ${manifest.files.count} files into the ${store.kind === 's3' ? `bucket ${config.filesS3Bucket}` : `disk (${filesDir})`}`);
    const missing = code - manifest.database.migrations;
    if (missing > 0) console.log(`  The backup is ${missing} migrations behind this version: the next \`npm start\` applies them.`);
    return 0;
  } finally {
    closeStorage(store);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Restore failed: ${err instanceof BackupError ? err.message : reasonOf(err)}`);
    process.exit(1);
  },
);
