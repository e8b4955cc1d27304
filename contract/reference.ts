/**
 * The university's reference data under /api/reference/ (docs/areas/reference.md#calls): the lists
 * the portal reads (academic years, registration periods, lesson times, the university's settings,
 * rooms, paid services...), shown and changed by the administrators (the account's admin right);
 * anyone else gets 403. Every list is described by the server (its columns and their kinds), and the
 * one editor of the client draws every list from that description. Every change is written in the
 * administration's audit log (addReference, changeReference, deleteReference).
 */
import { Type, type Static } from 'typebox';
import { IdName, Ok } from './common';
import { REFERENCE_LISTS as LISTS } from './pure/reference';

/** The lists, in the order the screen shows them (contract/pure/reference.ts: the client uses them as they are). */
export const REFERENCE_LISTS: typeof LISTS & readonly ReferenceListName[] = LISTS;
export const ReferenceListNameSchema = Type.Union([
  Type.Literal('academicYears'),
  Type.Literal('registrationPeriods'),
  Type.Literal('lessonTimes'),
  Type.Literal('settings'),
  Type.Literal('rooms'),
  Type.Literal('paidServices'),
  Type.Literal('docTypes'),
  Type.Literal('faculties'),
  Type.Literal('departments'),
  Type.Literal('specialities'),
  Type.Literal('groups'),
  Type.Literal('menuLinks'),
  Type.Literal('appLinks'),
  Type.Literal('regOfferings'),
  Type.Literal('regSubgroups'),
]);
export type ReferenceListName = Static<typeof ReferenceListNameSchema>;

/**
 * What a column holds, and so how it is sent: `text`, `url` (http or https), `date` ('YYYY-MM-DD'),
 * `time` ('HH:MM'), `timestamp` (ISO) and `timeZone` (an IANA name) as strings; `integer` and `decimal` as
 * numbers; `names` as {ru, kg, en}; `select` as the id of an entry of the column's `options`;
 * `roles` as a list of roles (1 teacher, 2 student); `networks` as a list of CIDR networks.
 */
export const ReferenceColumnKind = Type.Union([
  Type.Literal('text'),
  Type.Literal('names'),
  Type.Literal('integer'),
  Type.Literal('decimal'),
  Type.Literal('date'),
  Type.Literal('time'),
  Type.Literal('timestamp'),
  Type.Literal('url'),
  Type.Literal('timeZone'),
  Type.Literal('select'),
  Type.Literal('roles'),
  Type.Literal('networks'),
]);
export type ReferenceColumnKind = Static<typeof ReferenceColumnKind>;

/** One column of a list: its key (its label is the client's text `columns.<list>.<key>`), kind and bounds. */
export const ReferenceColumn = Type.Object({
  key: Type.String(),
  kind: ReferenceColumnKind,
  /** A value must be given (an empty text, a missing number or an empty name is refused). */
  required: Type.Boolean(),
  /** Part of the row's identity: given when the row is added, never changed afterwards. */
  identity: Type.Optional(Type.Boolean()),
  /** Bounds of a number, or the longest text. */
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  /** The values a `text` column takes, when it is one of a fixed list (the client names them). */
  choices: Type.Optional(Type.Array(Type.String())),
  /** The choices of a `select` column, named in the caller's language. */
  options: Type.Optional(Type.Array(IdName)),
});
export type ReferenceColumn = Static<typeof ReferenceColumn>;

/** A list as the editor draws it: its columns and what may be done with its rows. */
export const ReferenceList = Type.Object({
  name: ReferenceListNameSchema,
  columns: Type.Array(ReferenceColumn),
  /** Rows may be added and deleted (the settings are a fixed row, only changed). */
  canAdd: Type.Boolean(),
  canDelete: Type.Boolean(),
  /** How many rows it has. */
  count: Type.Integer(),
});
export type ReferenceList = Static<typeof ReferenceList>;

/** The value of one column (see ReferenceColumnKind). */
export const ReferenceNames = Type.Object({
  ru: Type.String({ maxLength: 500 }),
  kg: Type.String({ maxLength: 500 }),
  en: Type.String({ maxLength: 500 }),
});
export type ReferenceNames = Static<typeof ReferenceNames>;
export const ReferenceValue = Type.Union([
  Type.Null(),
  Type.String({ maxLength: 2000 }),
  Type.Number(),
  ReferenceNames,
  Type.Array(Type.Union([Type.String({ maxLength: 100 }), Type.Number()]), { maxItems: 100 }),
]);
export type ReferenceValue = Static<typeof ReferenceValue>;
export const ReferenceValues = Type.Record(Type.String({ maxLength: 40 }), ReferenceValue);
export type ReferenceValues = Static<typeof ReferenceValues>;

/** A row: its id (the key columns' values joined by ':', or the row's number) and its values by column key. */
export const ReferenceRow = Type.Object({ id: Type.String(), values: ReferenceValues });
export type ReferenceRow = Static<typeof ReferenceRow>;

/** A row's id in a request. */
export const ReferenceRowId = Type.String({ minLength: 1, maxLength: 100 });

/** POST lists.json {}: the lists, in their order. */
export const ReferenceLists = Type.Object({ lists: Type.Array(ReferenceList) });
export type ReferenceLists = Static<typeof ReferenceLists>;
export const ReferenceListsReply = Ok(ReferenceLists);

/** POST rows.json {list}: the list's description and its rows, in the list's order. */
export const ReferenceRowsBody = Type.Object({ list: ReferenceListNameSchema });
export type ReferenceRowsBody = Static<typeof ReferenceRowsBody>;
export const ReferenceRows = Type.Object({ list: ReferenceList, rows: Type.Array(ReferenceRow) });
export type ReferenceRows = Static<typeof ReferenceRows>;
export const ReferenceRowsReply = Ok(ReferenceRows);

/**
 * POST save.json {list, id?, values}: a row added (no id) or changed (its id); the reply is the row as
 * stored. 400 REFERENCE_INVALID {field, reason} for a value off the column's or the list's rules, 409
 * REFERENCE_TAKEN {field} for a value another row holds; nothing is written then.
 */
export const ReferenceSaveBody = Type.Object({ list: ReferenceListNameSchema, id: Type.Optional(ReferenceRowId), values: ReferenceValues });
export type ReferenceSaveBody = Static<typeof ReferenceSaveBody>;
export const ReferenceSaveReply = Ok(ReferenceRow);

/** POST delete.json {list, id}: the row deleted; 409 REFERENCE_IN_USE while other records refer to it. */
export const ReferenceDeleteBody = Type.Object({ list: ReferenceListNameSchema, id: ReferenceRowId });
export type ReferenceDeleteBody = Static<typeof ReferenceDeleteBody>;
export const ReferenceDeleted = Type.Object({ id: Type.String() });
export const ReferenceDeleteReply = Ok(ReferenceDeleted);

/** Why a value is refused (params.reason of REFERENCE_INVALID); the client's text `errors.<reason>`. */
export const REFERENCE_REASONS = [
  'required',
  'range',
  'tooLong',
  'format',
  'order',
  'yearLength',
  'yearName',
  'overlap',
  'timeZone',
  'url',
  'cidr',
  'option',
  'semesterHalf',
  'electiveForAll',
  'belowTaken',
  'afterHalfYear',
  'marksBeforeEnd',
  'marksTooLate',
] as const;
export type ReferenceReason = (typeof REFERENCE_REASONS)[number];

/** The side-menu entries a link of the university (menu_links) may stand for, and the apps panel's icons. */
export { MENU_KEYS as MENU_LINK_KEYS, APP_ICON_NAMES as APP_LINK_ICONS } from './pure/menu';
