/** The import section of bench/run.mjs: a university's students and groups loaded from spreadsheets on PostgreSQL (bench/import.mjs). */
import { runImportBench } from '../import.mjs';
import { onThrowawayDatabase } from '../lib/pg.mjs';
import { envInt, sec } from '../lib/report.mjs';

export function importSection({ rows, pgUrl }) {
  return onThrowawayDatabase(pgUrl, 'import', async (pgDb, dataDir) => {
    const r = await runImportBench(pgDb.url, dataDir, { students: envInt('BENCH_IMPORT_STUDENTS', 30000) });
    rows.push(['import', `${r.students} students in ${r.groups} groups, PostgreSQL database ${pgDb.name}`, `${r.cores} cores`]);
    for (const run of r.runs) rows.push(['import', `  ${run.label}`, `${sec(run.ms)}, peak ${run.peakMb} MB (${run.summary})`]);
    const [groups, students] = r.runs;
    rows.push(['import', '  groups and students together', `${sec(groups.ms + students.ms)} (goal < 60 s)`]);
    return r;
  });
}
