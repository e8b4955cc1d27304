/** Graceful shutdown (R5): in-flight requests finish, new ones get 503, the server closes within the grace period. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/helpers';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

/** An app with a slow route that waits for `release`, listening on a random port. */
async function slowApp() {
  const app: App = await buildApp({ config: testConfig(), database: db.database, distDir: '/nonexistent' });
  let entered!: () => void;
  let release!: () => void;
  const started = new Promise<void>((r) => (entered = r));
  const gate = new Promise<void>((r) => (release = r));
  app.get('/api/test/slow', { config: { public: true } }, async () => {
    entered();
    await gate;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base, started, release };
}

describe('shutdown', () => {
  it('lets the request in flight finish, answers new ones 503, then closes', async () => {
    const { app, base, started, release } = await slowApp();
    const slow = fetch(`${base}/api/test/slow`);
    await started;
    expect(app.inFlight).toBe(1);

    const closing = app.shutdown(5000);
    const fresh = await fetch(`${base}/api/health`);
    expect(fresh.status).toBe(503);
    expect(fresh.headers.get('retry-after')).toBe('5');
    expect(await fresh.json()).toMatchObject({ result: true, error: { code: 'SERVICE_UNAVAILABLE' }, data: null });

    release();
    const done = await slow;
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });

  it('closes within the grace period even when a request never ends', async () => {
    const { app, base, started, release } = await slowApp();
    const slow = fetch(`${base}/api/test/slow`).catch((e: unknown) => e);
    await started;
    // The request never ends (its gate opens only afterwards): shutdown returns only because the
    // grace period ran out, or this test would time out.
    await app.shutdown(300);
    expect(await slow).toBeInstanceOf(Error);
    release();
  });

  it('drains first: /api/ready answers 503 while every other request is still served, then it stops as before', async () => {
    const { app, base, started, release } = await slowApp();
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    // A drain far longer than the test's time-out: it ends only because the second call below ends it.
    const stopped = app.shutdown(5000, 3_600_000);
    expect(app.draining).toBe(true);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: unknown }).error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', params: { state: 'draining' } });
    const slow = fetch(`${base}/api/test/slow`);
    await started;
    release();
    expect((await slow).status).toBe(200);
    // An immediate stop (an operator's second request) ends the drain; the server then closes.
    await app.shutdown(5000);
    await expect(fetch(`${base}/api/ready`)).rejects.toThrow();
    await stopped;
  });

  it('closes at once when idle', async () => {
    const { app } = await slowApp();
    // A grace period far longer than the test's time-out: returning at all means it was not waited for.
    await app.shutdown(3_600_000);
  });
});
