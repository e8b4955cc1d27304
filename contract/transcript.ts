/**
 * The transcript under /api/misc/ (docs/areas/transcript.md#calls): the student's final results grouped by
 * group, academic year and half-year (ws_sort), with the institution's data, credit sums and the
 * grade point average; as JSON, as a PDF carrying a QR code of its verification link, and the public
 * verification page (a signed token: genuine and unchanged, or refused).
 */
import { Type, type Static } from 'typebox';
import { Ok } from './common';

export const TranscriptDiscipline = Type.Object({
  code_discipline: Type.String(),
  discipline: Type.String(),
  kredits: Type.Integer(),
  control: Type.String(),
  /** Points 0–100, or null while the half-year is in progress. */
  points: Type.Union([Type.Integer(), Type.Null()]),
  ekv_num: Type.Union([Type.Number(), Type.Null()]),
  ekv_bukv: Type.Union([Type.String(), Type.Null()]),
  /** The traditional mark (excellent, good…). */
  mark: Type.Union([Type.String(), Type.Null()]),
});
export type TranscriptDiscipline = Static<typeof TranscriptDiscipline>;

export const TranscriptSemester = Type.Object({
  ws_sort: Type.Integer(),
  id_w_s: Type.Integer(),
  semester: Type.Integer(),
  name: Type.String(),
  kredits_sum: Type.Integer(),
  inProgress: Type.Boolean(),
  disciplines: Type.Array(TranscriptDiscipline),
});
export type TranscriptSemester = Static<typeof TranscriptSemester>;

export const TranscriptYear = Type.Object({ id_a_year: Type.Integer(), name: Type.String(), semesters: Type.Array(TranscriptSemester) });
export type TranscriptYear = Static<typeof TranscriptYear>;

export const TranscriptGroup = Type.Object({
  id_group: Type.Integer(),
  group: Type.String(),
  institution_ru: Type.String(),
  institution_kg: Type.String(),
  institution_en: Type.String(),
  address: Type.String(),
  tel: Type.String(),
  mail: Type.String(),
  spec: Type.String(),
  faculty: Type.String(),
  direction: Type.String(),
  direction2: Type.String(),
  fio: Type.String(),
  birthDate: Type.Union([Type.String(), Type.Null()]),
  kredits_avg: Type.Number(),
  kredits_sum: Type.Integer(),
  years: Type.Array(TranscriptYear),
});
export type TranscriptGroup = Static<typeof TranscriptGroup>;

export const Transcript = Type.Object({
  groups: Type.Array(TranscriptGroup),
  /** Titled columns of the discipline table, in order. */
  columns: Type.Array(Type.Object({ key: Type.String(), title: Type.String() })),
  results: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  signature: Type.Object({ position: Type.String(), name: Type.String() }),
  institute: Type.Object({ name: Type.String(), address: Type.String() }),
  faculty: Type.Object({ name: Type.String() }),
  issuedAt: Type.String(),
  /** The public verification page of this transcript (also in the PDF's QR code); null while PUBLIC_URL is not configured (no PDF then). */
  verifyUrl: Type.Union([Type.String(), Type.Null()]),
});
export type Transcript = Static<typeof Transcript>;
export const TranscriptReply = Ok(Transcript);

/** POST transcript/revoke.json {}: the student revokes every transcript issued so far (their QR codes then verify as revoked). */
export const RevokeReply = Ok(Type.Object({ revoked: Type.Literal(true) }));

/** GET transcript/verify.html?t= (no session): the verification page. */
export const VerifyQuery = Type.Object({ t: Type.String({ minLength: 1, maxLength: 2000 }) });
export type VerifyQuery = Static<typeof VerifyQuery>;
