/**
 * Z6: the secrets some addresses carry never reach the log at the default level, whatever the
 * spelling of the address: they are masked by the route the request reached (`config.logSecrets`),
 * not by the raw text of its URL. Requests go over a real connection, exactly as written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, rawRequest } from './test/raw-http';
import { useTestApp } from './test/fixture';
import { REQUEST_LINE, terminalLine } from './logging';

let port: number;
const lines: string[] = [];

const fx = useTestApp({
  env: { LOG_LEVEL: 'info', PAYMENT_PROVIDER: 'sandbox' },
  logStream: { write: (line) => void lines.push(line), flushSync: () => {} },
  signIn: [],
});
beforeAll(async () => {
  await fx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (fx.app.server.address() as { port: number }).port;
});

/** The URL the log's line of the request (REQUEST_LINE) shows for a request sent as `target`. */
async function logged(target: string): Promise<string> {
  const before = lines.length;
  const [res] = await rawExchange(port, rawRequest('GET', target, { host: `127.0.0.1:${port}` }));
  expect(res.status, target).toBeGreaterThanOrEqual(200);
  const entry = lines
    .slice(before)
    .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
    .find((l) => l.msg === REQUEST_LINE);
  expect(entry, target).toBeDefined();
  return entry!.req!.url;
}

const SECRET = 'Zq7SecretToken0123456789abcdefXY';

describe('secrets in addresses stay out of the log', () => {
  it.each([
    ['a transcript verification link', `/api/misc/transcript/verify.html?t=${SECRET}`, '/api/misc/transcript/verify.html?t=…'],
    ['a grading sheet verification link', `/api/gradingsheet/verify.html?t=${SECRET}`, '/api/gradingsheet/verify.html?t=…'],
    ['a single-window verification link', `/api/singlewindow/verify?token=${SECRET}`, '/api/singlewindow/verify?token=…'],
    ['the sandbox payment page', `/api/misc/sandbox/pay.html?id=${SECRET}`, '/api/misc/sandbox/pay.html?id=…'],
    ['the public card', `/api/misc/getstudentqrinfo?lang=en&data=${SECRET}`, '/api/misc/getstudentqrinfo?lang=en&data=…'],
    ["the public card, a letter of the parameter's name percent-encoded", `/api/misc/getstudentqrinfo?d%61ta=${SECRET}`, '/api/misc/getstudentqrinfo?d%61ta=…'],
    ["the card's page", `/lms/studentqr?d%61ta=${SECRET}`, '/lms/studentqr?d%61ta=…'],
    ['a calendar feed', `/api/schedule/calendar/${SECRET}`, '/api/schedule/calendar/…'],
    ['a calendar feed, a letter of the path percent-encoded', `/api/schedule/%63alendar/${SECRET}`, '/api/schedule/calendar/…'],
  ])('%s', async (_what, target, shown) => {
    const url = await logged(target);
    expect(url).toBe(shown);
    expect(lines.join('')).not.toContain(SECRET);
  });

  it('other addresses are logged as they came', async () => {
    expect(await logged('/api/google/check.json?probe=1')).toBe('/api/google/check.json?probe=1');
    expect(await logged('/api/misc/getstudentqrinfo?lang=en&dat=1')).toBe('/api/misc/getstudentqrinfo?lang=en&dat=1');
  });
});

interface Line {
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  ms?: number;
}
const parsed = (from: number) => lines.slice(from).map((line) => JSON.parse(line) as Line);

describe('one line per request, with its id', () => {
  it('writes one line when a request is answered, with its status and time, and returns its id', async () => {
    const before = lines.length;
    const res = await fx.app.inject({ method: 'GET', url: '/api/google/check.json' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = parsed(before).filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual([REQUEST_LINE]);
    expect(mine[0]).toMatchObject({ req: { method: 'GET', url: '/api/google/check.json' }, res: { statusCode: 200 } });
    expect(mine[0]!.ms).toBeGreaterThanOrEqual(0);
  });

  it("a balancer's successful checks, every second or so, are not logged at info", async () => {
    const before = lines.length;
    const ids: string[] = [];
    for (const url of ['/api/health', '/api/ready']) {
      const res = await fx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      ids.push(String(res.headers['x-request-id']));
    }
    expect(parsed(before).filter((l) => ids.includes(l.reqId ?? ''))).toEqual([]);
  });

  it('keeps the id a proxy sent, and replaces one that is not a plain token', async () => {
    const kept = await fx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42_x' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42_x');
    for (const sent of ['two words', 'x'.repeat(65), 'a\nforged: line']) {
      const res = await fx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id']).not.toBe(sent);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('the log at a terminal (LOG_FORMAT=pretty)', () => {
  const time = Date.UTC(2026, 11, 1, 8, 30, 5);
  const json = (entry: Record<string, unknown>) => JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', ...entry });

  it('leaves out the requests the server answered, and shows one it failed', () => {
    expect(terminalLine(json({ msg: REQUEST_LINE, reqId: 'r1', req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } }))).toBeNull();
    expect(terminalLine(json({ msg: REQUEST_LINE, req: { method: 'POST', url: '/x' }, res: { statusCode: 401 } }))).toBeNull();
    const failed = terminalLine(json({ msg: REQUEST_LINE, reqId: 'r2', req: { method: 'POST', url: '/api/x.json' }, res: { statusCode: 500 }, ms: 12 }));
    expect(failed).toMatch(/^\d\d:\d\d:\d\d ERROR request 500 POST \/api\/x\.json ms=12 reqId=r2$/);
  });

  it('writes other lines readably, with their fields and the error', () => {
    const line = terminalLine(json({ level: 40, msg: 'reply cache: off', err: { message: 'no listen', stack: 'Error: no listen' }, db: 'pglite' }));
    expect(line).toMatch(/^\d\d:\d\d:\d\d WARN reply cache: off — no listen db=pglite$/);
    expect(line).not.toContain('hostname');
    expect(terminalLine('not json\n')).toBe('not json');
  });
});
