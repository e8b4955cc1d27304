/**
 * Z6: the secrets some addresses carry never reach the log at the default level, whatever the
 * spelling of the address: they are masked by the route the request reached (`config.logSecrets`),
 * not by the raw text of its URL. Requests go over a real connection, exactly as written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, rawRequest } from './test/raw-http';
import { useTestApp } from './test/fixture';

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

/** The URL the log's "incoming request" line shows for a request sent as `target`. */
async function logged(target: string): Promise<string> {
  const before = lines.length;
  const [res] = await rawExchange(port, rawRequest('GET', target, { host: `127.0.0.1:${port}` }));
  expect(res.status, target).toBeGreaterThanOrEqual(200);
  const entry = lines
    .slice(before)
    .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
    .find((l) => l.msg === 'incoming request');
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
    expect(await logged('/api/health?probe=1')).toBe('/api/health?probe=1');
    expect(await logged('/api/misc/getstudentqrinfo?lang=en&dat=1')).toBe('/api/misc/getstudentqrinfo?lang=en&dat=1');
  });
});
