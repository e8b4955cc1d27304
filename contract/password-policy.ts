/**
 * The portal's one password policy (docs/security.md): the server's setting PASSWORD_MIN_LENGTH and
 * its checks and the calls' schemas read it from here; the client's copy (src/api/config.ts) is checked
 * against it by the type checker.
 *
 * - Signing in: the login and the password are at least SIGN_IN_MIN_LENGTH characters (nothing
 *   shorter can be an account's); no other rule is shown or checked there.
 * - A new password (the password change, the first sign-in's new credentials): at least the
 *   configured minimum (`passwordMinLength` of /config.json), never below PASSWORD_MIN_FLOOR, not a
 *   common password and not the login; no composition rule.
 */
/** Shortest login or password the sign-in form sends (and the shortest new login). */
export const SIGN_IN_MIN_LENGTH = 3;
/** No setting may ask for a shorter new password. */
export const PASSWORD_MIN_FLOOR = 4;
/** The new-password minimum when PASSWORD_MIN_LENGTH is not set (and the client's until /config.json has arrived). */
export const PASSWORD_MIN_DEFAULT = 8;
/** Longest password the calls accept. */
export const PASSWORD_MAX_LENGTH = 256;
