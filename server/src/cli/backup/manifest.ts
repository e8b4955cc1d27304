/**
 * A backup is one folder: `manifest.json` (what it holds), the database (`database.dump`, pg_dump's
 * custom format, or `database.tar.gz`, PGlite's data directory), the uploaded files under `files/`
 * and their checksums in `files.sha256` (the format of `sha256sum`, so `cd files && sha256sum -c
 * ../files.sha256` checks them by hand). The manifest is written last, into a folder renamed into
 * place when complete: a folder with a manifest is a whole backup.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';

/** A failure the command explains itself: its message is printed as it is, exit code 1. */
export class BackupError extends Error {}

export const MANIFEST = 'manifest.json';
export const FILES_DIR = 'files';
export const FILES_LIST = 'files.sha256';
const FORMAT = 'lms-backup';
const FORMAT_VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  portal: { version: string; commit: string | null };
  database: {
    kind: 'pglite' | 'postgres';
    /** Its file in the backup folder. */
    file: string;
    bytes: number;
    sha256: string;
    /** Migrations applied to the database when it was backed up. */
    migrations: number;
    /** What made the file (pg_dump's version, or PGlite's). */
    tool: string;
  };
  files: { store: 'disk' | 's3'; bucket: string | null; count: number; bytes: number };
}

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The portal's version and, in a git checkout, its commit. */
export function portalVersion(): Manifest['portal'] {
  const version = (createRequire(import.meta.url)(path.join(ROOT, 'package.json')) as { version: string }).version;
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    // not a git checkout (an image): the version alone
  }
  return { version, commit };
}

export function newManifest(fields: Omit<Manifest, 'format' | 'formatVersion'>): Manifest {
  return { format: FORMAT, formatVersion: FORMAT_VERSION, ...fields };
}

/** SHA-256 (hex) and size of a file, read as a stream. */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** A stored object's name as a file name in the backup (names are random; anything else is escaped). */
export const fileNameOf = (name: string) => encodeURIComponent(name).replace(/^\./, '%2E');
export const objectNameOf = (file: string) => decodeURIComponent(file);

/** The manifest of the backup in `dir`, checked for what restore relies on. */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(dir)) throw new BackupError(`No backup at ${dir}.`);
  if (!fs.existsSync(file))
    throw new BackupError(`${dir} is not a complete backup: it has no ${MANIFEST} (a backup that was interrupted has none; use another one).`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} cannot be read as JSON: the backup is damaged.`);
  }
  if (manifest.format !== FORMAT) throw new BackupError(`${file} is not the manifest of a portal backup.`);
  if (manifest.formatVersion > FORMAT_VERSION)
    throw new BackupError(`The backup was made by a newer portal (backup format ${manifest.formatVersion}): restore it with that version.`);
  const db = manifest.database;
  if (!db || !['pglite', 'postgres'].includes(db.kind) || typeof db.file !== 'string' || path.basename(db.file) !== db.file || !manifest.files)
    throw new BackupError(`${file} is incomplete: the backup is damaged.`);
  return manifest;
}

/** The backup's files, each with its checksum (files.sha256). */
export function listedFiles(dir: string): { file: string; sha256: string }[] {
  const list = path.join(dir, FILES_LIST);
  if (!fs.existsSync(list)) return [];
  return fs
    .readFileSync(list, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
      if (!match || path.basename(match[2]) !== match[2]) throw new BackupError(`${list} has a line it should not have: the backup is damaged.`);
      return { sha256: match[1], file: match[2] };
    });
}

/** Checks every byte against the manifest and the checksums before anything is replaced. */
export async function verifyBackup(dir: string, manifest: Manifest): Promise<void> {
  const damaged = (what: string) => new BackupError(`The backup in ${dir} is damaged: ${what}. Nothing was changed; use another backup.`);
  const dbFile = path.join(dir, manifest.database.file);
  if (!fs.existsSync(dbFile)) throw damaged(`${manifest.database.file} is missing`);
  const db = await hashFile(dbFile);
  if (db.sha256 !== manifest.database.sha256 || db.bytes !== manifest.database.bytes) throw damaged(`${manifest.database.file} is not the file it was`);
  const files = listedFiles(dir);
  if (files.length !== manifest.files.count) throw damaged(`${FILES_LIST} lists ${files.length} files, the manifest ${manifest.files.count}`);
  let bytes = 0;
  for (const { file, sha256 } of files) {
    const full = path.join(dir, FILES_DIR, file);
    if (!fs.existsSync(full)) throw damaged(`${FILES_DIR}/${file} is missing`);
    const got = await hashFile(full);
    if (got.sha256 !== sha256) throw damaged(`${FILES_DIR}/${file} is not the file it was`);
    bytes += got.bytes;
  }
  if (bytes !== manifest.files.bytes) throw damaged(`the files add up to ${bytes} bytes, the manifest says ${manifest.files.bytes}`);
}
