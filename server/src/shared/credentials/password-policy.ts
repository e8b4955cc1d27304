/**
 * New-password policy (ASVS 6.2): at least PASSWORD_MIN_LENGTH characters (counted as Unicode
 * code points), not a common password, not the login; no composition rules, long passphrases
 * welcome (up to the 256 characters the contract allows).
 */
import { AppError } from '../../app-error';
import { COMMON_PASSWORDS } from './common-passwords';

export type PolicyProblem = 'length' | 'common' | 'login';

export function passwordProblem(password: string, minLength: number, login?: string): PolicyProblem | null {
  if ([...password].length < minLength) return 'length';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'common';
  if (login && lower === login.toLowerCase()) return 'login';
  return null;
}

/** Throws 400 PASSWORD_POLICY (params: min, reason) when the password is not acceptable. */
export function assertPasswordPolicy(password: string, minLength: number, login?: string): void {
  const problem = passwordProblem(password, minLength, login);
  if (problem) throw new AppError(400, 'PASSWORD_POLICY', { min: minLength, reason: problem });
}
