/**
 * Sessions for the benches' many users: rows of `sessions` made the way a sign-in makes them (the
 * SHA-256 of a random cookie token, via 'password', a day long), so that thousands of users need not
 * pass the sign-in and its throttle first. Each user gets his token and the `lms_sid` cookie.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Rows written per statement. */
const CHUNK = 1000;

/**
 * Gives every user of `users` (objects with `userId`) a session in the database of `db` (a connected
 * pg client); resolves to the same objects with `token` and `cookie` (`lms_sid=<token>`, followed by
 * `extraCookie(user)` when given) added.
 */
export async function addSessions(db, users, { extraCookie } = {}) {
  const signed = users.map((u) => {
    const token = randomBytes(32).toString('base64url');
    const extra = extraCookie?.(u);
    return Object.assign(u, { token, cookie: extra ? `lms_sid=${token}; ${extra}` : `lms_sid=${token}` });
  });
  for (let i = 0; i < signed.length; i += CHUNK) {
    const chunk = signed.slice(i, i + CHUNK);
    await db.query(
      `insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at, via)
       select h, u, now(), now(), now() + interval '1 day', 'password' from unnest($1::text[], $2::int[]) as t(h, u)`,
      [chunk.map((s) => createHash('sha256').update(s.token).digest('hex')), chunk.map((s) => s.userId)],
    );
  }
  return signed;
}
