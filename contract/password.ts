/** Changing one's own password (docs/areas/password.md#calls). */
import { Type, type Static } from 'typebox';
import { Ok, Role } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_FLOOR } from './password-policy';

/**
 * POST /api/passwd/reset.json: change one's own password. Needs the current password (3 wrong ones a
 * minute → 429), applies the password policy, revokes every other session of the account.
 */
export const PasswordResetBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 256 }),
  newPassword: Type.String({ minLength: PASSWORD_MIN_FLOOR, maxLength: PASSWORD_MAX_LENGTH }),
  uid: Type.Integer(),
  role: Role,
});
export type PasswordResetBody = Static<typeof PasswordResetBody>;
/** Success carries `sms` ('Password changed successfully' in the caller's language). */
export const PasswordResetReply = Ok(Type.Object({ changed: Type.Literal(true) }));
