/** The journal section of bench/run.mjs: the teacher's journal at full size on PostgreSQL, server and Chromium (bench/journal.mjs). */
import { runJournalBench } from '../journal.mjs';
import { withPortalOnPostgres } from '../lib/pg.mjs';
import { envInt } from '../lib/report.mjs';

export function journalSection({ rows, pgUrl, workersEnv }) {
  return withPortalOnPostgres(pgUrl, 'journal', workersEnv, async (portal, pgDb) => {
    const j = await runJournalBench(portal.origin, pgDb.url, {
      students: envInt('BENCH_JOURNAL_STUDENTS', 150),
      dates: envInt('BENCH_JOURNAL_DATES', 60),
      runs: envInt('BENCH_JOURNAL_RUNS', 11),
    });
    const kb = (bytes) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
    const ms = (r) => `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms (n ${r.n})`;
    rows.push([
      'journal',
      `${j.students} students × ${j.dates} dates (${j.records} records), PostgreSQL database ${pgDb.name}`,
      `${j.rowsShown} rows, ${j.cellsShown} cells in the page`,
    ]);
    rows.push([
      'journal',
      '  journal.json server time, one at a time',
      `p50 ${j.load.p50Ms} ms, p99 ${j.load.p99Ms} ms (goal ≤ 100), max ${j.load.maxMs} ms (n ${j.load.n}), ${kb(j.load.bytes)}`,
    ]);
    rows.push([
      'journal',
      '  journal.json as a browser asks (Brotli), one at a time',
      `p50 ${j.loadCompressed.p50Ms} ms, p99 ${j.loadCompressed.p99Ms} ms, max ${j.loadCompressed.maxMs} ms (n ${j.loadCompressed.n}), ${kb(j.loadCompressed.bytes)} on the wire`,
    ]);
    rows.push([
      'journal',
      `  navigation → interactive grid in Chromium${j.link ? ` (a ${j.link.mbps} MB/s link, ${j.link.rttMs} ms round trip)` : ''}`,
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
  });
}
