/**
 * The API's large JSON replies compressed as the caller accepts (plugins/compression.ts): the same
 * JSON after decoding, Brotli before gzip, nothing for a caller that accepts neither, small replies
 * and the built client's files left as they are.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalStart } from '@contract/journal';
import type { App } from '../app';
import { signedInApp, type TestDatabase, type TestSession } from '../test/helpers';
import { API_DOCS_PREFIX } from './api-docs';
import { chosenEncoding, COMPRESS_MIN_BYTES } from './compression';

let db: TestDatabase;
let app: App;
let teacher: TestSession;

beforeAll(async () => {
  ({ db, app, teacher } = await signedInApp());
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const decoded = (encoding: string | undefined, body: Buffer): string => {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
};

/** The demo teacher's largest journal, as journal.json answers it with this Accept-Encoding. */
async function journalReply(acceptEncoding?: string) {
  const start = await app.inject({ method: 'GET', url: '/api/visitlog/start.json', headers: teacher.headers });
  const { journals } = start.json().data as JournalStart;
  const id = journals[0].id_journal;
  return app.inject({
    method: 'POST',
    url: '/api/visitlog/journal.json',
    payload: { id_journal: id },
    headers: { ...teacher.headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });
}

describe('compressed replies', () => {
  it("sends a teacher's journal as Brotli to a browser, the same JSON once decoded, and says so in Vary", async () => {
    const plain = await journalReply();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const browser = await journalReply('gzip, deflate, br, zstd');
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toMatch(/accept-encoding/i);
    expect(browser.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(browser.headers['content-length'])).toBe(browser.rawPayload.length);
    expect(browser.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decoded('br', browser.rawPayload))).toEqual(plain.json());
  });

  it('falls back to gzip, honours q=0 and sends identity to a caller that accepts neither', async () => {
    const plain = (await journalReply()).json();
    const gzip = await journalReply('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded('gzip', gzip.rawPayload))).toEqual(plain);
    expect((await journalReply('br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip');
    const identity = await journalReply('deflate, identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain);
  });

  it('compresses a public reply too (the API description) and leaves small replies as they are', async () => {
    const docs = await app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json`, headers: { 'accept-encoding': 'br' } });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded('br', docs.rawPayload)).openapi).toMatch(/^3\./);

    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().result).toBe(0);
  });

  it('leaves a small refusal as it is', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/visitlog/journal.json',
      payload: { id_journal: 'x' },
      headers: { ...teacher.headers, 'accept-encoding': 'br' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().result).not.toBe(0);
  });
});

describe('chosenEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR; Q=0.1', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0, *', null],
    ['identity', null],
    ['deflate', null],
  ])('%j → %j', (header, expected) => {
    expect(chosenEncoding(header)).toBe(expected);
  });
});
