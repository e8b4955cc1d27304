/** The upload section of bench/run.mjs: simultaneous large uploads, then slow ones, on the disk and on S3 (bench/upload.mjs). */
import { runSlowUploadBench, runUploadBench } from '../upload.mjs';
import { byStatus, envInt, sec } from '../lib/report.mjs';

export async function uploadSection({ rows, pgUrl }) {
  const r = await runUploadBench({ uploads: envInt('BENCH_UPLOADS', 20), sizeMb: envInt('BENCH_UPLOAD_MB', 20) });
  for (const b of [r.disk, r.s3]) {
    rows.push([
      'upload',
      `${b.uploads} × ${b.sizeMb} MB books at once, files on ${b.backend === 's3' ? 'S3 (s3rver)' : 'the disk'}`,
      `${b.throughputMBps} MB/s (${sec(b.elapsedMs)})`,
    ]);
    rows.push(['upload', '  server RSS: peak above idle', `${b.aboveIdleMb} MB (goal < 150; idle ${b.idleRssMb} MB, peak ${b.peakRssMb} MB)`]);
    rows.push(['upload', '  answers', byStatus(b.statuses)]);
  }
  const slow = await runSlowUploadBench({
    uploads: envInt('BENCH_SLOW_UPLOADS', 10),
    sizeMb: envInt('BENCH_SLOW_UPLOAD_MB', 20),
    bytesPerSecond: envInt('BENCH_UPLOAD_KBPS', 1024) * 1024,
    pgUrl,
  });
  const pace = `${slow.sizeMb} MB at ${slow.rateKBps} KiB/s`;
  const timeout = slow.dbRequestTimeoutMs === null ? '' : `, DB_REQUEST_TIMEOUT_MS=${slow.dbRequestTimeoutMs}`;
  rows.push([
    'upload',
    `bare hello: one ${pace}; ${slow.uploads} at once`,
    `${slow.bare.one.seconds} s; answers after ${slow.bare.together.fastestSeconds}–${slow.bare.together.slowestSeconds} s`,
  ]);
  for (const b of [slow.disk, slow.s3]) {
    const on = `${b.backend === 's3' ? 'S3 (s3rver)' : 'the disk'}, PostgreSQL, ${b.workers} processes${timeout}`;
    rows.push(['upload', `one ${pace}, files on ${on}`, `${b.one.seconds} s, answer ${b.one.status}, stored ${b.one.stored}`]);
    rows.push([
      'upload',
      `  ${slow.uploads} at once by one account`,
      `answers after ${b.together.fastestSeconds}–${b.together.slowestSeconds} s, ${byStatus(b.together.statuses)}, stored ${b.together.stored} of ${slow.uploads}`,
    ]);
    rows.push([
      'upload',
      '  server RSS above idle (all processes)',
      `one ${b.one.aboveIdleMb} MB, ${slow.uploads} at once ${b.together.aboveIdleMb} MB (goal < 150; idle ${b.idleRssMb} MB)`,
    ]);
  }
  return { ...r, slow };
}
