/** Creates go with an Idempotency-Key: one per action, the same one when a lost reply's action is sent again. */
import { describe, expect, it, vi } from 'vitest';
import { post } from './http';
import { fail, http, HttpResponse, ok, server } from '../test/server';

vi.mock('@lib/notify', () => ({ notify: vi.fn() }));

/** A create as an area's API makes one (the news area's insert). */
const newsApi = { insert: (f: FormData) => post('api/news/insert.json', f, { session: true, idempotent: true }) };

function form(message: string): FormData {
  const f = new FormData();
  f.append('message', message);
  f.append('audience', '0');
  f.append('files', new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf', lastModified: 1 }));
  return f;
}

/** Answers insert.json with the given replies in turn, recording each request's key. */
function answering(...replies: Array<() => Response>) {
  const keys: Array<string | null> = [];
  server.use(
    http.post('/api/news/insert.json', ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      return (replies[keys.length - 1] ?? replies.at(-1)!)();
    }),
  );
  return keys;
}

describe('Idempotency-Key of creates', () => {
  it('a lost reply (dropped connection, 503, 409) keeps the key for the same content; success lets it go', async () => {
    const keys = answering(
      () => HttpResponse.error(),
      () => fail(503, 'SERVICE_UNAVAILABLE'),
      () => fail(409, 'REQUEST_IN_PROGRESS'),
      () => ok({ id: 1 }),
    );
    for (let i = 0; i < 4; i++) await newsApi.insert(form('Экзамен жылдырылды'));
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{16,255}$/);
    expect(new Set(keys).size).toBe(1);
    // The action succeeded: the same content sent again is a new action.
    await newsApi.insert(form('Экзамен жылдырылды'));
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('another content is another action, and a refusal (4xx) settles the action', async () => {
    const keys = answering(
      () => fail(400, 'BAD_REQUEST'),
      () => fail(400, 'BAD_REQUEST'),
    );
    await newsApi.insert(form('Биринчи'));
    await newsApi.insert(form('Экинчи'));
    await newsApi.insert(form('Биринчи'));
    expect(new Set(keys).size).toBe(3);
  });
});
