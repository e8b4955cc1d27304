/** The mixed section of bench/run.mjs: many distinct students on PostgreSQL, with 1 and 2 server processes (bench/mixed.mjs). */
import os from 'node:os';
import { prepareMixed, runMixed } from '../mixed.mjs';
import { startHello } from '../lib/hello.mjs';
import { onThrowawayDatabase } from '../lib/pg.mjs';
import { byStatus, envInt, log } from '../lib/report.mjs';
import { startPortal } from '../lib/server.mjs';

export function mixedSection({ rows, pgUrl, seconds, connections, long }) {
  return onThrowawayDatabase(pgUrl, 'mixed', async (pgDb, ownDir) => {
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
    }
  });
}
