/** The load section of bench/run.mjs: one user's API throughput on PostgreSQL or PGlite, against the bare hello (bench/load.mjs). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad } from '../load.mjs';
import { startHello } from '../lib/hello.mjs';
import { throwawayDatabase } from '../lib/pg.mjs';
import { log } from '../lib/report.mjs';
import { startPortal } from '../lib/server.mjs';

/** On PGlite it measures the running portal (`ctx.running`, started here when no section left one). */
export async function loadSection(ctx) {
  const { rows, dataDir, loadDb, pgUrl, loadWorkers, workersEnv, seconds, connections } = ctx;
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
      portal = await startPortal({ dataDir: ownDir, env: { DATABASE_URL: pgDb.url, ...workersEnv } });
      database = `PostgreSQL (${new URL(pgUrl).host}, database ${pgDb.name}${loadWorkers ? `, WORKERS=${loadWorkers}` : ''})`;
    } else {
      ctx.running ??= await startPortal({ dataDir });
      database = `PGlite (embedded; ${pgDb.reason})`;
    }
    log(`load on ${database}`);
    const origin = pgDb.url ? portal.origin : ctx.running.origin;
    const l = await runLoad(origin, { seconds, connections, helloUrl: hello.url });
    rows.push(['load', 'database', database]);
    rows.push(['load', 'connections × seconds per route', `${connections} × ${seconds} s`]);
    const line = (r) => `${r.requestsPerSec} req/s  (p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, failed ${r.failed})`;
    rows.push(['load', l.hello.name, line(l.hello)]);
    for (const r of [l.health, l.asset, l.profile, l.news]) rows.push(['load', r.name, `${line(r)}  ${(r.ratioToHello * 100).toFixed(1)} % of hello`]);
    return { database, ...l };
  } finally {
    await hello.stop();
    if (pgDb.url) {
      await portal?.stop();
      await pgDb.drop();
      if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
    }
  }
}
