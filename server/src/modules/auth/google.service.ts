/**
 * Google sign-in: OpenID Connect authorization-code flow with state, nonce and PKCE (S256).
 *
 * Start (no code in the query): a random state, nonce and code verifier are stored (state hashed,
 * 10 minutes) and the state also goes to the browser in an HttpOnly cookie; the browser is sent to
 * the provider's authorization endpoint (found by discovery at GOOGLE_ISSUER). Callback (code and
 * state): the state must match the cookie and a stored request; the code is exchanged with the
 * verifier; the ID token is verified with jose (signature against the provider's JWKS, iss, aud,
 * exp, nonce). The account is found by the token's `sub`, never by e-mail. A start made with a
 * session links the Google account to that user instead of signing in. The protocol's steps
 * (discovery, the code exchange, the ID token's checks) are oidc.client.ts's, shared with the
 * university provider's sign-in (oidc.service.ts).
 *
 * Outcomes are redirects (contract/auth.ts), except a callback whose state or ID token does not
 * verify: 401 (with a Refresh header that takes the browser to /lms/login?gauth=failed).
 */
import type { GoogleAuthOutcome } from '@contract/auth';
import type { GoogleConfig } from '../../config';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../app-error';
import type { AuthInfo, ClientInfo, SessionCookie } from '../../shared/caller';
import * as repo from './google.repository';
import { IdTokenRejected, OidcClient, REQUEST_TTL_MS, randomToken, stateKey, type AuthQuery, type StateCookie } from './oidc.client';

export type { StateCookie } from './oidc.client';

export const CALLBACK_PATH = '/api/google/auth.json';
/** Google's states are stored without a prefix (oidc.client.ts, stateKey). */
const STATE_PREFIX = '';

export const loginRedirect = (outcome: GoogleAuthOutcome) => `/lms/login?gauth=${outcome}`;
const linkRedirect = (outcome: GoogleAuthOutcome) => `/lms/change-password?gauth=${outcome}`;

/** 401 for a callback that does not verify; the browser is taken back to the login page. */
const rejected = () => new AppError(401, 'UNAUTHORIZED', undefined, { refresh: `0; url=${loginRedirect('failed')}` });

export class GoogleService {
  private readonly client: OidcClient;

  constructor(private readonly ctx: AppContext) {
    this.client = new OidcClient(
      () => this.google,
      () => `${this.ctx.config.publicUrl}${CALLBACK_PATH}`,
      () => this.ctx.now(),
    );
  }

  get enabled(): boolean {
    return this.ctx.config.google !== null;
  }

  private get google(): GoogleConfig {
    if (!this.ctx.config.google) throw new AppError(404, 'GOOGLE_DISABLED');
    return this.ctx.config.google;
  }

  /** GET /api/google/auth.json: start the flow or finish it; returns where to send the browser. */
  async auth(auth: AuthInfo | null, query: AuthQuery, client: ClientInfo, state: StateCookie, session: SessionCookie): Promise<string> {
    if (!this.enabled) throw new AppError(404, 'GOOGLE_DISABLED');
    if (query.code === undefined && query.state === undefined && query.error === undefined) return this.start(auth, state);
    const stored = state.value;
    state.clear();
    if (query.error !== undefined) return loginRedirect('failed');
    if (!query.code || !query.state || !stored || query.state !== stored) throw rejected();
    const request = await repo.takeRequest(this.ctx.db, stateKey(STATE_PREFIX, query.state), this.ctx.now());
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
    const state = randomToken();
    const nonce = randomToken();
    const codeVerifier = randomToken();
    const url = await this.client.authorizationUrl({ state, nonce, codeVerifier, scope: 'openid', extra: { prompt: 'select_account' } });
    await repo.insertRequest(this.ctx.db, {
      stateHash: stateKey(STATE_PREFIX, state),
      nonce,
      codeVerifier,
      linkUserId: auth?.userId ?? null,
      expiresAt: new Date(this.ctx.now().getTime() + REQUEST_TTL_MS),
    });
    cookie.set(state);
    return url;
  }

  /** Exchanges the code and verifies the ID token; returns its subject or throws 401. */
  private async verifiedSubject(code: string, codeVerifier: string, nonce: string): Promise<string> {
    try {
      return (await this.client.verifiedClaims(code, codeVerifier, nonce)).sub as string;
    } catch (err) {
      if (err instanceof IdTokenRejected) throw rejected();
      throw err;
    }
  }
}
