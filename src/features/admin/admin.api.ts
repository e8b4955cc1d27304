/** The administration's calls (docs/areas/admin.md#calls). */
import type { LOGIN_MAX_LENGTH } from '@contract/auth';
import type {
  ACCOUNT_QUERY_MAX,
  ADMIN_PAGE_SIZE,
  AccountsBody,
  AccountRight,
  AccountsPage,
  AdminAccount,
  AuditAction,
  AuditBody,
  AuditPage,
  NewAccountBody,
  NewAccountLists,
  PasswordResetDone,
  PERSON_NAME_MAX,
  QUOTA_MAX_MB,
  TEACHER_CODE_MAX as CODE_MAX,
} from '@contract/admin';
import { post } from '@api/http';

const session = { session: true } as const;
const write = { session: true, idempotent: true } as const;
const P = 'api/admin';

/** The actions of an account's panel, each a call of the same name (and an action of the audit log). */
export type AccountAction = Exclude<AuditAction, 'grantRight' | 'revokeRight' | 'createAccount' | 'setQuota' | ReferenceAction>;
/** The changes of the reference lists (docs/areas/reference.md), which name no account. */
export type ReferenceAction = 'addReference' | 'changeReference' | 'deleteReference';
export const isReferenceAction = (action: AuditAction): action is ReferenceAction => action.endsWith('Reference');

/** The contract's numbers (type-checked against it: the client imports only its types). */
export const QUERY_MAX: typeof ACCOUNT_QUERY_MAX = 100;
export const PAGE_SIZE: typeof ADMIN_PAGE_SIZE = 20;
export const NAME_MAX: typeof PERSON_NAME_MAX = 100;
export const TEACHER_CODE_MAX: typeof CODE_MAX = 32;
export const LOGIN_MAX: typeof LOGIN_MAX_LENGTH = 64;
export const QUOTA_MAX: typeof QUOTA_MAX_MB = 10_000_000;
export { LOGIN_PATTERN } from '@contract/pure/login';
const ACTIONS: Record<AuditAction, true> = {
  disable: true,
  enable: true,
  resetPassword: true,
  unlock: true,
  endSessions: true,
  grantRight: true,
  revokeRight: true,
  createAccount: true,
  setQuota: true,
  addReference: true,
  changeReference: true,
  deleteReference: true,
};
const RIGHTS: Record<AccountRight, true> = { news: true, registrar: true, libraryEditor: true, qrReports: true, admin: true };
/** The rights of staff an administrator grants and revokes, in the order the panel shows them. */
export const ACCOUNT_RIGHTS = Object.keys(RIGHTS) as AccountRight[];
/** Every action the audit log records, in the order the filter offers them. */
export const AUDIT_ACTIONS = Object.keys(ACTIONS) as AuditAction[];

export const adminApi = {
  accounts: (body: AccountsBody) => post<AccountsPage>(`${P}/accounts.json`, body, session),
  disable: (id: number) => post<AdminAccount>(`${P}/disable.json`, { id }, write),
  enable: (id: number) => post<AdminAccount>(`${P}/enable.json`, { id }, write),
  unlock: (id: number) => post<AdminAccount>(`${P}/unlock.json`, { id }, write),
  endSessions: (id: number) => post<AdminAccount>(`${P}/endsessions.json`, { id }, write),
  resetPassword: (id: number) => post<PasswordResetDone>(`${P}/resetpassword.json`, { id }, write),
  setRight: (id: number, right: AccountRight, granted: boolean) => post<AdminAccount>(`${P}/rights.json`, { id, right, granted }, write),
  setDean: (id: number, facultyId: number | null) => post<AdminAccount>(`${P}/dean.json`, { id, facultyId }, write),
  setQuota: (id: number, quotaMb: number | null) => post<AdminAccount>(`${P}/quota.json`, { id, quotaMb }, write),
  newAccountLists: () => post<NewAccountLists>(`${P}/newaccountlists.json`, {}, session),
  createAccount: (body: NewAccountBody) => post<PasswordResetDone>(`${P}/newaccount.json`, body, write),
  audit: (body: AuditBody) => post<AuditPage>(`${P}/audit.json`, body, session),
};
