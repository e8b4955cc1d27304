/**
 * Shapes shared by every area. The contract imports nothing of the client or the server:
 * the server validates and serialises with these schemas, the client imports the types only.
 *
 * Every reply is an envelope `{result, error, data}`:
 *   success  `{result: 0, error: null, data}` (optionally `sms`, a text shown as a toast);
 *   failure  `{result: true, error: {code, message}, data: null}` with the HTTP status of the failure.
 */
import { Type, type Static, type TSchema } from 'typebox';

/** Roles: 1 teacher, 2 student (docs/api.md#conventions). */
export const ROLE_TEACHER = 1;
export const ROLE_STUDENT = 2;
export const Role = Type.Union([Type.Literal(ROLE_TEACHER), Type.Literal(ROLE_STUDENT)]);
export type Role = Static<typeof Role>;

/** Languages, ru being the default and fallback (docs/api.md#conventions). */
export const LANGUAGES = ['kg', 'ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/** Machine-readable failure codes; the client translates them (namespace cm, key `errors.<code>`). */
export const ErrorCode = Type.Union([
  Type.Literal('BAD_REQUEST'),
  Type.Literal('UNAUTHORIZED'),
  Type.Literal('BAD_CREDENTIALS'),
  Type.Literal('CREDENTIALS_UPDATE_REQUIRED'),
  Type.Literal('FORBIDDEN'),
  /** The right password of a disabled account (403): its user is told to ask the administration. */
  Type.Literal('ACCOUNT_DISABLED'),
  /** An administrator's action on his own account that would lock him out (disable, reset, end sessions; 409). */
  Type.Literal('OWN_ACCOUNT'),
  /** A right of staff (news, registrar, library editor, administrator) asked for a student's account (409). */
  Type.Literal('STUDENT_ACCOUNT'),
  /** A state-changing request sent by a page of another origin. */
  Type.Literal('CROSS_SITE'),
  Type.Literal('NOT_FOUND'),
  Type.Literal('CONFLICT'),
  Type.Literal('LOGIN_TAKEN'),
  Type.Literal('TEACHER_CODE_TAKEN'),
  Type.Literal('PASSWORD_POLICY'),
  Type.Literal('PASSWORD_REUSED'),
  Type.Literal('WRONG_PASSWORD'),
  Type.Literal('TOO_LARGE'),
  Type.Literal('UNSUPPORTED_TYPE'),
  /** An import's file that cannot be a list of its kind ({text}: the sheet reader's words in the caller's language; {problem}: which). */
  Type.Literal('IMPORT_FILE'),
  /** An upload over the account's storage quota (409; {usedMb}, {quotaMb}). */
  Type.Literal('QUOTA_EXCEEDED'),
  /** The file storage is nearly full: new uploads are refused until space is freed (507). */
  Type.Literal('STORAGE_FULL'),
  /** A journal mark other than '+', 'н/б', 'ув' or an integer of the journal's scale {min}..{max}. */
  Type.Literal('INVALID_MARK'),
  /** A journal's final result other than a whole number of points {min}..{max}. */
  Type.Literal('INVALID_POINTS'),
  /** A journal write dated outside the journal's half-year ({from}..{to}). */
  Type.Literal('OUTSIDE_PERIOD'),
  /** A mark or attendance dated after today. */
  Type.Literal('FUTURE_DATE'),
  /** A write to a journal whose half-year is closed (read-only since {date}). */
  Type.Literal('PERIOD_CLOSED'),
  /** A journal's mark scale that its stored marks do not fit ({count} of them). */
  Type.Literal('SCALE_IN_USE'),
  /** A write to a signed grading sheet (409): the dean's office reopens it first. */
  Type.Literal('SHEET_SIGNED'),
  /** Exam points for a student the sheet does not admit ({min}: the module points he needed; {field}). */
  Type.Literal('NOT_ADMITTED'),
  /** A change of exam points of a student who has left the sheet's group ({field}). */
  Type.Literal('STUDENT_LEFT'),
  /** Signing a sheet with {count} admitted students still without exam points. */
  Type.Literal('SHEET_INCOMPLETE'),
  /** A resit asked for a student who passed, or beyond the commission (409). */
  Type.Literal('NO_RESIT'),
  Type.Literal('TOO_MANY_REQUESTS'),
  Type.Literal('GOOGLE_DISABLED'),
  /** Sign-in through the university's OpenID Connect provider is not configured. */
  Type.Literal('OIDC_DISABLED'),
  Type.Literal('SERVICE_UNAVAILABLE'),
  /** The same Idempotency-Key is being handled already (409). */
  Type.Literal('REQUEST_IN_PROGRESS'),
  /** An Idempotency-Key sent again with other content (422). */
  Type.Literal('IDEMPOTENCY_KEY_REUSED'),
  /** Registration changes before the half-year's registration opens ({date}: its day and time). */
  Type.Literal('REGISTRATION_NOT_OPEN'),
  /** Registration changes after the half-year's registration closed ({date}). */
  Type.Literal('REGISTRATION_CLOSED'),
  /** Registration over the half-year's credit ceiling ({limit}; {total} with this one). */
  Type.Literal('CREDIT_LIMIT'),
  /** A subgroup whose lessons clash with the student's timetable ({lesson}). */
  Type.Literal('TIMETABLE_CLASH'),
  /** A subgroup with every seat taken (409): the student may join its waiting list. */
  Type.Literal('SUBGROUP_FULL'),
  /** A save for an offering the student already holds a seat or a waiting place in (409). */
  Type.Literal('ALREADY_REGISTERED'),
  /** A result reported for a card payment that is already completed otherwise (409). */
  Type.Literal('PAYMENT_SETTLED'),
  /** A payment code asked for a year before the student's admission or after the current one (400). */
  Type.Literal('YEAR_OUT_OF_STUDY'),
  /** A reference order that is no longer waiting, so its student can no longer cancel it (409). */
  Type.Literal('ORDER_NOT_WAITING'),
  /** A document with a verification QR code asked for while the portal's public address (PUBLIC_URL) is not configured (503). */
  Type.Literal('DOCUMENTS_UNAVAILABLE'),
  /** A card payment for a payment code that is already paid (409). */
  Type.Literal('ALREADY_PAID'),
  /** Card payment asked for while no payment provider is configured (404). */
  Type.Literal('CARD_PAYMENT_OFF'),
  /** A card payment the provider declined. */
  Type.Literal('PAYMENT_DECLINED'),
  /** A payment callback or a verification token whose signature does not hold. */
  Type.Literal('BAD_SIGNATURE'),
  /** A reference list's value off its rules (400; {field}, {reason}: contract/reference.ts REFERENCE_REASONS, {min}, {max}). */
  Type.Literal('REFERENCE_INVALID'),
  /** A reference list's value another row of the list holds (409; {field}). */
  Type.Literal('REFERENCE_TAKEN'),
  /** A reference list's row that other records refer to, so it cannot be deleted (409). */
  Type.Literal('REFERENCE_IN_USE'),
  /** A test taken outside its opening hours (409; {opensAt}, {closesAt}). */
  Type.Literal('TEST_NOT_OPEN'),
  /** A test's attempts all used (409; {attempts}). */
  Type.Literal('TEST_NO_ATTEMPTS'),
  /** A test's password missing or wrong (403). */
  Type.Literal('TEST_PASSWORD'),
  /** A test's call from outside the networks it allows (403). */
  Type.Literal('TEST_NETWORK'),
  /** An answer after the attempt's deadline (409): the attempt is ended and graded. */
  Type.Literal('TEST_TIME_OVER'),
  /** An answer to an attempt already submitted (409). */
  Type.Literal('TEST_ATTEMPT_CLOSED'),
  /** A save from a device the attempt was taken over from (409): resuming there takes it back. */
  Type.Literal('TEST_OTHER_DEVICE'),
  /** An answer of another kind than its question's, or naming options it has not (400). */
  Type.Literal('TEST_ANSWER'),
  /** A question's text the import cannot read (400; {lines}, {line}, {reason}): nothing imported. */
  Type.Literal('TEST_IMPORT'),
  /** A change papers forbid: deleting a question they hold, or changing its kind or its number of options (409). */
  Type.Literal('TEST_QUESTION_IN_USE'),
  /** A draw rule asking a category for more questions than it holds (400; {category}, {count}, {available}). */
  Type.Literal('TEST_DRAW'),
  /** A question's content that cannot be graded (400; {reason}: no correct option, several for single choice…). */
  Type.Literal('TEST_QUESTION_INVALID'),
  /** A journal the test's results cannot go to: not of the test's discipline, or none of the test's students on its list (400). */
  Type.Literal('TEST_JOURNAL_MISMATCH'),
  /** A grading sheet the test's results cannot go to: not of the test's discipline, or none of the test's students on it (400). */
  Type.Literal('TEST_SHEET_MISMATCH'),
  /** Sending a test's results to the journal or the grading sheet when no student has a counted result (409). */
  Type.Literal('TEST_NO_RESULTS'),
  /** A question's image that is not PNG, JPEG, WebP or GIF by its content (400): nothing stored. */
  Type.Literal('TEST_IMAGE_TYPE'),
  /** An answer to a questionnaire before its opening ({date}; 409). */
  Type.Literal('QUESTIONNAIRE_NOT_OPEN'),
  /** An answer to a questionnaire after its closing ({date}; 409). */
  Type.Literal('QUESTIONNAIRE_CLOSED'),
  /** A second answer to a questionnaire by the same person (409): nothing written. */
  Type.Literal('ALREADY_ANSWERED'),
  /** An answer missing for a required question or not fitting it (400; {question}: its number, 0 for an unknown question). */
  Type.Literal('QUESTIONNAIRE_ANSWER'),
  /** A document the caller may not change or withdraw: another faculty's or the whole university's for a dean's office (403). */
  Type.Literal('DOCUMENT_NOT_MANAGED'),
  /** A questionnaire somebody has answered: its questions, audience and kind stay, and it is not deleted (409; {count}). */
  Type.Literal('QUESTIONNAIRE_HAS_ANSWERS'),
  /** A questionnaire's closing moved before now, or not after its opening (400). */
  Type.Literal('QUESTIONNAIRE_CLOSE_PAST'),
  /** A room booked at a date and pair the timetable or another booking holds already (409). */
  Type.Literal('ROOM_TAKEN'),
  /** A booking at a date and pair its teacher has a lesson or another booking at (409). */
  Type.Literal('TEACHER_BUSY'),
  /** A booking dated at a pair that has started or passed (400). */
  Type.Literal('BOOKING_PAST'),
  /** A booking cancelled after its pair started (409). */
  Type.Literal('BOOKING_STARTED'),
  /** A second meeting for one lesson occurrence (409): the first stays. */
  Type.Literal('WEBINAR_TAKEN'),
  /** A meeting dated on another weekday than its lesson's (400). */
  Type.Literal('WEBINAR_NOT_LESSON_DAY'),
  /** A meeting dated before today (400). */
  Type.Literal('WEBINAR_PAST'),
  /** A meeting on the portal's meeting server when the administrator configured none (400). */
  Type.Literal('WEBINAR_NO_SERVER'),
  /** A meeting's or a recording's link that is not an https link (400). */
  Type.Literal('WEBINAR_BAD_LINK'),
  /** A join (or a recording) before the meeting opens ({opensAt}; 409). */
  Type.Literal('WEBINAR_NOT_OPEN'),
  /** A join after the lesson ended (409). */
  Type.Literal('WEBINAR_ENDED'),
  Type.Literal('INTERNAL'),
]);
export type ErrorCode = Static<typeof ErrorCode>;

export const ApiError = Type.Object({
  code: ErrorCode,
  message: Type.String(),
  /** For PASSWORD_POLICY: the minimum length in force; for TOO_MANY_REQUESTS: seconds to wait. */
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});
export type ApiError = Static<typeof ApiError>;

/** The body of a POST that carries nothing (the caller is the session's). */
export const EmptyBody = Type.Object({});
export type EmptyBody = Static<typeof EmptyBody>;

/** Success envelope around a data schema. */
export const Ok = <T extends TSchema>(data: T) =>
  Type.Object({
    result: Type.Literal(0),
    error: Type.Null(),
    data,
    sms: Type.Optional(Type.String()),
  });

/** One page of a long list: its items, the list's whole length, the page's number (from 1) and its size. */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

export const Failure = Type.Object({
  result: Type.Literal(true),
  error: ApiError,
  data: Type.Null(),
});
export type Failure = Static<typeof Failure>;

/** The reply of any call: what the client's helper turns into success or failure. */
export interface Envelope<T> {
  result: 0 | true | false | number;
  error: ApiError | null;
  data: T;
  sms?: string;
}

/** The largest PostgreSQL integer: ids beyond it name nothing and are refused by the schema (400). */
export const DB_INT_MAX = 2147483647;
/** A row id in a request (PostgreSQL integer). */
export const DbId = Type.Integer({ minimum: 1, maximum: DB_INT_MAX });

/** An academic year in a request, by its first calendar year (2026 for '2026-27'). */
export const YearStart = Type.Integer({ minimum: 2000, maximum: 2100 });
/** A working semester (half-year) in a request: 1 autumn, 2 spring. */
export const HalfYear = Type.Union([Type.Literal(1), Type.Literal(2)]);

/** A dropdown entry; the client adds the blank ' --- ' entry with id -1 (docs/areas/academic.md#calls). */
export const IdName = Type.Object({ id: Type.Integer(), name: Type.String() });
export type IdName = Static<typeof IdName>;

/** Identity fields that a body may carry; they must name the session's own user, else 403. */
export const UidRole = Type.Object({
  uid: Type.Integer(),
  role: Role,
});
export type UidRole = Static<typeof UidRole>;
