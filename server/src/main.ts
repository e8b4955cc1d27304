/**
 * Starts the portal: configuration, database (migrate + seed what is missing), HTTP server.
 * Prints the URL and the demo accounts. SIGTERM/SIGINT: requests in flight finish, new ones get
 * 503, the process exits within SHUTDOWN_GRACE_MS.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, filesDirOf, loadConfig, type Config } from './config';
import { dbTargetFromConfig, openDatabase } from './db/client';
import { prepareDatabase } from './db/migrate';
import { DirectoryInUseError } from './db/pglite-lock';
import { closeStorage, storageFor } from './plugins/files.storage';
import { DEMO_ADMIN, DEMO_DEAN, DEMO_FRESHMAN, DEMO_STUDENT, DEMO_TEACHER } from './db/seed/data';
import { scheduleHousekeeping } from './housekeeping';
import { schedulePublications } from './modules/news/news.publisher';
import { addressLines } from './start-banner';
import { applyUniversityTimeZone } from './shared/time-zone';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const config = readConfig();
  const target = dbTargetFromConfig(config);
  const database = await openDatabase(target);
  // The demo files go where the server keeps files (the disk or the bucket).
  const seedFiles = storageFor(config, filesDirOf(config));
  const report = await prepareDatabase(database, { log: (m) => console.log(m), files: seedFiles }).finally(() => closeStorage(seedFiles));
  // Before anything reads a local time: the university's zone (site setting time_zone) unless TZ is given.
  const quiet = process.env.LMS_QUIET_START === '1';
  await applyUniversityTimeZone(database.db, process.env, {
    info: (m) => {
      if (!quiet) console.log(m);
    },
    error: (m) => console.error(m),
  });
  const app = await buildApp({ config, database });
  const stopHousekeeping = scheduleHousekeeping(app.ctx, app.log);
  const stopPublications = schedulePublications(app.ctx, app.log);

  closeWithGrace({ delay: config.shutdownDrainMs + config.shutdownGraceMs + 5000, logger: { error: (m) => app.log.error(m) } }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else if (config.shutdownDrainMs > 0)
      app.log.info(`${signal ?? 'close'} received: draining for ${config.shutdownDrainMs} ms, then finishing requests in flight`);
    else app.log.info(`${signal ?? 'close'} received: finishing requests in flight`);
    stopHousekeeping();
    stopPublications();
    // An error stops at once; a signal drains first (SHUTDOWN_DRAIN_MS).
    await app.shutdown(config.shutdownGraceMs, err ? 0 : config.shutdownDrainMs);
    await database.close();
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    if ((err as { code?: string }).code === 'EADDRINUSE') {
      console.error(`Port ${config.port} is in use: stop the other server or set PORT.`);
      await database.close();
      process.exit(1);
    }
    throw err;
  }

  const where = target.kind === 'pglite' ? `embedded PGlite in ${target.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const seeded = report.applied.length > 0 ? `, seeded: ${report.applied.join(', ')}` : '';
  const lines = [
    '',
    `  University portal ${app.ctx.version} is running (${Date.now() - started} ms; ${where}${seeded})`,
    '',
    ...addressLines(config.host, config.port),
    '',
    // A portal made by `npm run seed -- --empty` has none of the demo accounts.
    ...(report.empty
      ? ['  No demo data (npm run seed -- --empty): sign in as the administrator with the password that command printed.']
      : [
          '  Demo accounts (login / password):',
          `    ${DEMO_TEACHER.login} / ${DEMO_TEACHER.password}    teacher (role 1), may post news`,
          `    ${DEMO_STUDENT.login} / ${DEMO_STUDENT.password}    student (role 2), group ${DEMO_STUDENT.group}`,
          `    ${DEMO_FRESHMAN.login} / ${DEMO_FRESHMAN.password}  student who must change login and password first`,
          `    ${DEMO_ADMIN.login} / ${DEMO_ADMIN.password}       administrator: accounts and their audit log`,
          `    ${DEMO_DEAN.login} / ${DEMO_DEAN.password}         dean's office: the accounts of the demo teacher's faculty`,
        ]),
    '',
  ];
  if (!quiet) console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  // A second process on the embedded database: its message says what to do.
  console.error(err instanceof DirectoryInUseError ? err.message : err);
  process.exit(1);
});
