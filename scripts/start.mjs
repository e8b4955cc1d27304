#!/usr/bin/env node
/**
 * `npm start`: builds the web client when dist/ is missing or older than its sources, compiles the
 * server when server/build/ is missing or older than its sources (scripts/lib/server-build.mjs),
 * then runs it: one process, or WORKERS processes with DATABASE_URL (server/src/cluster.ts). The environment passes through unchanged (PORT,
 * DATA_DIR, DATABASE_URL, ...), with PAYMENT_PROVIDER=sandbox for the demo when it is not set. SIGINT, SIGTERM and SIGHUP are forwarded to the server once;
 * the server's exit code becomes ours.
 *
 * Nothing is left running when whoever started us goes: `npm start` runs this file with `exec`
 * (package.json), so npm's forwarded signal reaches it; when our parent exits anyway (an npm that
 * does not forward signals, a shell killed outright) we notice that we were handed to another parent
 * and stop the server as on SIGTERM; and the server, which holds a channel to us, stops itself when
 * this process is killed outright (server/src/cluster.ts).
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
if (major < 20 || (major === 20 && minor < 19)) fail(`Node.js 22 or 24 is needed (20.19 still runs the portal; this is ${process.versions.node}).`);
// Node.js 20 reached its end of life in April 2026; two of the server's dependencies declare Node.js 22.
if (major < 22) log(`Node.js ${process.versions.node} runs the portal, but its line reached its end of life: Node.js 22 or 24 is recommended.`);

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
  // The channel only tells the server when this process is gone.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // The demo pays by card through the sandbox (a test bank) unless PAYMENT_PROVIDER is given (none: off; docs/payments.md),
  // and its documents' QR codes point to its own address unless PUBLIC_URL is given.
  env: {
    ...process.env,
    PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER ?? 'sandbox',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '8080'}`,
  },
  detached: true,
});
child.channel?.unref();

/**
 * One Ctrl-C arrives twice: from the terminal and forwarded by npm (as one `systemctl stop` may
 * reach every process of the service). The same signal again within REPEAT_MS is that one request;
 * a later one is the user's second, passed on so that the server exits at once.
 */
const REPEAT_MS = 1000;
let forwarded = null;
const stopServer = (signal, why = signal) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const now = Date.now();
  if (forwarded && forwarded.signal === signal && now - forwarded.at < REPEAT_MS) return;
  if (!forwarded) log(`${why}: stopping the server…`);
  forwarded = { signal, at: now };
  child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopServer(signal));

// Our parent exited without passing a signal on (we were handed to another process): stop, as a
// service manager or a container runtime that signalled it meant us too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !forwarded) stopServer('SIGTERM', `the parent process ${parent} exited`);
}, 250).unref();

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
