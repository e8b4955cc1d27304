/** Profile and password calls (SPEC §7 "Profile"). */
import { Type, type Static } from 'typebox';
import { Ok, Role } from './common';

/** POST /api/profile/data.json {uid, role}: the session's own profile (403 for anyone else). */
export const ProfileBody = Type.Object({ uid: Type.Integer(), role: Role });
export type ProfileBody = Static<typeof ProfileBody>;

export const Profile = Type.Object({
  uid: Type.Integer(),
  role: Role,
  fullName: Type.String(),
  surname: Type.String(),
  name: Type.String(),
  patronymic: Type.Union([Type.String(), Type.Null()]),
  /** 'm' or 'f'. */
  gender: Type.Union([Type.Literal('m'), Type.Literal('f')]),
  /** ISO date YYYY-MM-DD. */
  birthDate: Type.Union([Type.String(), Type.Null()]),
  nationality: Type.Union([Type.String(), Type.Null()]),
  citizenship: Type.Union([Type.String(), Type.Null()]),
  /** Personal tax id (ИНН/ПИН), 14 digits in Kyrgyzstan. */
  taxId: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  education: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  faculty: Type.Union([Type.String(), Type.Null()]),
  /** Teachers: department (kafedra) and position. */
  department: Type.Union([Type.String(), Type.Null()]),
  position: Type.Union([Type.String(), Type.Null()]),
  /** Students: group, speciality, course (year of study), education form and student code. */
  group: Type.Union([Type.String(), Type.Null()]),
  speciality: Type.Union([Type.String(), Type.Null()]),
  course: Type.Union([Type.Integer(), Type.Null()]),
  educationForm: Type.Union([Type.String(), Type.Null()]),
  code: Type.Union([Type.String(), Type.Null()]),
  login: Type.String(),
  googleLinked: Type.Boolean(),
});
export type Profile = Static<typeof Profile>;
export const ProfileReply = Ok(Profile);

/**
 * POST /api/passwd/reset.json: change one's own password. Needs the current password (3 wrong ones a
 * minute → 429), applies the password policy, revokes every other session of the account.
 */
export const PasswordResetBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 256 }),
  newPassword: Type.String({ minLength: 4, maxLength: 256 }),
  uid: Type.Integer(),
  role: Role,
});
export type PasswordResetBody = Static<typeof PasswordResetBody>;
/** Success carries `sms` ('Password changed successfully' in the caller's language). */
export const PasswordResetReply = Ok(Type.Object({ changed: Type.Literal(true) }));
