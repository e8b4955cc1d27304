/**
 * The deployment files of docs/deployment.md as an operator uses them: the systemd unit
 * (docs/lms.service) and the container image (Dockerfile) run the same command, the compiled server
 * itself; the unit's command, with its settings, starts a portal that the load balancer's check finds
 * ready, and its stop (SIGTERM to the main process only, KillMode=mixed) drains and ends every process
 * within the unit's TimeoutStopSec. On PostgreSQL, where several workers share the port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usePostgres, type TestDatabase } from './test/helpers';
import { freePort } from './test/ports';
import { startServerProcess } from './test/server-bundle';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The unit's `Key=value` lines, in order (a key may repeat, as Environment does). */
function unitLines(text: string): Array<[string, string]> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('['))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)] as [string, string];
    });
}

const unit = unitLines(read('docs/lms.service'));
const setting = (key: string) => unit.filter(([k]) => k === key).map(([, v]) => v);
const unitEnv = Object.fromEntries(setting('Environment').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
const execStart = setting('ExecStart')[0]!.split(/\s+/);
const dockerfile = read('Dockerfile');
const dockerCmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];

describe('the deployment files', () => {
  it('the unit and the image run the compiled server directly, with the same arguments', () => {
    expect(execStart[0]).toBe('/usr/bin/node');
    expect(execStart.slice(1)).toContain('server/build/server.mjs');
    expect(dockerCmd).toEqual(['node', ...execStart.slice(1)]);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/ready/m);
    expect(dockerfile).toMatch(/^RUN npm run build && npm run build:server$/m);
  });

  it('the unit signals the main process only and waits longer than the drain and the grace', () => {
    expect(setting('KillMode')).toEqual(['mixed']);
    const drainMs = Number(unitEnv.SHUTDOWN_DRAIN_MS ?? 0);
    const graceMs = Number(unitEnv.SHUTDOWN_GRACE_MS ?? 10000);
    expect(Number(setting('TimeoutStopSec')[0]) * 1000).toBeGreaterThan(drainMs + graceMs);
    expect(unitEnv.PAYMENT_PROVIDER).toBe('none');
  });
});

describe.runIf(usePostgres)("the unit's command", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.close());

  it('starts a portal the balancer finds ready, and a stop drains and ends every process', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-unit-'));
    const server = startServerProcess(
      {
        ...unitEnv,
        // What /etc/lms.env adds, and a place of this test's own.
        DATABASE_URL: (db.target as { url: string }).url,
        PORT: String(port),
        DATA_DIR: dataDir,
        WORKERS: '2',
        LOG_LEVEL: 'warn',
      },
      execStart.slice(1),
    );
    const { child, exited } = server;
    try {
      await expect.poll(async () => (await fetch(`${base}/api/ready`).catch(() => null))?.status, { timeout: 90000, interval: 200 }).toBe(200);
      const signalled = Date.now();
      child.kill('SIGTERM');
      await expect.poll(async () => (await fetch(`${base}/api/ready`)).status, { timeout: 10000, interval: 50 }).toBe(503);
      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(Number(setting('TimeoutStopSec')[0]) * 1000);
      await expect(fetch(`${base}/api/ready`)).rejects.toThrow();
    } catch (err) {
      console.error(server.output());
      throw err;
    } finally {
      server.cleanUp(dataDir);
    }
  }, 150_000);
});
