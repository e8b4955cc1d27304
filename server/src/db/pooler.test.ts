/**
 * The server behind a real PgBouncer in transaction mode (DATABASE_POOLER=transaction), LISTEN and
 * the migrations' lock on the direct connection (DATABASE_LISTEN_URL): sign-in, a chat message
 * written and its live event delivered, many requests at once on the routes whose statements are
 * named prepared statements elsewhere. And the same pooler without the setting: the named
 * statements collide, which is what the setting is for. PostgreSQL only (the server-pg project);
 * skips, saying so, without pgbouncer.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../plugins/live';
import { disciplines } from './schema';
import { openDatabase, rowsOf, type Database, type DbTarget } from './client';
import { prepareDatabase } from './migrate';
import { appOn, createTestDatabase, multipartPayload, session, testClock, usePostgres, type TestDatabase } from '../test/helpers';
import { hasPgBouncer, PGBOUNCER_MISSING, startPgBouncer, type PgBouncer } from '../test/pgbouncer';
import type { SignedIn } from '../test/requests';
import type { App } from '../app';

const clock = testClock(new Date(2026, 10, 20, 10, 0)); // 20 November 2026, in the demo half-year

/** Server connections PgBouncer keeps: fewer than the app's pool, so its clients share them. */
const SERVER_CONNECTIONS = 2;

describe.skipIf(!usePostgres)('behind PgBouncer in transaction mode', () => {
  let db: TestDatabase;
  let bouncer: PgBouncer | null = null;
  const opened: Database[] = [];
  const apps: App[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    if (hasPgBouncer) bouncer = await startPgBouncer((db.target as { url: string }).url, 'transaction', SERVER_CONNECTIONS);
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    for (const database of opened) await database.close().catch(() => {});
    await bouncer?.stop();
    await db?.close();
  });

  /** The database through the pooler, with `pooler` and the direct URL for LISTEN. */
  async function throughPooler(pooler: 'none' | 'transaction'): Promise<Database> {
    const direct = db.target as Extract<DbTarget, { kind: 'postgres' }>;
    // statementTimeoutMs 0: no connection setting is sent either way, so that only the statements' names differ.
    const database = await openDatabase({
      ...direct,
      url: bouncer!.url,
      pooler,
      listenUrl: direct.url,
      ...(pooler === 'none' ? { statementTimeoutMs: 0 } : {}),
    });
    opened.push(database);
    return database;
  }

  async function appThrough(database: Database): Promise<App> {
    const app = await appOn({ ...db, database }, { now: clock.now });
    apps.push(app);
    return app;
  }

  /** The routes whose statements are prepared by name (profile, news page, session check), many at once. */
  function burst(teacher: SignedIn, student: SignedIn) {
    return Promise.all(
      Array.from({ length: 10 }, () => [
        teacher.post('/api/profile/data.json', { uid: teacher.user.uid, role: 1 }),
        student.post('/api/profile/data.json', { uid: student.user.uid, role: 2 }),
        student.post('/api/news/data.json', { id: student.user.id, uid: student.user.uid, role: 2, page: 1 }),
        teacher.post('/api/news/data.json', { id: teacher.user.id, uid: teacher.user.uid, role: 1, page: 1 }),
      ]).flat(),
    );
  }

  it('signs in, writes, delivers live events through the direct connection and answers many requests at once', async (ctx) => {
    if (!bouncer) ctx.skip(PGBOUNCER_MISSING);
    const database = await throughPooler('transaction');
    // The migrations' check takes its session-level lock on the direct connection.
    await prepareDatabase(database, { seed: false });
    const app = await appThrough(database);
    const teacher = await session(app, 'teacher');
    const student = await session(app, 'student');

    const [web] = await database.db.select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.nameRu, 'Веб-программирование'));
    await app.ctx.live.ready();
    const delivered = new Promise<LiveEvent>((resolve) => {
      const off = app.ctx.live.subscribe(student.user.id, (e) => {
        off();
        resolve(e);
      });
    });
    const fields = {
      year: 2026,
      ws: 1,
      id_discipline: web.id,
      id_from_type: 1,
      id_from: teacher.user.uid,
      id_to_type: 2,
      id_to: student.user.uid,
      message: 'Through the pooler',
    };
    const { payload, contentType } = multipartPayload(Object.entries(fields).map(([name, value]) => ({ name, content: String(value) })));
    const sent = await app.inject({ method: 'POST', url: '/api/chat/insert.json', payload, headers: { ...teacher.headers, 'content-type': contentType } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(JSON.stringify((await delivered).data)).toContain('Through the pooler');

    const replies = await burst(teacher, student);
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
    // A named raw statement (rowsOf with a name) on many pool connections at once.
    const rows = await Promise.all(Array.from({ length: 20 }, (_, i) => rowsOf<{ n: number }>(database.db, sql`select ${i}::int as n`, 'pooler_probe')));
    expect(rows.map(([r]) => r.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('without DATABASE_POOLER=transaction, the named statements fail behind the same pooler', async (ctx) => {
    if (!bouncer) ctx.skip(PGBOUNCER_MISSING);
    const database = await throughPooler('none');
    // More clients than PgBouncer has server connections, each preparing the same name: at least
    // one prepares it where another already did.
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => rowsOf(database.db, sql`select ${i}::int as n`, 'pooler_probe')));
    // The driver's error, under the query builder's "Failed query".
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [String(((r.reason as Error).cause as Error | undefined)?.message ?? r.reason)] : []));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/prepared statement "pooler_probe" (already exists|does not exist)/);
  });
});
