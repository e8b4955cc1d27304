/**
 * Simultaneous uploads on each files back end: UPLOADS books of SIZE_MB MB each (defaults 20 and 20)
 * sent to /api/library/insertupdatebook by the demo teacher all at once, once with the files on the
 * disk (DATA_DIR/files) and once in an S3-compatible bucket (s3rver, run by the bench in its own
 * process). The portal runs on its embedded database, one process, started straight (not through
 * scripts/start.mjs) so that its process is the one measured.
 *
 * Figures per back end: the server's peak resident memory (RSS, sampled from /proc every 20 ms) above
 * its idle RSS just before the burst (goal under 150 MB: a file streams from the request to a
 * temporary file and on to the store, never whole in memory), throughput (MB sent / seconds until
 * the last answer), answers by status.
 *
 * Then slow uploads as from a phone (runSlowUploadBench): the portal on PostgreSQL with two workers
 * (through scripts/start.mjs, as it runs in production), a SLOW_MB MB PDF sent at RATE bytes a second
 * (defaults 20 MB at 1 MB/s), one upload alone and then UPLOADS at once by the same account, on each
 * back end; figures: answers, books stored (rows in the database), times, and the RSS of the
 * server's processes together above idle. The same sends to the bare hello's upload route
 * (lib/hello.mjs) give the floor: the time the sending itself takes.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { signIn } from './load.mjs';
import { startBucket } from './lib/bucket.mjs';
import { startHello } from './lib/hello.mjs';
import { throwawayDatabase } from './lib/pg.mjs';
import { startPortal } from './lib/server.mjs';

const MB = 1024 * 1024;

/** A valid PDF of `bytes` bytes (a comment pads it). */
function pdfOf(bytes) {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n%');
  const tail = Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 0x78), tail]);
}

/** Resident memory of a process in bytes (Linux /proc), or null when it is gone. */
function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The first book category (for the form). */
async function firstCategory(origin, cookie) {
  const bases = await (await fetch(`${origin}/api/library/basebookcategories`, { headers: { cookie } })).json();
  const res = await fetch(`${origin}/api/library/bookcategories`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify({ id_baseBookCategory: bases.data[0].id_baseBookCategory }),
  });
  return (await res.json()).data[0].id_bookCategory;
}

function upload(origin, teacher, category, file, i) {
  const form = new FormData();
  const fields = { id_eBook: '-1', id_human: teacher.uid, id_humanType: teacher.role, nameBook: `Книга ${i}`, author: 'Bench', id_bookCategory: category };
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('files', file, `book-${i}.pdf`);
  return fetch(`${origin}/api/library/insertupdatebook`, { method: 'POST', headers: { cookie: teacher.cookie, origin }, body: form }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });
}

/** One back end: the burst and its figures. */
async function burst(backend, { uploads, sizeMb }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lms-bench-upload-${backend}-`));
  const bucket = backend === 's3' ? await startBucket() : null;
  let portal = null;
  try {
    portal = await startPortal({
      dataDir,
      nodeArgs: [],
      env: { UPLOAD_LIMIT_MB: String(sizeMb + 1), UPLOADS_PER_MINUTE: '1000', FREE_SPACE_FLOOR_MB: '0', ...bucket?.env },
    });
    const teacher = await signIn(portal.origin, 'teacher', 'Teacher2026');
    const category = await firstCategory(portal.origin, teacher.cookie);
    const file = new Blob([pdfOf(sizeMb * MB)], { type: 'application/pdf' });
    // One upload first (the routes' code loaded, the pools open), then idle is what the burst adds to.
    const warm = await upload(portal.origin, teacher, category, new Blob([pdfOf(64 * 1024)], { type: 'application/pdf' }), 0);
    if (warm !== 200) throw new Error(`the warm-up upload answered ${warm}`);
    const idle = rssOf(portal.pid);
    let peak = idle;
    const sampler = setInterval(() => {
      const rss = rssOf(portal.pid);
      if (rss !== null && rss > peak) peak = rss;
    }, 20);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: uploads }, (_, i) => upload(portal.origin, teacher, category, file, i + 1)));
    const elapsedMs = performance.now() - started;
    clearInterval(sampler);
    const counted = {};
    for (const s of statuses) counted[s] = (counted[s] ?? 0) + 1;
    return {
      backend,
      uploads,
      sizeMb,
      idleRssMb: Math.round(idle / MB),
      peakRssMb: Math.round(peak / MB),
      aboveIdleMb: Math.round((peak - idle) / MB),
      elapsedMs: Math.round(elapsedMs),
      throughputMBps: Number(((uploads * sizeMb) / (elapsedMs / 1000)).toFixed(1)),
      statuses: counted,
    };
  } finally {
    await portal?.stop();
    await bucket?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runUploadBench(options) {
  return { disk: await burst('disk', options), s3: await burst('s3', options) };
}

/** Bytes written at once by a slow sender. */
const SLOW_CHUNK = 16 * 1024;

/** The processes of a tree (a pid and its descendants, from /proc). */
function treeOf(rootPid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: the name may hold spaces and parentheses.
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

const treeRss = (pids) => pids.reduce((sum, pid) => sum + (rssOf(pid) ?? 0), 0);

/** A book's multipart form as bytes: {body, contentType}. */
function bookForm(teacher, category, name, author, pdf) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const fields = { id_eBook: '-1', id_human: teacher.uid, id_humanType: teacher.role, nameBook: name, author, id_bookCategory: category };
  const parts = Object.entries(fields).map(([n, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`));
  parts.push(pdf, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Posts `form` to `url`, its body paced at `bytesPerSecond`; resolves to {status, ms} once the answer
 * has been read (status 0: the connection failed).
 */
function slowPost(url, headers, form, bytesPerSecond) {
  return new Promise((resolve) => {
    const target = new URL(url);
    const started = performance.now();
    let timer = null;
    let settled = false;
    const done = (status) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, ms: Math.round(performance.now() - started) });
    };
    const req = http.request({
      host: target.hostname,
      port: target.port,
      method: 'POST',
      path: target.pathname,
      headers: { ...headers, 'content-type': form.contentType, 'content-length': String(form.body.length) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(res.statusCode ?? 0));
    });
    req.on('error', () => done(0));
    let sent = 0;
    const pump = () => {
      if (settled) return;
      const due = Math.min(form.body.length, Math.floor(((performance.now() - started) / 1000) * bytesPerSecond));
      while (sent < due) {
        const end = Math.min(due, sent + SLOW_CHUNK);
        req.write(form.body.subarray(sent, end));
        sent = end;
      }
      if (sent >= form.body.length) req.end();
      else timer = setTimeout(pump, 50);
    };
    pump();
  });
}

