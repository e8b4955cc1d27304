/**
 * The cluster section of bench/run.mjs (bench/cluster.mjs): on this machine, a throwaway PostgreSQL
 * database, PgBouncer in transaction mode before it, an S3-compatible bucket (s3rver), BENCH_CLUSTER_NODES
 * portal processes (`server/build/server.mjs`, each with its own DATA_DIR and port, WORKERS=1, as
 * separate machines would be) and HAProxy in front of them; one process killed and started again
 * under the morning mix. Everything it starts is stopped and removed at the end, also on failure and
 * on Ctrl-C (SIGINT) or SIGTERM.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCluster } from '../cluster.mjs';
import { prepareMixed } from '../mixed.mjs';
import { startBucket } from '../lib/bucket.mjs';
import { startHaproxy } from '../lib/haproxy.mjs';
import { startHello } from '../lib/hello.mjs';
import { throwawayDatabase } from '../lib/pg.mjs';
import { startPgBouncer } from '../lib/pgbouncer.mjs';
import { byStatus, envInt, log } from '../lib/report.mjs';
import { freePort, startPortal } from '../lib/server.mjs';

/** The ids of this process's children still running. */
function childPids() {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter((pid) => pid > 0);
  } catch {
    return [];
  }
}

/** SHUTDOWN_DRAIN_MS of the processes: the balancer's checks take a stopping one out meanwhile. */
const DRAIN_MS = 3000;

