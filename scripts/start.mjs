#!/usr/bin/env node
/**
 * `npm start`: builds the web client when dist/ is missing or older than its sources, compiles the
 * server when server/build/ is missing or older than its sources (scripts/lib/server-build.mjs),
 * then runs it: one process, or WORKERS processes with DATABASE_URL (server/src/cluster.ts). The environment passes through unchanged (PORT,
 * DATA_DIR, DATABASE_URL, ...). SIGINT, SIGTERM and SIGHUP are forwarded to the server once;
 * the server's exit code becomes ours.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, binOf, ensureClientBuild } from './lib/client-build.mjs';
import { SERVER_BUNDLE, SERVER_ENTRY_SOURCE, ensureServerBuild } from './lib/server-build.mjs';

const log = (line) => console.log(`[start] ${line}`);
const fail = (line, code = 1) => {
  console.error(`[start] ${line}`);
  process.exit(code);
};

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) fail(`Node.js 20.19 or newer is needed (this is ${process.versions.node}).`);

if (!binOf('tsx', 'package.json') || !binOf('vite', 'bin/vite.js')) fail('Dependencies are not installed: run `npm install` first.');

try {
  await ensureClientBuild({ log });
} catch (err) {
  fail(err instanceof Error ? err.message : String(err), err?.exitCode ?? 1);
}

if (!fs.existsSync(SERVER_ENTRY_SOURCE)) fail(`Server entry ${path.relative(ROOT, SERVER_ENTRY_SOURCE)} not found.`);
try {
  await ensureServerBuild({ log });
} catch (err) {
  fail(`The server did not compile: ${err instanceof Error ? err.message : String(err)}`);
}
const entry = SERVER_BUNDLE;

log(
  `Server: starting (PORT=${process.env.PORT ?? '8080'}, ${process.env.DATABASE_URL ? 'DATABASE_URL set: PostgreSQL' : `DATA_DIR=${process.env.DATA_DIR ?? './data'}: embedded PGlite`})…`,
);

// Own process group: a Ctrl-C in the terminal reaches only this process, which forwards it once
// (the server takes a second signal as "exit now").
const child = spawn(process.execPath, ['--enable-source-maps', entry], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
  detached: true,
});

let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (!forwarded) {
      forwarded = true;
      log(`${signal}: stopping the server…`);
    }
    // A repeated signal is passed on too: the server then exits at once.
    child.kill(signal);
  });
}

// Never leave the server behind if this process ends for another reason.
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

child.on('error', (err) => fail(`Could not start the server: ${err.message}`));
child.on('exit', (code, signal) => {
  if (signal) {
    const n = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1, SIGKILL: 9 }[signal] ?? 1;
    log(`Server stopped by ${signal}.`);
    process.exit(128 + n);
  }
  if (code !== 0) log(`Server exited with code ${code}.`);
  process.exit(code ?? 1);
});
