#!/usr/bin/env node
/**
 * `npm run bench [-- bundle start lighthouse load mixed chat qr journal gradingsheet registration testing upload import cluster] [--long]`: the portal's figures,
 * printed as a table and saved as JSON in bench/results/. Without arguments every section runs. See bench/README.md.
 * Each section's run and its rows are in bench/sections/<section>.mjs; this file reads the arguments and the
 * settings below, runs the sections in order, prints the table and writes the JSON.
 *
 * Environment: BENCH_SECONDS (autocannon duration per route, default 10), BENCH_CONNECTIONS
 * (default 50), BENCH_LOAD_DB (auto, postgres or pglite), BENCH_WORKERS (server processes for the
 * load figure on PostgreSQL), BENCH_LIGHTHOUSE_RUNS (default 3), BENCH_CHAT_MESSAGES (default 30), BENCH_PG_URL
 * (PostgreSQL server for the two-process chat figure and the qr, journal and gradingsheet sections), BENCH_JOURNAL_STUDENTS
 * (default 150), BENCH_JOURNAL_DATES (default 60), BENCH_GRADING_STUDENTS (default 150: the gradingsheet section's group), BENCH_MIXED_STUDENTS (default 400), BENCH_MIXED_WORKERS (default 1,2),
 * BENCH_RUSH_STUDENTS (default 1000), BENCH_RUSH_ELECTIVES (default 10), BENCH_RUSH_SEATS (default 30), BENCH_TESTING_STUDENTS (default 500),
 * BENCH_UPLOADS (default 20), BENCH_UPLOAD_MB (default 20), BENCH_SLOW_UPLOADS (default 10), BENCH_SLOW_UPLOAD_MB (default 20),
 * BENCH_UPLOAD_KBPS (default 1024: the pace of the slow uploads), BENCH_IMPORT_STUDENTS (default 30000),
 * BENCH_CLUSTER_NODES (default 3), BENCH_CLUSTER_SECONDS (default 30), CHROMIUM_PATH (default /usr/bin/chromium). `--long`: the mix of the mixed section runs 10 minutes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuild } from '../scripts/lib/client-build.mjs';
import { envInt, log } from './lib/report.mjs';
import { ROOT, startPortal } from './lib/server.mjs';
import { bundleSection } from './sections/bundle.mjs';
import { chatSection } from './sections/chat.mjs';
import { gradingsheetSection } from './sections/gradingsheet.mjs';
import { journalSection } from './sections/journal.mjs';
import { lighthouseSection } from './sections/lighthouse.mjs';
import { loadSection } from './sections/load.mjs';
import { mixedSection } from './sections/mixed.mjs';
import { qrSection } from './sections/qr.mjs';
import { registrationSection } from './sections/registration.mjs';
import { testingSection } from './sections/testing.mjs';
import { startSection } from './sections/start.mjs';
import { uploadSection } from './sections/upload.mjs';
import { importSection } from './sections/import.mjs';
import { clusterSection } from './sections/cluster.mjs';

const SECTIONS = [
  'bundle',
  'start',
  'lighthouse',
  'load',
  'mixed',
  'chat',
  'qr',
  'journal',
  'gradingsheet',
  'registration',
  'testing',
  'upload',
  'import',
  'cluster',
];
const RESULTS_DIR = path.join(ROOT, 'bench/results');

const args = process.argv.slice(2).filter((a) => a !== '--long');
const long = process.argv.includes('--long');
const unknown = args.filter((a) => !SECTIONS.includes(a));
if (unknown.length) {
  console.error(`Unknown section ${unknown.join(', ')}. Usage: npm run bench [-- ${SECTIONS.join(' ')}]`);
  process.exit(2);
}
const wanted = new Set(args.length ? args : SECTIONS);
const seconds = envInt('BENCH_SECONDS', 10);
const connections = envInt('BENCH_CONNECTIONS', 50);
const loadDb = (process.env.BENCH_LOAD_DB ?? 'auto').toLowerCase();
if (!['auto', 'postgres', 'pglite'].includes(loadDb)) {
  console.error(`BENCH_LOAD_DB must be auto, postgres or pglite (got '${loadDb}')`);
  process.exit(2);
}
const loadWorkers = process.env.BENCH_WORKERS;
const lighthouseRuns = envInt('BENCH_LIGHTHOUSE_RUNS', 3);
const chatMessages = envInt('BENCH_CHAT_MESSAGES', 30);
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const report = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  sections: {},
  failures: {},
};
const rows = [];

async function section(name, fn) {
  if (!wanted.has(name)) return;
  log(`${name}…`);
  try {
    report.sections[name] = await fn();
  } catch (err) {
    report.failures[name] = err instanceof Error ? err.message : String(err);
    console.error(`[bench] ${name} failed: ${report.failures[name]}`);
    rows.push([name, 'FAILED', report.failures[name].split('\n')[0]]);
  }
}

// The servers below serve dist/: build it when missing or stale.
if (SECTIONS.some((s) => wanted.has(s))) await ensureClientBuild({ log, quiet: true });

/** What every section gets: where its rows go, the settings read above, and the portal the sections share (`running`). */
const ctx = {
  rows,
  resultsDir: RESULTS_DIR,
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-')),
  running: null,
  seconds,
  connections,
  long,
  loadDb,
  loadWorkers,
  workersEnv: loadWorkers ? { WORKERS: loadWorkers } : {},
  lighthouseRuns,
  chatMessages,
  pgUrl,
};
/** Each section's run (bench/sections/), in the order of SECTIONS. */
const RUNS = {
  bundle: bundleSection,
  start: startSection,
  lighthouse: lighthouseSection,
  load: loadSection,
  mixed: mixedSection,
  chat: chatSection,
  qr: qrSection,
  journal: journalSection,
  gradingsheet: gradingsheetSection,
  registration: registrationSection,
  testing: testingSection,
  upload: uploadSection,
  import: importSection,
  cluster: clusterSection,
};
try {
  for (const name of SECTIONS) {
    // After the start section: the portal the lighthouse, chat and PGlite load figures measure.
    if (name === 'lighthouse' && (wanted.has('lighthouse') || wanted.has('chat') || (wanted.has('load') && loadDb === 'pglite')) && !ctx.running)
      ctx.running = await startPortal({ dataDir: ctx.dataDir });
    await section(name, () => RUNS[name](ctx));
  }
} finally {
  if (ctx.running) await ctx.running.stop();
  fs.rmSync(ctx.dataDir, { recursive: true, force: true });
}

// --- report ---
const widths = [0, 1].map((i) => Math.max(...rows.map((r) => r[i].length), 8));
console.log('');
console.log(`Benchmarks ${report.date}  commit ${report.commit ?? '-'}  ${report.machine.cpu} ×${report.machine.cores}, Node ${process.version}`);
console.log(`${'section'.padEnd(widths[0])}  ${'figure'.padEnd(widths[1])}  value`);
console.log(`${'-'.repeat(widths[0])}  ${'-'.repeat(widths[1])}  ${'-'.repeat(20)}`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(widths[0])}  ${b.padEnd(widths[1])}  ${c}`);

fs.mkdirSync(RESULTS_DIR, { recursive: true });
const file = path.join(RESULTS_DIR, `bench-${report.date.replace(/[:.]/g, '-')}.json`);
const json = `${JSON.stringify(report, null, 2)}\n`;
fs.writeFileSync(file, json);
fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
console.log(`\nSaved ${path.relative(ROOT, file)} (and bench/results/latest.json).`);
process.exit(Object.keys(report.failures).length ? 1 : 0);
