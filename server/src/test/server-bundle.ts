/**
 * The compiled server, server/build/server.mjs, as `npm start` runs it (scripts/lib/server-build.mjs:
 * server/src/cluster.ts and what it imports in one JavaScript file). The tests that start the server
 * as a process of its own run it instead of transpiling the TypeScript sources at every start, which
 * takes twice as long. The server projects' global setup builds it once (when its sources changed).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The compiled server's entry; with WORKERS=1 (or PGlite) it runs main.ts in its own process. */
export const SERVER_BUNDLE = path.join(ROOT, 'server/build/server.mjs');

/** Builds server/build/server.mjs when missing or stale; throws with the build's output when it fails. */
export function buildServerBundle(): void {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/lib/server-build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Building the server failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
}

/** A server process a test started, with what it printed and its end. */
export interface ServerProcess {
  child: ChildProcess;
  /** What it printed (stdout and stderr), the last `chars`. */
  output(chars?: number): string;
  /** Its exit: code and time. */
  exited: Promise<{ code: number | null; at: number }>;
  /** Kills it outright (SIGKILL) if it still runs, and removes `dataDir` when given. */
  cleanUp(dataDir?: string): void;
}

/** Runs `args` (default: the compiled server) with `env` (and the PATH), its output collected. */
export function startServerProcess(env: Record<string, string | undefined>, args: string[] = [SERVER_BUNDLE], cwd = ROOT): ServerProcess {
  const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  child.stdout!.on('data', (c: Buffer) => log.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => log.push(c.toString()));
  return {
    child,
    output: (chars = 3000) => log.join('').slice(-chars),
    exited: new Promise((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() }))),
    cleanUp: (dataDir) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
