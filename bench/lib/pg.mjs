/**
 * A throwaway PostgreSQL database for a benchmark: created on the server of `pgUrl` (the role needs
 * CREATEDB), handed out as a URL, dropped at the end. Null when that server does not answer.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
