/**
 * SECURITY-CHECKS I3 before routing: requests Node's HTTP parser refuses are answered in the
 * envelope with the security headers, and a request refused before its body was read whole does not
 * leave its connection hanging (R5: disk full on upload).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { multipartPayload, testConfig } from '../test/helpers';
import { rawExchange, rawRequest, type RawResponse } from '../test/raw-http';
import { useTestApp } from '../test/fixture';

let port: number;

const fx = useTestApp({ dataDir: 'lms-client-errors-', signIn: ['teacher'] });
beforeAll(async () => {
  await fx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (fx.app.server.address() as { port: number }).port;
});
afterEach(() => {
  vi.restoreAllMocks();
});

function expectEnvelope(res: RawResponse, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(res.body)).toEqual({ result: true, error: { code, message: expect.any(String) }, data: null });
  expect(res.headers['content-security-policy']).toContain("object-src 'none'");
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('errors raised by the HTTP parser', () => {
  const host = () => `Host: 127.0.0.1:${port}\r\n`;

  it('a 70 KB URL → 431 TOO_LARGE in the envelope, with the security headers, the URL not echoed', async () => {
    const url = `/api/news/list.json?q=${'a'.repeat(70 * 1024)}`;
    const [res] = await rawExchange(port, `GET ${url} HTTP/1.1\r\n${host()}\r\n`);
    expectEnvelope(res, 431, 'TOO_LARGE');
    expect(res.body).not.toContain('aaaa');
  });

  it('a DEL in the path, a NUL in a header, Content-Length with Transfer-Encoding, a broken request line → 400 BAD_REQUEST in the envelope', async () => {
    const requests = [
      `GET /api/he\x7flth HTTP/1.1\r\n${host()}\r\n`,
      `GET /api/health HTTP/1.1\r\n${host()}X-Note: a\x00b\r\n\r\n`,
      `POST /api/auth/orize.json HTTP/1.1\r\n${host()}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      `GET /api/health HTTP/9.9\r\n${host()}\r\n`,
      `NONSENSE\r\n\r\n`,
    ];
    for (const request of requests) {
      const [res] = await rawExchange(port, Buffer.from(request, 'latin1'));
      expect(res, JSON.stringify(request)).toBeDefined();
      expectEnvelope(res, 400, 'BAD_REQUEST');
      expect(res.headers.connection).toBe('close');
    }
  });
});

describe('requests Node would answer bare', () => {
  it("HTTP/1.1 without Host → 400 BAD_REQUEST in the envelope with the security headers, in the caller's language; the connection closes", async () => {
    const [res] = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nAccept-Language: en\r\n\r\n');
    expectEnvelope(res, 400, 'BAD_REQUEST');
    expect(JSON.parse(res.body).error.message).toBe('Invalid request');
    expect(res.headers.connection).toBe('close');
  });

  it('Expect: bogus → 417 in the envelope with the security headers, the handler not run', async () => {
    const body = JSON.stringify({ login: 'teacher', password: 'wrong' });
    const [res] = await rawExchange(
      port,
      rawRequest('POST', '/api/auth/orize.json', { host: `127.0.0.1:${port}`, 'content-type': 'application/json', expect: 'bogus' }, body),
    );
    expectEnvelope(res, 417, 'BAD_REQUEST');
    expect(res.headers.connection).toBe('close');
  });

  it('Expect: 100-continue and HTTP/1.0 without Host still reach their route', async () => {
    const continued = await fx.app.inject({ url: '/api/health', headers: { expect: '100-continue' } });
    expect(continued.statusCode).toBe(200);
    const [old] = await rawExchange(port, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
    expect(JSON.parse(old.body).result).toBe(0);
  });
});

describe('a request refused before its body was read whole', () => {
  const newsCount = async () =>
    Number(((await fx.db.database.db.execute(sql`select count(*)::int as n from news`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n);

  it('an upload refused for a full disk (503) ends its connection, so the client is not left waiting; the next connection is answered', async () => {
    // The disk fills up while the first file is being written.
    const original = fs.createWriteStream;
    vi.spyOn(fs, 'createWriteStream').mockImplementation(((file: fs.PathLike, options?: Parameters<typeof fs.createWriteStream>[1]) => {
      if (String(file).includes(`${path.sep}.tmp${path.sep}`))
        return new Writable({
          write(_chunk, _enc, done) {
            done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
          },
        });
      return original(file, options);
    }) as typeof fs.createWriteStream);
    const before = await newsCount();
    const { payload, contentType } = multipartPayload([
      { name: 'message', content: 'Disk full' },
      { name: 'audience', content: '0' },
      { name: 'faculty', content: '-1' },
      { name: 'files', filename: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4 * 1024 * 1024, 0x20)]), type: 'application/pdf' },
    ]);
    const upload = rawRequest(
      'POST',
      '/api/news/insert.json',
      { host: `127.0.0.1:${port}`, cookie: fx.teacher.headers.cookie, 'content-type': contentType, 'accept-language': 'en' },
      payload,
    );
    const health = rawRequest('GET', '/api/health', { host: `127.0.0.1:${port}` });
    // The client sends the whole upload, then the next request on the same connection.
    const replies = await rawExchange(port, Buffer.concat([upload, health]), 2);
    expectEnvelope(replies[0], 503, 'SERVICE_UNAVAILABLE');
    // Either the connection ends with the refusal (the client opens a new one) or the next request is answered.
    if (replies.length === 1) expect(replies[0].headers.connection).toBe('close');
    else expect(replies[1].status).toBe(200);
    expect(await newsCount()).toBe(before);
    vi.restoreAllMocks();
    const [next] = await rawExchange(port, health);
    expect(next.status).toBe(200);
  });
});

describe('an upload the client abandons', () => {
  it('is logged as aborted by the client (info), never as a failure of the database; nothing is stored', async () => {
    const logged: Array<{ level: string; msg: unknown }> = [];
    const watched = await buildApp({ config: testConfig({ DATA_DIR: fx.dataDir }), database: fx.db.database, distDir: '/nonexistent' });
    watched.addHook('onRequest', async (req) => {
      for (const level of ['info', 'warn', 'error'] as const)
        vi.spyOn(req.log, level).mockImplementation((...args: unknown[]) => void logged.push({ level, msg: args.at(-1) }));
    });
    await watched.listen({ port: 0, host: '127.0.0.1' });
    try {
      const watchedPort = (watched.server.address() as { port: number }).port;
      const before = Number(
        ((await fx.db.database.db.execute(sql`select count(*)::int as n from news`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n,
      );
      const { payload, contentType } = multipartPayload([
        { name: 'message', content: 'Abandoned' },
        { name: 'audience', content: '0' },
        { name: 'faculty', content: '-1' },
        { name: 'files', filename: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024, 0x20)]), type: 'application/pdf' },
      ]);
      const request = rawRequest(
        'POST',
        '/api/news/insert.json',
        { host: `127.0.0.1:${watchedPort}`, cookie: fx.teacher.headers.cookie, 'content-type': contentType },
        payload,
      );
      const socket = net.connect(watchedPort, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      // Half the upload, then the client goes away.
      socket.write(request.subarray(0, Math.floor(request.length / 2)), () => socket.destroy());
      await expect.poll(() => logged.some((l) => l.msg === 'request aborted by the client'), { timeout: 10000 }).toBe(true);
      expect(logged.filter((l) => l.level !== 'info')).toEqual([]);
      expect(Number(((await fx.db.database.db.execute(sql`select count(*)::int as n from news`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n)).toBe(
        before,
      );
    } finally {
      await watched.close();
    }
  });
});
