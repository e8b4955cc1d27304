/**
 * Google sign-in: OpenID Connect authorization-code flow with state, nonce and PKCE (S256).
 *
 * Start (no code in the query): a random state, nonce and code verifier are stored (state hashed,
 * 10 minutes) and the state also goes to the browser in an HttpOnly cookie; the browser is sent to
 * the provider's authorization endpoint (found by discovery at GOOGLE_ISSUER). Callback (code and
 * state): the state must match the cookie and a stored request; the code is exchanged with the
 * verifier; the ID token is verified with jose (signature against the provider's JWKS, iss, aud,
 * exp, nonce). The account is found by the token's `sub`, never by e-mail. A start made with a
 * session links the Google account to that user instead of signing in.
 *
 * Outcomes are redirects (contract/auth.ts), except a callback whose state or ID token does not
 * verify: 401 (with a Refresh header that takes the browser to /lms/login?gauth=failed).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { GoogleAuthOutcome } from '@contract/auth';
import type { GoogleConfig } from '../../config';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { AppError, serviceUnavailable } from '../../app-error';
import type { AuthInfo, ClientInfo, SessionCookie } from '../../shared/caller';
import * as repo from './google.repository';

export const CALLBACK_PATH = '/api/google/auth.json';
const REQUEST_TTL_MS = 10 * 60_000;
const DISCOVERY_TTL_MS = 60 * 60_000;
const HTTP_TIMEOUT_MS = 10_000;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** The state cookie that binds a callback to the browser that started the flow. */
export interface StateCookie {
  value: string | null;
  set(state: string): void;
  clear(): void;
}

export interface AuthQuery {
  code?: string;
  state?: string;
  error?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const random = () => randomBytes(32).toString('base64url');

export const loginRedirect = (outcome: GoogleAuthOutcome) => `/lms/login?gauth=${outcome}`;
const linkRedirect = (outcome: GoogleAuthOutcome) => `/lms/change-password?gauth=${outcome}`;

/** 401 for a callback that does not verify; the browser is taken back to the login page. */
const rejected = () => new AppError(401, 'UNAUTHORIZED', undefined, { refresh: `0; url=${loginRedirect('failed')}` });

export class GoogleService {
  private discovery: { value: Promise<Discovery>; at: number } | null = null;
  private jwks: { uri: string; get: JWTVerifyGetKey } | null = null;

  constructor(private readonly ctx: AppContext) {}

  get enabled(): boolean {
    return this.ctx.config.google !== null;
  }

  private get google(): GoogleConfig {
    if (!this.ctx.config.google) throw new AppError(404, 'GOOGLE_DISABLED');
    return this.ctx.config.google;
  }

  private get redirectUri(): string {
    return `${this.ctx.config.publicUrl}${CALLBACK_PATH}`;
  }

  private async fetchDiscovery(issuer: string): Promise<Discovery> {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`OpenID discovery at ${issuer} answered ${res.status}`);
    const doc = (await res.json()) as Partial<Discovery>;
    if (!doc.issuer || !doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri) throw new Error('OpenID discovery document is incomplete');
    return doc as Discovery;
  }

  /** The provider's endpoints, cached for an hour (a failed fetch is retried next time). */
  private async endpoints(): Promise<Discovery> {
    const issuer = this.google.issuer;
    if (!this.discovery || Date.now() - this.discovery.at > DISCOVERY_TTL_MS) {
      const value = this.fetchDiscovery(issuer);
      this.discovery = { value, at: Date.now() };
      value.catch(() => (this.discovery = null));
    }
    try {
      return await this.discovery.value;
    } catch {
      throw serviceUnavailable(30);
    }
  }

  private keys(uri: string): JWTVerifyGetKey {
    if (this.jwks?.uri !== uri) this.jwks = { uri, get: createRemoteJWKSet(new URL(uri), { timeoutDuration: HTTP_TIMEOUT_MS }) };
    return this.jwks.get;
  }

  /** GET /api/google/auth.json: start the flow or finish it; returns where to send the browser. */
  async auth(auth: AuthInfo | null, query: AuthQuery, client: ClientInfo, state: StateCookie, session: SessionCookie): Promise<string> {
    if (!this.enabled) throw new AppError(404, 'GOOGLE_DISABLED');
    if (query.code === undefined && query.state === undefined && query.error === undefined) return this.start(auth, state);
    const stored = state.value;
    state.clear();
    if (query.error !== undefined) return loginRedirect('failed');
    if (!query.code || !query.state || !stored || query.state !== stored) throw rejected();
    const request = await repo.takeRequest(this.ctx.db, sha256(query.state).toString('hex'), this.ctx.now());
    if (!request) throw rejected();

    const sub = await this.verifiedSubject(query.code, request.codeVerifier, request.nonce);

    if (request.linkUserId !== null) {
      if (auth?.userId !== request.linkUserId) return linkRedirect('failed');
      const owner = await repo.findBySubject(this.ctx.db, sub);
      if (owner && owner.id !== auth.userId) return linkRedirect('failed');
      try {
        await repo.setSubject(this.ctx.db, auth.userId, sub);
      } catch (err) {
        if (isUniqueViolation(err)) return linkRedirect('failed');
        throw err;
      }
      return linkRedirect('linked');
    }

    const account = await repo.findBySubject(this.ctx.db, sub);
    if (!account) return loginRedirect('unlinked');
    if (account.disabled) return loginRedirect('disabled');
    if (account.mustUpdateCredentials) return loginRedirect('failed');
    if (client.token) await this.ctx.sessions.revokeToken(client.token);
    session.set(await this.ctx.sessions.create(account.id, 'google', client));
    return loginRedirect('ok');
  }

  private async start(auth: AuthInfo | null, cookie: StateCookie): Promise<string> {
    const { clientId } = this.google;
    const discovery = await this.endpoints();
    const state = random();
    const nonce = random();
    const codeVerifier = random();
    await repo.insertRequest(this.ctx.db, {
      stateHash: sha256(state).toString('hex'),
      nonce,
      codeVerifier,
      linkUserId: auth?.userId ?? null,
      expiresAt: new Date(this.ctx.now().getTime() + REQUEST_TTL_MS),
    });
    cookie.set(state);
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: this.redirectUri,
      scope: 'openid',
      state,
      nonce,
      code_challenge: sha256(codeVerifier).toString('base64url'),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).toString();
    return url.toString();
  }

  /** Exchanges the code and verifies the ID token; returns its subject or throws 401. */
  private async verifiedSubject(code: string, codeVerifier: string, nonce: string): Promise<string> {
    const { clientId, clientSecret } = this.google;
    const discovery = await this.endpoints();
    let res: Response;
    try {
      res = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: this.redirectUri,
          code_verifier: codeVerifier,
          client_id: clientId,
          client_secret: clientSecret,
        }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
    } catch {
      throw serviceUnavailable(30);
    }
    if (!res.ok) throw rejected();
    const body = (await res.json().catch(() => ({}))) as { id_token?: unknown };
    if (typeof body.id_token !== 'string') throw rejected();

    // Google writes its issuer with and without the scheme.
    const issuers = [discovery.issuer];
    if (discovery.issuer === 'https://accounts.google.com') issuers.push('accounts.google.com');
    try {
      const { payload } = await jwtVerify(body.id_token, this.keys(discovery.jwks_uri), {
        issuer: issuers,
        audience: clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: this.ctx.now(),
        clockTolerance: 30,
      });
      if (payload.nonce !== nonce || typeof payload.sub !== 'string' || payload.sub === '') throw new Error('nonce or subject mismatch');
      return payload.sub;
    } catch {
      throw rejected();
    }
  }
}
