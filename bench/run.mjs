#!/usr/bin/env node
/**
 * `npm run bench [-- bundle start lighthouse load mixed chat qr journal registration upload] [--long]`: the portal's figures,
 * printed as a table and saved as JSON in bench/results/. Without arguments every section runs. See bench/README.md.
 *
 * Environment: BENCH_SECONDS (autocannon duration per route, default 10), BENCH_CONNECTIONS
 * (default 50), BENCH_LOAD_DB (auto, postgres or pglite), BENCH_WORKERS (server processes for the
 * load figure on PostgreSQL), BENCH_LIGHTHOUSE_RUNS (default 3), BENCH_CHAT_MESSAGES (default 30), BENCH_PG_URL
 * (PostgreSQL server for the two-process chat figure and the qr and journal sections), BENCH_JOURNAL_STUDENTS
 * (default 150), BENCH_JOURNAL_DATES (default 60), BENCH_MIXED_STUDENTS (default 400), BENCH_MIXED_WORKERS (default 1,2),
 * BENCH_RUSH_STUDENTS (default 1000), BENCH_RUSH_ELECTIVES (default 10), BENCH_RUSH_SEATS (default 30),
 * BENCH_UPLOADS (default 20), BENCH_UPLOAD_MB (default 20), BENCH_SLOW_UPLOADS (default 10), BENCH_SLOW_UPLOAD_MB (default 20),
 * BENCH_UPLOAD_KBPS (default 1024: the pace of the slow uploads),
 * CHROMIUM_PATH (default /usr/bin/chromium). `--long`: the mix of the mixed section runs 10 minutes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuild, viteBuild } from '../scripts/lib/client-build.mjs';
import { measureBundle, measureLoginDownloads } from './bundle.mjs';
import { runChatBench } from './chat.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { runLoad, signIn } from './load.mjs';
import { runJournalBench } from './journal.mjs';
import { prepareMixed, runMixed } from './mixed.mjs';
import { helloBurst, runQrBench } from './qr.mjs';
import { runRegistrationBench } from './registration.mjs';
import { runSlowUploadBench, runUploadBench } from './upload.mjs';
import { startHello } from './lib/hello.mjs';
import { throwawayDatabase } from './lib/pg.mjs';
import { ROOT, startPortal } from './lib/server.mjs';

const SECTIONS = ['bundle', 'start', 'lighthouse', 'load', 'mixed', 'chat', 'qr', 'journal', 'registration', 'upload'];
const RESULTS_DIR = path.join(ROOT, 'bench/results');

const args = process.argv.slice(2).filter((a) => a !== '--long');
const long = process.argv.includes('--long');
const unknown = args.filter((a) => !SECTIONS.includes(a));
if (unknown.length) {
  console.error(`Unknown section ${unknown.join(', ')}. Usage: npm run bench [-- ${SECTIONS.join(' ')}]`);
  process.exit(2);
}
const wanted = new Set(args.length ? args : SECTIONS);
const envInt = (name, def) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : def;
};
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

const log = (line) => console.log(`[bench] ${line}`);
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
/** Answers counted by HTTP status, as `200: 3000, 409: 150`. */
const byStatus = (statuses) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');

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

