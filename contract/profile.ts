/** The profile: the signed-in person's card, photo and position (docs/areas/profile.md#calls). */
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

/** POST /api/misc/photo.json {uid, role}: the person's photo as base64 (docs/areas/profile.md#calls). */
export const PhotoBody = Type.Object({ uid: Type.Integer(), role: Role });
export type PhotoBody = Static<typeof PhotoBody>;
export const Photo = Type.Object({
  /** base64 of the image bytes, or null when the person has no photo. */
  photo: Type.Union([Type.String(), Type.Null()]),
  mime: Type.Union([Type.String(), Type.Null()]),
});
export type Photo = Static<typeof Photo>;
export const PhotoReply = Ok(Photo);

/** POST /api/misc/position.json {id}: the teacher's position (id is the teacher's uid; own only). */
export const PositionBody = Type.Object({ id: Type.Integer() });
export type PositionBody = Static<typeof PositionBody>;
export const PositionRow = Type.Object({ position: Type.String(), department: Type.Union([Type.String(), Type.Null()]) });
export type PositionRow = Static<typeof PositionRow>;
export const PositionReply = Ok(Type.Array(PositionRow));
