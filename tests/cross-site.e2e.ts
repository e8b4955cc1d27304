/**
 * Cross-site writes in Chromium (README, Design, "Sessions and security"): a page on another port of the same host is
 * same-site for the browser, so the SameSite=Lax session cookie goes along with its requests. A form
 * (multipart) it submits and a fetch it sends to the portal are both refused with 403, and nothing
 * is stored, whatever the spelling of the path.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { TEACHER } from './support/accounts';
import { setupE2E, signIn } from './support/e2e';
import { freePort } from './support/server';
import { openNews } from './support/news';

const e2e = setupE2E();

let sibling: http.Server;
let siblingOrigin: string;

/** The other page: on load it fetches, then submits a form, both to the portal's news endpoint. */
function attackPage(portal: string, stamp: string, path = '/api/news/insert.json'): string {
  const action = `${portal}${path}`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>sibling</title></head><body>
<form id="f" method="post" enctype="multipart/form-data" action="${action}">
  <input name="message" value="Form from a sibling origin ${stamp}"><input name="audience" value="0"><input name="faculty" value="-1">
  <input name="pinned" value="true">
</form>
<script>
  const fd = new FormData();
  fd.append('message', 'Fetch from a sibling origin ${stamp}');
  fd.append('audience', '0');
  fd.append('faculty', '-1');
  fetch(${JSON.stringify(action)}, { method: 'POST', body: fd, credentials: 'include', mode: 'no-cors' })
    .catch(() => null)
    .then(() => document.getElementById('f').submit());
</script></body></html>`;
}

let currentPage = '';

beforeAll(async () => {
  const port = await freePort();
  siblingOrigin = `http://127.0.0.1:${port}`;
  sibling = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(currentPage);
  });
  await new Promise<void>((resolve) => sibling.listen(port, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => sibling.close(() => resolve()));
});

/** Opens the sibling page as the signed-in teacher; resolves with the statuses of its two posts and the form's reply. */
async function attack(path: string, stamp: string) {
  currentPage = attackPage(e2e.server.origin, stamp, path);
  const page = await e2e.page();
  await signIn(page, TEACHER);

  // Both requests reach the portal (the SameSite=Lax session cookie goes to a same-site origin);
  // the fetch's refusal is opaque to the page, the form's is shown.
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/news/insert.json') && r.method() === 'POST') sent.push(r);
  });
  await page.goto(`${siblingOrigin}/`);
  await expect.poll(() => page.url(), { timeout: 15000 }).toBe(`${e2e.server.origin}${path}`);
  expect(sent.length).toBe(2);
  const statuses = await Promise.all(sent.map(async (r) => (await r.response())?.status() ?? null));
  const body = JSON.parse(await page.locator('body').innerText()) as { result: unknown; error: { code: string; message: string } };
  return { page, statuses, body };
}

describe('cross-site writes', () => {
  it('a page on another port of 127.0.0.1 cannot post news as the signed-in teacher, by form or by fetch', async () => {
    const stamp = String(Date.now());
    const { page, statuses, body } = await attack('/api/news/insert.json', stamp);
    // The fetch's answer is blocked from the page (Cross-Origin-Resource-Policy), the form's is 403.
    expect(statuses[1]).toBe(403);
    expect([403, null]).toContain(statuses[0]);
    expect(body).toMatchObject({ result: true, error: { code: 'CROSS_SITE' }, data: null });
    expect(body.error.message).toBe('Запрос отправлен с другого сайта и отклонён. Откройте портал по его адресу');

    // Nothing was stored: the teacher's own feed has neither post.
    await page.goto('/lms');
    await openNews(page);
    expect(await page.getByTestId('news-item').filter({ hasText: stamp }).count()).toBe(0);
  });

  it('nor through another spelling of the path (/%61pi/, which the router reads as /api/)', async () => {
    const stamp = `spelt-${Date.now()}`;
    const { page, statuses, body } = await attack('/%61pi/news/insert.json', stamp);
    expect(statuses[1]).toBe(403);
    expect([403, null]).toContain(statuses[0]);
    expect(body).toMatchObject({ result: true, error: { code: 'CROSS_SITE' }, data: null });

    await page.goto('/lms');
    await openNews(page);
    expect(await page.getByTestId('news-item').filter({ hasText: stamp }).count()).toBe(0);
  });
});
