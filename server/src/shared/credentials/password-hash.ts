/**
 * Password hashing with scrypt (node:crypto). Stored form: `scrypt$N$r$p$salt$hash` (base64), so
 * the cost can be raised later without breaking existing hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 128 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  return hashAt(password, COST);
}

async function hashAt(password: string, cost: { N: number; r: number; p: number }): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * The cost for one-time passwords the portal makes itself (an import's new accounts): random strings
 * of about 70 bits, which no guessing gets through at any hashing cost, and which the account must
 * replace at its first sign-in (stored then at COST). A person's own password needs the high cost;
 * these do not, and 30,000 of them at that cost would take the machine a quarter of an hour.
 */
const ONE_TIME_COST = { N: 1 << 8, r: 8, p: 1 } as const;
/** Minimum random bits of a one-time password hashed at ONE_TIME_COST. */
export const ONE_TIME_MIN_BITS = 64;

/** The stored form of one-time passwords the portal generated (at least ONE_TIME_MIN_BITS random bits each), in order. */
export async function hashOneTimePasswords(passwords: readonly string[], bits: number): Promise<string[]> {
  if (bits < ONE_TIME_MIN_BITS) throw new Error(`hashOneTimePasswords: ${bits} random bits are too few for the one-time cost`);
  const hashes: string[] = [];
  // A few dozen at a time: they share the thread pool with the rest of the process.
  for (let i = 0; i < passwords.length; i += 32) hashes.push(...(await Promise.all(passwords.slice(i, i + 32).map((p) => hashAt(p, ONE_TIME_COST)))));
  return hashes;
}

let dummyHash: Promise<string> | null = null;

/**
 * True when password matches the stored hash. With no hash (unknown account, or an account without
 * a password) it still spends the same work on a dummy hash, so timing does not tell them apart.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('dummy password for timing');
    await verifyPassword(password, await dummyHash);
    return false;
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
