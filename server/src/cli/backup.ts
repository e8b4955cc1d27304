/**
 * `npm run backup -- [--out DIR]` writes one backup of the portal, the database and the uploaded
 * files together, into a new folder `DIR/lms-backup-<UTC time>` (DIR: `backups` in the folder the
 * command was typed in), from the database of DATABASE_URL or the embedded one in DATA_DIR and the
 * files' store (DATA_DIR/files or the FILES_S3_* bucket), as `npm start` finds them
 * (docs/deployment.md#backups). The folder is written under another name and renamed when complete.
 * Exit code 1 on failure (nothing is left behind), 2 for a wrong command line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { filesDirOf, loadConfig } from '../config';
import { dbTargetFromConfig } from '../db/client';
import { closeStorage, storageFor } from '../plugins/files.storage';
import { dumpPg, dumpPglite } from './backup/database';
import { copyFilesOut } from './backup/files';
import { BackupError, hashFile, MANIFEST, newManifest, portalVersion } from './backup/manifest';
import { reasonOf } from './reason';

const USAGE = 'Usage: npm run backup -- [--out DIR]';

function parseArgs(argv: string[]): { out: string } | null {
  if (argv.length === 0) return { out: 'backups' };
  if (argv.length === 2 && argv[0] === '--out' && argv[1] !== '') return { out: argv[1] };
  return null;
}

/** 2026-12-01T02:34:49.123Z → 20261201-023449 */
const stampOf = (date: Date) => date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const target = dbTargetFromConfig(config);
  const parent = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.out);
  const createdAt = new Date();
  const final = path.join(parent, `lms-backup-${stampOf(createdAt)}`);
  if (fs.existsSync(final)) throw new BackupError(`${final} exists already: wait a second and run the command again.`);
  const partial = `${final}.partial-${process.pid}`;
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
  const store = storageFor(config, filesDirOf(config));
  try {
    // The database first, then the files: every row of the dump has its bytes in the store by then
    // (an upload's bytes are stored before its row is written).
    const dbFile = target.kind === 'pglite' ? 'database.tar.gz' : 'database.dump';
    const dumped =
      target.kind === 'pglite' ? await dumpPglite(target.dataDir!, path.join(partial, dbFile)) : await dumpPg(target.url, path.join(partial, dbFile));
    const files = await copyFilesOut(store, partial);
    const manifest = newManifest({
      createdAt: createdAt.toISOString(),
      portal: portalVersion(),
      database: { kind: target.kind, file: dbFile, ...(await hashFile(path.join(partial, dbFile))), ...dumped },
      files: { store: store.kind, bucket: config.filesS3Bucket ?? null, ...files },
    });
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(partial, final);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.log(`Backup written to ${final}`);
    console.log(
      `  database: ${target.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, ${manifest.database.migrations} migrations, ${mb(manifest.database.bytes)} MB`,
    );
    console.log(`  files: ${files.count} from the ${store.kind === 's3' ? `bucket ${config.filesS3Bucket}` : 'disk'}, ${mb(files.bytes)} MB`);
    return 0;
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  } finally {
    closeStorage(store);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError ? `Backup failed: ${err.message}` : `Backup failed: ${reasonOf(err)}`);
    console.error('No backup was written.');
    process.exit(1);
  },
);
