/**
 * /metrics with WORKERS=2 (plugins/metrics.cluster.ts): whichever worker a scrape reaches, it
 * answers for the whole server, the workers' metrics added up. The real compiled server
 * (test/server-bundle.ts), as `npm start` runs it, on PostgreSQL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, usePostgres } from '../test/helpers';
import { freePort } from '../test/ports';
import { SERVER_BUNDLE } from '../test/server-bundle';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** GET on a connection of its own (the primary hands each new connection to the next worker). */
function get(port: number, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

const sample = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.slice(series.length + 1),
  );

describe.runIf(usePostgres)('/metrics with WORKERS=2', () => {
  it('answers for both workers, added up, whichever of them is asked', async () => {
    const db = await createTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-metrics-cluster-'));
    const port = await freePort();
    if (db.target.kind !== 'postgres') throw new Error('PostgreSQL expected');
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: db.target.url,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        LOG_LEVEL: 'info',
        DB_POOL_MAX: '7',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const seen = (d: Buffer) => {
          output += d.toString('utf8');
          if (output.split('\n').filter((l) => l.includes('Server listening at')).length >= 2) resolve();
        };
        child.stdout!.on('data', seen);
        child.stderr!.on('data', seen);
        child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
      });
      for (let i = 0; i < 6; i++) expect((await get(port, '/api/health')).status).toBe(200);
      for (let i = 0; i < 4; i++) {
        const res = await get(port, '/metrics');
        expect(res.status).toBe(200);
        // Each worker's pool has DB_POOL_MAX connections at most: the two together, 14.
        expect(sample(res.body, 'lms_db_pool_max_connections')).toBe(14);
        expect(sample(res.body, 'lms_http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(6);
        expect(sample(res.body, 'lms_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}')).toBe(6);
        expect(sample(res.body, 'lms_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health",status="200"}')).toBe(6);
      }
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
      await db.close();
    }
  }, 120000);
});
