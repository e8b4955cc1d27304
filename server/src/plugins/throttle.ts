/**
 * Throttling of password checks, kept in the database so that it holds across server processes.
 *
 * Each check first reserves an attempt row (pending) under a per-key advisory lock, after counting
 * the attempts in the window that are pending or failed; concurrent checks therefore all count, and
 * a blocked request is refused before any password is verified (even a right one). Successes do
 * not count. Refusals are 429 with Retry-After (seconds until the oldest counted attempt leaves).
 *
 * Sign-in (kind login, key = lower-cased login): LOGIN_THROTTLE_PER_ADDRESS failures for one account
 * from one address, or LOGIN_THROTTLE_PER_ACCOUNT from all addresses, within the window; and
 * LOGIN_THROTTLE_PER_HOUR within an hour. Password change (kind password, key = account id):
 * PASSWORD_CHANGE_THROTTLE wrong current passwords a minute. Typed QR codes (kind qrcode, key =
 * account id): QR_CODE_TRIES wrong codes in QR_CODE_TRIES_WINDOW_MS (contract/qr.ts). Look-ups of
 * the public QR card (kind card, key = address; `count`, every look-up counts): CARD_LOOKUPS_PER_MINUTE
 * a minute. Uploads (kind upload, key = account id; `count`): UPLOADS_PER_MINUTE a minute.
 */
import { QR_CODE_TRIES, QR_CODE_TRIES_WINDOW_MS } from '@contract/qr';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { tooManyRequests } from '../app-error';
import * as repo from './throttle.repository';
import type { AttemptKind } from './throttle.repository';

/** Look-ups of the public QR card one address may make within a minute. */
export const CARD_LOOKUPS_PER_MINUTE = 30;

interface Rule {
  perAddress: boolean;
  max: number;
  windowMs: number;
}

export class Throttle {
  private readonly rules: Record<AttemptKind, Rule[]>;

  constructor(private readonly deps: { db: Db; config: Config; now: () => Date }) {
    const c = deps.config;
    const window = c.throttleWindowMinutes * 60_000;
    this.rules = {
      login: [
        { perAddress: true, max: c.throttlePerAddress, windowMs: window },
        { perAddress: false, max: c.throttlePerAccount, windowMs: window },
        { perAddress: false, max: c.throttlePerHour, windowMs: 3_600_000 },
      ],
      password: [{ perAddress: false, max: c.passwordChangePerMinute, windowMs: 60_000 }],
      qrcode: [{ perAddress: false, max: QR_CODE_TRIES, windowMs: QR_CODE_TRIES_WINDOW_MS }],
      card: [{ perAddress: false, max: CARD_LOOKUPS_PER_MINUTE, windowMs: 60_000 }],
      upload: [{ perAddress: false, max: c.uploadsPerMinute, windowMs: 60_000 }],
    };
  }

  /**
   * Runs a credential check under the throttle: `check` returns a value on success or null on
   * failure, which is what this returns. Throws 429 when the key is blocked.
   */
  async attempt<T>(kind: AttemptKind, key: string, ip: string, check: () => Promise<T | null>): Promise<T | null> {
    const id = await this.reserve(kind, key, ip);
    let result: T | null = null;
    try {
      result = await check();
    } finally {
      await repo.settle(this.deps.db, id, result === null ? 'failure' : 'success');
    }
    return result;
  }

  /** Counts one use of `key` (whatever comes of it); throws 429 when the key is over its limit. */
  async count(kind: AttemptKind, key: string, ip: string): Promise<void> {
    await this.reserve(kind, key, ip, 'failure');
  }

  private async reserve(kind: AttemptKind, key: string, ip: string, outcome: 'pending' | 'failure' = 'pending'): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      await repo.lockKey(tx, kind, key);
      const now = this.deps.now();
      let waitMs = 0;
      for (const rule of this.rules[kind]) {
        const nth = await repo.nthRecentAttempt(tx, kind, key, rule.perAddress ? ip : null, new Date(now.getTime() - rule.windowMs), rule.max);
        if (nth) waitMs = Math.max(waitMs, nth.getTime() + rule.windowMs - now.getTime());
      }
      if (waitMs > 0) throw tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)));
      return repo.insertPending(tx, kind, key, ip, now, outcome);
    });
  }

  /**
   * When each of `keys` stops being refused (the latest end among the rules it is over, from any
   * address), for the keys that are refused now; the others are absent.
   */
  async blockedUntil(kind: AttemptKind, keys: readonly string[], db: Db = this.deps.db): Promise<Map<string, Date>> {
    const out = new Map<string, Date>();
    if (keys.length === 0) return out;
    const now = this.deps.now();
    const longest = Math.max(...this.rules[kind].map((r) => r.windowMs));
    const counted = await repo.keysWithCountedAttempts(db, kind, keys, new Date(now.getTime() - longest));
    for (const key of counted) {
      let until = 0;
      for (const rule of this.rules[kind]) {
        const since = new Date(now.getTime() - rule.windowMs);
        const addresses = rule.perAddress ? await repo.addressesOf(db, kind, key, since) : [null];
        for (const ip of addresses) {
          const nth = await repo.nthRecentAttempt(db, kind, key, ip, since, rule.max);
          if (nth) until = Math.max(until, nth.getTime() + rule.windowMs);
        }
      }
      if (until > now.getTime()) out.set(key, new Date(until));
    }
    return out;
  }

  /** Forgets the failed attempts of a key (an administrator unlocks a sign-in): it is refused no more. */
  async clear(kind: AttemptKind, key: string, db: Db = this.deps.db): Promise<void> {
    await repo.deleteFailures(db, kind, key);
  }

  /** Forgets attempts older than a day. */
  async purge(): Promise<void> {
    await repo.deleteOlderThan(this.deps.db, new Date(this.deps.now().getTime() - 24 * 3_600_000));
  }
}
