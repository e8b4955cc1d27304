/** The testing section of bench/run.mjs: an online test taken by many students at once on PostgreSQL, then the bare hello's floor (bench/testing.mjs). */
import { helloBurst } from '../qr.mjs';
import { runTestingBench } from '../testing.mjs';
import { startHello } from '../lib/hello.mjs';
import { withPortalOnPostgres } from '../lib/pg.mjs';
import { byStatus, envInt, sec } from '../lib/report.mjs';

const figure = (s) => `p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms`;

export function testingSection({ rows, pgUrl, workersEnv }) {
  return withPortalOnPostgres(pgUrl, 'testing', workersEnv, async (portal, pgDb) => {
    const t = await runTestingBench(portal.origin, pgDb.url, { students: envInt('BENCH_TESTING_STUDENTS', 500) });
    // As many GETs at once against a bare hello server as the portal had requests in flight at most.
    const hello = await startHello();
    try {
      t.hello = await helloBurst(hello.url, { burst: t.peakInFlight });
    } finally {
      await hello.stop();
    }
    rows.push(['testing', `${t.students} students start one test within a minute, answer every 10–20 s, submit`, sec(t.elapsedMs)]);
    rows.push(['testing', '  attempt start (start.json)', `${figure(t.start)} (goal p99 ≤ 500), max ${t.start.maxMs} ms (n ${t.start.n})`]);
    rows.push(['testing', '  answer save (answer.json, 5 % sent twice)', `${figure(t.save)} (goal p99 ≤ 200), max ${t.save.maxMs} ms (n ${t.save.n})`]);
    rows.push(['testing', '  submit (submit.json: graded at once)', `${figure(t.submit)}, max ${t.submit.maxMs} ms (n ${t.submit.n})`]);
    rows.push([
      'testing',
      `  bare hello, ${t.peakInFlight} GETs at once (the most requests the portal had in flight)`,
      `p50 ${t.hello.latencyP50Ms} ms, p99 ${t.hello.latencyP99Ms} ms; saves p99 = ${(t.save.p99Ms / Math.max(1, t.hello.latencyP99Ms)).toFixed(1)} × hello p99`,
    ]);
    rows.push(['testing', '  answers', byStatus(t.statuses)]);
    rows.push([
      'testing',
      '  saves lost / doubled',
      `${t.lost} / ${t.doubled} (goal 0 / 0; ${t.savesAcknowledged} answers acknowledged, ${t.answersStored} stored; ${t.attempts} attempts, ${t.attemptsEnded} ended)`,
    ]);
    return t;
  });
}
