/**
 * docs/security.md#reliability: housekeeping's logs carry what failed (its kind, code and SQL text),
 * never a statement's parameters nor the data of a row.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from './db/client';
import { scheduleHousekeeping } from './housekeeping';
import { DEMO, session } from './test/helpers';
import { useTestApp } from './test/fixture';

const fx = useTestApp({ signIn: [] });

describe('housekeeping logs', () => {
  it('a clean-up that fails is logged with its kind and code, without the parameters of its statement or the data of the row', async () => {
    const student = await session(fx.app, 'student');
    const [{ hash }] = await rowsOf<{ hash: string }>(
      fx.db.database.db,
      sql`select token_hash as hash from sessions where user_id = ${student.user.id} order by id desc limit 1`,
    );
    // A session revoked three days ago (housekeeping deletes it), and a database that refuses the
    // deletion with a message naming the row's token and login (as a constraint's message would).
    await fx.db.database.db.execute(sql`update sessions set revoked_at = now() - interval '3 days' where token_hash = ${hash}`);
    await fx.db.database.db.execute(
      sql.raw(`create function lms_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'session % of %', old.token_hash, (select login from users where id = old.user_id); end $$`),
    );
    await fx.db.database.db.execute(sql.raw(`create trigger lms_test_refuse before delete on sessions for each row execute function lms_test_refuse()`));
    try {
      const lines: string[] = [];
      const stop = scheduleHousekeeping(fx.app.ctx, { warn: (obj, msg) => lines.push(JSON.stringify({ ...(obj as object), msg })) });
      await expect.poll(() => lines.length).toBe(1);
      stop();
      const [line] = lines;
      expect(JSON.parse(line)).toMatchObject({ msg: 'housekeeping failed', err: { cause: { code: 'P0001' } } });
      expect(JSON.parse(line).err.query).toMatch(/^delete from "sessions"/);
      // Not the row's data, not the parameters (the cut-off time), not the words around them.
      expect(line).not.toContain(hash);
      expect(line).not.toContain(DEMO.student.login);
      expect(line).not.toMatch(/params/i);
      expect(line).not.toMatch(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/);
    } finally {
      await fx.db.database.db.execute(sql.raw(`drop trigger lms_test_refuse on sessions`));
      await fx.db.database.db.execute(sql.raw(`drop function lms_test_refuse()`));
    }
  });
});
