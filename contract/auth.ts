/** Auth calls (docs/areas/auth.md#calls). Paths are relative to the server origin. */
import { Type, type Static } from 'typebox';
import { Ok, Role } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_FLOOR, SIGN_IN_MIN_LENGTH } from './password-policy';

/** The shortest login (contract/password-policy.ts). */
export const LOGIN_MIN_LENGTH = SIGN_IN_MIN_LENGTH;
/** The longest login. */
export const LOGIN_MAX_LENGTH = 64;
/** A login a person chooses or is given: letters of any script, digits and . _ @ - ; no spaces. */
export { LOGIN_PATTERN } from './pure/login';

/** The signed-in user as the client keeps it (docs/areas/auth.md#calls). */
export const User = Type.Object({
  /** Account id. */
  id: Type.Integer(),
  /** The person's id: id_teacher for role 1, id_student for role 2. */
  uid: Type.Integer(),
  role: Role,
  login: Type.String(),
  fullName: Type.String(),
  /** Surname and initials, e.g. 'Асанов Б. К.'. */
  shortName: Type.String(),
  newsPerms: Type.Boolean(),
  /** A teacher who handles his faculty's document orders (the single window's registrar). */
  registrar: Type.Boolean(),
  /** An administrator of the portal: manages accounts under /lms/admin (docs/areas/admin.md). */
  admin: Type.Boolean(),
  /** The faculty whose dean's office the account is: that faculty's accounts under /lms/admin (docs/areas/admin.md), else null. */
  deanFacultyId: Type.Union([Type.Integer(), Type.Null()]),
  /** Teacher's position (role 1) or student's group name (role 2). */
  position: Type.Union([Type.String(), Type.Null()]),
  /** True when the account signed in through Google. */
  google: Type.Boolean(),
});
export type User = Static<typeof User>;

/** POST /api/auth/orize.json */
export const AuthorizeBody = Type.Object({
  login: Type.String({ minLength: LOGIN_MIN_LENGTH, maxLength: LOGIN_MAX_LENGTH }),
  password: Type.String({ minLength: SIGN_IN_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
});
export type AuthorizeBody = Static<typeof AuthorizeBody>;
export const AuthorizeReply = Ok(User);

/** POST /api/auth/enticate.json: the session's user; `token` is only the client's marker. */
export const AuthenticateBody = Type.Object({ token: Type.String({ maxLength: 128 }) });
export type AuthenticateBody = Static<typeof AuthenticateBody>;
export const AuthenticateReply = Ok(User);

/** GET /api/auth/checkgauth.json: the user of a session made by Google sign-in (401 if none). */
export const CheckGoogleAuthReply = Ok(User);

/** POST /api/auth/recovery.json: checks the credentials; LOG_PAS 1 means they must be updated first. */
export const RecoveryBody = Type.Object({
  oldlog: Type.String({ minLength: LOGIN_MIN_LENGTH, maxLength: LOGIN_MAX_LENGTH }),
  oldpas: Type.String({ minLength: SIGN_IN_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
});
export type RecoveryBody = Static<typeof RecoveryBody>;
export const RecoveryRow = Type.Object({ LOG_PAS: Type.Union([Type.Literal(0), Type.Literal(1)]) });
export type RecoveryRow = Static<typeof RecoveryRow>;
export const RecoveryReply = Ok(Type.Array(RecoveryRow));

/** POST /api/auth/updatelogin.json: new login and password; revokes every session of the account. */
export const UpdateLoginBody = Type.Object({
  oldlog: Type.String({ minLength: LOGIN_MIN_LENGTH, maxLength: LOGIN_MAX_LENGTH }),
  oldpas: Type.String({ minLength: SIGN_IN_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
  newlog: Type.String({ minLength: LOGIN_MIN_LENGTH, maxLength: LOGIN_MAX_LENGTH }),
  newpas: Type.String({ minLength: PASSWORD_MIN_FLOOR, maxLength: PASSWORD_MAX_LENGTH }),
});
export type UpdateLoginBody = Static<typeof UpdateLoginBody>;
/** Success carries `sms` ('Логин и пароль изменены' in the caller's language) and `data: {changed: true}`. */
export const UpdateLoginReply = Ok(Type.Object({ changed: Type.Literal(true) }));

/** POST /api/auth/logout.json */
export const LogoutBody = Type.Object({ logout: Type.Optional(Type.Boolean()) });
export type LogoutBody = Static<typeof LogoutBody>;
export const LogoutReply = Ok(Type.Null());

/**
 * GET /api/google/check.json: `data: [{OAu}]`, OAu true when Google sign-in is configured.
 * GET /api/google/auth.json: redirects to the provider (state, nonce, PKCE); the provider returns to
 * the same path with `code` and `state`; the server verifies the ID token (iss, aud, exp, signature),
 * finds the account linked to the token's `sub` (never by e-mail), opens a session and redirects to
 * `/lms/login?gauth=ok`, or to `/lms/login?gauth=<failed|unlinked|disabled>`. Called with a session, the
 * same flow links the Google account to the signed-in user and redirects to `/lms/change-password?gauth=linked`.
 */
export const GoogleCheckRow = Type.Object({ OAu: Type.Boolean() });
export const GoogleCheckReply = Ok(Type.Array(GoogleCheckRow));
export type GoogleAuthOutcome = 'ok' | 'failed' | 'unlinked' | 'disabled' | 'linked';

/**
 * GET /api/oidc/auth.json: sign-in through the university's OpenID Connect provider (OIDC_* settings;
 * /config.json's `oidc` says whether it is on). Without a code it redirects to the provider (state,
 * nonce, PKCE S256); the provider returns to the same path with `code` and `state`; the server
 * verifies the ID token (signature, iss, aud, exp, nonce), finds the one account the configured
 * claim names (OIDC_CLAIM: the e-mail of its teacher or student, or the student's number), opens the
 * same session as a password sign-in and redirects to `/lms/login?oidc=ok`, or to
 * `/lms/login?oidc=<outcome>` with a reason: `failed` (the state, the code or the ID token does not
 * verify, or the provider answered an error), `expired` (the flow is over: ten minutes passed or its
 * state was used), `unknown` (no account, or several, has that identity), `disabled` (the account is
 * disabled), `update` (the account must set a new login and password first). 404 `OIDC_DISABLED` when off.
 */
export type OidcAuthOutcome = 'ok' | 'failed' | 'expired' | 'unknown' | 'disabled' | 'update';
