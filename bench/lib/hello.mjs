/**
 * The framework's floor for the load figures: a bare Fastify server with one route answering
 * `{hello: 'world'}` (no logger, no plugins), and one that reads a multipart body to its end before
 * answering the same (the floor of an upload), run as its own process like the portal, so both are
 * measured the same way in the same run.
 *
 * `node bench/lib/hello.mjs <port>` listens on 127.0.0.1:<port> and prints `listening` once ready.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './server.mjs';

const self = fileURLToPath(import.meta.url);

if (process.argv[1] === self) {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  // The floor of an upload: a multipart body read to its end and dropped (bench/upload.mjs).
  app.addContentTypeParser('multipart/form-data', (_req, payload, done) => {
    payload.on('data', () => {});
    payload.on('end', () => done(null));
    payload.on('error', done);
  });
  app.post('/upload', { bodyLimit: 1024 * 1024 * 1024 }, async () => ({ hello: 'world' }));
  await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
  process.stdout.write('listening\n');
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

/** Starts the bare hello server; resolves to {origin, url, stop()}. */
export async function startHello() {
  const port = await freePort();
  const child = spawn(process.execPath, [self, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the hello server exited with code ${code}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  const origin = `http://127.0.0.1:${port}`;
  return { origin, url: `${origin}/`, stop };
}
