/** The qr section of bench/run.mjs: a burst of QR check-ins on PostgreSQL, then the bare hello's floor (bench/qr.mjs). */
import { helloBurst, runQrBench } from '../qr.mjs';
import { startHello } from '../lib/hello.mjs';
import { withPortalOnPostgres } from '../lib/pg.mjs';
import { byStatus, envInt, sec } from '../lib/report.mjs';

export function qrSection({ rows, pgUrl, workersEnv }) {
  return withPortalOnPostgres(pgUrl, 'qr', workersEnv, async (portal, pgDb) => {
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
  });
}
