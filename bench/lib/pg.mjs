/**
 * A throwaway PostgreSQL database for a benchmark: created on the server of `pgUrl` (the role needs
 * CREATEDB), handed out as a URL, dropped at the end. Null when that server does not answer. And the
 * same with a portal started on it for the duration of a section.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPortal } from './server.mjs';

/** Resolves to {url, drop()} or to {url: null, reason} when PostgreSQL is not reachable. */
export async function throwawayDatabase(pgUrl, prefix = 'lms_bench') {
  const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  admin.on('error', () => {});
  try {
    await admin.connect();
  } catch (err) {
    await admin.end().catch(() => {});
    return { url: null, reason: `PostgreSQL at ${pgUrl} not reachable (${err.message})` };
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (err) {
    await admin.end().catch(() => {});
    return { url: null, reason: `could not create a database on ${pgUrl} (${err.message})` };
  }
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
    },
  };
}

/**
 * Runs `fn(pgDb, dataDir)` with a throwaway database (`lms_bench_<name>_…`) on the server of `pgUrl`
 * and a temporary DATA_DIR (`lms-bench-<name>-…`), then drops the one and removes the other. Throws
 * the reason when PostgreSQL does not answer.
 */
export async function onThrowawayDatabase(pgUrl, name, fn) {
  const pgDb = await throwawayDatabase(pgUrl, `lms_bench_${name}`);
  if (!pgDb.url) throw new Error(pgDb.reason);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lms-bench-${name}-`));
  try {
    return await fn(pgDb, dataDir);
  } finally {
    await pgDb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn(portal, pgDb)` against a portal started on a throwaway database (onThrowawayDatabase),
 * with `env` added to the portal's environment; stops the portal before the database is dropped.
 * BENCH_SERVER_PROFILE=<dir>: each portal process (the primary and every worker) runs under V8's
 * sampling profiler and writes its CPU profile there when the portal stops (the compiled server with
 * source maps, as `npm run bench -- profile` runs it; its figures are then the profiler's, not the
 * product's).
 */
export function withPortalOnPostgres(pgUrl, name, env, fn) {
  const profileDir = process.env.BENCH_SERVER_PROFILE;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250'] : null;
  return onThrowawayDatabase(pgUrl, name, async (pgDb, dataDir) => {
    const portal = await startPortal({ dataDir, env: { DATABASE_URL: pgDb.url, ...env }, nodeArgs });
    try {
      return await fn(portal, pgDb);
    } finally {
      await portal.stop();
    }
  });
}
