/** GET /config.json and GET /logo.json: public, no session needed. */
import { Type, type Static } from 'typebox';
import { Ok } from './common';

const ButtonName = Type.Union([Type.String(), Type.Null()]);

/** Sign-in through the university's OpenID Connect provider, when configured: the button's name per language (null: the client's general name). */
export const OidcSignIn = Type.Object({ name: Type.Object({ ru: ButtonName, en: ButtonName, kg: ButtonName }) });
export type OidcSignIn = Static<typeof OidcSignIn>;

export const AppConfig = Type.Object({
  /** Product version, shown in the profile menu footer. */
  version: Type.String(),
  /** Upload limit in MB (UPLOAD_LIMIT_MB), used in 'File size is exceeded the limit' checks. */
  maxSizeMb: Type.Number(),
  /** Minimum length of a new password (PASSWORD_MIN_LENGTH, never below 4). */
  passwordMinLength: Type.Integer(),
  /** True when Google sign-in is configured. */
  googleEnabled: Type.Boolean(),
  /** Sign-in through the university's provider (GET /api/oidc/auth.json); null when it is not configured. */
  oidc: Type.Union([OidcSignIn, Type.Null()]),
  /** True when card payment is available (PAYMENT_PROVIDER set); false: the payment screen offers no card button. */
  cardPayment: Type.Boolean(),
  /** Session idle lifetime in minutes. */
  sessionIdleMinutes: Type.Integer(),
});
export type AppConfig = Static<typeof AppConfig>;
export const ConfigReply = Ok(AppConfig);

export const Logo = Type.Object({
  /** URL of the logo image (under /lms/). */
  logo: Type.String(),
  /** Width in px for the login screen. */
  width: Type.Integer(),
  /** University name printed beside the logo. */
  name: Type.String(),
  /** Font size in px of the name. */
  fontsize: Type.Integer(),
});
export type Logo = Static<typeof Logo>;
export const LogoReply = Ok(Logo);
