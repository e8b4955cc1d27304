/**
 * One way for server tests to call the API as someone: `signedIn(app, login, password)` signs in and
 * gives the session (token, cookie, user) with `post` and `get` bound to it; `requestsTo(() => app)`
 * gives `post(url, who, payload, lang)` and `get(url, who, lang)` for tests that call as several
 * people (`who` is a session, or null for a caller without one).
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '@contract/common';
import type { App } from '../app';
import { SESSION_COOKIE } from '../plugins/session';

/** The lms_sid value a reply sets (undefined when none; '' when it clears it). */
export function sessionFrom(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

export const cookieHeader = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });

/** POST orize; returns the reply and the session token it set. */
export async function signIn(app: App, login: string, password: string, options: { ip?: string; headers?: Record<string, string> } = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/orize.json',
    payload: { login, password },
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.headers,
  });
  return { res, token: sessionFrom(res), body: res.json() };
}

/** Whoever a request is made as: a session's headers, or null (no session). */
export type Caller = { headers: Record<string, string> } | null;

/** The headers of a request as `who`, in language `lang` (Accept-Language) when given. */
export const headersOf = (who: Caller, lang?: string): Record<string, string> => ({ ...(who?.headers ?? {}), ...(lang ? { 'accept-language': lang } : {}) });

/** POST and GET as any caller; `prefix` is put before every url (an area's base path). */
export function requestsTo(app: () => App, prefix = '') {
  return {
    post: (url: string, who: Caller, payload: object = {}, lang?: string) =>
      app().inject({ method: 'POST', url: `${prefix}${url}`, payload, headers: headersOf(who, lang) }),
    get: (url: string, who: Caller, lang?: string) => app().inject({ url: `${prefix}${url}`, headers: headersOf(who, lang) }),
  };
}

/** Signs in with a login and password (failing the test if refused) and gives the session with its requests. */
export async function signedIn(app: App, login: string, password: string, ip?: string) {
  const { res, token, body } = await signIn(app, login, password, { ip });
  if (res.statusCode !== 200 || !token) throw new Error(`sign-in as ${login} failed: ${res.statusCode} ${res.body}`);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const headers = { cookie };
  const who = { headers };
  const calls = requestsTo(() => app);
  return {
    token,
    cookie,
    headers,
    user: body.data as { id: number; uid: number; role: Role },
    post: (url: string, payload: object = {}, lang?: string) => calls.post(url, who, payload, lang),
    get: (url: string, lang?: string) => calls.get(url, who, lang),
  };
}

/** A signed-in session with its requests. */
export type SignedIn = Awaited<ReturnType<typeof signedIn>>;
