import type { ApiResponse } from 'apisauce';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, API_TIMEOUT_MS } from './client';
import { get, onSessionEnded, post, toResult, type Problem } from './http';
import { fail, http, HttpResponse, ok, server } from '../test/server';
import { notify } from '@lib/notify';

vi.mock('@lib/notify', () => ({ notify: vi.fn() }));

function response(over: Partial<ApiResponse<unknown>>): ApiResponse<unknown> {
  return { ok: false, problem: 'UNKNOWN_ERROR', originalError: {} as never, headers: {}, ...over } as ApiResponse<unknown>;
}

describe('toResult (reply classification)', () => {
  it('turns a 2xx envelope with result 0 into success with data and sms', () => {
    const result = toResult(response({ ok: true, problem: null, status: 200, data: { result: 0, error: null, data: [1, 2], sms: 'Сохранено' } }));
    expect(result).toEqual({ ok: true, data: [1, 2], sms: 'Сохранено' });
  });

  it('treats a 2xx reply that says result: true as a refusal (CLIENT_ERROR) and keeps the error', () => {
    const error = { code: 'FORBIDDEN', message: 'no' };
    const result = toResult(response({ ok: true, problem: null, status: 200, data: { result: true, error, data: null } }));
    expect(result).toEqual({ ok: false, problem: 'CLIENT_ERROR', status: 200, error });
  });

  it('treats a 2xx reply that is not an envelope (e.g. an HTML page) as UNKNOWN_ERROR', () => {
    const result = toResult(response({ ok: true, problem: null, status: 200, data: '<html></html>' }));
    expect(result).toMatchObject({ ok: false, problem: 'UNKNOWN_ERROR', status: 200, error: null });
  });

  it.each<[Problem, number | undefined]>([
    ['CLIENT_ERROR', 400],
    ['CLIENT_ERROR', 404],
    ['SERVER_ERROR', 500],
    ['SERVER_ERROR', 503],
    ['TIMEOUT_ERROR', undefined],
    ['CONNECTION_ERROR', undefined],
    ['NETWORK_ERROR', undefined],
    ['CANCEL_ERROR', undefined],
    ['UNKNOWN_ERROR', undefined],
  ])('keeps apisauce problem %s (status %s)', (problem, status) => {
    const result = toResult(response({ problem, status }));
    expect(result).toEqual({ ok: false, problem, status: status ?? null, error: null });
  });

  it('keeps the server error {code, message, params} of a failed reply', () => {
    const error = { code: 'PASSWORD_POLICY', message: 'too short', params: { min: 8 } };
    const result = toResult(response({ problem: 'CLIENT_ERROR', status: 400, data: { result: true, error, data: null } }));
    expect(result).toMatchObject({ ok: false, problem: 'CLIENT_ERROR', status: 400, error });
  });

  it('reads Retry-After (seconds) of a 429', () => {
    const result = toResult(response({ problem: 'CLIENT_ERROR', status: 429, headers: { 'retry-after': '120' } }));
    expect(result).toMatchObject({ ok: false, status: 429, retryAfter: 120 });
  });

  it('classifies by status when the problem is not one it knows', () => {
    expect(toResult(response({ problem: 'WEIRD' as Problem, status: 502 }))).toMatchObject({ problem: 'SERVER_ERROR' });
    expect(toResult(response({ problem: 'WEIRD' as Problem, status: 409 }))).toMatchObject({ problem: 'CLIENT_ERROR' });
    expect(toResult(response({ problem: 'WEIRD' as Problem }))).toMatchObject({ problem: 'UNKNOWN_ERROR' });
  });
});

describe('the API client over HTTP', () => {
  afterEach(() => {
    onSessionEnded(null);
    vi.mocked(notify).mockClear();
  });

  it('is one JSON client with a 30 s timeout, same origin and credentials', () => {
    expect(API_TIMEOUT_MS).toBe(30000);
    expect(api.axiosInstance.defaults.timeout).toBe(30000);
    expect(api.axiosInstance.defaults.withCredentials).toBe(true);
    expect(api.getBaseURL()).toBe('/');
    expect(api.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('shows the sms of a successful reply as a toast', async () => {
    server.use(http.post('/api/x.json', () => ok({ done: true }, 'Логин и пароль изменены')));
    const result = await post('api/x.json', {});
    expect(result).toEqual({ ok: true, data: { done: true }, sms: 'Логин и пароль изменены' });
    expect(notify).toHaveBeenCalledWith('Логин и пароль изменены', 'success');
  });

  it('reports the session as ended on a 401 of a call that needs it, not otherwise', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    server.use(http.post('/api/s.json', () => fail(401, 'UNAUTHORIZED')));
    const withSession = await post('api/s.json', {}, { session: true });
    expect(withSession).toMatchObject({ ok: false, problem: 'CLIENT_ERROR', status: 401, error: { code: 'UNAUTHORIZED' } });
    expect(ended).toHaveBeenCalledTimes(1);
    await post('api/s.json', {});
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('classifies a 5xx as SERVER_ERROR and a dropped connection as NETWORK_ERROR', async () => {
    server.use(
      http.get('/api/down.json', () => fail(503, 'SERVICE_UNAVAILABLE')),
      http.get('/api/gone.json', () => HttpResponse.error()),
    );
    expect(await get('api/down.json')).toMatchObject({ ok: false, problem: 'SERVER_ERROR', status: 503 });
    expect(await get('api/gone.json')).toMatchObject({ ok: false, problem: 'NETWORK_ERROR' });
  });
});