export async function clusterSection(ctx) {
  const { rows, pgUrl, seconds, connections } = ctx;
  const runSeconds = envInt('BENCH_CLUSTER_SECONDS', 45);
  const count = Math.max(2, envInt('BENCH_CLUSTER_NODES', 3));
  const undo = [];
  const cleanup = async () => {
    while (undo.length)
      await undo
        .pop()()
        .catch((err) => log(`cluster: cleanup: ${err.message}`));
  };
  const onSignal = (signal) => {
    log(`cluster: ${signal}, stopping what the section started`);
    // The process ends here: what bench/run.mjs would stop and remove after the sections goes too.
    void cleanup()
      .then(() => ctx.running?.stop())
      .finally(() => {
        // A process still starting when the signal came is not in the list above.
        for (const pid of childPids()) {
          try {
            process.kill(pid, 'SIGTERM');
          } catch {
            // gone meanwhile (ps itself)
          }
        }
        fs.rmSync(ctx.dataDir, { recursive: true, force: true });
        process.exit(130);
      });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const pgDb = await throwawayDatabase(pgUrl, 'lms_bench_cluster');
    if (!pgDb.url) throw new Error(pgDb.reason);
    undo.push(pgDb.drop);
    const hello = await startHello();
    undo.push(hello.stop);
    const bucket = await startBucket();
    undo.push(bucket.close);
    const pooler = await startPgBouncer(pgDb.url);
    undo.push(pooler.stop);
    const dirs = Array.from({ length: count }, (_, i) => fs.mkdtempSync(path.join(os.tmpdir(), `lms-bench-cluster-n${i + 1}-`)));
    undo.push(async () => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
    const env = {
      DATABASE_URL: pooler.url,
      DATABASE_POOLER: 'transaction',
      DATABASE_LISTEN_URL: pgDb.url,
      WORKERS: '1',
      TRUST_PROXY: '127.0.0.1',
      // A graceful stop drains first (the balancer checks every 500 ms, down after 2 failures).
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      ...bucket.env,
    };
    const ports = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    const running = new Array(count).fill(null);
    const start = async (i) => (running[i] = await startPortal({ dataDir: dirs[i], port: ports[i], env, nodeArgs: [] }));
    undo.push(() => Promise.all(running.map((p) => p?.stop())));
    // The first migrates and seeds the database, the others find it done.
    await start(0);
    await Promise.all(running.slice(1).map((_, i) => start(i + 1)));
    const nodes = running.map((p, i) => ({ name: `n${i + 1}`, origin: p.origin, port: p.port }));
    const balancer = await startHaproxy(nodes);
    undo.push(balancer.stop);

    const data = await prepareMixed(balancer.origin, pgDb.url, { students: envInt('BENCH_MIXED_STUDENTS', 400) });
    log(`cluster: ${count} processes behind HAProxy, PgBouncer (transaction mode), ${data.students.length} students, ${runSeconds} s`);
    const kill = {
      killNode: async () => {
        process.kill(running[0].pid, 'SIGKILL');
        await running[0].stop();
      },
      startNode: () => start(0),
    };
    const restart = { stopNode: () => running[1].stop(), startNode: () => start(1) };
    // The balancer's own floor: the bare hello through an HAProxy of the same configuration.
    const helloBalancer = await startHaproxy([{ name: 'hello', port: new URL(hello.url).port }], { checkPath: '/' });
    undo.push(helloBalancer.stop);
    const before = await pooler.stats();
    const m = await runCluster({
      balancer,
      nodes,
      kill,
      restart,
      data,
      helloUrl: hello.url,
      helloBalancedUrl: `${helloBalancer.origin}/`,
      seconds: runSeconds,
      connections,
      helloSeconds: seconds,
    });
    const after = await pooler.stats();
    m.pooler = { transactions: after.transactions - before.transactions, queries: after.queries - before.queries };
    const database = `PostgreSQL (${new URL(pgUrl).host}, database ${pgDb.name}) through PgBouncer (transaction mode)`;
    const line = (r) => `${r.requestsPerSec} req/s  (p99 ${r.latencyP99Ms} ms${r.failed === undefined ? '' : `, failed ${r.failed}`})`;
    rows.push([
      'cluster',
      `${count} processes (WORKERS=1) behind HAProxy, ${data.students.length} students, ${connections} connections × ${runSeconds} s`,
      database,
    ]);
    rows.push(['cluster', `  ${m.hello.name}, ${seconds} s`, line(m.hello)]);
    rows.push([
      'cluster',
      `  ${m.helloBalanced.name}, ${seconds} s`,
      `${line(m.helloBalanced)}  ${(m.helloBalanced.ratioToHello * 100).toFixed(1)} % of hello`,
    ]);
    rows.push(['cluster', '  PgBouncer during the run', `${m.pooler.transactions} transactions, ${m.pooler.queries} queries`]);
    rows.push([
      'cluster',
      '  the mix, the whole run',
      `${line(m.mix)}  ${(m.mix.ratioToHello * 100).toFixed(1)} % of hello, ${(m.mix.ratioToBalancedHello * 100).toFixed(1)} % of hello through HAProxy`,
    ]);
    for (const p of m.phases) rows.push(['cluster', `    ${p.name} (${p.seconds} s)`, `${line(p)}, ok ${p.ok}`]);
    const t = m.timeline;
    rows.push([
      'cluster',
      `  ${m.killed} killed (SIGKILL) at 0 s`,
      `down in HAProxy ${t.down} s, restarted ${t.restart} s, serving ${t.serving} s, up ${t.up} s; run ended ${t.runEnd} s`,
    ]);
    const failed = (g) =>
      g.count === 0
        ? '0'
        : `${g.count} (${byStatus(g.byStatus)}); retried once: ${g.retriedOk} of ${g.retried} succeeded${g.retried ? ` (${byStatus(g.retryAnswers)})` : ''}`;
    const v = m.victimStats;
    const reached = v.inFlightAtKill + v.passedUntilDown - v.redispatchedUntilDown;
    rows.push([
      'cluster',
      `  HAProxy: requests on ${m.killed} at the kill; passed to it until down`,
      `${v.inFlightAtKill}; ${v.passedUntilDown - v.redispatchedUntilDown} more reached it, ${v.redispatchedUntilDown} refused and sent elsewhere, ${v.responseErrorsUntilDown} response errors`,
    ]);
    rows.push(['cluster', `  failed in the kill window (goal ≤ ${reached}, those on ${m.killed})`, failed(m.killWindow)]);
    const r = m.rolling;
    rows.push([
      'cluster',
      `  ${m.restarted} stopped gracefully (SIGTERM, drain ${DRAIN_MS} ms) at 0 s`,
      `down in HAProxy ${r.down} s, exited ${r.exited} s, up again ${r.up} s`,
    ]);
    rows.push(['cluster', `  failed during ${m.restarted}'s graceful restart (goal 0)`, failed(m.rollingWindow)]);
    rows.push(['cluster', '  failed elsewhere (goal 0)', failed(m.elsewhere)]);
    for (const [status, body] of Object.entries(m.failedAnswers))
      rows.push(['cluster', `    the first ${status} answer`, body.replace(/\s+/g, ' ').slice(0, 160)]);
    rows.push([
      'cluster',
      `  live stream held on ${m.killed} at the kill`,
      m.streamAtKill.ended ? `ended after ${m.streamAtKill.afterMs} ms` : 'still open at DOWN',
    ]);
    for (const p of m.live)
      rows.push(['cluster', `  live: ${p.label}`, `delivered ${p.delivered} of ${p.sent}${p.delivered ? `, p50 ${p.p50Ms} ms, max ${p.maxMs} ms` : ''}`]);
    rows.push([
      'cluster',
      '  load average after the run',
      os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' '),
    ]);
    return { database, nodes: count, ...m };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}
