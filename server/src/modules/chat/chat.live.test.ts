/** The chat's live events over Server-Sent Events, across a shutdown and two server processes, and the count of messages in a database. */
import { count, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { chatMessages } from '../../db/schema';
import { appOn } from '../../test/helpers';
import {
  sql_,
  fx,
  clock,
  LIMIT_MB,
  type Person,
  teacher,
  student,
  classmate,
  outsider,
  demoGroup,
  web,
  PDF,
  sessionOf,
  pair,
  groupOf,
  send,
  sendText,
  useChatTest,
  post,
} from './chat.fixture';

useChatTest();

interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * Opens GET /api/chat/events.json on a listening server and collects its events. `until` waits
 * for a condition on what has arrived: it is checked again each time the stream delivers
 * something (an event, a comment, its end), never on a clock; the test's time-out bounds it.
 */
async function openStream(base: string, who: Person) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/chat/events.json`, { headers: who.headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  let waiters: Array<() => void> = [];
  const changed = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
        }
        changed();
      }
    } catch {
      // aborted
    }
    ended = true;
    changed();
  })();
  const until = async <T>(check: () => T | undefined | false): Promise<T> => {
    for (;;) {
      const result = check();
      if (result) return result;
      if (ended) throw new Error(`the stream ended first; got ${JSON.stringify(events)}`);
      await new Promise<void>((wake) => waiters.push(wake));
    }
  };
  return {
    res,
    events,
    comments,
    until,
    waitFor: (predicate: (e: SseEvent) => boolean): Promise<SseEvent> => until(() => events.find(predicate)),
    ended: () => (ended ? true : until(() => ended)),
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

/**
 * Publishes a marker (a `resync`) to `userId` through the live bus, after everything published
 * before it, and waits for it on `stream`. Streams deliver in order, so an event published before
 * the marker would have arrived by then: a round trip that proves there was none.
 */
async function throughMarker(target: App, userId: number, stream: Awaited<ReturnType<typeof openStream>>): Promise<void> {
  const before = stream.events.filter((e) => e.event === 'resync').length;
  await target.ctx.live.publish(sql_, 'chat.counts', [userId], null);
  await stream.until(() => stream.events.filter((e) => e.event === 'resync').length > before);
}

async function listening(target: App): Promise<string> {
  await target.listen({ port: 0, host: '127.0.0.1' });
  const address = target.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('live events (Server-Sent Events)', () => {
  let live: App;
  let base: string;

  beforeAll(async () => {
    live = await appOn(fx.db, { now: clock.now, env: { DATA_DIR: fx.dataDir } });
    live.ctx.live.heartbeatMs = 100;
    base = await listening(live);
  });
  afterAll(async () => {
    await live.close();
  });

  it('the stream opens with the counts, security headers and a heartbeat', async () => {
    const stream = await openStream(base, teacher);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('cache-control')).toBe('no-store');
    expect(stream.res.headers.get('x-content-type-options')).toBe('nosniff');
    const counts = await stream.waitFor((e) => e.event === 'counts');
    expect(counts.data).toMatchObject({ total: expect.any(Number), contacts: expect.any(Array), groups: expect.any(Array) });
    await stream.until(() => stream.comments.includes('ping'));
    await stream.close();
  });

  it('a new message reaches the recipient (ismine false) and the sender’s other tab (ismine true), not a third person', async () => {
    const [toTeacher, toStudent, toClassmate] = await Promise.all([openStream(base, teacher), openStream(base, student), openStream(base, classmate)]);
    await Promise.all([toTeacher, toStudent, toClassmate].map((s) => s.waitFor((e) => e.event === 'counts')));
    const bell = async () => (await live.inject({ url: '/api/notifications/count.json', headers: teacher.headers })).json().data.unread as number;
    const rung = await bell();
    const sent = (await sendText(student, teacher, 'Живое сообщение')).json().data;
    const got = await toTeacher.waitFor((e) => e.event === 'message');
    expect(got.data).toEqual({ conversation: { kind: 'private', id_type: 2, idid: student.uid }, message: { ...sent, ismine: false } });
    // A message is counted once, by the chat's own unread count: the bell does not count it again.
    expect(await bell()).toBe(rung);
    expect(toTeacher.events.filter((e) => e.event === 'notification')).toEqual([]);
    const own = await toStudent.waitFor((e) => e.event === 'message');
    expect(own.data).toEqual({ conversation: { kind: 'private', id_type: 1, idid: teacher.uid }, message: sent });

    // Reading on one device tells the other devices the new counts, and the sender that it was read.
    const counted = toTeacher.events.filter((e) => e.event === 'counts').length;
    await post('read.json', teacher, { id_message: sent.id_message });
    await toTeacher.until(() => toTeacher.events.filter((e) => e.event === 'counts').length >= counted + 1);
    expect(toTeacher.events.filter((e) => e.event === 'counts')).toHaveLength(counted + 1);
    expect((await toStudent.waitFor((e) => e.event === 'read')).data).toEqual({
      conversation: { kind: 'private', id_type: 1, idid: teacher.uid },
      ids: [sent.id_message],
    });
    const second = (await sendText(student, teacher, 'Ещё одно')).json().data;
    await post('readall.json', teacher, pair(teacher, student));
    const upTo = await toStudent.waitFor((e) => e.event === 'read' && (e.data as { upTo?: number }).upTo !== undefined);
    expect(upTo.data).toEqual({ conversation: { kind: 'private', id_type: 1, idid: teacher.uid }, upTo: second.id_message });
    expect(toTeacher.events.filter((e) => e.event === 'read')).toEqual([]);

    // Deleting tells both.
    await post('deletemessage.json', student, { id_message: sent.id_message, uid: student.uid });
    expect((await toTeacher.waitFor((e) => e.event === 'deleted')).data).toEqual({
      conversation: { kind: 'private', id_type: 2, idid: student.uid },
      id_message: sent.id_message,
    });
    await toStudent.waitFor((e) => e.event === 'deleted');

    // The opening counts (chat, notifications) only.
    expect(toClassmate.events.filter((e) => e.event !== 'counts' && e.event !== 'notificationCount')).toEqual([]);
    await Promise.all([toTeacher.close(), toStudent.close(), toClassmate.close()]);
  });

  it('a group chat message reaches the group and its teacher', async () => {
    const [toTeacher, toClassmate, toOutsider] = await Promise.all([openStream(base, teacher), openStream(base, classmate), openStream(base, outsider)]);
    await Promise.all([toTeacher, toClassmate, toOutsider].map((s) => s.waitFor((e) => e.event === 'counts')));
    await send(student, { ...groupOf(student), message: 'Кто идёт на консультацию?' });
    for (const s of [toTeacher, toClassmate])
      expect((await s.waitFor((e) => e.event === 'message')).data).toMatchObject({
        conversation: { kind: 'group', gr_potok: demoGroup, id_discipline: web },
        message: { message: 'Кто идёт на консультацию?', ismine: false },
      });
    await throughMarker(live, outsider.userId, toOutsider);
    expect(toOutsider.events.filter((e) => e.event === 'message')).toEqual([]);
    await Promise.all([toTeacher.close(), toClassmate.close(), toOutsider.close()]);
  });

  it('a rolled-back send sends no event', async () => {
    const stream = await openStream(base, teacher);
    await stream.waitFor((e) => e.event === 'counts');
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT_MB * 1024 * 1024 + 10, 0x20)]);
    expect((await send(student, { ...pair(student, teacher), message: 'x' }, { filename: 'big.pdf', content: big })).statusCode).toBe(413);
    await throughMarker(live, teacher.userId, stream);
    expect(stream.events.filter((e) => e.event === 'message')).toEqual([]);
    await stream.close();
  });

  it('the stream ends when the session is revoked', async () => {
    const other = await sessionOf(student.userId);
    live.ctx.live.sessionCheckMs = 50;
    const stream = await openStream(base, other);
    await stream.waitFor((e) => e.event === 'counts');
    await fx.app.inject({ method: 'POST', url: '/api/auth/logout.json', payload: {}, headers: other.headers });
    await stream.ended();
    expect(stream.events.at(-1)?.event).toBe('end');
    live.ctx.live.sessionCheckMs = 60_000;
  });
});

describe('shutdown with open streams', () => {
  it('ends the streams at once instead of waiting for the grace period', async () => {
    const other = await appOn(fx.db, { now: clock.now, env: { DATA_DIR: fx.dataDir } });
    const base = await listening(other);
    const stream = await openStream(base, teacher);
    await stream.waitFor((e) => e.event === 'counts');
    expect(other.ctx.live.openStreams).toBe(1);
    // A grace period far longer than the test's time-out: returning at all means the open stream
    // was ended rather than waited for.
    await other.shutdown(3_600_000);
    await stream.ended();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  it('a message posted through one server reaches a stream opened on the other', async () => {
    // Two apps with their own pools and LISTEN connections, like two processes behind a load balancer.
    const { openDatabase } = await import('../../db/client');
    const second = await openDatabase(fx.db.target);
    const a = await appOn(fx.db, { now: clock.now, env: { DATA_DIR: fx.dataDir } });
    const b = await appOn({ ...fx.db, database: second }, { now: clock.now, env: { DATA_DIR: fx.dataDir } });
    const [baseA, baseB] = [await listening(a), await listening(b)];
    try {
      const onB = await openStream(baseB, teacher);
      await onB.waitFor((e) => e.event === 'counts');
      const res = await fetch(`${baseA}/api/chat/insert.json`, {
        method: 'POST',
        headers: student.headers,
        body: (() => {
          const form = new FormData();
          for (const [k, v] of Object.entries({ ...pair(student, teacher), message: 'Через другой сервер' })) form.append(k, String(v));
          return form;
        })(),
      });
      expect(res.status).toBe(200);
      const got = await onB.waitFor((e) => e.event === 'message');
      expect(got.data).toMatchObject({
        conversation: { kind: 'private', id_type: 2, idid: student.uid },
        message: { message: 'Через другой сервер', ismine: false },
      });
      await onB.close();
    } finally {
      await a.close();
      await b.close();
      await second.close();
    }
  });
});

describe('count of messages in a database', () => {
  it('seeded rows are consistent: every message is either one-to-one or in a group chat', async () => {
    const bad = await sql_
      .select({ n: count() })
      .from(chatMessages)
      .where(sql`(${chatMessages.recipientUserId} is null) = (${chatMessages.groupId} is null)`);
    expect(bad[0].n).toBe(0);
    const inGroups = await sql_
      .select({ n: count() })
      .from(chatMessages)
      .where(inArray(chatMessages.groupId, [demoGroup]));
    expect(inGroups[0].n).toBeGreaterThan(5);
  });
});
