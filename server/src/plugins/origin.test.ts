/** Cross-site writes (README, Design, "Sessions and security"): state-changing /api requests from another origin are refused, JSON and multipart alike. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appOn, multipartPayload } from '../test/helpers';
import { rawExchange, rawRequest } from '../test/raw-http';
import { useTestApp } from '../test/fixture';

const PUBLIC_URL = 'https://lms.example.kg';

const fx = useTestApp({ env: { PUBLIC_URL }, signIn: ['teacher'] });

const newsCount = async () =>
  Number(((await fx.db.database.db.execute(sql`select count(*)::int as n from news`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n);

function postNews(headers: Record<string, string>) {
  const { payload, contentType } = multipartPayload([
    { name: 'message', content: 'Posted by another page' },
    { name: 'audience', content: '0' },
    { name: 'faculty', content: '-1' },
  ]);
  return fx.app.inject({ method: 'POST', url: '/api/news/insert.json', payload, headers: { ...fx.teacher.headers, ...headers, 'content-type': contentType } });
}

/** The demo teacher's JSON sign-in with these headers. */
function signInWith(headers: Record<string, string>) {
  const payload = JSON.stringify({ login: 'teacher', password: 'Teacher2026' });
  return fx.app.inject({ method: 'POST', url: '/api/auth/orize.json', payload, headers: { ...headers, 'content-type': 'application/json' } });
}

describe('I4: cross-site writes', () => {
  it('refuses a multipart form from a sibling origin (another port) with 403 and a translated envelope; nothing is stored', async () => {
    const before = await newsCount();
    for (const origin of ['http://localhost:9999', 'https://evil.example.kg', 'https://lms.example.kg.evil.test', 'null']) {
      const res = await postNews({ origin, host: 'localhost:8080', 'accept-language': 'en' });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ result: true, error: { code: 'CROSS_SITE', message: expect.stringContaining('another site') }, data: null });
      expect(res.headers['content-security-policy']).toBeTruthy();
    }
    expect(await newsCount()).toBe(before);
  });

  it('refuses JSON writes by Origin, and by Sec-Fetch-Site when Origin is absent', async () => {
    const crossSite: Array<Record<string, string>> = [
      { origin: 'http://127.0.0.1:5000' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const res = await signInWith(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('CROSS_SITE');
      expect(res.json().error.message).toBe('Запрос отправлен с другого сайта и отклонён. Откройте портал по его адресу');
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await fx.app.inject({ method, url: '/api/news/delete.json', headers: { origin: 'http://localhost:9999' } });
      expect(res.statusCode).toBe(403);
    }
  });

  it("accepts the portal's own origin (PUBLIC_URL, or the address the request was sent to) and requests without either header", async () => {
    const cases: Array<Record<string, string>> = [
      { origin: PUBLIC_URL },
      { origin: 'https://lms.example.kg:443' },
      { origin: 'http://localhost:8080', host: 'localhost:8080' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of cases) {
      const res = await signInWith(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
    const before = await newsCount();
    const own = await postNews({ origin: 'http://localhost:8080', host: 'localhost:8080' });
    expect(own.statusCode).toBe(200);
    expect(await newsCount()).toBe(before + 1);
  });

  it('applies to what the router routes, whatever the spelling of the path (percent-encoded letters, doubled slashes, dot segments, absolute form)', async () => {
    const other = await appOn(fx.db, { env: { PUBLIC_URL } });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const port = (other.server.address() as { port: number }).port;
      const own = `http://127.0.0.1:${port}`;
      const spellings = [
        '/%61pi/news/insert.json',
        '/%61%70%69/%6E%65%77%73/insert%2Ejson',
        '/api/news/%69nsert.json',
        '//api/news/insert.json',
        '/api//news/insert.json',
        '/api/news//insert.json',
        '/./api/news/insert.json',
        '/x/../api/news/insert.json',
        '/api/./news/insert.json',
        '/api/x/../news/insert.json',
        '/%2E/api/news/insert.json',
        '/lms/%2E%2E/api/news/insert.json',
        `${own}/api/news/insert.json`,
        `${own}/%61pi/news/insert.json`,
        'http://another.example/api/news/insert.json',
        '/api/news/insert.json?x=1',
        '/api/news/insert.json#x',
      ];
      const send = async (target: string, origin: string) => {
        const { payload, contentType } = multipartPayload([
          { name: 'message', content: `Spelling ${target}` },
          { name: 'audience', content: '0' },
          { name: 'faculty', content: '-1' },
        ]);
        const headers = {
          host: `127.0.0.1:${port}`,
          origin,
          cookie: fx.teacher.headers.cookie,
          'content-type': contentType,
          'accept-language': 'en',
          connection: 'close',
        };
        return (await rawExchange(port, rawRequest('POST', target, headers, payload)))[0];
      };
      let routed = 0;
      for (const target of spellings) {
        // From the portal's own origin: whatever the router makes of the spelling.
        const before = await newsCount();
        const mine = await send(target, own);
        if (mine.status === 200) routed += 1;
        expect(await newsCount(), target).toBe(before + (mine.status === 200 ? 1 : 0));
        // From a sibling origin: never stored, 403 wherever the router finds the route.
        const res = await send(target, `http://127.0.0.1:${port + 1}`);
        if (mine.status === 200) expect(res.status, target).toBe(403);
        else expect([400, 403, 404], target).toContain(res.status);
        expect(JSON.parse(res.body), target).toMatchObject({
          result: true,
          error: { code: res.status === 403 ? 'CROSS_SITE' : expect.any(String) },
          data: null,
        });
        expect(res.headers['content-security-policy'], target).toBeTruthy();
        expect(await newsCount(), target).toBe(before + (mine.status === 200 ? 1 : 0));
      }
      // The router does find the route through several of these spellings.
      expect(routed).toBeGreaterThanOrEqual(3);
    } finally {
      await other.close();
    }
  });

  it('leaves reads and pages alone', async () => {
    const res = await fx.app.inject({ url: '/api/health', headers: { origin: 'http://localhost:9999' } });
    expect(res.statusCode).toBe(200);
    const opts = await fx.app.inject({ method: 'POST', url: '/lms/login', headers: { origin: 'http://localhost:9999' } });
    expect(opts.statusCode).not.toBe(403);
  });
});
