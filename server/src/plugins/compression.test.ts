/**
 * The API's large JSON replies compressed as the caller accepts (plugins/compression.ts): the same
 * JSON after decoding, Brotli before gzip, nothing for a caller that accepts neither, small replies
 * and the built client's files left as they are.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalData, JournalStart } from '@contract/journal';
import type { App } from '../app';
import { signedInApp, type TestDatabase, type TestSession } from '../test/helpers';
import { API_DOCS_PREFIX } from './api-docs';
import { chosenEncoding, CompressedBodies, COMPRESS_MIN_BYTES } from './compression';

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

  it('a journal sent again unchanged is the same body, and once a mark changes it the new one', async () => {
    const first = await journalReply('br');
    const again = await journalReply('br');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const before = JSON.parse(decoded('br', first.rawPayload)).data as JournalData;
    const record = before.journal[0].find((v) => v.otsenka !== 'ув') ?? before.journal[0][0];
    const otsenka = record.otsenka === '5' ? '4' : '5';
    const written = await app.inject({
      method: 'POST',
      url: '/api/visitlog/visit/set.json',
      payload: { id_journal: before.info.id_journal, id_student: record.id_student, visitDate: record.visitDate, id_time: record.id_time, otsenka },
      headers: teacher.headers,
    });
    expect(written.statusCode).toBe(200);
    const after = await journalReply('br');
    const changed = (JSON.parse(decoded('br', after.rawPayload)).data as JournalData).journal[0].find(
      (v) => v.id_studentJournalVisit === record.id_studentJournalVisit,
    );
    expect(changed?.otsenka).toBe(otsenka);
    expect(JSON.parse(decoded('br', after.rawPayload))).toEqual((await journalReply()).json());
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

describe('CompressedBodies', () => {
  const text = (n: number) => JSON.stringify({ result: 0, data: Array.from({ length: 2000 }, (_, i) => ({ i, n, name: `Студент ${i % 97}` })) });

  it('keeps a body by its text and coding, and compresses a changed text afresh', async () => {
    const bodies = new CompressedBodies();
    const br = await bodies.of(text(1), 'br');
    expect(await bodies.of(text(1), 'br')).toBe(br);
    const gzip = await bodies.of(text(1), 'gzip');
    expect(gzip).not.toBe(br);
    expect(decoded('gzip', gzip)).toBe(text(1));
    expect(decoded('br', await bodies.of(text(2), 'br'))).toBe(text(2));
    expect(bodies.size.bodies).toBe(3);
  });

  it('drops the least recently sent bodies beyond its size', async () => {
    const one = (await new CompressedBodies().of(text(1), 'br')).length;
    const bodies = new CompressedBodies(one * 2.5);
    const first = await bodies.of(text(1), 'br');
    await bodies.of(text(2), 'br');
    // Sent again: the most recent, so the second is dropped for the third.
    expect(await bodies.of(text(1), 'br')).toBe(first);
    await bodies.of(text(3), 'br');
    expect(bodies.size.bodies).toBe(2);
    expect(bodies.size.bytes).toBeLessThanOrEqual(one * 2.5);
    expect(await bodies.of(text(1), 'br')).toBe(first);
    // A body larger than the whole store is sent and not kept.
    const tiny = new CompressedBodies(10);
    expect(decoded('br', await tiny.of(text(4), 'br'))).toBe(text(4));
    expect(tiny.size).toEqual({ bodies: 0, bytes: 0 });
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
