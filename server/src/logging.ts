/**
 * Where the server's log lines go: standard output, written without blocking the event loop.
 *
 * On Linux a write to a pipe (how a supervisor or container collects logs) is synchronous: each
 * request's log lines would hold the event loop until the reader takes them. Lines are therefore
 * gathered and written in the background (one write at a time, through libuv's thread pool), and
 * whatever is still pending is written synchronously when the process exits, so nothing is lost.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

export interface LogStream {
  write(line: string): void;
  /** Writes whatever is pending, synchronously. */
  flushSync(): void;
}

export function asyncLogStream(fd = 1): LogStream {
  let pending: string[] = [];
  let writing = false;

  const flushSync = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    try {
      fs.writeSync(fd, text);
    } catch {
      // standard output closed: nothing to do
    }
  };

  const next = () => {
    if (pending.length === 0) {
      writing = false;
      return;
    }
    writing = true;
    const chunk = Buffer.from(pending.join(''));
    pending = [];
    const write = (offset: number) =>
      fs.write(fd, chunk, offset, chunk.length - offset, null, (err, written) => {
        if (err) {
          // EAGAIN on a non-blocking descriptor: try again; anything else drops the chunk.
          if ((err as NodeJS.ErrnoException).code === 'EAGAIN') setImmediate(() => write(offset));
          else next();
          return;
        }
        if (offset + written < chunk.length) write(offset + written);
        else next();
      });
    write(0);
  };

  process.on('exit', flushSync);
  return {
    write(line) {
      pending.push(line);
      if (!writing) {
        writing = true;
        setImmediate(next);
      }
    },
    flushSync,
  };
}

let shared: LogStream | null = null;

/** The process's one log stream on standard output. */
export function stdoutLogStream(): LogStream {
  shared ??= asyncLogStream(1);
  return shared;
}

/** What a route's address carries that the log must not show: query parameters and path parameters, by name. */
export interface LogSecrets {
  query?: readonly string[];
  params?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Parts of the route's address written to the log as '…' (logging.ts). */
    logSecrets?: LogSecrets;
  }
}

/** The client's pages (outside /api): the public card's page /lms/studentqr carries the card's token as `?data=`. */
const PAGE_SECRETS: LogSecrets = { query: ['data'] };

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The route a request reached, as the log serializer sees it (a FastifyRequest). */
export interface RoutedRequest {
  url: string;
  routeOptions?: { url?: string; config?: { logSecrets?: LogSecrets } };
  params?: unknown;
}

/**
 * A request's URL as the log shows it: the secrets its route declares (`config.logSecrets`) replaced
 * by '…', whatever the spelling that reached the route (a percent-encoded letter in a parameter's
 * name or in the path, as the router decodes both). With a secret path parameter the route's own
 * pattern is logged, its other parameters filled in. Whoever reads the log must not be able to open
 * a public card, a calendar feed, a document's verification page or a payment page with it.
 */
export function loggableUrl(req: RoutedRequest): string {
  const route = req.routeOptions?.url;
  const secrets = route === undefined || !route.startsWith('/api/') ? PAGE_SECRETS : (req.routeOptions?.config?.logSecrets ?? {});
  const at = req.url.indexOf('?');
  let pathname = at < 0 ? req.url : req.url.slice(0, at);
  const query = at < 0 ? null : req.url.slice(at + 1);
  if (route !== undefined && secrets.params?.length) {
    const params = (req.params ?? {}) as Record<string, unknown>;
    pathname = route.replace(/:(\w+)/g, (_m, name: string) => (secrets.params!.includes(name) ? '…' : encodeURIComponent(String(params[name] ?? ''))));
  }
  if (query === null) return pathname;
  const hidden = new Set(secrets.query ?? []);
  const masked = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      return hidden.has(decoded(key)) ? `${key}=…` : pair;
    })
    .join('&');
  return `${pathname}?${masked}`;
}

/** The request as each log line shows it: Fastify's default fields, with the URL made loggable. */
export function requestSerializer(req: RoutedRequest & { method: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: loggableUrl(req), host: req.hostname, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/**
 * A request's id: the one a load balancer or proxy sent (`X-Request-Id`, letters, digits, `.`, `_`,
 * `-`, at most 64), else a new one. Every log line of the request carries it (`reqId`) and the reply
 * returns it in `X-Request-Id`, so that a user's report or a balancer's log leads to the server's lines.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** How the log is written: JSON lines for a collector, or readable lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** The message of the one line each request writes when it is answered (app.ts). */
export const REQUEST_LINE = 'request';
const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * A JSON log line as a person at a terminal reads it: time, level, message and what goes with it, on
 * one line; null for a request answered without a server failure (a sign-in and the home page are
 * a hundred requests; warnings and failures have lines of their own).
 */
export function terminalLine(json: string): string | null {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd() || null;
  }
  const { level, time, msg, pid: _pid, hostname: _host, reqId, req, res, err, ...rest } = entry as Record<string, unknown> & { level?: number };
  const status = (res as { statusCode?: number } | undefined)?.statusCode;
  if (msg === REQUEST_LINE && (status ?? 0) < 500) return null;
  const clock = new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);
  // A request the server failed is written at info (its error has a line of its own): shown as the error it is.
  const label = msg === REQUEST_LINE ? 'ERROR' : (LEVELS[level ?? 30] ?? String(level));
  const parts = [clock, label, String(msg ?? '')];
  if (msg === REQUEST_LINE) parts.push(`${status} ${(req as { method?: string })?.method ?? ''} ${(req as { url?: string })?.url ?? ''}`);
  const error = err as { message?: string; stack?: string } | undefined;
  if (error?.message) parts.push(`— ${error.message}`);
  const extra = Object.entries(rest).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  if (reqId) extra.push(`reqId=${String(reqId)}`);
  return [...parts, ...extra].join(' ');
}

/** The checks of load balancers and monitors. */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * Each request's id returned in `X-Request-Id`, and one log line when it is answered: its method, its
 * address as loggableUrl shows it, its status and its time (ms); a successful check of PROBES at debug.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    // A load balancer's or monitor's successful check, every second or so, would fill the log: at debug.
    if (reply.statusCode < 300 && PROBES.has(req.routeOptions.url ?? '')) {
      req.log.debug({ req, res: { statusCode: reply.statusCode }, ms: Math.round(reply.elapsedTime * 10) / 10 }, REQUEST_LINE);
      return;
    }
    // At info whatever the status: a failure has its own error line (plugins/errors.ts), with the cause.
    req.log.info({ req, res: { statusCode: reply.statusCode }, ms: Math.round(reply.elapsedTime * 10) / 10 }, REQUEST_LINE);
  });
}

/** The log on standard output in the given format: JSON lines as they are, or terminal lines. */
export function outputLogStream(format: LogFormat): LogStream {
  const out = stdoutLogStream();
  if (format === 'json') return out;
  return {
    write(line) {
      const shown = terminalLine(line);
      if (shown !== null) out.write(`${shown}\n`);
    },
    flushSync: () => out.flushSync(),
  };
}
