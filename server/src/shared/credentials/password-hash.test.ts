/** scrypt hashing and the new-password policy (A6), as units. */
import { describe, expect, it } from 'vitest';
import { hashOneTimePasswords, hashPassword, verifyPassword } from './password-hash';
import { passwordProblem } from './password-policy';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a random salt, and verifies only the right password', async () => {
    const a = await hashPassword('Teacher2026');
    const b = await hashPassword('Teacher2026');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Teacher2026', a)).toBe(true);
    expect(await verifyPassword('teacher2026', a)).toBe(false);
    expect(await verifyPassword('Teacher2026', null)).toBe(false);
    expect(await verifyPassword('Teacher2026', 'garbage')).toBe(false);
  });

  it('stores generated one-time passwords at their own cost, in order, each verifying only its own; refuses too little randomness', async () => {
    const passwords = Array.from({ length: 40 }, (_, i) => `k7Qm${String(i).padStart(8, 'x')}`);
    const hashes = await hashOneTimePasswords(passwords, 69);
    expect(hashes).toHaveLength(40);
    expect(hashes[0]).toMatch(/^scrypt\$256\$8\$1\$/);
    expect(await verifyPassword(passwords[33], hashes[33])).toBe(true);
    expect(await verifyPassword(passwords[33], hashes[34])).toBe(false);
    await expect(hashOneTimePasswords(['short'], 40)).rejects.toThrow(/too few/);
  });
});

describe('password policy', () => {
  it('refuses short, common and login-equal passwords; no composition rule; passphrases welcome', () => {
    expect(passwordProblem('abc1234', 8)).toBe('length');
    expect(passwordProblem('qwerty123', 8)).toBe('common');
    expect(passwordProblem('ЙЦУКЕНГШ', 8)).toBe('common');
    expect(passwordProblem('Bishkek2026', 8)).toBe('common');
    expect(passwordProblem('nursultan', 8, 'Nursultan')).toBe('login');
    expect(passwordProblem('alllowercaseletters', 8)).toBeNull();
    expect(passwordProblem('горы и реки Ала-Тоо', 8)).toBeNull();
    expect(passwordProblem('x'.repeat(256), 8)).toBeNull();
    expect(passwordProblem('abcd', 4)).toBeNull();
    expect(passwordProblem('абвгдеё', 8)).toBe('length'); // counted in characters, not bytes
  });
});
