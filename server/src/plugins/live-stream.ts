/**
 * The live event stream (see live.ts for the bus): one text/event-stream reply per signed-in user at
 * LIVE_STREAM_PATH, its heartbeat, its end with the session, and the bus wired into the app.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestDeadline } from '../db/client';
import { LIVE_STREAM_PATH, SESSION_ENDED_EVENT, type EventStream, type LiveBus } from './live';
import { SESSION_COOKIE, type SessionStore } from './session';

/** Longest wait between two checks of a stream's session (timers beyond ~24 days overflow anyway). */
const MAX_CHECK_DELAY_MS = 24 * 3_600_000;

/**
 * Turns the reply into an event stream: status 200, text/event-stream, no caching or proxy
 * buffering, the security headers already set on the reply, a heartbeat, and cleanup when the
 * connection ends. The bus tracks it so that a shutdown ends it at once. `release` (the session's
 * place, LiveBus.admit) is given back when it ends.
 */
export function openEventStream(req: FastifyRequest, reply: FastifyReply, bus: LiveBus, release: (() => void) | null = null): EventStream {
  const auth = req.auth;
  reply.hijack();
  const res = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value as string | number | string[];
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  res.socket?.setKeepAlive(true);

  let closed = false;
  const closeHandlers: Array<() => void> = [];
  const heartbeat = setInterval(() => stream.comment('ping'), bus.heartbeatMs);
  heartbeat.unref();

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const fn of closeHandlers.splice(0)) {
      try {
        fn();
      } catch {
        // cleanup must not throw
      }
    }
  };
  const write = (chunk: string) => {
    if (closed || res.writableEnded || res.destroyed) return;
    res.write(chunk);
  };

  const stream: EventStream = {
    send(event, data) {
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      write(`: ${text.replace(/\n/g, ' ')}\n\n`);
    },
    get closed() {
      return closed;
    },
    close() {
      if (!res.writableEnded) res.end();
      finish();
    },
    onClose(fn) {
      if (closed) fn();
      else closeHandlers.push(fn);
    },
  };
  res.on('close', finish);
  res.on('error', finish);
  write(`retry: ${bus.retryMs}\n\n`);
  bus.track(stream);
  if (release) stream.onClose(release);
  const token = req.cookies?.[SESSION_COOKIE];
  // The stream outlives its request: its session checks are not bound by the request's deadline (endWithSession).
  if (auth && token && bus.sessions) endWithSession(stream, bus, bus.sessions, auth.userId, token);
  return stream;
}

/**
 * GET LIVE_STREAM_PATH: the live stream of the session's user (wire format: contract/chat.ts). It
 * needs a session like every /api route, and ends when the session does (openEventStream: idle,
 * expiry, logout, disabled account): the stream itself is no activity. `resync` tells the client to reload what it
 * shows (notifications may have been lost).
 */
export function registerLiveStream(app: FastifyInstance, bus: LiveBus): void {
  app.get(LIVE_STREAM_PATH, async (req, reply) => {
    const auth = req.auth!;
    await bus.ready();
    const stream = openEventStream(req, reply, bus, await bus.admit(auth.sessionId));
    const unsubscribe = bus.subscribe(auth.userId, (e) => {
      const out = bus.toStream(e, auth.userId);
      if (out) stream.send(out.event, out.data);
    });
    const offGap = bus.onGap(() => stream.send('resync', {}));
    stream.onClose(() => {
      unsubscribe();
      offGap();
    });
    try {
      for (const { event, data } of await bus.opening(auth)) stream.send(event, data);
    } catch {
      stream.close();
    }
    return reply;
  });
}

/**
 * Ends the stream (with an `end` event) as soon as its session does: at once when any process
 * revokes a session of the account (logout, password change: SESSION_ENDED_EVENT over the bus), and
 * at the moment the session would expire (absolute lifetime or idle limit; the stream itself is no
 * activity), checking again then in case other requests kept it alive.
 */
function endWithSession(stream: EventStream, bus: LiveBus, sessions: SessionStore, userId: number, token: string): void {
  let timer: NodeJS.Timeout | null = null;
  let checking = false;
  let again = false;
  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, Math.min(ms, MAX_CHECK_DELAY_MS)));
    timer.unref();
  };
  // Whatever asks for a check (a notification, a timer, the opening request), it is no request's work:
  // it runs outside any request's database deadline.
  const check = (): void => requestDeadline.exit(checkNow);
  const checkNow = () => {
    if (stream.closed) return;
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    sessions.liveUntil(token).then(
      (until) => {
        checking = false;
        if (stream.closed) return;
        if (!until) {
          stream.send('end', {});
          stream.close();
          return;
        }
        if (again) {
          again = false;
          check();
          return;
        }
        // A little after the expiry, so that the check sees it expired; never later than the periodic check.
        schedule(Math.min(until.getTime() - bus.now().getTime() + 20, bus.sessionCheckMs));
      },
      () => {
        // The database is away: try again soon (the session may have ended meanwhile).
        checking = false;
        schedule(Math.min(1_000, bus.sessionCheckMs));
      },
    );
  };
  const unsubscribe = bus.subscribe(userId, (e) => {
    if (e.event === SESSION_ENDED_EVENT) check();
  });
  stream.onClose(() => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  });
  check();
}

/** Wires the bus into the app: its logger, and streams ended at shutdown and close. */
export function registerLive(app: FastifyInstance, bus: LiveBus): void {
  bus.log = app.log;
  bus.slots.log = app.log;
  bus.sessions = app.ctx.sessions;
  bus.now = app.ctx.now;
  app.ctx.sessions.onRevoked = (userIds, db) => bus.sessionsEnded(db, userIds);
  app.onShutdown(() => bus.closeStreams());
  // Open streams would keep app.close() waiting: end them first.
  app.addHook('preClose', async () => bus.closeStreams());
  app.addHook('onClose', async () => bus.stop());
}
