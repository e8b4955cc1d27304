/**
 * Bodies that take their time, on a real socket (docs/security.md#reliability):
 *
 *   - an upload over a slow uplink is stored however long its body takes to arrive: on PostgreSQL
 *     DB_REQUEST_TIMEOUT_MS bounds the request's database work, not the receipt of its body;
 *   - a body sent without a length (chunked) and larger than the upload limit is refused with 413
 *     once the limit is passed, not read to its end first;
 *   - a body that keeps trickling past BODY_TIMEOUT_MS is cut with 408.
 */
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/client';
import { books, chatMessages, disciplines, libraryCategories, news, umkItems } from '../db/schema';
import { errorText } from '../i18n';
import { chatMessageFields, multipartPayload, testConfig, usePostgres, type TestDatabase } from '../test/helpers';
import { parseResponses, type RawResponse } from '../test/raw-http';
import { useTestApp } from '../test/fixture';

const LIMIT = 1024 * 1024; // UPLOAD_LIMIT_MB=1
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(256 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);

/** An app with the default settings: sign-ins and lookups, so that only the requests under test meet the settings under test. */
const fx = useTestApp({ dataDir: 'lms-slow-bodies-' });

/** An app on `database` with the settings `env`, listening on a random port, and its server-side sockets. */
async function listening(env: Record<string, string>, database: Database = fx.db.database, extend?: (app: App) => void) {
  const app = await buildApp({ config: testConfig({ DATA_DIR: fx.dataDir, UPLOAD_LIMIT_MB: '1', ...env }), database, distDir: '/nonexistent' });
  extend?.(app);
  const sockets: net.Socket[] = [];
  app.server.on('connection', (socket: net.Socket) => sockets.push(socket));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as net.AddressInfo).port, sockets };
}

/** A request written by hand: its head now, its body as the test sends it; `reply` resolves with the response, or with none once the server closes. */
function openRequest(port: number, target: string, headers: Record<string, string>) {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  const reply = new Promise<RawResponse | null>((resolve) => {
    const settle = () => resolve(parseResponses(Buffer.concat(chunks))[0] ?? null);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const [res] = parseResponses(Buffer.concat(chunks));
      if (res && Buffer.byteLength(res.body) >= Number(res.headers['content-length'])) settle();
    });
    socket.on('close', settle);
    // A server that stops reading and closes resets what the client was still sending.
    socket.on('error', () => {});
  });
  const head = [`POST ${target} HTTP/1.1`, 'host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  socket.write(`${head}\r\n\r\n`);
  return { socket, reply };
}

const libraryForm = (name: string, category: number) =>
  multipartPayload([
    { name: 'id_eBook', content: '-1' },
    { name: 'nameBook', content: name },
    { name: 'author', content: 'Медленный канал' },
    { name: 'id_bookCategory', content: String(category) },
    { name: 'id_human', content: String(fx.teacher.user.uid) },
    { name: 'id_humanType', content: String(fx.teacher.user.role) },
    { name: 'files', filename: 'book.pdf', content: PDF, type: 'application/pdf' },
  ]);

const chatForm = (message: string, discipline: number) =>
  multipartPayload([
    ...Object.entries(chatMessageFields(discipline, fx.student.user, fx.teacher.user, message)).map(([name, content]) => ({ name, content })),
    { name: 'files', filename: 'notes.pdf', content: PDF, type: 'application/pdf' },
  ]);

const umkForm = (name: string, discipline: number, semester: number) =>
  multipartPayload([
    ...Object.entries({
      idBook: '-1',
      id_human: String(fx.teacher.user.uid),
      id_humanType: String(fx.teacher.user.role),
      id_a_year: '2026',
      id_semester: String(semester),
      id_discipline: String(discipline),
      id_examination: '1',
      id_typeUmk: '2',
      bookName: name,
      id_forStudentKind: '0',
    }).map(([name, content]) => ({ name, content })),
    { name: 'files', filename: 'lectures.pdf', content: PDF, type: 'application/pdf' },
  ]);