const counted = (replies) => {
  const out = {};
  for (const r of replies) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
};
const seconds = (ms) => Number((ms / 1000).toFixed(1));

/** One upload alone, then `uploads` at once, each paced; `send(i)` posts the i-th. */
async function slowPhases(send, uploads, sample) {
  const one = await sample(() => send(0));
  const started = performance.now();
  const together = await sample(() => Promise.all(Array.from({ length: uploads }, (_, i) => send(i + 1))));
  return {
    one: { status: one.value.status, seconds: seconds(one.value.ms), aboveIdleMb: one.aboveIdleMb },
    together: {
      statuses: counted(together.value),
      slowestSeconds: seconds(Math.max(...together.value.map((r) => r.ms))),
      fastestSeconds: seconds(Math.min(...together.value.map((r) => r.ms))),
      elapsedSeconds: seconds(performance.now() - started),
      aboveIdleMb: together.aboveIdleMb,
    },
  };
}

/** Slow uploads on one back end, the portal on PostgreSQL with two workers. */
async function slowOn(backend, { uploads, sizeMb, bytesPerSecond, pgUrl }) {
  const pgDb = await throwawayDatabase(pgUrl, 'lms_bench_upload');
  if (!pgDb.url) throw new Error(pgDb.reason);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lms-bench-slow-${backend}-`));
  const bucket = backend === 's3' ? await startBucket() : null;
  let portal = null;
  const db = new pg.Client({ connectionString: pgDb.url });
  try {
    portal = await startPortal({
      dataDir,
      env: { DATABASE_URL: pgDb.url, WORKERS: '2', UPLOAD_LIMIT_MB: String(sizeMb + 1), UPLOADS_PER_MINUTE: '1000', FREE_SPACE_FLOOR_MB: '0', ...bucket?.env },
    });
    await db.connect();
    const teacher = await signIn(portal.origin, 'teacher', 'Teacher2026');
    const category = await firstCategory(portal.origin, teacher.cookie);
    // Small uploads first (the routes' code loaded in the workers, the pools open).
    for (let i = 0; i < 4; i++) {
      const warm = await upload(portal.origin, teacher, category, new Blob([pdfOf(64 * 1024)], { type: 'application/pdf' }), 0);
      if (warm !== 200) throw new Error(`the warm-up upload answered ${warm}`);
    }
    const pids = treeOf(portal.pid);
    const idle = treeRss(pids);
    const sample = async (run) => {
      let peak = idle;
      const sampler = setInterval(() => {
        const rss = treeRss(pids);
        if (rss > peak) peak = rss;
      }, 20);
      try {
        return { value: await run(), aboveIdleMb: Math.round((peak - idle) / MB) };
      } finally {
        clearInterval(sampler);
      }
    };
    const pdf = pdfOf(sizeMb * MB);
    const author = (i) => (i === 0 ? 'Bench alone' : 'Bench together');
    const phases = await slowPhases(
      (i) =>
        slowPost(
          `${portal.origin}/api/library/insertupdatebook`,
          { cookie: teacher.cookie, origin: portal.origin },
          bookForm(teacher, category, `Медленная ${i}`, author(i), pdf),
          bytesPerSecond,
        ),
      uploads,
      sample,
    );
    const stored = async (name) => (await db.query('select count(*)::int as n from books where author = $1', [name])).rows[0].n;
    phases.one.stored = await stored(author(0));
    phases.together.stored = await stored(author(1));
    return { backend, workers: pids.length, idleRssMb: Math.round(idle / MB), ...phases };
  } finally {
    await db.end().catch(() => {});
    await portal?.stop();
    await bucket?.close();
    await pgDb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same sends to the bare hello's upload route: the time the sending itself takes. */
async function slowBare({ uploads, sizeMb, bytesPerSecond }) {
  const hello = await startHello();
  try {
    const form = bookForm({ uid: 1, role: 1 }, 1, 'bare', 'Bench', pdfOf(sizeMb * MB));
    // Nothing of the portal's memory to sample here.
    return await slowPhases(
      () => slowPost(`${hello.origin}/upload`, {}, form, bytesPerSecond),
      uploads,
      async (run) => ({ value: await run() }),
    );
  } finally {
    await hello.stop();
  }
}

export async function runSlowUploadBench(options) {
  return {
    sizeMb: options.sizeMb,
    uploads: options.uploads,
    rateKBps: Math.round(options.bytesPerSecond / 1024),
    dbRequestTimeoutMs: process.env.DB_REQUEST_TIMEOUT_MS ?? null,
    bare: await slowBare(options),
    disk: await slowOn('disk', options),
    s3: await slowOn('s3', options),
  };
}
