/** The registration section of bench/run.mjs: a registration rush for electives on PostgreSQL (bench/registration.mjs). */
import { runRegistrationBench } from '../registration.mjs';
import { withPortalOnPostgres } from '../lib/pg.mjs';
import { byStatus, envInt, sec } from '../lib/report.mjs';

export function registrationSection({ rows, pgUrl, workersEnv }) {
  return withPortalOnPostgres(pgUrl, 'rush', workersEnv, async (portal, pgDb) => {
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
  });
}
