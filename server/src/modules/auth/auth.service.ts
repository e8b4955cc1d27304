/**
 * Sign-in rules. The client's login flow: recovery (checks the credentials, LOG_PAS 1 when they
 * must be changed first) → updatelogin when LOG_PAS is 1 → orize with the new credentials.
 * Every password check goes through the throttle; unknown logins and wrong passwords answer alike.
 */
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '@contract/common';
import { LOGIN_PATTERN, type AuthorizeBody, type RecoveryBody, type RecoveryRow, type UpdateLoginBody, type User } from '@contract/auth';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { fullName, shortName } from '../../lib/person';
import { localName } from '../../i18n';
import { AppError, badRequest, forbidden, unauthorized } from '../../app-error';
import type { AuthInfo, ClientInfo, SessionCookie } from '../../shared/caller';
import { hashPassword, verifyPassword } from '../../shared/credentials/password-hash';
import { assertPasswordPolicy } from '../../shared/credentials/password-policy';
import * as repo from './auth.repository';

type Account = NonNullable<Awaited<ReturnType<typeof repo.findByLogin>>>;

export class AuthService {
  constructor(private readonly ctx: AppContext) {}

  /** The contract's User of an account. */
  async userView(userId: number, lang: Language, google: boolean): Promise<User> {
    const row = await repo.findUserView(this.ctx.db, userId);
    if (!row) throw unauthorized();
    const teacher = row.role === ROLE_TEACHER;
    const person = { surname: row.surname ?? '', name: row.name ?? '', patronymic: row.patronymic };
    const position = teacher ? (row.position ? localName(row.position, lang) : null) : row.groupName;
    return {
      id: row.id,
      uid: (teacher ? row.teacherId : row.studentId) as number,
      role: teacher ? ROLE_TEACHER : ROLE_STUDENT,
      login: row.login,
      fullName: fullName(person),
      shortName: shortName(person),
      newsPerms: row.newsPerms,
      registrar: teacher && row.registrar,
      admin: row.admin,
      deanFacultyId: teacher ? row.deanFacultyId : null,
      position,
      google,
    };
  }

  current(auth: AuthInfo, lang: Language): Promise<User> {
    return this.userView(auth.userId, lang, auth.via === 'google');
  }

  /** checkgauth: only a session opened by Google sign-in. */
  googleSession(auth: AuthInfo, lang: Language): Promise<User> {
    if (auth.via !== 'google') throw unauthorized();
    return this.userView(auth.userId, lang, true);
  }

  /**
   * Checks login and password under the throttle; 401 BAD_CREDENTIALS for an unknown login or a wrong
   * password alike. A disabled account's right password is 403 ACCOUNT_DISABLED, so that its user
   * knows to ask the administration (a wrong one is BAD_CREDENTIALS as for anyone); the attempt
   * still counts as a failure for the throttle.
   */
  private async verify(login: string, password: string, client: ClientInfo): Promise<Account> {
    let disabled = false;
    const account = await this.ctx.throttle.attempt('login', login.toLowerCase(), client.ip, async () => {
      const found = await repo.findByLogin(this.ctx.db, login);
      if (!(await verifyPassword(password, found?.passwordHash)) || !found) return null;
      disabled = found.disabled;
      return disabled ? null : found;
    });
    if (disabled) throw new AppError(403, 'ACCOUNT_DISABLED');
    if (!account) throw new AppError(401, 'BAD_CREDENTIALS');
    return account;
  }

  async authorize(body: AuthorizeBody, client: ClientInfo, cookie: SessionCookie, lang: Language): Promise<User> {
    const account = await this.verify(body.login, body.password, client);
    if (account.mustUpdateCredentials) throw new AppError(403, 'CREDENTIALS_UPDATE_REQUIRED');
    if (client.token) await this.ctx.sessions.revokeToken(client.token);
    cookie.set(await this.ctx.sessions.create(account.id, 'password', client));
    return this.userView(account.id, lang, false);
  }

  async recovery(body: RecoveryBody, client: ClientInfo): Promise<RecoveryRow[]> {
    const account = await this.verify(body.oldlog, body.oldpas, client);
    return [{ LOG_PAS: account.mustUpdateCredentials ? 1 : 0 }];
  }

  /**
   * New login and password for the account of the old ones, only when it must update its
   * credentials (a normal account changes its password signed in, passwd/reset); throttled as
   * sign-in; every session of it ends.
   */
  async updateLogin(body: UpdateLoginBody, client: ClientInfo, cookie: SessionCookie): Promise<{ changed: true }> {
    const account = await this.verify(body.oldlog, body.oldpas, client);
    if (!account.mustUpdateCredentials) throw forbidden();
    const newLogin = body.newlog;
    if (!LOGIN_PATTERN.test(newLogin)) throw badRequest({ field: 'newlog' });
    assertPasswordPolicy(body.newpas, this.ctx.config.passwordMinLength, newLogin);
    if (body.newpas === body.oldpas) throw new AppError(400, 'PASSWORD_REUSED');
    if (await repo.loginUsedByOther(this.ctx.db, newLogin, account.id)) throw new AppError(409, 'LOGIN_TAKEN');
    const hash = await hashPassword(body.newpas);
    try {
      // One transaction: never new credentials with the old sessions still open.
      await this.ctx.db.transaction(async (tx) => {
        await repo.updateCredentials(tx, account.id, newLogin, hash, this.ctx.now());
        await this.ctx.sessions.revokeAll(account.id, undefined, tx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'LOGIN_TAKEN');
      throw err;
    }
    cookie.clear();
    return { changed: true };
  }

  async logout(client: ClientInfo, cookie: SessionCookie): Promise<null> {
    if (client.token) await this.ctx.sessions.revokeToken(client.token);
    cookie.clear();
    return null;
  }
}