const newsForm = (message: string, file: Buffer = PDF) =>
  multipartPayload([
    { name: 'message', content: message },
    { name: 'audience', content: '0' },
    { name: 'faculty', content: '-1' },
    { name: 'files', filename: 'order.pdf', content: file, type: 'application/pdf' },
  ]);

describe.runIf(usePostgres)('an upload whose body takes longer than DB_REQUEST_TIMEOUT_MS (PostgreSQL)', () => {
  const DEADLINE_MS = 2000;
  let database: Database;
  let app: App;
  let port: number;

  beforeAll(async () => {
    database = await openDatabase({ ...(fx.db.target as Extract<TestDatabase['target'], { kind: 'postgres' }>), requestTimeoutMs: DEADLINE_MS });
    ({ app, port } = await listening({ DB_REQUEST_TIMEOUT_MS: String(DEADLINE_MS) }, database, (a) => {
      // A request that needs the database longer than its deadline: its 503 says that a deadline
      // begun when it arrived has run out.
      a.get('/api/test/slow-query.json', { config: { public: true } }, async () => {
        await a.ctx.db.execute(sql`select pg_sleep(${(4 * DEADLINE_MS) / 1000})`);
        return { result: 0, error: null, data: null };
      });
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is stored, in the library, the teaching materials, the news and the chat: the deadline bounds the database work, not the receipt of the body', async () => {
    const [category] = await fx.db.database.db.select({ id: libraryCategories.id }).from(libraryCategories).limit(1);
    const [web] = await fx.db.database.db.select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.nameRu, 'Веб-программирование'));
    const semesters = await fx.app.inject({
      method: 'POST',
      url: '/api/umk/semesters',
      headers: fx.teacher.headers,
      payload: { year: 2026, ws: 1, id_discipline: web.id },
    });
    const semester: number = semesters.json().data[0].id;
    const uploads = [
      { url: '/api/library/insertupdatebook', who: fx.teacher, form: libraryForm('Книга по медленному каналу', category.id) },
      { url: '/api/umk/insertorupdateumk', who: fx.teacher, form: umkForm('Лекции по медленному каналу', web.id, semester) },
      { url: '/api/news/insert.json', who: fx.teacher, form: newsForm('Новость по медленному каналу') },
      { url: '/api/chat/insert.json', who: fx.student, form: chatForm('Сообщение по медленному каналу', web.id) },
    ].map(({ url, who, form }) => {
      const request = openRequest(port, url, { ...who.headers, 'content-type': form.contentType, 'content-length': String(form.payload.length) });
      // The form's fields and the first half of the file now, the rest once the deadline is over.
      const half = form.payload.length - PDF.length / 2;
      request.socket.write(form.payload.subarray(0, half));
      return { ...request, rest: form.payload.subarray(half) };
    });
    // The requests are in, waiting for their bodies.
    await expect.poll(() => app.inFlight).toBe(uploads.length);
    // A request that arrived after them has used up its deadline: theirs, counted from their arrival, are over too.
    const later = await app.inject({ method: 'GET', url: '/api/test/slow-query.json' });
    expect(later.statusCode).toBe(503);

    for (const upload of uploads) upload.socket.write(upload.rest);
    const replies = await Promise.all(uploads.map((u) => u.reply));
    for (const u of uploads) u.socket.destroy();
    for (const res of replies) expect(res?.status, res?.body).toBe(200);
    const d = fx.db.database.db;
    expect(await d.select({ id: books.id }).from(books).where(eq(books.name, 'Книга по медленному каналу'))).toEqual([
      { id: JSON.parse(replies[0]!.body).data.id_eBook },
    ]);
    expect(await d.select({ id: umkItems.id }).from(umkItems).where(eq(umkItems.name, 'Лекции по медленному каналу'))).toHaveLength(1);
    expect(await d.select({ id: news.id }).from(news).where(eq(news.message, 'Новость по медленному каналу'))).toHaveLength(1);
    expect(await d.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.message, 'Сообщение по медленному каналу'))).toHaveLength(1);
  });
});

