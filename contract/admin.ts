/**
 * Administration of accounts under /api/admin/ (docs/areas/admin.md#calls): the university's
 * administrators (the account's admin right, `User.admin`) find accounts, disable and enable them,
 * reset a password to a one-time one, unlock a throttled login, end an account's sessions and grant or
 * revoke a member of staff's rights (news, registrar, library editor, QR report viewer, administrator), set
 * an account's own storage quota, and
 * make a member of staff's account by hand (his teacher's record with it); every
 * change is written in the audit log, which they read. Every call is an administrator's: anyone else
 * gets 403, except a faculty's dean's office (`User.deanFacultyId`), who finds the accounts of his
 * faculty, resets their passwords, unlocks them, ends their sessions, disables and enables its
 * students, and reads his own entries of the log (docs/areas/admin.md#the-deans-office). The writes
 * honour Idempotency-Key.
 */
import { Type, type Static } from 'typebox';
import { LOGIN_MAX_LENGTH, LOGIN_MIN_LENGTH } from './auth';
import { DbId, IdName, Ok, Paged, Role } from './common';

/** Rows of one page of accounts or of the audit log. */
export const ADMIN_PAGE_SIZE = 20;
/** Longest search text. */
export const ACCOUNT_QUERY_MAX = 100;
/** Length of a one-time password the server makes. */
export const ONE_TIME_PASSWORD_LENGTH = 12;

/** An account as the administrator sees it. */
export const AdminAccount = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  role: Role,
  fullName: Type.String(),
  /** A teacher's position or a student's group. */
  place: Type.Union([Type.String(), Type.Null()]),
  /** An administrator of the portal. */
  admin: Type.Boolean(),
  /** May post news (`users.news_perms`). */
  news: Type.Boolean(),
  /** Handles the single window's orders of his faculty. */
  registrar: Type.Boolean(),
  /** May edit and delete every book of the library (a `library_editors` row). */
  libraryEditor: Type.Boolean(),
  /** May read the QR attendance reports of the whole university (a `qr_report_viewers` row). */
  qrReports: Type.Boolean(),
  /** The faculty whose dean's office the account is (`users.dean_faculty_id`), or null. */
  deanFacultyId: Type.Union([Type.Integer(), Type.Null()]),
  /** Cannot sign in, and has no session. */
  disabled: Type.Boolean(),
  /** Sign-in is throttled after failed attempts (until `lockedUntil`, ISO). */
  locked: Type.Boolean(),
  lockedUntil: Type.Union([Type.String(), Type.Null()]),
  /** Must set a new login and password at the next sign-in. */
  mustUpdateCredentials: Type.Boolean(),
  /** Has a password: accounts without one cannot sign in with a password. */
  hasPassword: Type.Boolean(),
  /** ISO time its password was last set (by its user or an administrator), or null. */
  passwordChangedAt: Type.Union([Type.String(), Type.Null()]),
  /** ISO time of the last sign-in the portal still records (sessions of the last day and the open ones), or null. */
  lastSignIn: Type.Union([Type.String(), Type.Null()]),
  /** Sessions open now. */
  sessions: Type.Integer(),
  /** Its own storage quota in MB set by an administrator, or null: its role's (`quotaDefaultMb`). */
  quotaMb: Type.Union([Type.Integer(), Type.Null()]),
  /** Its role's storage quota in MB (QUOTA_TEACHER_MB or QUOTA_STUDENT_MB). */
  quotaDefaultMb: Type.Integer(),
  /** What its files take now, in MB rounded up (above its quota when uploads are refused). */
  usedMb: Type.Integer(),
});
export type AdminAccount = Static<typeof AdminAccount>;

/** POST accounts.json {q, page}: accounts whose login or name contains every word of `q` (any case), by surname. */
export const AccountsBody = Type.Object({
  q: Type.String({ maxLength: ACCOUNT_QUERY_MAX }),
  page: Type.Integer({ minimum: 1, maximum: 100000 }),
});
export type AccountsBody = Static<typeof AccountsBody>;
export const AccountsPage = Paged(AdminAccount);
export type AccountsPage = Static<typeof AccountsPage>;
export const AccountsReply = Ok(AccountsPage);

