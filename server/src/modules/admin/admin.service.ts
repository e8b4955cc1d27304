/**
 * Administration of accounts: only an administrator (the account's admin right, read from the
 * database on every call, so a right taken away counts at once) finds accounts and changes them.
 * Every change is one transaction with its audit entry: the change and its record are written
 * together or not at all. An administrator cannot disable his own account, reset its password or end
 * its sessions, nor revoke his own admin right (409 OWN_ACCOUNT). Rights are granted to staff only
 * (409 STUDENT_ACCOUNT). A change that changes nothing (disabling a disabled account) writes
 * no entry. A member of staff's account is made by hand with his teacher's record (createAccount,
 * admin.newaccount.service.ts).
 * An account's storage quota is its role's unless an administrator sets its own (setQuota).
 * A faculty's dean's office (users.dean_faculty_id, a right of staff given by setDean) finds the
 * accounts of his faculty (never an administrator's), resets their passwords, unlocks them and ends
 * their sessions, disables and enables its students, and reads his own entries of the log; an account
 * out of his faculty is 404 as an unknown one, and every other call is 403.
 */
import { randomInt } from 'node:crypto';
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '@contract/common';
import {
  ADMIN_PAGE_SIZE,
  ONE_TIME_PASSWORD_LENGTH,
  type AccountIdBody,
  type AccountsBody,
  type AccountsPage,
  type AdminAccount,
  type AuditAction,
  type RightBody,
  type AuditBody,
  type AuditPage,
  type PasswordResetDone,
  type QuotaBody,
  type DeanBody,
} from '@contract/admin';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import type { AuthInfo } from '../../shared/caller';
import { hashPassword } from '../../shared/credentials/password-hash';
import { passwordProblem } from '../../shared/credentials/password-policy';
import { roleQuotaMb } from '../../shared/upload-rules';
import * as repo from './admin.repository';

/** Letters and digits that cannot be taken for one another when read aloud or copied by hand (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const MB = 1024 * 1024;

type Row = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;

/** What an audit entry keeps of an account's state. */
export function stateOf(a: AdminAccount): Record<string, unknown> {
  return {
    login: a.login,
    disabled: a.disabled,
    locked: a.locked,
    mustUpdateCredentials: a.mustUpdateCredentials,
    passwordChangedAt: a.passwordChangedAt,
    sessions: a.sessions,
  };
}

/**
 * Who calls, as the area sees him now: an administrator (every account: `facultyId` null) or, where a
 * call allows it, a faculty's dean's office (the accounts of that faculty, never an administrator's).
 */
interface Caller {
  admin: boolean;
  facultyId: number | null;
}

/** What a dean's office may do with a call: nothing (administrators only), any account of his faculty, or its students only. */
type DeanMay = 'no' | 'faculty' | 'students';

