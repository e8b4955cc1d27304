/**
 * Changing one's own password: the current password is required (PASSWORD_CHANGE_THROTTLE wrong
 * ones a minute → 429), the policy applies, the new one must differ, and every other session of
 * the account ends.
 */
import type { PasswordResetBody } from '../../../../contract/password';
import type { AppContext } from '../../context';
import { AppError, unauthorized } from '../../plugins/envelope';
import { assertSelf, type AuthInfo, type ClientInfo } from '../../plugins/session';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertPasswordPolicy } from '../auth/password-policy';
import * as repo from './passwd.repository';

export class PasswdService {
  constructor(private readonly ctx: AppContext) {}

  async reset(auth: AuthInfo, body: PasswordResetBody, client: ClientInfo): Promise<{ changed: true }> {
    assertSelf(auth, body);
    const account = await repo.findCredentials(this.ctx.db, auth.userId);
    if (!account) throw unauthorized();
    const verified = await this.ctx.throttle.attempt('password', String(auth.userId), client.ip, async () =>
      (await verifyPassword(body.password, account.passwordHash)) ? true : null,
    );
    if (!verified) throw new AppError(400, 'WRONG_PASSWORD');
    assertPasswordPolicy(body.newPassword, this.ctx.config.passwordMinLength, account.login);
    if (body.newPassword === body.password) throw new AppError(400, 'PASSWORD_REUSED');
    const hash = await hashPassword(body.newPassword);
    // One transaction: never a new password with the other sessions still open.
    await this.ctx.db.transaction(async (tx) => {
      await repo.setPassword(tx, auth.userId, hash, this.ctx.now());
      await this.ctx.sessions.revokeAll(auth.userId, auth.sessionId, tx);
    });
    return { changed: true };
  }
}
