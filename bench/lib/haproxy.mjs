/**
 * HAProxy as a bench's load balancer: the Debian program (installed when missing), run in the
 * foreground (`-db`) with a configuration of its own in a temporary directory, on a free loopback
 * port, in front of the portal's processes: round robin, `X-Forwarded-For`, a health check of each
 * process on GET /api/ready (the load balancer's check) every `interMs` (down after 2 failed checks, up after 2 good ones; an
 * answer may take 3 s), connections to the processes kept alive, a request whose connection a
 * process refused sent to another (`retries`, `option redispatch`; never a request already passed
 * on), and long-lived event streams let through (`timeout tunnel`). Its state is read from its stats socket.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runChild, waitUntil } from './child.mjs';
import { ensurePackage } from './debian.mjs';
import { freePort } from './server.mjs';

const HAPROXY = '/usr/sbin/haproxy';

/** Starts HAProxy before `backends` ([{name, port}] on 127.0.0.1, checked on `checkPath`); resolves to {origin, port, stats(), stop()}. */
export async function startHaproxy(backends, { interMs = 500, checkPath = '/api/ready' } = {}) {
  ensurePackage(HAPROXY, 'haproxy');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-haproxy-'));
  const socket = path.join(dir, 'stats.sock');
  const cfg = [
    'global',
    '  maxconn 4096',
    `  stats socket ${socket} mode 600 level admin`,
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    // A health answer slowed by load is not a failure; a refused connection still is at once.
    '  timeout check 3s',
    '  retries 2',
    '  option redispatch 1',
    '  option forwardfor',
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    '  default_backend nodes',
    'backend nodes',
    '  balance roundrobin',
    `  option httpchk GET ${checkPath}`,
    '  http-check expect status 200',
    `  default-server inter ${interMs}ms fall 2 rise 2`,
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'haproxy.cfg'), `${cfg}\n`);
  const running = runChild(HAPROXY, ['-db', '-f', path.join(dir, 'haproxy.cfg')], { cwd: dir });
  const stop = async () => {
    await running.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const stats = () => showStat(socket);
  try {
    // Ready once every process is up by its health checks.
    await waitUntil('haproxy', running, async () => (await stats()).every((s) => s.status === 'UP'), 30000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin: `http://127.0.0.1:${port}`, port, log: running.log, stats, stop };
}

/**
 * `show stat` of the backend's servers: [{name, status ('UP', 'DOWN', …), current (requests on it
 * now), total (requests passed to it so far), redispatched (requests sent elsewhere after its port
 * refused them), responseErrors}].
 */
function showStat(socket) {
  return new Promise((resolve, reject) => {
    let out = '';
    const conn = net.connect(socket, () => conn.write('show stat\n'));
    conn.on('data', (d) => (out += d));
    conn.on('error', reject);
    conn.on('end', () => {
      const [head, ...lines] = out.trim().split('\n');
      const cols = head.replace(/^# /, '').split(',');
      const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
      resolve(
        rows
          .filter((r) => r.pxname === 'nodes' && r.svname !== 'BACKEND')
          .map((r) => ({
            name: r.svname,
            status: r.status.split(' ')[0],
            current: Number(r.scur),
            total: Number(r.stot),
            redispatched: Number(r.wredis),
            responseErrors: Number(r.eresp),
          })),
      );
    });
  });
}