/** The account a write acts on. */
export const AccountIdBody = Type.Object({ id: DbId });
export type AccountIdBody = Static<typeof AccountIdBody>;

/** POST account.json, disable.json, enable.json, unlock.json, endsessions.json {id}: the account as it is after. */
export const AccountReply = Ok(AdminAccount);

/** POST resetpassword.json {id}: the one-time password, shown once; the account must change its credentials at its next sign-in. */
export const PasswordResetDone = Type.Object({ account: AdminAccount, password: Type.String() });
export type PasswordResetDone = Static<typeof PasswordResetDone>;
export const ResetPasswordReply = Ok(PasswordResetDone);

/** Longest surname, name, patronymic and teacher code of a new account. */
export const PERSON_NAME_MAX = 100;
export const TEACHER_CODE_MAX = 32;

/**
 * POST newaccount.json: a member of staff's teacher record and account, made together; the reply is
 * the account (as accounts.json shows it) and its one-time password, shown once (the account must
 * change its credentials at its first sign-in, as after resetpassword.json). An empty patronymic or
 * teacher code is none. 409 LOGIN_TAKEN or TEACHER_CODE_TAKEN; 400 {field} for a login off the
 * portal's rules (LOGIN_PATTERN in contract/auth.ts), a blank name, or a department or position that
 * does not exist.
 */
export const NewAccountBody = Type.Object({
  surname: Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX }),
  name: Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX }),
  patronymic: Type.Optional(Type.String({ maxLength: PERSON_NAME_MAX })),
  gender: Type.Union([Type.Literal('m'), Type.Literal('f')]),
  positionId: DbId,
  departmentId: DbId,
  /** The university's teacher code (the teachers import matches by it): unique. */
  code: Type.Optional(Type.String({ maxLength: TEACHER_CODE_MAX })),
  login: Type.String({ minLength: LOGIN_MIN_LENGTH, maxLength: LOGIN_MAX_LENGTH }),
});
export type NewAccountBody = Static<typeof NewAccountBody>;
export const NewAccountReply = Ok(PasswordResetDone);

/**
 * POST newaccountlists.json {}: what the new account's form offers, in the caller's language: the
 * positions (in their order) and the university's departments, each named "faculty code / department", as the imports name them,
 * and the faculties (for the dean's-office right).
 */
export const NewAccountLists = Type.Object({
  positions: Type.Array(IdName),
  departments: Type.Array(IdName),
  /** The faculties, "code / name", by code: the dean's-office right's choice (dean.json). */
  faculties: Type.Array(IdName),
});
export type NewAccountLists = Static<typeof NewAccountLists>;
export const NewAccountListsReply = Ok(NewAccountLists);

/** The rights an administrator grants and revokes, each named as the AdminAccount field that shows it. */
export const ACCOUNT_RIGHTS = ['news', 'registrar', 'libraryEditor', 'qrReports', 'admin'] as const satisfies readonly AccountRight[];
export const AccountRightSchema = Type.Union([
  Type.Literal('news'),
  Type.Literal('registrar'),
  Type.Literal('libraryEditor'),
  Type.Literal('qrReports'),
  Type.Literal('admin'),
]);
export type AccountRight = Static<typeof AccountRightSchema>;

/**
 * POST rights.json {id, right, granted}: the right granted (true) or revoked (false); the account as it
 * is after. Only a member of staff's account (role 1) gets a right (409 STUDENT_ACCOUNT); an
 * administrator cannot revoke his own admin right (409 OWN_ACCOUNT).
 */
export const RightBody = Type.Object({ id: DbId, right: AccountRightSchema, granted: Type.Boolean() });
export type RightBody = Static<typeof RightBody>;

