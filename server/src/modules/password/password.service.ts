/**
 * Changing one's own password: the current password is required (PASSWORD_CHANGE_THROTTLE wrong
 * ones a minute → 429), the policy applies, the new one must differ, and every other session of
 * the account ends.
 */
import type { PasswordResetBody } from '@contract/password';
import type { AppContext } from '../../context';
import { AppError, unauthorized } from '../../app-error';
import { assertOwn, type AuthInfo, type ClientInfo } from '../../shared/caller';
import { hashPassword, verifyPassword } from '../../shared/credentials/password-hash';
import { assertPasswordPolicy } from '../../shared/credentials/password-policy';
import * as repo from './password.repository';

export class PasswordService {
  constructor(private readonly ctx: AppContext) {}

  async reset(auth: AuthInfo, input: PasswordResetBody, client: ClientInfo): Promise<{ changed: true }> {
    assertOwn(auth, input);
    const account = await repo.findCredentials(this.ctx.db, auth.userId);
    if (!account) throw unauthorized();
    const verified = await this.ctx.throttle.attempt('password', String(auth.userId), client.ip, async () =>
      (await verifyPassword(input.password, account.passwordHash)) ? true : null,
    );
    if (!verified) throw new AppError(400, 'WRONG_PASSWORD');
    assertPasswordPolicy(input.newPassword, this.ctx.config.passwordMinLength, account.login);
    if (input.newPassword === input.password) throw new AppError(400, 'PASSWORD_REUSED');
    const hash = await hashPassword(input.newPassword);
    // One transaction: never a new password with the other sessions still open.
    await this.ctx.db.transaction(async (tx) => {
      await repo.setPassword(tx, auth.userId, hash, this.ctx.now());
      await this.ctx.sessions.revokeAll(auth.userId, auth.sessionId, tx);
    });
    return { changed: true };
  }
}