describe('a body without a length, larger than the upload limit', () => {
  let app: App;
  let port: number;
  let sockets: net.Socket[];

  beforeAll(async () => {
    ({ app, port, sockets } = await listening({}));
  });
  afterAll(() => app.close());

  it('is refused with 413 in the envelope, in the caller’s language, once the limit is passed: the server reads no more of it, and closes the connection', async () => {
    const TOTAL = 32 * LIMIT;
    const { contentType, payload } = newsForm('Бесконечный файл', Buffer.alloc(0));
    // The form up to the file's content, then the content (0x20) in chunks, as long as the server reads.
    const cut = payload.indexOf('\r\n--', payload.indexOf('filename='));
    const { socket, reply } = openRequest(port, '/api/news/insert.json', {
      ...fx.teacher.headers,
      'content-type': contentType,
      'transfer-encoding': 'chunked',
      'accept-language': 'en',
    });
    const chunk = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
    socket.write(chunk(payload.subarray(0, cut)));
    const piece = chunk(Buffer.alloc(64 * 1024, 0x20));
    let sent = 0;
    let answered = false;
    void reply.then(() => (answered = true));
    // Written as fast as the connection takes it, until the server answers or closes.
    while (sent < TOTAL && !answered && !socket.destroyed) {
      sent += piece.length;
      if (!socket.write(piece)) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
    }
    if (!answered && !socket.destroyed) socket.write(Buffer.concat([chunk(payload.subarray(cut)), Buffer.from('0\r\n\r\n')]));
    const res = await reply;
    socket.destroy();

    expect(res?.status).toBe(413);
    // What the server read of the connection: the limit and a few buffers more, not the 32 MB sent.
    const [server] = sockets;
    await expect.poll(() => server.destroyed).toBe(true);
    expect(server.bytesRead).toBeLessThan(LIMIT + 512 * 1024);
    expect(res?.headers.connection).toBe('close');
    expect(res?.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(res!.body)).toMatchObject({
      result: true,
      data: null,
      error: { code: 'TOO_LARGE', params: { maxSizeMb: 1 }, message: errorText('en', 'TOO_LARGE', { maxSizeMb: 1 }) },
    });
    expect(await fx.db.database.db.select({ id: news.id }).from(news).where(eq(news.message, 'Бесконечный файл'))).toEqual([]);
  });
});

describe('a body that keeps trickling past BODY_TIMEOUT_MS', () => {
  let app: App;
  let port: number;

  beforeAll(async () => {
    ({ app, port } = await listening({ BODY_TIMEOUT_MS: '1000', BODY_IDLE_TIMEOUT_MS: '30000' }));
  });
  afterAll(() => app.close());

  it('is cut with 408 in the envelope and its connection closed while it is still arriving, nothing stored', async () => {
    const { contentType, payload } = newsForm('Струйка', PDF.subarray(0, 20 * 1024));
    const { socket, reply } = openRequest(port, '/api/news/insert.json', {
      ...fx.teacher.headers,
      'content-type': contentType,
      'content-length': String(payload.length),
    });
    // 100 bytes every 20 ms: never idle, and whole only after about four seconds.
    let sent = 0;
    const trickle = setInterval(() => {
      if (socket.destroyed || sent >= payload.length) return;
      socket.write(payload.subarray(sent, sent + 100));
      sent += 100;
    }, 20);
    const res = await reply;
    clearInterval(trickle);
    socket.destroy();

    expect(sent).toBeLessThan(payload.length);
    expect(res?.status).toBe(408);
    expect(res?.headers.connection).toBe('close');
    expect(JSON.parse(res!.body)).toMatchObject({ result: true, data: null });
    expect(await fx.db.database.db.select({ id: news.id }).from(news).where(eq(news.message, 'Струйка'))).toEqual([]);
  });
});
