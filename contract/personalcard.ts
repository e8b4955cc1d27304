/**
 * The personal card (docs/areas/personalcard.md#calls): a student's personal data, education
 * history, contacts and documents issued; a teacher's position, department and disciplines of the
 * half-year; the fields the university lets the owner edit, with the history of their changes. An
 * administrator opens anyone's card read-only and adds education-history events.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Ok, Role } from './common';
import { CARD_FIELDS, EMAIL_MAX, EVENT_KINDS, NOTE_MAX, ORDER_NUMBER_MAX } from './pure/personalcard';

export * from './pure/personalcard';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** A calendar date YYYY-MM-DD. */
const IsoDate = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });

export const CardField = Type.Union([Type.Literal(CARD_FIELDS[0]), Type.Literal(CARD_FIELDS[1])]);
export type CardField = Static<typeof CardField>;

export const EventKind = Type.Union([
  Type.Literal(EVENT_KINDS[0]),
  Type.Literal(EVENT_KINDS[1]),
  Type.Literal(EVENT_KINDS[2]),
  Type.Literal(EVENT_KINDS[3]),
  Type.Literal(EVENT_KINDS[4]),
  Type.Literal(EVENT_KINDS[5]),
]);
export type EventKind = Static<typeof EventKind>;

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
