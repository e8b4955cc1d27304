/**
 * Imports of the university's own lists from spreadsheets (docs/areas/imports.md): the command
 * `npm run import` and the administrator's screen (`/api/imports/*`) give the same reports.
 */
import { Type, type Static } from 'typebox';
import { Ok } from './common';
import { IMPORT_KINDS as KINDS } from './pure/imports';

export { IMPORT_FILE_FIELD, IMPORT_MAX_BYTES } from './pure/imports';

/** What can be imported, in the order a university loads them. */
export const ImportKind = Type.Union([
  Type.Literal('faculties'),
  Type.Literal('departments'),
  Type.Literal('specialities'),
  Type.Literal('groups'),
  Type.Literal('students'),
  Type.Literal('teachers'),
  Type.Literal('rooms'),
  Type.Literal('disciplines'),
  Type.Literal('plans'),
  Type.Literal('timetable'),
  Type.Literal('offerings'),
]);
export type ImportKind = Static<typeof ImportKind>;
/** The kinds in that order (contract/pure/imports.ts: the client uses them as they are). */
export const IMPORT_KINDS: readonly ImportKind[] = KINDS;

/** A refused row: its line in the file, the column's header as the file writes it (empty for the whole row), and why. */
export const ImportIssue = Type.Object({
  line: Type.Integer({ minimum: 1 }),
  column: Type.String(),
  reason: Type.String(),
});
export type ImportIssue = Static<typeof ImportIssue>;

/** One field of a record that the file changes. */
export const ImportFieldChange = Type.Object({
  field: Type.String(),
  before: Type.String(),
  after: Type.String(),
});
export type ImportFieldChange = Static<typeof ImportFieldChange>;

/**
 * A record the file adds or changes, named by the university's code (faculty code, a department by its
 * faculty code and name, speciality code, group name, student
 * number, teacher code, building / room, discipline code; a plan row by its cohort, semester and discipline; a
 * timetable row by its group or stream, subgroup, day, lesson time, academic year and half-year).
 */
export const ImportRecord = Type.Object({
  line: Type.Integer({ minimum: 1 }),
  key: Type.String(),
  changes: Type.Array(ImportFieldChange),
});
export type ImportRecord = Static<typeof ImportRecord>;

/**
 * A student of a group in the file whom the file does not name; for the timetable, a lesson of a half-year
 * in the file that the file does not name (`key` the lesson's, `name` what is taught there and by whom,
 * `group` the group or stream); for departments and specialities, one of a faculty in the file that the
 * file does not name (a department: `key` "faculty code / name", `name` and `group` empty; a speciality:
 * `key` its code, `name` its name, `group` its faculty's code): listed, never removed or disabled.
 */
export const ImportMissing = Type.Object({ key: Type.String(), name: Type.String(), group: Type.String() });
export type ImportMissing = Static<typeof ImportMissing>;

/**
 * A new account made by a students or teachers import: the one-time password is shown to the
 * administrator once, never logged. A teacher's has his teacher code as `studentNumber` and his
 * department as `group`.
 */
export const ImportAccount = Type.Object({
  studentNumber: Type.String(),
  fullName: Type.String(),
  group: Type.String(),
  login: Type.String(),
  password: Type.String(),
});
export type ImportAccount = Static<typeof ImportAccount>;

/** The preview of an import, and what was written (`written`). Texts are in the caller's language. */
export const ImportReport = Type.Object({
  kind: ImportKind,
  /** Data rows read (empty rows not counted). */
  rows: Type.Integer({ minimum: 0 }),
  emptyRows: Type.Integer({ minimum: 0 }),
  /** Headers of the file that name no column of the kind: ignored. */
  unknownColumns: Type.Array(Type.String()),
  added: Type.Array(ImportRecord),
  changed: Type.Array(ImportRecord),
  unchanged: Type.Integer({ minimum: 0 }),
  refused: Type.Array(ImportIssue),
  missing: Type.Array(ImportMissing),
  written: Type.Boolean(),
  /** How many accounts were made (their passwords go to the caller only). */
  accounts: Type.Integer({ minimum: 0 }),
});
export type ImportReport = Static<typeof ImportReport>;

/**
 * POST /api/imports/run.json, multipart: the kind, the file (field `file`, .xlsx or .csv) and the
 * options. `dryRun`: the preview only; `validOnly`: write the valid rows even when some are refused.
 */
export const ImportRunFields = Type.Object({
  kind: ImportKind,
  dryRun: Type.Boolean({ default: false }),
  validOnly: Type.Boolean({ default: false }),
});
export type ImportRunFields = Static<typeof ImportRunFields>;

/**
 * The new accounts' file of a students or teachers import (the command's accounts file): made for this
 * reply only, never stored; `base64` holds the .xlsx workbook.
 */
export const ImportAccountsFile = Type.Object({
  name: Type.String(),
  mime: Type.String(),
  base64: Type.String(),
});
export type ImportAccountsFile = Static<typeof ImportAccountsFile>;

export const ImportRunResult = Type.Object({
  report: ImportReport,
  /** Present when the import made accounts: offered once. */
  accountsFile: Type.Union([ImportAccountsFile, Type.Null()]),
});
export type ImportRunResult = Static<typeof ImportRunResult>;
export const ImportRunReply = Ok(ImportRunResult);

/** GET /api/imports/template.xlsx?kind=: the kind's template (headers in the caller's language, one example row). */
export const ImportTemplateQuery = Type.Object({ kind: ImportKind });
export type ImportTemplateQuery = Static<typeof ImportTemplateQuery>;
