/** msw server shared by the client tests, plus envelope helpers and a request log. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { User } from '../../contract/auth';
import type { ErrorCode } from '../../contract/common';

export const server = setupServer();

export function ok<T>(data: T, sms?: string, init?: ResponseInit) {
  return HttpResponse.json({ result: 0, error: null, data, ...(sms ? { sms } : {}) }, init);
}

export function fail(status: number, code: ErrorCode, message: string = code, params?: Record<string, string | number>, headers?: Record<string, string>) {
  return HttpResponse.json({ result: true, error: { code, message, ...(params ? { params } : {}) }, data: null }, { status, headers });
}

export interface LoggedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** Records every request msw sees (handled or not) until the returned stop() is called. */
export function recordRequests(): { requests: LoggedRequest[]; paths: () => string[]; stop: () => void } {
  const requests: LoggedRequest[] = [];
  const listener = async ({ request }: { request: Request }) => {
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => null);
    requests.push({ method: request.method, path: new URL(request.url).pathname, body });
  };
  server.events.on('request:start', listener);
  return {
    requests,
    paths: () => requests.map((r) => r.path),
    stop: () => server.events.removeListener('request:start', listener),
  };
}

export const teacher: User = {
  id: 10,
  uid: 501,
  role: 1,
  login: 'teacher',
  fullName: 'Асанов Бакыт Кубанычбекович',
  shortName: 'Асанов Б. К.',
  newsPerms: true,
  position: 'Доцент',
  google: false,
};

export const student: User = {
  id: 20,
  uid: 9001,
  role: 2,
  login: 'student',
  fullName: 'Токтогулова Айпери Маратовна',
  shortName: 'Токтогулова А. М.',
  newsPerms: false,
  position: 'ПИ-1-22',
  google: false,
};

/** Handlers the login screen always calls: logo, Google check, config. */
export function publicHandlers({ google = false, passwordMinLength = 6 } = {}) {
  return [
    http.get('/logo.json', () => ok({ logo: '/lms/logo.svg', width: 72, name: 'Тянь-Шаньский государственный университет', fontsize: 16 })),
    http.get('/api/google/check.json', () => ok([{ OAu: google }])),
    http.get('/config.json', () =>
      ok({ version: '1.2.3', maxSizeMb: 25, passwordMinLength, googleEnabled: google, sessionIdleMinutes: 60 }),
    ),
  ];
}

export { http, HttpResponse };
