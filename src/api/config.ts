/** Public configuration: GET /config.json and GET /logo.json (no session needed). */
import type { AppConfig, Logo } from '@contract/config';
import type { PASSWORD_MIN_DEFAULT, PASSWORD_MIN_FLOOR, SIGN_IN_MIN_LENGTH } from '@contract/password-policy';
import { get } from './http';

export const configApi = {
  config: () => get<AppConfig>('config.json'),
  logo: () => get<Logo>('logo.json'),
};

/*
 * The password policy (contract/password-policy.ts). The client takes only types from the contract:
 * these copies are checked against it by tsc, so a change there that is not made here fails the build.
 */

/** Shortest login and password the sign-in form sends (and the shortest new login). */
export const SIGN_IN_MIN: typeof SIGN_IN_MIN_LENGTH = 3;
export const NEW_PASSWORD_FLOOR: typeof PASSWORD_MIN_FLOOR = 4;
export const NEW_PASSWORD_DEFAULT: typeof PASSWORD_MIN_DEFAULT = 8;

/** The new-password minimum in force: the server's passwordMinLength (its default until /config.json has arrived), never below the floor. */
export const newPasswordMin = (configured?: number | null): number => Math.max(NEW_PASSWORD_FLOOR, configured ?? NEW_PASSWORD_DEFAULT);
