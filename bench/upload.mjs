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
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { signIn } from './load.mjs';
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

async function startBucket() {
  const S3rver = createRequire(import.meta.url)('s3rver');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'files' }] });
  const { port } = await server.run();
  return {
    env: { FILES_S3_ENDPOINT: `http://127.0.0.1:${port}`, FILES_S3_BUCKET: 'files', FILES_S3_ACCESS_KEY_ID: 'S3RVER', FILES_S3_SECRET_ACCESS_KEY: 'S3RVER' },
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
