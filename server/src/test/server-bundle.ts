/**
 * The compiled server, server/build/server.mjs, as `npm start` runs it (scripts/lib/server-build.mjs:
 * server/src/cluster.ts and what it imports in one JavaScript file). The tests that start the server
 * as a process of its own run it instead of transpiling the TypeScript sources at every start, which
 * takes twice as long. The server projects' global setup builds it once (when its sources changed).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The compiled server's entry; with WORKERS=1 (or PGlite) it runs main.ts in its own process. */
export const SERVER_BUNDLE = path.join(ROOT, 'server/build/server.mjs');

/** Builds server/build/server.mjs when missing or stale; throws with the build's output when it fails. */
export function buildServerBundle(): void {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/lib/server-build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Building the server failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
}
