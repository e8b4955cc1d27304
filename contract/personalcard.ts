/**
 * The personal card (docs/areas/personalcard.md#calls): a student's personal data, education
 * history, contacts and documents issued; a teacher's position, department and disciplines of the
 * half-year; the fields the university lets the owner edit, with the history of their changes. An
 * administrator opens anyone's card read-only and adds education-history events.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Ok, Role } from './common';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** A calendar date YYYY-MM-DD. */
const IsoDate = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });

/** The fields an owner may be allowed to edit (PERSONAL_CARD_EDITABLE, docs/configuration.md). */
export const CARD_FIELDS = ['phone', 'email'] as const;
export const CardField = Type.Union(CARD_FIELDS.map((f) => Type.Literal(f)));
export type CardField = Static<typeof CardField>;

/** Kinds of an education-history event. A transfer moves the student to another group. */
export const EVENT_KINDS = ['admission', 'transfer', 'leave', 'return', 'expulsion', 'graduation'] as const;
export const EventKind = Type.Union(EVENT_KINDS.map((k) => Type.Literal(k)));
export type EventKind = Static<typeof EventKind>;

/** Days after today an event may still be dated (an order signed ahead). */
export const EVENT_DAYS_AHEAD = 7;
/** Longest order number, note and contact value. */
export const ORDER_NUMBER_MAX = 40;
export const NOTE_MAX = 500;
export const PHONE_MAX = 20;
export const EMAIL_MAX = 254;

/** A phone: digits with an optional leading +, spaces, dashes and brackets; 9 to 15 digits. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]*[0-9]$/;
export const PHONE_DIGITS_MIN = 9;
export const PHONE_DIGITS_MAX = 15;
/** An e-mail address: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a value is a phone number the card accepts. */
export function validPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(value) && digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
}

/** Whether a value is an e-mail address the card accepts. */
export function validEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** POST card.json {userId?}: the caller's own card, or (an administrator) another account's. */
export const CardBody = Type.Object({ userId: Type.Optional(Type.Integer({ minimum: 1 })) });
export type CardBody = Static<typeof CardBody>;

export const EducationEvent = Type.Object({
  id: Type.Integer(),
  kind: EventKind,
  /** ISO date YYYY-MM-DD. */
  date: Type.String(),
  orderNumber: Type.String(),
  orderDate: Type.String(),
  groupFrom: Nullable(Type.String()),
  groupTo: Nullable(Type.String()),
  note: Nullable(Type.String()),
});
export type EducationEvent = Static<typeof EducationEvent>;

export const CardChange = Type.Object({
  field: CardField,
  oldValue: Nullable(Type.String()),
  newValue: Nullable(Type.String()),
  /** ISO timestamp. */
  at: Type.String(),
  /** Who changed it: a full name. */
  by: Type.String(),
});
export type CardChange = Static<typeof CardChange>;

/** A single-window order that was issued (prepared). */
export const IssuedOrder = Type.Object({
  id: Type.Integer(),
  docType: Type.String(),
  orderedAt: Type.String(),
  issuedAt: Type.String(),
});
export type IssuedOrder = Static<typeof IssuedOrder>;

export const PersonalCard = Type.Object({
  userId: Type.Integer(),
  role: Role,
  /** The caller's own card (then `editable` may name fields). */
  own: Type.Boolean(),
  fullName: Type.String(),
  gender: Type.Union([Type.Literal('m'), Type.Literal('f')]),
  birthDate: Nullable(Type.String()),
  /** A data: URL of the photo, or null. */
  photo: Nullable(Type.String()),
  contacts: Type.Object({ phone: Nullable(Type.String()), email: Nullable(Type.String()) }),
  /** The fields the caller may change on this card (none on another's). */
  editable: Type.Array(CardField),
  changes: Type.Array(CardChange),
  student: Nullable(
    Type.Object({
      /** Student number (record book). */
      code: Type.String(),
      group: Type.String(),
      speciality: Type.String(),
      faculty: Type.String(),
      educationForm: Type.String(),
      history: Type.Array(EducationEvent),
      orders: Type.Array(IssuedOrder),
      /** When the student last revoked the transcripts issued so far (transcripts themselves are not recorded). */
      transcriptsRevokedAt: Nullable(Type.String()),
    }),
  ),
  teacher: Nullable(
    Type.Object({
      position: Type.String(),
      department: Type.String(),
      faculty: Type.String(),
      /** Disciplines of the current half-year's teaching assignments, by name. */
      disciplines: Type.Array(Type.String()),
    }),
  ),
  /** An administrator's view of a student's card: the groups a transfer may name. */
  groups: Nullable(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
});
export type PersonalCard = Static<typeof PersonalCard>;
export const PersonalCardReply = Ok(PersonalCard);

/** POST update.json {field, value}: the owner changes an editable field; the card as it is now. */
export const UpdateBody = Type.Object({ field: CardField, value: Type.String({ maxLength: EMAIL_MAX }) });
export type UpdateBody = Static<typeof UpdateBody>;

/** POST event.json: an administrator adds an education-history event to a student's card. */
export const EventBody = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  kind: EventKind,
  date: IsoDate,
  orderNumber: Type.String({ maxLength: ORDER_NUMBER_MAX }),
  orderDate: IsoDate,
  /** The new group of a transfer (required then, ignored otherwise). */
  groupId: Type.Optional(Type.Integer({ minimum: 1 })),
  note: Type.Optional(Type.String({ maxLength: NOTE_MAX })),
});
export type EventBody = Static<typeof EventBody>;

/** POST search.json {q}: an administrator finds accounts by login or name (at most 20). */
export const SearchBody = Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }) });
export type SearchBody = Static<typeof SearchBody>;
export const SearchHit = Type.Object({ userId: Type.Integer(), login: Type.String(), fullName: Type.String(), role: Role, place: Nullable(Type.String()) });
export type SearchHit = Static<typeof SearchHit>;
export const SearchReply = Ok(Type.Array(SearchHit));
