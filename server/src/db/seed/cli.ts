/**
 * `npm run seed` applies the migrations and the seed steps not applied yet;
 * `npm run seed -- --reset` drops everything first and builds the demo university anew.
 * `npm run seed -- --empty` makes a portal without the demo (./empty.ts): the reference lists and the
 * administrator `admin`, whose one-time password is printed once; refused on a database with data
 * (with --reset, everything is dropped first).
 * Options: --size small (a few students per group). Uses DATABASE_URL / DATA_DIR like the server.
 */
import { filesDirOf, loadConfig } from '../../config';
import { dbTargetFromConfig, openDatabase } from '../client';
import { prepareDatabase, prepareEmptyPortal } from '../migrate';
import { forgetFiles } from './reset-files';
import { closeStorage, storageFor } from '../../plugins/files.storage';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a, i) => !['--reset', '--size', '--empty'].includes(a) && args[i - 1] !== '--size');
  const sizeIndex = args.indexOf('--size');
  const size = sizeIndex >= 0 ? args[sizeIndex + 1] : 'full';
  const empty = args.includes('--empty');
  if (unknown.length > 0 || (size !== 'full' && size !== 'small') || (empty && sizeIndex >= 0)) {
    console.error('Usage: npm run seed [-- --reset] [--size full|small]\n       npm run seed -- --empty [--reset]');
    process.exit(2);
  }
  const config = loadConfig();
  const target = dbTargetFromConfig(config);
  const database = await openDatabase(target);
  const started = Date.now();
  try {
    const reset = args.includes('--reset');
    // The demo files go where the server keeps files (the disk or the FILES_S3_* bucket).
    const files = storageFor(config, filesDirOf(config));
    // Starting over also forgets the files of the old data, on the disk and in the bucket.
    if (reset) {
      const removed = await forgetFiles(filesDirOf(config), files).catch((err: unknown) => {
        closeStorage(files);
        throw err;
      });
      if (removed > 0) console.log(`Removed ${removed} files of the old data from the bucket`);
    }
    if (empty) {
      closeStorage(files);
      const portal = await prepareEmptyPortal(database, { reset, passwordMinLength: config.passwordMinLength, log: (m) => console.log(m) });
      const where = target.kind === 'pglite' ? target.dataDir : 'PostgreSQL (DATABASE_URL)';
      console.log(`Empty portal ready in ${where} (${Date.now() - started} ms): applied ${portal.applied.join(', ')}`);
      console.log(`Administrator: login '${portal.login}', one-time password '${portal.password}'`);
      console.log('It is shown only now. At the first sign-in the administrator sets a new password (and may keep the login).');
      return;
    }
    const report = await prepareDatabase(database, { reset, size, log: (m) => console.log(m), files }).finally(() => closeStorage(files));
    const where = target.kind === 'pglite' ? target.dataDir : 'PostgreSQL (DATABASE_URL)';
    console.log(
      `Database ready in ${where} (${Date.now() - started} ms): ` + (report.applied.length > 0 ? `applied ${report.applied.join(', ')}` : 'nothing to seed'),
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