/**
 * POST dean.json {id, facultyId}: the account made the dean's office of the faculty (null: none). Only
 * a member of staff's account (409 STUDENT_ACCOUNT; clearing stays possible); 400 {field: 'facultyId'}
 * for a faculty that does not exist. Audited as grantRight (a faculty given or changed) or revokeRight
 * (none) with {deanFacultyId: old} → {deanFacultyId: new}. The account as it is after.
 */
export const DeanBody = Type.Object({ id: DbId, facultyId: Type.Union([DbId, Type.Null()]) });
export type DeanBody = Static<typeof DeanBody>;

/** The largest own storage quota, in MB (as the database's check and QUOTA_*_MB allow). */
export const QUOTA_MAX_MB = 10_000_000;

/**
 * POST quota.json {id, quotaMb}: the account's own storage quota in MB (a whole number, 1 to
 * QUOTA_MAX_MB), or null: back to its role's. Below what its files take is allowed (its uploads are
 * then refused with QUOTA_EXCEEDED). The account as it is after.
 */
export const QuotaBody = Type.Object({
  id: DbId,
  quotaMb: Type.Union([Type.Integer({ minimum: 1, maximum: QUOTA_MAX_MB }), Type.Null()]),
});
export type QuotaBody = Static<typeof QuotaBody>;

/** What the audit log records. */
export const AUDIT_ACTIONS = [
  'disable',
  'enable',
  'resetPassword',
  'unlock',
  'endSessions',
  'grantRight',
  'revokeRight',
  'createAccount',
  'setQuota',
  'addReference',
  'changeReference',
  'deleteReference',
] as const satisfies readonly AuditAction[];
export const AuditActionSchema = Type.Union([
  Type.Literal('disable'),
  Type.Literal('enable'),
  Type.Literal('resetPassword'),
  Type.Literal('unlock'),
  Type.Literal('endSessions'),
  /** before/after: the right's old and new value, e.g. {news: false} → {news: true}. */
  Type.Literal('grantRight'),
  Type.Literal('revokeRight'),
  /** before: {}; after: the new account's fields (never its password). */
  Type.Literal('createAccount'),
  /** before/after: {quotaMb: own quota or null (the role's), effectiveMb: the quota that counts}. */
  Type.Literal('setQuota'),
  /** A row of a reference list added, changed or deleted (contract/reference.ts): no account; before/after {list, id, ...values}. */
  Type.Literal('addReference'),
  Type.Literal('changeReference'),
  Type.Literal('deleteReference'),
]);
export type AuditAction = Static<typeof AuditActionSchema>;

/** Who an audit entry names: an account with its person's name (null names when the account is gone). */
export const AuditPerson = Type.Object({
  id: Type.Integer(),
  login: Type.Union([Type.String(), Type.Null()]),
  fullName: Type.Union([Type.String(), Type.Null()]),
});
export type AuditPerson = Static<typeof AuditPerson>;

/** One change: who made it, when, to which account, and the account's state before and after. */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  /** ISO time. */
  at: Type.String(),
  action: AuditActionSchema,
  admin: AuditPerson,
  account: AuditPerson,
  before: Type.Record(Type.String(), Type.Unknown()),
  after: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditEntry = Static<typeof AuditEntry>;

/**
 * POST audit.json {page, accountId?, adminId?, adminLogin?, action?}: the log, newest first;
 * `adminLogin` keeps the changes of the administrator with that login (any case, spaces around ignored).
 */
export const AuditBody = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000 }),
  accountId: Type.Optional(DbId),
  adminId: Type.Optional(DbId),
  adminLogin: Type.Optional(Type.String({ maxLength: ACCOUNT_QUERY_MAX })),
  action: Type.Optional(AuditActionSchema),
});
export type AuditBody = Static<typeof AuditBody>;
export const AuditPage = Paged(AuditEntry);
export type AuditPage = Static<typeof AuditPage>;
export const AuditReply = Ok(AuditPage);