let running = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-'));
try {
  await section('bundle', async () => {
    // What a real browser downloads for /lms/login, from a portal serving dist/ (on its own data,
    // so that the start figures below still begin from a fresh DATA_DIR).
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-bundle-'));
    const portal = await startPortal({ dataDir: ownDir });
    let d;
    let kg;
    try {
      d = await measureLoginDownloads(portal.origin);
      // A Kyrgyz visitor (the `lang` cookie): the texts of kg, and of ru, i18next's fallback.
      kg = await measureLoginDownloads(portal.origin, { language: 'kg' });
    } finally {
      await portal.stop();
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
    const kinds = Object.entries(d.byKind)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${kb(n)}`)
      .join(', ');
    rows.push([
      'bundle',
      '/lms/login downloads until idle, in Chromium (gzip)',
      `${kb(d.totalGzip)} of ${kb(d.budgetGzip)} budget ${d.withinBudget ? 'ok' : 'EXCEEDED'}  (${d.requests} responses: ${kinds})`,
    ]);
    for (const f of [...d.files].sort((a, b) => b.gzip - a.gzip)) rows.push(['bundle', `  ${f.url.replace(/\?v=.*$/, '')}`, kb(f.gzip)]);
    if (d.failed.length) rows.push(['bundle', '  failed requests', d.failed.join(', ')]);
    rows.push([
      'bundle',
      '/lms/login downloads until idle, lang=kg (gzip)',
      `${kb(kg.totalGzip)} of ${kb(kg.budgetGzip)} budget ${kg.withinBudget ? 'ok' : 'EXCEEDED'}  (texts ${kb(kg.byKind.texts ?? 0)}: ${kg.files
        .filter((f) => f.kind === 'texts')
        .map((f) => f.url.replace(/^\/lms\/locales\//, '').replace(/\?v=.*$/, ''))
        .join(', ')})`,
    ]);
    // The build's view: a fresh build with a manifest, beside dist/ (which the server keeps serving).
    const outDir = path.join(RESULTS_DIR, 'dist');
    await viteBuild(['--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { quiet: true });
    const b = measureBundle(outDir);
    rows.push([
      'bundle',
      '/lms/login initial JS+CSS by the manifest (gzip)',
      `${kb(b.initial.totalGzip)}  (JS ${kb(b.initial.jsGzip)}, CSS ${kb(b.initial.cssGzip)}, ${b.initial.files.length} files)`,
    ]);
    rows.push(['bundle', '  of which entry (index.html)', kb(b.initial.entryGzip)]);
    rows.push(['bundle', '  login route chunk', b.loginChunk ?? 'not found']);
    rows.push(['bundle', 'largest lazy chunk (gzip)', b.largestLazyChunk ? `${kb(b.largestLazyChunk.gzip)}  ${b.largestLazyChunk.file}` : 'none']);
    rows.push(['bundle', 'all JS (gzip)', `${kb(b.allJsGzip)} in ${b.jsFileCount} files`]);
    return { login: d, loginKg: kg, build: b };
  });

  await section('start', async () => {
    const first = await startPortal({ dataDir });
    await first.stop();
    const again = await startPortal({ dataDir });
    running = again;
    rows.push(['start', 'fresh DATA_DIR → /lms/login served', sec(first.ms)]);
    rows.push(['start', 'restart on the same data', sec(again.ms)]);
    return { firstStartMs: Math.round(first.ms), restartMs: Math.round(again.ms), note: 'npm start path (scripts/start.mjs), client already built' };
  });

  if ((wanted.has('lighthouse') || wanted.has('chat') || (wanted.has('load') && loadDb === 'pglite')) && !running) running = await startPortal({ dataDir });

  await section('lighthouse', async () => {
    const lh = await runLighthouse(`${running.origin}/lms/login`, { runs: lighthouseRuns });
    rows.push([
      'lighthouse',
      `performance /lms/login (${lh.formFactor}, ${lh.throttling}, median of ${lh.runs.length})`,
      `${lh.score}  [${lh.runs.map((r) => r.score).join(', ')}]`,
    ]);
    rows.push(['lighthouse', '  FCP / LCP / TBT / CLS', `${sec(lh.fcpMs)} / ${sec(lh.lcpMs)} / ${lh.tbtMs} ms / ${lh.cls}`]);
    // The student's news feed, signed in (the session cookie is in the browser before the page loads).
    const { cookie } = await signIn(running.origin, 'student', 'Student2026');
    const news = await runLighthouse(`${running.origin}/lms/news`, { runs: lighthouseRuns, cookie });
    rows.push([
      'lighthouse',
      `performance /lms/news signed in as the student (median of ${news.runs.length})`,
      `${news.score}  [${news.runs.map((r) => r.score).join(', ')}]`,
    ]);
    rows.push(['lighthouse', '  FCP / LCP / TBT / CLS', `${sec(news.fcpMs)} / ${sec(news.lcpMs)} / ${news.tbtMs} ms / ${news.cls}`]);
    return { login: lh, newsSignedIn: news };
  });

  await section('load', async () => {
    // PostgreSQL (a throwaway database, seeded by the server's start) when one answers, else PGlite.
    const pgDb = loadDb === 'pglite' ? { url: null, reason: 'BENCH_LOAD_DB=pglite' } : await throwawayDatabase(pgUrl, 'lms_bench_load');
    if (!pgDb.url && loadDb === 'postgres') throw new Error(pgDb.reason);
    let portal = null;
    let ownDir = null;
    const hello = await startHello();
    try {
      let database;
      if (pgDb.url) {
        ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-load-'));
        portal = await startPortal({ dataDir: ownDir, env: { DATABASE_URL: pgDb.url, ...(loadWorkers ? { WORKERS: loadWorkers } : {}) } });
        database = `PostgreSQL (${new URL(pgUrl).host}, database ${pgDb.name}${loadWorkers ? `, WORKERS=${loadWorkers}` : ''})`;
      } else {
        running ??= await startPortal({ dataDir });
        database = `PGlite (embedded; ${pgDb.reason})`;
      }
      log(`load on ${database}`);
      const origin = pgDb.url ? portal.origin : running.origin;
      const l = await runLoad(origin, { seconds, connections, helloUrl: hello.url });
      rows.push(['load', 'database', database]);
      rows.push(['load', 'connections × seconds per route', `${connections} × ${seconds} s`]);
      const line = (r) => `${r.requestsPerSec} req/s  (p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, failed ${r.failed})`;
      rows.push(['load', l.hello.name, line(l.hello)]);
      for (const r of [l.health, l.profile, l.news]) rows.push(['load', r.name, `${line(r)}  ${(r.ratioToHello * 100).toFixed(1)} % of hello`]);
      return { database, ...l };
    } finally {
      await hello.stop();
      if (pgDb.url) {
        await portal?.stop();
        await pgDb.drop();
        if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
      }
    }
  });

  await section('mixed', async () => {
    // Many distinct students on PostgreSQL, with 1 and 2 server processes (bench/mixed.mjs).
    const pgDb = await throwawayDatabase(pgUrl, 'lms_bench_mixed');
    if (!pgDb.url) throw new Error(pgDb.reason);
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-mixed-'));
    const hello = await startHello();
    const workerCounts = (process.env.BENCH_MIXED_WORKERS ?? '1,2')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    const out = { database: `PostgreSQL (${new URL(pgUrl).host}, database ${pgDb.name})`, runs: [] };
    let data = null;
    try {
      for (const workers of workerCounts) {
        const portal = await startPortal({ dataDir: ownDir, env: { DATABASE_URL: pgDb.url, WORKERS: String(workers) } });
        try {
          data ??= await prepareMixed(portal.origin, pgDb.url, { students: envInt('BENCH_MIXED_STUDENTS', 400) });
          log(`mixed: ${data.students.length} students, ${data.teachers.length} teachers, WORKERS=${workers}`);
          const m = await runMixed(portal.origin, data, { seconds, connections, helloUrl: hello.url, mixSeconds: long ? 600 : seconds, pid: portal.pid });
          out.runs.push({ workers, ...m });
          const line = (r) =>
            `${r.requestsPerSec} req/s  ${r.ratioToHello === undefined ? '' : `${(r.ratioToHello * 100).toFixed(1)} % of hello  `}(p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, failed ${r.failed}${r.failed ? `: ${byStatus(r.statuses ?? {})}` : ''})`;
          rows.push([
            'mixed',
            `WORKERS=${workers}, ${data.students.length} distinct students, ${data.teachers.length} teachers, ${connections} connections × ${seconds} s`,
            out.database,
          ]);
          rows.push(['mixed', `  ${m.hello.name}`, line(m.hello)]);
          for (const r of m.alone) rows.push(['mixed', `  ${r.name} alone`, line(r)]);
          rows.push(['mixed', `  the mix (40/15/15/15/10/5 %)${long ? ', 10 minutes' : ''}`, line(m.mix)]);
          for (const r of m.minutes) rows.push(['mixed', `    ${r.name} (load average ${r.loadAverage.join(' ')})`, line(r)]);
          if (m.firstLast)
            rows.push(['mixed', '  p99 last minute / first minute', `${m.firstLast.lastP99Ms} / ${m.firstLast.firstP99Ms} ms = ${m.firstLast.lastToFirst}`]);
          for (const p of m.memory?.processes ?? [])
            rows.push([
              'mixed',
              `  RSS of ${p.pid} (${p.args})`,
              `start ${p.startMiB} MiB, 5 min before the end ${p.fiveMinutesBeforeEndMiB} MiB, end ${p.endMiB} MiB: ${p.growthLast5MinPct} % over the last 5 minutes`,
            ]);
          rows.push([
            'mixed',
            '  load average after the run',
            os
              .loadavg()
              .map((x) => x.toFixed(1))
              .join(' '),
          ]);
        } finally {
          await portal.stop();
        }
      }
      return out;
    } finally {
      await hello.stop();
      await pgDb.drop();
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  });

  await section('chat', async () => {
    const c = await runChatBench(running, { messages: chatMessages, pgUrl });
    const line = (r) => `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms (n ${r.n})`;
    rows.push(['chat', 'send → shown in the other browser, one process (PGlite)', line(c.oneProcess)]);
    rows.push(['chat', 'send → shown, two processes on one PostgreSQL', c.twoProcesses ? line(c.twoProcesses) : c.twoProcessesNote]);
    return c;
  });

  await section('qr', async () => {
    const pgDb = await throwawayDatabase(pgUrl, 'lms_bench_qr');
    if (!pgDb.url) throw new Error(pgDb.reason);
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-qr-'));
    let portal = null;
    try {
      portal = await startPortal({ dataDir: ownDir, env: { DATABASE_URL: pgDb.url, ...(loadWorkers ? { WORKERS: loadWorkers } : {}) } });
      const burst = envInt('BENCH_QR_BURST', 500);
      const q = await runQrBench(portal.origin, pgDb.url, { students: envInt('BENCH_QR_STUDENTS', 3000), burst });
      // The same bursts against a bare hello server right after: how much of the wait is the machine's.
      const hello = await startHello();
      try {
        q.hello = await helloBurst(hello.url, { burst });
      } finally {
        await hello.stop();
      }
      rows.push([
        'qr',
        `${q.students} students of ${q.lessons} lessons, bursts of ${q.burst} every 10 s (${q.requests} marks, 5 % sent twice)`,
        `${sec(q.elapsedMs)}`,
      ]);
      rows.push(['qr', '  mark latency', `p50 ${q.latencyP50Ms} ms, p99 ${q.latencyP99Ms} ms (goal ≤ 150), max ${q.latencyMaxMs} ms`]);
      rows.push(['qr', '  scan (lesson.json, the same students at once, before their marks)', `p50 ${q.scanP50Ms} ms, p99 ${q.scanP99Ms} ms`]);
      rows.push([
        'qr',
        `  warm-up classes before the clock (${q.warmup.length} × ${q.burst} other students, the first bursts after the start; not counted)`,
        q.warmup.map((w, k) => `${k + 1}. marks p50 ${w.p50Ms} ms, p99 ${w.p99Ms} ms; scans p99 ${w.scanP99Ms} ms; answers ${byStatus(w.statuses)}`).join('; '),
      ]);
      rows.push(['qr', '  each burst: p50 / p99 / max', q.bursts.map((b) => `${b.p50Ms}/${b.p99Ms}/${b.maxMs}`).join(', ') + ' ms']);
      rows.push(['qr', "  the phones' own CPU in each burst's marks (this machine's cores, taken from the portal's)", q.phonesCpuMs.join(', ') + ' ms']);
      rows.push([
        'qr',
        `  signed-in floor: ${burst} GET /api/qr/time.json at once (session check, no statement)`,
        `p50 ${q.floorP50Ms} ms, p99 ${q.floorP99Ms} ms`,
      ]);
      rows.push([
        'qr',
        `  bare hello, ${burst} GETs at once (the machine's floor)`,
        `p50 ${q.hello.latencyP50Ms} ms, p99 ${q.hello.latencyP99Ms} ms; marks p99 = ${(q.latencyP99Ms / Math.max(1, q.hello.latencyP99Ms)).toFixed(1)} × hello p99`,
      ]);
      rows.push(['qr', '  answers', byStatus(q.statuses)]);
      rows.push([
        'qr',
        '  marks lost / duplicates',
        `${q.marksLost} / ${q.duplicates} (goal 0 / 0; ${q.marksStored} marks, ${q.journalRecords} journal records)`,
      ]);
      return q;
    } finally {
      await portal?.stop();
      await pgDb.drop();
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  });

  await section('journal', async () => {
    const pgDb = await throwawayDatabase(pgUrl, 'lms_bench_journal');
    if (!pgDb.url) throw new Error(pgDb.reason);
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-journal-'));
    let portal = null;
    try {
      portal = await startPortal({ dataDir: ownDir, env: { DATABASE_URL: pgDb.url, ...(loadWorkers ? { WORKERS: loadWorkers } : {}) } });
      const j = await runJournalBench(portal.origin, pgDb.url, { students: envInt('BENCH_JOURNAL_STUDENTS', 150), dates: envInt('BENCH_JOURNAL_DATES', 60) });
      const ms = (r) => `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms (n ${r.n})`;
      rows.push([
        'journal',
        `${j.students} students × ${j.dates} dates (${j.records} records), PostgreSQL database ${pgDb.name}`,
        `${j.rowsShown} rows, ${j.cellsShown} cells in the page`,
      ]);
      rows.push([
        'journal',
        '  journal.json server time, one at a time',
        `p50 ${j.load.p50Ms} ms, p99 ${j.load.p99Ms} ms (goal ≤ 100), max ${j.load.maxMs} ms (n ${j.load.n})`,
      ]);
      rows.push([
        'journal',
        '  navigation → interactive grid in Chromium',
        `median ${j.navigation.medianMs} ms (goal ≤ 300), first ${j.navigation.firstMs} ms, max ${j.navigation.maxMs} ms`,
      ]);
      if (process.env.BENCH_JOURNAL_TRACE) {
        const median = j.timelines[j.navigation.runs.indexOf(j.navigation.medianMs)] ?? j.timelines.at(-1);
        for (const e of median) rows.push(['journal', `    ${e.name}`, e.start === e.end ? `at ${e.start} ms` : `${e.start} → ${e.end} ms`]);
      }
      rows.push(['journal', '  keystroke → "saved"', `${ms(j.keystrokeToSaved)} (goal p95 ≤ 150)`]);
      rows.push(['journal', '  keystroke → next frame (re-render)', ms(j.keystrokeToFrame)]);
      rows.push(['journal', '  frame time while scrolling the grid', ms(j.scrollFrames)]);
      return j;
    } finally {
      await portal?.stop();
      await pgDb.drop();
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  });

  await section('registration', async () => {
    const pgDb = await throwawayDatabase(pgUrl, 'lms_bench_rush');
    if (!pgDb.url) throw new Error(pgDb.reason);
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-rush-'));
    let portal = null;
    try {
      portal = await startPortal({ dataDir: ownDir, env: { DATABASE_URL: pgDb.url, ...(loadWorkers ? { WORKERS: loadWorkers } : {}) } });
      const r = await runRegistrationBench(portal.origin, pgDb.url, {
        students: envInt('BENCH_RUSH_STUDENTS', 1000),
        electives: envInt('BENCH_RUSH_ELECTIVES', 10),
        seats: envInt('BENCH_RUSH_SEATS', 30),
      });
      rows.push([
        'registration',
        `${r.students} students, each with his own session, × ${r.electives} electives × ${r.seats} seats, all at once`,
        `sent and answered in ${sec(r.elapsedMs)}`,
      ]);
      rows.push([
        'registration',
        '  seats taken / oversold',
        `${r.seatsTaken} of ${r.seatsExpected} / ${r.oversold} (goal ${r.seatsExpected} / 0); counters match the rows: ${r.takenMatches ? 'yes' : 'NO'}`,
      ]);
      rows.push(['registration', '  waiting list', `${r.waiting} waiting, places 1..n in arrival order: ${r.orderKept ? 'yes' : 'NO'}`]);
      rows.push(['registration', '  save latency', `p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms (goal ≤ 1000), max ${r.latencyMaxMs} ms`]);
      rows.push(['registration', '  answers', `${byStatus(r.statuses)} (errors ${r.errors})`]);
      return r;
    } finally {
      await portal?.stop();
      await pgDb.drop();
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  });

  await section('upload', async () => {
    const r = await runUploadBench({ uploads: envInt('BENCH_UPLOADS', 20), sizeMb: envInt('BENCH_UPLOAD_MB', 20) });
    for (const b of [r.disk, r.s3]) {
      rows.push([
        'upload',
        `${b.uploads} × ${b.sizeMb} MB books at once, files on ${b.backend === 's3' ? 'S3 (s3rver)' : 'the disk'}`,
        `${b.throughputMBps} MB/s (${sec(b.elapsedMs)})`,
      ]);
      rows.push(['upload', '  server RSS: peak above idle', `${b.aboveIdleMb} MB (goal < 150; idle ${b.idleRssMb} MB, peak ${b.peakRssMb} MB)`]);
      rows.push(['upload', '  answers', byStatus(b.statuses)]);
    }
    const slow = await runSlowUploadBench({
      uploads: envInt('BENCH_SLOW_UPLOADS', 10),
      sizeMb: envInt('BENCH_SLOW_UPLOAD_MB', 20),
      bytesPerSecond: envInt('BENCH_UPLOAD_KBPS', 1024) * 1024,
      pgUrl,
    });
    const pace = `${slow.sizeMb} MB at ${slow.rateKBps} KiB/s`;
    const timeout = slow.dbRequestTimeoutMs === null ? '' : `, DB_REQUEST_TIMEOUT_MS=${slow.dbRequestTimeoutMs}`;
    rows.push([
      'upload',
      `bare hello: one ${pace}; ${slow.uploads} at once`,
      `${slow.bare.one.seconds} s; answers after ${slow.bare.together.fastestSeconds}–${slow.bare.together.slowestSeconds} s`,
    ]);
    for (const b of [slow.disk, slow.s3]) {
      const on = `${b.backend === 's3' ? 'S3 (s3rver)' : 'the disk'}, PostgreSQL, ${b.workers} processes${timeout}`;
      rows.push(['upload', `one ${pace}, files on ${on}`, `${b.one.seconds} s, answer ${b.one.status}, stored ${b.one.stored}`]);
      rows.push([
        'upload',
        `  ${slow.uploads} at once by one account`,
        `answers after ${b.together.fastestSeconds}–${b.together.slowestSeconds} s, ${byStatus(b.together.statuses)}, stored ${b.together.stored} of ${slow.uploads}`,
      ]);
      rows.push([
        'upload',
        '  server RSS above idle (all processes)',
        `one ${b.one.aboveIdleMb} MB, ${slow.uploads} at once ${b.together.aboveIdleMb} MB (goal < 150; idle ${b.idleRssMb} MB)`,
      ]);
    }
    return { ...r, slow };
  });
} finally {
  if (running) await running.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
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
