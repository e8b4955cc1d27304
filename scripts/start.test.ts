/**
 * R5: `npm start` stops cleanly whichever of its processes is signalled or goes away. A service
 * manager or a container runtime signals the process it started (npm's); a terminal's Ctrl-C reaches
 * npm and the launcher at once. In every case the server finishes gracefully, every process of the
 * start ends and the port is free. Also: the demo listens on this machine only unless HOST says
 * otherwise, and its banner says so. Each start runs the real `npm start` (the client built by
 * `npm test` beforehand, the server compiled when stale) on one embedded database, seeded by the
 * first start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/src/test/ports';

const ROOT = path.resolve(import.meta.dirname, '..');
const STOP_TIMEOUT = 180_000;

let dataDir: string;
const started: Array<{ npm: ChildProcess; pids: number[] }> = [];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-start-'));
});
afterEach(() => {
  // A failed test leaves nothing running either.
  for (const { pids } of started.splice(0))
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Polls `check` until it holds (each try after the last has answered), failing with `what` after STOP_TIMEOUT. */
async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + STOP_TIMEOUT;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every process below `pid`, read from /proc. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

const commandOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

function accepts(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

interface Start {
  npm: ChildProcess;
  port: number;
  launcher: number;
  server: number;
  pids: number[];
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` on a free port with the environment of a first-time user (no HOST), ready to serve. */
async function npmStart(): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete env.HOST;
  delete env.DATABASE_URL;
  delete env.WORKERS;
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  npm.stdout!.on('data', (d) => (text += d));
  npm.stderr!.on('data', (d) => (text += d));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const entry = { npm, pids: [npm.pid!] };
  started.push(entry);
  await until(`the banner of npm start on port ${port}`, () => {
    if (npm.exitCode !== null) throw new Error(`npm start exited:\n${text}`);
    return text.includes('Demo accounts');
  });
  await until('the server to answer', () => accepts(port));
  entry.pids.push(...descendants(npm.pid!));
  const launcher = entry.pids.find((pid) => commandOf(pid).includes('scripts/start.mjs'));
  const server = entry.pids.find((pid) => commandOf(pid).includes('server/build/server.mjs'));
  expect(launcher, commandOf(npm.pid!)).toBeDefined();
  expect(server).toBeDefined();
  return { npm, port, launcher: launcher!, server: server!, pids: entry.pids, output: () => text, exited };
}

/** Every process of the start is gone and its port is free. */
async function allGone(start: Start): Promise<void> {
  await until('every process of npm start to end', () => start.pids.every((pid) => !alive(pid)));
  expect(await accepts(start.port)).toBe(false);
}

describe('npm start', () => {
  it(
    "listens on this machine only by default, saying so; SIGTERM to npm's process: the server finishes gracefully, every process ends, the port is free",
    { timeout: 2 * STOP_TIMEOUT },
    async () => {
      const start = await npmStart();
      expect(start.output()).toContain(`Listening on http://127.0.0.1:${start.port}/lms/ only; set HOST=0.0.0.0 to accept other machines.`);
      const other = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal);
      if (other) expect(await accepts(start.port, other.address)).toBe(false);
      start.npm.kill('SIGTERM');
      expect(await start.exited).toBe(0);
      await allGone(start);
      expect(start.output()).toContain('SIGTERM received: finishing requests in flight');
    },
  );

  it('one Ctrl-C (SIGINT at npm and at the launcher at once) stops gracefully, not as a second, forcing Ctrl-C', { timeout: 2 * STOP_TIMEOUT }, async () => {
    const start = await npmStart();
    start.npm.kill('SIGINT');
    process.kill(start.launcher, 'SIGINT');
    expect(await start.exited).toBe(0);
    await allGone(start);
    expect(start.output()).toContain('SIGINT received: finishing requests in flight');
    expect(start.output()).not.toContain('second SIGINT');
  });

  it('SIGTERM to the server process itself ends the launcher and npm too', { timeout: 2 * STOP_TIMEOUT }, async () => {
    const start = await npmStart();
    process.kill(start.server, 'SIGTERM');
    expect(await start.exited).toBe(0);
    await allGone(start);
  });

  it('npm killed outright: the launcher notices and stops the server', { timeout: 2 * STOP_TIMEOUT }, async () => {
    const start = await npmStart();
    start.npm.kill('SIGKILL');
    await allGone(start);
    expect(start.output()).toContain('finishing requests in flight');
  });

  it('the launcher killed outright: the server stops itself', { timeout: 2 * STOP_TIMEOUT }, async () => {
    const start = await npmStart();
    process.kill(start.launcher, 'SIGKILL');
    await allGone(start);
  });
});