export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * The caller's rights read now (a right taken away counts at the next call): 403 unless he is an
   * administrator, or a dean's office when the call allows one.
   */
  async caller(auth: AuthInfo, dean: DeanMay): Promise<Caller> {
    const rights = await repo.findRights(this.ctx.db, auth.userId);
    if (!rights || rights.disabled) throw forbidden();
    if (rights.admin) return { admin: true, facultyId: null };
    if (dean !== 'no' && rights.deanFacultyId !== null) return { admin: false, facultyId: rights.deanFacultyId };
    throw forbidden();
  }

  /** 403 unless the caller is an administrator now. */
  async assertAdmin(auth: AuthInfo): Promise<void> {
    await this.caller(auth, 'no');
  }

  private async views(db: Db, rows: Row[], lang: Language): Promise<AdminAccount[]> {
    const now = this.ctx.now();
    const idleSince = new Date(now.getTime() - this.ctx.config.sessionIdleMinutes * 60_000);
    const facts = await repo.sessionFacts(
      db,
      rows.map((r) => r.id),
      now,
      idleSince,
    );
    const locks = await this.ctx.throttle.blockedUntil(
      'login',
      rows.map((r) => r.login.toLowerCase()),
      db,
    );
    return rows.map((r) => {
      const teacher = r.role === ROLE_TEACHER;
      const lockedUntil = locks.get(r.login.toLowerCase()) ?? null;
      const f = facts.get(r.id);
      return {
        id: r.id,
        login: r.login,
        role: teacher ? ROLE_TEACHER : ROLE_STUDENT,
        fullName: fullName({ surname: r.surname ?? '', name: r.name ?? '', patronymic: r.patronymic }),
        place: teacher ? (r.position ? localName(r.position, lang) : null) : r.groupName,
        admin: r.admin,
        news: r.news,
        registrar: r.registrar,
        libraryEditor: r.libraryEditor,
        qrReports: r.qrReports,
        deanFacultyId: r.deanFacultyId,
        disabled: r.disabled,
        locked: lockedUntil !== null,
        lockedUntil: lockedUntil?.toISOString() ?? null,
        mustUpdateCredentials: r.mustUpdateCredentials,
        hasPassword: r.hasPassword,
        passwordChangedAt: r.passwordChangedAt?.toISOString() ?? null,
        lastSignIn: f?.lastSignIn?.toISOString() ?? null,
        sessions: f?.open ?? 0,
        quotaMb: r.quotaMb,
        quotaDefaultMb: roleQuotaMb(this.ctx.config, r.role),
        usedMb: Math.ceil(r.usedBytes / MB),
      };
    });
  }

  /** One account; 404 for an unknown one, or one out of the caller's faculty (a dean's office). */
  async view(db: Db, id: number, lang: Language, facultyId: number | null = null): Promise<AdminAccount> {
    const row = await repo.findAccount(db, id, facultyId);
    if (!row) throw notFound();
    const [account] = await this.views(db, [row], lang);
    return account;
  }

  async accounts(auth: AuthInfo, input: AccountsBody, lang: Language): Promise<AccountsPage> {
    const { facultyId } = await this.caller(auth, 'faculty');
    const words = input.q.split(/\s+/).filter(Boolean);
    const { rows, total } = await repo.searchAccounts(this.ctx.db, words, ADMIN_PAGE_SIZE, (input.page - 1) * ADMIN_PAGE_SIZE, facultyId);
    return { items: await this.views(this.ctx.db, rows, lang), total, page: input.page, pageSize: ADMIN_PAGE_SIZE };
  }

  async account(auth: AuthInfo, input: AccountIdBody, lang: Language): Promise<AdminAccount> {
    const { facultyId } = await this.caller(auth, 'faculty');
    return this.view(this.ctx.db, input.id, lang, facultyId);
  }

  /**
   * One change under its audit entry, in one transaction: `change` gets the account as it is before
   * and returns whether it changed anything (else no entry is written); the reply is the account after.
   * `state` is what the entry keeps of the account (stateOf unless told). `dean` is what a dean's
   * office may do (an administrator may do all): an account out of his faculty is 404 as an unknown
   * one, a member of staff's where only students are his 403; nothing changes then.
   */
  private async change(
    auth: AuthInfo,
    id: number,
    action: AuditAction,
    lang: Language,
    options: { ownRefused: boolean; dean: DeanMay; state?: (a: AdminAccount) => Record<string, unknown> },
    change: (tx: Db, before: AdminAccount) => Promise<boolean>,
  ): Promise<AdminAccount> {
    const { facultyId } = await this.caller(auth, options.dean);
    if (options.ownRefused && id === auth.userId) throw new AppError(409, 'OWN_ACCOUNT');
    return this.ctx.db.transaction(async (tx) => {
      const before = await this.view(tx, id, lang, facultyId);
      if (facultyId !== null && options.dean === 'students' && before.role !== ROLE_STUDENT) throw forbidden();
      if (!(await change(tx, before))) return before;
      const after = await this.view(tx, id, lang);
      const state = options.state ?? stateOf;
      await repo.insertAudit(tx, { at: this.ctx.now(), adminId: auth.userId, userId: id, action, before: state(before), after: state(after) });
      return after;
    });
  }

  /** The account cannot sign in, and every session of it ends now (its open pages and streams too). */
  disable(auth: AuthInfo, input: AccountIdBody, lang: Language): Promise<AdminAccount> {
    return this.change(auth, input.id, 'disable', lang, { ownRefused: true, dean: 'students' }, async (tx, before) => {
      if (before.disabled) return false;
      await repo.setDisabled(tx, input.id, true);
      await this.ctx.sessions.revokeAll(input.id, undefined, tx);
      return true;
    });
  }

  enable(auth: AuthInfo, input: AccountIdBody, lang: Language): Promise<AdminAccount> {
    return this.change(auth, input.id, 'enable', lang, { ownRefused: false, dean: 'students' }, async (tx, before) => {
      if (!before.disabled) return false;
      await repo.setDisabled(tx, input.id, false);
      return true;
    });
  }

  /** The failed sign-ins of the account's login are forgotten: it may sign in again at once. */
  unlock(auth: AuthInfo, input: AccountIdBody, lang: Language): Promise<AdminAccount> {
    return this.change(auth, input.id, 'unlock', lang, { ownRefused: false, dean: 'faculty' }, async (tx, before) => {
      if (!before.locked) return false;
      await this.ctx.throttle.clear('login', before.login.toLowerCase(), tx);
      return true;
    });
  }

  endSessions(auth: AuthInfo, input: AccountIdBody, lang: Language): Promise<AdminAccount> {
    return this.change(auth, input.id, 'endSessions', lang, { ownRefused: true, dean: 'faculty' }, async (tx, before) => {
      if (before.sessions === 0) return false;
      await this.ctx.sessions.revokeAll(input.id, undefined, tx);
      return true;
    });
  }

  /**
   * A right granted or revoked; the entry keeps the right's old and new value ({news: false} →
   * {news: true}). A student's account gets none (409 STUDENT_ACCOUNT; revoking stays possible), and an
   * administrator keeps his own admin right (409 OWN_ACCOUNT). Granting a right held writes nothing.
   */
  setRight(auth: AuthInfo, input: RightBody, lang: Language): Promise<AdminAccount> {
    const { id, right, granted } = input;
    const own = right === 'admin' && !granted;
    return this.change(
      auth,
      id,
      granted ? 'grantRight' : 'revokeRight',
      lang,
      { ownRefused: own, dean: 'no', state: (a) => ({ [right]: a[right] }) },
      async (tx, before) => {
        if (before[right] === granted) return false;
        if (granted && before.role !== ROLE_TEACHER) throw new AppError(409, 'STUDENT_ACCOUNT');
        await repo.setRight(tx, id, right, granted);
        return true;
      },
    );
  }

  /**
   * The account made the dean's office of a faculty, or of none (null): a right of staff as the others
   * (409 STUDENT_ACCOUNT when given to a student's account; 400 {field: 'facultyId'} for a faculty that
   * does not exist). The entry is grantRight when a faculty is given (or changed), revokeRight when
   * none, with {deanFacultyId: old} → {deanFacultyId: new}; giving the faculty it has writes nothing.
   */
  setDean(auth: AuthInfo, input: DeanBody, lang: Language): Promise<AdminAccount> {
    const { id, facultyId } = input;
    return this.change(
      auth,
      id,
      facultyId === null ? 'revokeRight' : 'grantRight',
      lang,
      { ownRefused: false, dean: 'no', state: (a) => ({ deanFacultyId: a.deanFacultyId }) },
      async (tx, before) => {
        if (before.deanFacultyId === facultyId) return false;
        if (facultyId !== null) {
          if (before.role !== ROLE_TEACHER) throw new AppError(409, 'STUDENT_ACCOUNT');
          if (!(await repo.allFaculties(tx)).some((f) => f.id === facultyId)) throw badRequest({ field: 'facultyId' });
        }
        await repo.setDeanFaculty(tx, id, facultyId);
        return true;
      },
    );
  }

  /**
   * The account's own storage quota (MB), or null: back to its role's. Any account's, the caller's own
   * too; below what its files take is allowed (its uploads are then refused). The entry keeps the own
   * quota and the one that counts ({quotaMb: null, effectiveMb: 200} → {quotaMb: 50, effectiveMb: 50});
   * setting the quota it has writes nothing.
   */
  setQuota(auth: AuthInfo, input: QuotaBody, lang: Language): Promise<AdminAccount> {
    const { id, quotaMb } = input;
    const state = (a: AdminAccount) => ({ quotaMb: a.quotaMb, effectiveMb: a.quotaMb ?? a.quotaDefaultMb });
    return this.change(auth, id, 'setQuota', lang, { ownRefused: false, dean: 'no', state }, async (tx, before) => {
      if (before.quotaMb === quotaMb) return false;
      await repo.setQuota(tx, id, quotaMb);
      return true;
    });
  }

  /**
   * A new one-time password made by the server, returned once: the account must set a new login and
   * password at its next sign-in (the first sign-in's flow), its sessions end, and its sign-in is
   * unlocked so that the new password can be used at once. Neither the password nor its hash is in
   * the audit entry.
   */
  async resetPassword(auth: AuthInfo, input: AccountIdBody, lang: Language): Promise<PasswordResetDone> {
    let password = '';
    const account = await this.change(auth, input.id, 'resetPassword', lang, { ownRefused: true, dean: 'faculty' }, async (tx, before) => {
      password = await this.giveOneTimePassword(tx, input.id, before.login);
      await this.ctx.sessions.revokeAll(input.id, undefined, tx);
      await this.ctx.throttle.clear('login', before.login.toLowerCase(), tx);
      return true;
    });
    return { account, password };
  }

  /** The account gets a one-time password it must change at its next sign-in; the password, to be shown once. */
  async giveOneTimePassword(tx: Db, id: number, login: string): Promise<string> {
    const password = this.oneTimePassword(login);
    await repo.setOneTimePassword(tx, id, await hashPassword(password), this.ctx.now());
    return password;
  }

  private oneTimePassword(login: string): string {
    const length = Math.max(ONE_TIME_PASSWORD_LENGTH, this.ctx.config.passwordMinLength);
    for (;;) {
      const password = Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
      if (!passwordProblem(password, this.ctx.config.passwordMinLength, login)) return password;
    }
  }

  /** The log (an administrator's), or only the caller's own changes (a dean's office's). */
  async audit(auth: AuthInfo, input: AuditBody): Promise<AuditPage> {
    const { admin } = await this.caller(auth, 'faculty');
    const filter = admin ? input : { ...input, byOnly: auth.userId };
    const { rows, total } = await repo.auditPage(this.ctx.db, filter, ADMIN_PAGE_SIZE, (input.page - 1) * ADMIN_PAGE_SIZE);
    const name = (surname: string | null, n: string | null, patronymic: string | null) =>
      surname === null ? null : fullName({ surname, name: n ?? '', patronymic });
    return {
      items: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        action: r.action as AuditAction,
        admin: { id: r.adminId ?? 0, login: r.adminLogin, fullName: name(r.adminSurname, r.adminName, r.adminPatronymic) },
        account: { id: r.userId ?? 0, login: r.login, fullName: name(r.surname, r.name, r.patronymic) },
        before: r.before,
        after: r.after,
      })),
      total,
      page: input.page,
      pageSize: ADMIN_PAGE_SIZE,
    };
  }
}
