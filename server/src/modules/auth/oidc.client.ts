/**
 * The OpenID Connect relying party both sign-ins share (Google, google.service.ts, and the university's
 * provider, oidc.service.ts): discovery at ISSUER/.well-known/openid-configuration (cached for an
 * hour), the authorization URL with state, nonce and PKCE (S256), the code exchange with the verifier
 * and the ID token's verification with jose (signature against the provider's JWKS, iss, aud, exp,
 * nonce). The state, nonce and verifier are made and stored (hashed state, single use, 10 minutes) by
 * google.repository.ts; `stateKey` keeps the two sign-ins' states apart in that one table.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { serviceUnavailable } from '../../app-error';

export const REQUEST_TTL_MS = 10 * 60_000;
const DISCOVERY_TTL_MS = 60 * 60_000;
const HTTP_TIMEOUT_MS = 10_000;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
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

/** The code exchange or the ID token did not verify. */
export class IdTokenRejected extends Error {}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
export const randomToken = () => randomBytes(32).toString('base64url');

/** The stored form of a state: its SHA-256 (hex), after a prefix naming the sign-in it belongs to. */
export const stateKey = (prefix: string, state: string) => sha256(prefix + state).toString('hex');

export class OidcClient {
  private discovery: { issuer: string; value: Promise<Discovery>; at: number } | null = null;
  private jwks: { uri: string; get: JWTVerifyGetKey } | null = null;

  /** `settings` is read on each use (the configuration may be absent: the caller checks first). */
  constructor(
    private readonly settings: () => ProviderSettings,
    private readonly redirectUri: () => string,
    private readonly now: () => Date,
  ) {}

  private async fetchDiscovery(issuer: string): Promise<Discovery> {
    const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`OpenID discovery at ${issuer} answered ${res.status}`);
    const doc = (await res.json()) as Partial<Discovery>;
    if (!doc.issuer || !doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri) throw new Error('OpenID discovery document is incomplete');
    return doc as Discovery;
  }

  /** The provider's endpoints, cached for an hour (a failed fetch is retried next time); 503 while unreachable. */
  private async endpoints(): Promise<Discovery> {
    const { issuer } = this.settings();
    if (!this.discovery || this.discovery.issuer !== issuer || Date.now() - this.discovery.at > DISCOVERY_TTL_MS) {
      const value = this.fetchDiscovery(issuer);
      this.discovery = { issuer, value, at: Date.now() };
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

  /** Where to send the browser: the authorization endpoint with the flow's state, nonce and S256 challenge. */
  async authorizationUrl(flow: { state: string; nonce: string; codeVerifier: string; scope: string; extra?: Record<string, string> }): Promise<string> {
    const discovery = await this.endpoints();
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.settings().clientId,
      redirect_uri: this.redirectUri(),
      scope: flow.scope,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: sha256(flow.codeVerifier).toString('base64url'),
      code_challenge_method: 'S256',
      ...flow.extra,
    }).toString();
    return url.toString();
  }

  /**
   * Exchanges the code with the verifier and verifies the ID token; returns its claims. Throws
   * IdTokenRejected when the provider refuses the code or the token does not verify (503 when the
   * provider cannot be reached).
   */
  async verifiedClaims(code: string, codeVerifier: string, nonce: string): Promise<JWTPayload> {
    if (!codeVerifier || !nonce) throw new IdTokenRejected('no verifier or nonce');
    const { clientId, clientSecret } = this.settings();
    const discovery = await this.endpoints();
    let res: Response;
    try {
      res = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: this.redirectUri(),
          code_verifier: codeVerifier,
          client_id: clientId,
          client_secret: clientSecret,
        }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
    } catch {
      throw serviceUnavailable(30);
    }
    if (!res.ok) throw new IdTokenRejected(`token endpoint answered ${res.status}`);
    const body = (await res.json().catch(() => ({}))) as { id_token?: unknown };
    if (typeof body.id_token !== 'string') throw new IdTokenRejected('no ID token');

    // Google writes its issuer with and without the scheme.
    const issuers = [discovery.issuer];
    if (discovery.issuer === 'https://accounts.google.com') issuers.push('accounts.google.com');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(body.id_token, this.keys(discovery.jwks_uri), {
        issuer: issuers,
        audience: clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: this.now(),
        clockTolerance: 30,
      }));
    } catch (err) {
      throw new IdTokenRejected(err instanceof Error ? err.message : 'ID token does not verify');
    }
    if (payload.nonce !== nonce || typeof payload.sub !== 'string' || payload.sub === '') throw new IdTokenRejected('nonce or subject mismatch');
    return payload;
  }
}
