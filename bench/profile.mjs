/**
 * Where a worker's time goes under the morning's mix (bench/mixed.mjs), on a throwaway PostgreSQL
 * database: `node bench/profile.mjs`.
 *
 * 1. CPU: the portal runs with one worker under V8's sampling profiler (`--cpu-prof`), the mix is
 *    sent for PROFILE_SECONDS (10) with PROFILE_CONNECTIONS (10) connections by a time-limited
 *    autocannon, the portal is stopped with SIGTERM once the load is over (it exits through its own
 *    shutdown, which writes the profile), and the functions with the most self time are printed,
 *    with the time by package (node_modules/<name>, node: internals, the portal's own files).
 * 2. Plans: the portal is started again with REPLY_CACHE_MS=0 (every call reads) on the same database,
 *    which now loads `auto_explain` into each new session (log_analyze, log_buffers, every statement);
 *    each kind of the mix is sent PROFILE_EXPLAIN_CALLS (3) times one after the other, and the plans
 *    PostgreSQL wrote to its log (PROFILE_PG_LOG, default /var/log/postgresql/postgresql-15-main.log;
 *    the log must be readable) are printed, slowest statement first, one per distinct query text.
 *
 * The profiles and the plans are saved in bench/results/profile-<date>/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { check, kinds, mixOf, prepareMixed, summary } from './mixed.mjs';
import { cannon } from './lib/autocannon.mjs';
import { throwawayDatabase } from './lib/pg.mjs';
import { envInt } from './lib/report.mjs';
import { ROOT, startPortal } from './lib/server.mjs';

const log = (line) => console.log(`[profile] ${line}`);

/**
 * Self time by function and by package, from a .cpuprofile, of the samples taken in [fromUs, toUs]
 * (the monotonic clock in µs, the same in every process of the machine: the load's window).
 */
