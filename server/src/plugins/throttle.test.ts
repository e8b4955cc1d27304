/** Sign-in throttling (docs/security.md#sessions). */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAttempts, users } from '../db/schema';
import { DEMO, quickPasswordHash, signIn, testClock } from '../test/helpers';
import { useTestApp } from '../test/fixture';

const clock = testClock();

const fx = useTestApp({ now: clock.now, signIn: [] });

/**
 * Gives a seeded account a known password under a new login. The hash has a low scrypt cost: these
 * tests check dozens of passwords one after another, and what they assert is the counting.
 */
async function account(login: string, password: string): Promise<void> {
  const [free] = await fx.db.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 2), isNull(users.passwordHash)))
    .orderBy(users.id)
    .limit(1);
  await fx.db.database.db
    .update(users)
    .set({ login, passwordHash: quickPasswordHash(password) })
    .where(eq(users.id, free.id));
}

const fail = (login: string, ip: string) => signIn(fx.app, login, 'definitely-wrong', { ip });

describe('A1: per account and address, then per account', () => {
  it('the 11th attempt from one address is 429 + Retry-After even with the right password; other addresses go on until 20', async () => {
    await account('throttled-a', 'Right passphrase A');
    for (let i = 0; i < 10; i++) expect((await fail('throttled-a', '10.1.0.1')).res.statusCode).toBe(401);

    const blocked = await signIn(fx.app, 'throttled-a', 'Right passphrase A', { ip: '10.1.0.1' });
    expect(blocked.res.statusCode).toBe(429);
    expect(blocked.body).toMatchObject({ result: true, error: { code: 'TOO_MANY_REQUESTS' }, data: null });
    const retryAfter = Number(blocked.res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(blocked.body.error.params.seconds).toBe(retryAfter);
    expect(blocked.token).toBeUndefined();

    // Another address still signs in, and may fail 10 more times (20 for the account in all).
    expect((await signIn(fx.app, 'throttled-a', 'Right passphrase A', { ip: '10.1.0.2' })).res.statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await fail('throttled-a', `10.1.1.${i}`)).res.statusCode).toBe(401);
    const everyone = await signIn(fx.app, 'throttled-a', 'Right passphrase A', { ip: '10.1.0.3' });
    expect(everyone.res.statusCode).toBe(429);

    // Other accounts are not affected.
    expect((await signIn(fx.app, DEMO.teacher.login, DEMO.teacher.password, { ip: '10.1.0.1' })).res.statusCode).toBe(200);

    // The window passes.
    clock.advance(5 * 60_000 + 1000);
    expect((await signIn(fx.app, 'throttled-a', 'Right passphrase A', { ip: '10.1.0.1' })).res.statusCode).toBe(200);
  });

  it('recovery and updatelogin count like sign-in', async () => {
    await account('throttled-r', 'Right passphrase R');
    for (let i = 0; i < 5; i++) expect((await fail('throttled-r', '10.2.0.1')).res.statusCode).toBe(401);
    for (let i = 0; i < 5; i++) {
      const res = await fx.app.inject({
        method: 'POST',
        url: '/api/auth/recovery.json',
        payload: { oldlog: 'throttled-r', oldpas: 'wrong' },
        remoteAddress: '10.2.0.1',
      });
      expect(res.statusCode).toBe(401);
    }
    const update = await fx.app.inject({
      method: 'POST',
      url: '/api/auth/updatelogin.json',
      payload: { oldlog: 'throttled-r', oldpas: 'Right passphrase R', newlog: 'throttled-r2', newpas: 'Some new passphrase' },
      remoteAddress: '10.2.0.1',
    });
    expect(update.statusCode).toBe(429);
  });
});

describe('A2: concurrent failures', () => {
  it('20 concurrent failures from one address: all counted, at most 10 verified', async () => {
    await account('throttled-c', 'Right passphrase C');
    const replies = await Promise.all(Array.from({ length: 20 }, () => fail('throttled-c', '10.3.0.1')));
    const statuses = replies.map((r) => r.res.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await signIn(fx.app, 'throttled-c', 'Right passphrase C', { ip: '10.3.0.1' })).res.statusCode).toBe(429);
    const rows = await fx.db.database.db.select({ outcome: loginAttempts.outcome }).from(loginAttempts).where(eq(loginAttempts.loginKey, 'throttled-c'));
    expect(rows.filter((r) => r.outcome === 'failure')).toHaveLength(10);
    expect(rows.filter((r) => r.outcome === 'pending')).toHaveLength(0);
  });

  it('20 concurrent failures from 20 addresses: all counted, the account is then closed to everyone', async () => {
    await account('throttled-d', 'Right passphrase D');
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => fail('throttled-d', `10.4.0.${i + 1}`)));
    expect(replies.every((r) => r.res.statusCode === 401)).toBe(true);
    expect((await signIn(fx.app, 'throttled-d', 'Right passphrase D', { ip: '10.4.1.1' })).res.statusCode).toBe(429);
  });
});

describe('A3: at most 100 failures an hour', () => {
  it('after 100 failures within the hour the account is closed although the 5-minute window is clear', async () => {
    await account('throttled-h', 'Right passphrase H');
    const now = clock.now().getTime();
    // 99 earlier failures spread over the last hour, none in the last 5 minutes, from many addresses.
    await fx.db.database.db.insert(loginAttempts).values(
      Array.from({ length: 99 }, (_, i) => ({
        kind: 'login',
        loginKey: 'throttled-h',
        ip: `10.5.${i % 7}.${i}`,
        at: new Date(now - 6 * 60_000 - i * 30_000),
        outcome: 'failure',
      })),
    );
    expect((await fail('throttled-h', '10.5.9.9')).res.statusCode).toBe(401); // the 100th
    const closed = await signIn(fx.app, 'throttled-h', 'Right passphrase H', { ip: '10.5.9.10' });
    expect(closed.res.statusCode).toBe(429);
    // Until the oldest of them is an hour old.
    const retryAfter = Number(closed.res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60 - 6 * 60 - 98 * 30 + 1);
  });

  it('successful sign-ins do not count', async () => {
    await account('throttled-s', 'Right passphrase S');
    for (let i = 0; i < 15; i++) expect((await signIn(fx.app, 'throttled-s', 'Right passphrase S', { ip: '10.6.0.1' })).res.statusCode).toBe(200);
  });
});
