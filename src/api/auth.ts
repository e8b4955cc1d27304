/** Auth calls (docs/areas/auth.md#for-users). */
import type { RecoveryBody, RecoveryRow, UpdateLoginBody, User, AuthorizeBody } from '@contract/auth';
import { get, post, type CallOptions } from './http';

/** One row of GET /api/google/check.json (the contract exports only its schema). */
export interface GoogleCheckRow {
  OAu: boolean;
}

export const authApi = {
  /** Checks the credentials; LOG_PAS 1 means they must be updated first. */
  recovery: (body: RecoveryBody) => post<RecoveryRow[]>('api/auth/recovery.json', body),
  authorize: (body: AuthorizeBody) => post<User>('api/auth/orize.json', body),
  authenticate: (token: string) => post<User>('api/auth/enticate.json', { token }),
  /** `toast: false` where the screen shows the outcome itself. */
  updateLogin: (body: UpdateLoginBody, options?: CallOptions) => post<{ changed: true }>('api/auth/updatelogin.json', body, options),
  logout: () => post<null>('api/auth/logout.json', { logout: true }),
  checkGoogleAuth: () => get<User>('api/auth/checkgauth.json'),
  googleCheck: () => get<GoogleCheckRow[]>('api/google/check.json'),
};

/** Full-page navigation target of the Google button. */
export const GOOGLE_AUTH_URL = '/api/google/auth.json';

/** Full-page navigation target of the university provider's button (contract/auth.ts, OidcAuthOutcome). */
export const OIDC_AUTH_URL = '/api/oidc/auth.json';
