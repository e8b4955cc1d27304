#!/usr/bin/env node
/**
 * `npm run seed`, `npm run import`, `npm run backup`, `npm run restore`: `node scripts/cli.mjs <name>
 * [arguments]` runs the command's compiled file (server/build/<name>.mjs, scripts/lib/server-build.mjs),
 * building it first when it is missing or older than its sources, as `npm start` does for the server:
 * plain JavaScript starts in about half the time of transpiling the TypeScript at every run. The
 * command sees its own arguments only (`process.argv.slice(2)`), as when it ran from its source.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMMANDS, commandBundle, ensureServerBuild } from './lib/server-build.mjs';

const name = process.argv[2];
if (!Object.hasOwn(COMMANDS, name)) {
  console.error(`Usage: node scripts/cli.mjs <${Object.keys(COMMANDS).join('|')}> [arguments]`);
  process.exit(2);
}
// A build says so on a terminal only: what a command prints is its own (scripts and tests read it).
await ensureServerBuild({ log: (line) => process.stderr.isTTY && console.error(line) });
process.argv.splice(2, 1);
process.argv[1] = path.resolve(commandBundle(name));
await import(pathToFileURL(commandBundle(name)).href);
