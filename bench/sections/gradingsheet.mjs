/** The gradingsheet section of bench/run.mjs: the grading sheet of a full group on PostgreSQL, server and Chromium, beside the bare hello (bench/gradingsheet.mjs). */
import os from 'node:os';
import { runGradingSheetBench } from '../gradingsheet.mjs';
import { startHello } from '../lib/hello.mjs';
import { withPortalOnPostgres } from '../lib/pg.mjs';
import { envInt } from '../lib/report.mjs';

export function gradingsheetSection({ rows, pgUrl, workersEnv }) {
  return withPortalOnPostgres(pgUrl, 'gradingsheet', workersEnv, async (portal, pgDb) => {
    const hello = await startHello();
    let g;
    try {
      g = await runGradingSheetBench(portal.origin, pgDb.url, hello.url, {
        students: envInt('BENCH_GRADING_STUDENTS', 150),
        runs: envInt('BENCH_GRADING_RUNS', 11),
      });
    } finally {
      await hello.stop();
    }
    g.loadAverage = os.loadavg().map((x) => Number(x.toFixed(2)));
    const ms = (r) => `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms (n ${r.n})`;
    rows.push([
      'gradingsheet',
      `${g.students} students (${g.admitted} admitted), ${g.modules} modules of ${g.dates} lessons, PostgreSQL database ${pgDb.name}`,
      `${g.rowsShown} rows, ${g.cellsShown} exam cells in the page; load average ${g.loadAverage.join(' ')}`,
    ]);
    rows.push(['gradingsheet', '  open.json making the sheet; sheet.json one at a time', `${g.openMs} ms; ${ms(g.read)}`]);
    rows.push([
      'gradingsheet',
      '  navigation → interactive sheet in Chromium',
      `median ${g.navigation.medianMs} ms (goal ≤ 300), first ${g.navigation.firstMs} ms, max ${g.navigation.maxMs} ms`,
    ]);
    if (process.env.BENCH_GRADING_TRACE) {
      const median = g.timelines[g.navigation.runs.indexOf(g.navigation.medianMs)] ?? g.timelines.at(-1);
      for (const e of median) rows.push(['gradingsheet', `    ${e.name}`, e.start === e.end ? `at ${e.start} ms` : `${e.start} → ${e.end} ms`]);
    }
    rows.push(['gradingsheet', '  keystroke (Enter) → saved: reply received', `${ms(g.keystrokeToReply)} (goal p95 ≤ 150)`]);
    rows.push(['gradingsheet', '  keystroke (Enter) → saved: shown', ms(g.keystrokeToShown)]);
    rows.push(['gradingsheet', '  keystroke → next frame (re-render)', ms(g.keystrokeToFrame)]);
    rows.push(['gradingsheet', '  exam.json server time, one at a time', ms(g.exam)]);
    rows.push([
      'gradingsheet',
      '  bare hello in the same browser: navigation → load; fetch one at a time',
      `median ${g.hello.navigation.medianMs} ms, max ${g.hello.navigation.maxMs} ms; ${ms(g.hello.fetch)}`,
    ]);
    return g;
  });
}
