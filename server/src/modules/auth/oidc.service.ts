/**
 * Sign-in through the university's own OpenID Connect provider (Keycloak, Microsoft Entra ID, any
 * standard one; OIDC_* settings): the authorization-code flow with state, nonce and PKCE (S256) of
 * oidc.client.ts, its state, nonce and verifier stored as Google's are (oidc_requests, single use,
 * 10 minutes; the state's stored hash carries this sign-in's prefix, so a Google state is no good here).
 *
 * The account is the one the configured claim names (OIDC_CLAIM): `email` against the e-mail of the
 * account's teacher or student (an `email_verified: false` token is refused), any other claim name
 * against the student's number. No account, or several, is `unknown`: nothing is created or linked.
 * The session is the one a password sign-in opens. Every outcome is a redirect to the login page
 * (contract/auth.ts, OidcAuthOutcome), which shows its message.
 */
import type { JWTPayload } from 'jose';
import type { OidcAuthOutcome } from '@contract/auth';
import type { OidcConfig } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../app-error';
import type { ClientInfo, SessionCookie } from '../../shared/caller';
import * as requests from './google.repository';
import * as repo from './oidc.repository';
import { IdTokenRejected, OidcClient, REQUEST_TTL_MS, randomToken, stateKey, type AuthQuery, type StateCookie } from './oidc.client';

export const OIDC_CALLBACK_PATH = '/api/oidc/auth.json';
const STATE_PREFIX = 'oidc:';

export const oidcRedirect = (outcome: OidcAuthOutcome) => `/lms/login?oidc=${outcome}`;

export class OidcService {
  private readonly client: OidcClient;

  constructor(private readonly ctx: AppContext) {
    this.client = new OidcClient(
      () => this.oidc,
      () => `${this.ctx.config.publicUrl}${OIDC_CALLBACK_PATH}`,
      () => this.ctx.now(),
    );
  }

  private get oidc(): OidcConfig {
    if (!this.ctx.config.oidc) throw new AppError(404, 'OIDC_DISABLED');
    return this.ctx.config.oidc;
  }

  /** GET /api/oidc/auth.json: start the flow or finish it; returns where to send the browser. */
  async auth(query: AuthQuery, client: ClientInfo, state: StateCookie, session: SessionCookie): Promise<string> {
    const { claim } = this.oidc; // 404 OIDC_DISABLED when off
    if (query.code === undefined && query.state === undefined && query.error === undefined) return this.start(state);
    const stored = state.value;
    state.clear();
    if (query.error !== undefined) return oidcRedirect('failed');
    if (!query.code || !query.state) return oidcRedirect('failed');
    // The cookie lives as long as the flow: without it the flow has expired (or was started elsewhere).
    if (!stored) return oidcRedirect('expired');
    if (query.state !== stored) return oidcRedirect('failed');
    const request = await requests.takeRequest(this.ctx.db, stateKey(STATE_PREFIX, query.state), this.ctx.now());
    if (!request || request.linkUserId !== null) return oidcRedirect('expired');

    let claims: JWTPayload;
    try {
      claims = await this.client.verifiedClaims(query.code, request.codeVerifier, request.nonce);
    } catch (err) {
      if (err instanceof IdTokenRejected) return oidcRedirect('failed');
      throw err;
    }

    const value = claims[claim];
    if (typeof value !== 'string' || value.trim() === '') return oidcRedirect('unknown');
    if (claim === 'email' && (claims.email_verified === false || claims.email_verified === 'false')) return oidcRedirect('unknown');
    const found = claim === 'email' ? await repo.findByEmail(this.ctx.db, value) : await repo.findByStudentCode(this.ctx.db, value);
    if (found.length !== 1) return oidcRedirect('unknown');
    const [account] = found;
    if (account.disabled) return oidcRedirect('disabled');
    if (account.mustUpdateCredentials) return oidcRedirect('update');
    if (client.token) await this.ctx.sessions.revokeToken(client.token);
    session.set(await this.ctx.sessions.create(account.id, 'password', client));
    return oidcRedirect('ok');
  }

  private async start(cookie: StateCookie): Promise<string> {
    const state = randomToken();
    const nonce = randomToken();
    const codeVerifier = randomToken();
    const url = await this.client.authorizationUrl({ state, nonce, codeVerifier, scope: this.oidc.scope });
    await requests.insertRequest(this.ctx.db, {
      stateHash: stateKey(STATE_PREFIX, state),
      nonce,
      codeVerifier,
      linkUserId: null,
      expiresAt: new Date(this.ctx.now().getTime() + REQUEST_TTL_MS),
    });
    cookie.set(state);
    return url;
  }
}
