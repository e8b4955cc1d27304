/** msw server shared by the client tests, plus envelope helpers and a request log. */
import { afterEach, beforeEach } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { User } from '@contract/auth';
import type { ErrorCode } from '@contract/common';
import type { OidcSignIn } from '@contract/config';
import { api } from '@api/client';

/**
 * Answers every test has unless it installs its own: a signed-in student's shell asks which of his
 * lessons have attendance open (the check-in entry of the menu and tab bar), and his online lessons
 * (Join on the schedule), at start and on focus, whatever screen the test is about.
 */
export const server = setupServer(
  http.post('/api/qr/student/lessons.json', () => ok([])),
  http.post('/api/webinar/student/list.json', () => ok([])),
);

/*
 * Requests in flight, counted at both ends: the app's HTTP client (from the call, before the
 * request reaches msw, to the moment the answer is handed back) and msw (any other request, from
 * its start to its end). A test's requests must be answered while its handlers are installed, so
 * the teardown waits for this count to reach zero before it resets the handlers, and a test that
 * asserts something was NOT sent waits for it first (see requestsSettled).
 */
let inFlight = 0;
const mswInFlight = new Set<string>();
let onSettled: Array<() => void> = [];

function settle(): void {
  if (inFlight > 0 || mswInFlight.size > 0) return;
  const waiting = onSettled;
  onSettled = [];
  for (const resolve of waiting) resolve();
}

// Runs synchronously when the app calls the client (apisauce's request transforms), so a request
// counts from the saga's `call`, not from the moment msw sees it a few microtasks later.
api.addRequestTransform(() => {
  inFlight += 1;
});
// Runs once per request, answered or failed, before the caller gets the response.
api.addMonitor(() => {
  inFlight -= 1;
  settle();
});
server.events.on('request:start', ({ requestId }) => {
  mswInFlight.add(requestId);
});
server.events.on('request:end', ({ requestId }) => {
  mswInFlight.delete(requestId);
  settle();
});

/** Requests no handler answered since the last check: a test fails if it made any. */
const unhandled: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
});

/** Returns and forgets the requests no handler answered. */
export function takeUnhandled(): string[] {
  return unhandled.splice(0);
}

let listening = false;

/**
 * Starts answering requests. Several test files may run one after another in one worker (they then
 * share this module): the server starts once and stays up until the worker exits.
 */
export function listenOnce(): void {
  if (listening) return;
  server.listen({ onUnhandledRequest: 'error' });
  listening = true;
}

/**
 * Resolves once every request started so far (by the app's client or seen by msw) has been
 * answered. Not a delay: it resolves at once when nothing is in flight. Use it before asserting
 * that a request was not sent, after the UI has shown its reaction to the user's action.
 */
export function requestsSettled(): Promise<void> {
  if (inFlight === 0 && mswInFlight.size === 0) return Promise.resolve();
  return new Promise((resolve) => onSettled.push(resolve));
}

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

/** Records the requests of each test of the calling suite (its beforeEach and afterEach): `log()` is the current test's record. */
export function recordEachTest() {
  let log: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    log = recordRequests();
  });
  afterEach(() => log.stop());
  return () => log;
}

export const teacher: User = {
  id: 10,
  uid: 501,
  role: 1,
  login: 'teacher',
  fullName: 'Асанов Бакыт Кубанычбекович',
  shortName: 'Асанов Б. К.',
  newsPerms: true,
  registrar: true,
  admin: false,
  deanFacultyId: null,
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
  registrar: false,
  admin: false,
  deanFacultyId: null,
  position: 'ПИ-1-22',
  google: false,
};

/** The portal's administrator: a member of staff (role 1) with the admin right. */
export const admin: User = {
  id: 30,
  uid: 777,
  role: 1,
  login: 'admin',
  fullName: 'Жумабаева Гүлнара Асановна',
  shortName: 'Жумабаева Г. А.',
  newsPerms: false,
  registrar: false,
  admin: true,
  deanFacultyId: null,
  position: 'Преподаватель',
  google: false,
};

/** Handlers the login screen always calls: logo, Google check, config (`oidc`: the university provider's button, null when off). */
export function publicHandlers({ google = false, passwordMinLength = 6, oidc = null as OidcSignIn | null } = {}) {
  return [
    http.get('/logo.json', () => ok({ logo: '/lms/logo.svg', width: 72, name: 'Тянь-Шаньский государственный университет', fontsize: 16 })),
    http.get('/api/google/check.json', () => ok([{ OAu: google }])),
    http.get('/config.json', () =>
      ok({ version: '1.2.3', maxSizeMb: 25, passwordMinLength, googleEnabled: google, oidc, cardPayment: true, sessionIdleMinutes: 60 }),
    ),
  ];
}

export { http, HttpResponse };

/** The server's academic years (2024-25, 2025-26) and its settings, whose current half-year is 2025-26's first. */
export const halfYearHandlers = () => [
  http.get('/api/misc/years.json', () =>
    ok([
      { id: 2024, name: '2024-25' },
      { id: 2025, name: '2025-26' },
    ]),
  ),
  http.post('/api/misc/settings.json', () => ok([{ id_a_year: 2025, a_year: '2025-26', id_w_s: 1, universityName: 'ТГУ', maxSizeMb: 25 }, []])),
];