export function selfTimes(profile, fromUs = -Infinity, toUs = Infinity) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ticks = new Map();
  let at = profile.startTime;
  let total = 0;
  for (const [i, id] of profile.samples.entries()) {
    at += profile.timeDeltas[i];
    if (at < fromUs || at > toUs) continue;
    ticks.set(id, (ticks.get(id) ?? 0) + 1);
    total++;
  }
  const fn = new Map();
  const pkg = new Map();
  for (const [id, n] of ticks) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const file = url.replace(/^file:\/\//, '').replace(ROOT + '/', '');
    const key = `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
    fn.set(key, (fn.get(key) ?? 0) + n);
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    const where = m ? m[1] : file.startsWith('node:') ? 'node: internals' : file ? 'the portal' : functionName || '(native)';
    pkg.set(where, (pkg.get(where) ?? 0) + n);
  }
  const top = (map, k) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, n]) => ({ name, pct: Number(((100 * n) / total).toFixed(1)) }));
  const ms = (Math.min(toUs, profile.endTime) - Math.max(fromUs, profile.startTime)) / 1000;
  return { samples: total, ms, functions: top(fn, 30), packages: top(pkg, 15) };
}

/** auto_explain's entries in the log text: {ms, query, plan}, one per distinct query (the slowest). */
export function plansOf(text) {
  const entries = [];
  const re = /LOG:\s+duration: ([\d.]+) ms\s+plan:\n([\s\S]*?)(?=\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|$)/g;
  for (const m of text.matchAll(re)) {
    const body = m[2];
    const q = /Query Text: ([\s\S]*?)\n(?=\s*[A-Z][\w ]+(?:\(| {2}))/.exec(body);
    const query = (q ? q[1] : body.split('\n')[0]).replace(/\s+/g, ' ').trim();
    const plan = q ? body.slice(q.index + q[0].length) : body;
    entries.push({ ms: Number(m[1]), query, plan: plan.replace(/^\t/gm, '') });
  }
  const slowest = new Map();
  for (const e of entries) {
    const seen = slowest.get(e.query);
    if (!seen) slowest.set(e.query, { ...e, calls: 1, totalMs: e.ms });
    else {
      seen.calls++;
      seen.totalMs += e.ms;
      if (e.ms > seen.ms) Object.assign(seen, { ms: e.ms, plan: e.plan });
    }
  }
  return [...slowest.values()].sort((a, b) => b.totalMs - a.totalMs);
}

async function main() {
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const seconds = envInt('PROFILE_SECONDS', 10);
  const connections = envInt('PROFILE_CONNECTIONS', 10);
  const calls = envInt('PROFILE_EXPLAIN_CALLS', 3);
  const pgLog = process.env.PROFILE_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
  const out = path.join(ROOT, 'bench/results', `profile-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  fs.mkdirSync(out, { recursive: true });
  const pgDb = await throwawayDatabase(pgUrl, 'lms_bench_profile');
  if (!pgDb.url) throw new Error(pgDb.reason);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-profile-'));
  try {
    // 1. CPU profile of one worker under the mix.
    const profDir = path.join(out, 'cpu');
    const nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=500'];
    let portal = await startPortal({ dataDir, env: { DATABASE_URL: pgDb.url, WORKERS: '1' }, nodeArgs });
    let data;
    let makers;
    let window;
    try {
      data = await prepareMixed(portal.origin, pgDb.url, { students: envInt('BENCH_MIXED_STUDENTS', 400) });
      makers = kinds(portal.origin, data);
      for (const make of Object.values(makers)) await check(portal.origin, make);
      log(
        `mix for ${seconds} s with ${connections} connections, ${data.students.length} students, load average ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
      );
      const fromUs = Number(process.hrtime.bigint() / 1000n);
      const r = summary(
        'the mix',
        await cannon({ url: portal.origin, connections, pipelining: 1, duration: seconds, requests: [{ setupRequest: mixOf(makers) }] }),
      );
      window = [fromUs, Number(process.hrtime.bigint() / 1000n)];
      log(`${r.requestsPerSec} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, failed ${r.failed}`);
    } finally {
      await portal.stop();
    }
    const files = fs.readdirSync(profDir).map((f) => path.join(profDir, f));
    const file = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    if (!file) throw new Error('no profile was written');
    const times = selfTimes(JSON.parse(fs.readFileSync(file, 'utf8')), ...window);
    fs.writeFileSync(path.join(out, 'self-times.json'), JSON.stringify(times, null, 2));
    log(`profile ${path.relative(ROOT, file)}: ${times.samples} samples in the ${times.ms.toFixed(0)} ms of the load`);
    for (const f of times.packages) console.log(`  ${String(f.pct).padStart(5)} %  ${f.name}`);
    console.log('');
    for (const f of times.functions) console.log(`  ${String(f.pct).padStart(5)} %  ${f.name}`);

    // 2. Plans of every statement the mix's requests run, uncached.
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      for (const [k, v] of Object.entries({
        session_preload_libraries: 'auto_explain',
        'auto_explain.log_min_duration': '0',
        'auto_explain.log_analyze': 'on',
        'auto_explain.log_buffers': 'on',
        'auto_explain.log_timing': 'on',
      }))
        await admin.query(`alter database ${pgDb.name} set ${k} = '${v}'`);
    } finally {
      await admin.end();
    }
    let offset;
    try {
      offset = fs.statSync(pgLog).size;
    } catch (err) {
      log(`the plans need PostgreSQL's log (${pgLog}): ${err.message}`);
      return;
    }
    portal = await startPortal({ dataDir, env: { DATABASE_URL: pgDb.url, WORKERS: '1', REPLY_CACHE_MS: '0' } });
    try {
      makers = kinds(portal.origin, data);
      for (const make of Object.values(makers)) for (let i = 0; i < calls; i++) await check(portal.origin, make);
    } finally {
      await portal.stop();
    }
    const fd = fs.openSync(pgLog, 'r');
    const length = fs.statSync(pgLog).size - offset;
    const buf = Buffer.alloc(length);
    fs.readSync(fd, buf, 0, length, offset);
    fs.closeSync(fd);
    const plans = plansOf(buf.toString('utf8'));
    fs.writeFileSync(
      path.join(out, 'plans.txt'),
      plans.map((p) => `-- ${p.calls} calls, ${p.totalMs.toFixed(2)} ms in all, slowest ${p.ms} ms\n${p.query}\n${p.plan}\n`).join('\n'),
    );
    log(`plans: ${plans.length} distinct statements, slowest first (all in ${path.relative(ROOT, out)}/plans.txt)`);
    for (const p of plans.slice(0, 15)) console.log(`  ${p.totalMs.toFixed(1).padStart(8)} ms  ${p.calls} ×  ${p.query.slice(0, 150)}`);
  } finally {
    await pgDb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
