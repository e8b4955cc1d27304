/**
 * What the reference lists' server tests (reference.test.ts, reference.periods.test.ts) share: one app
 * with the teacher, the student and an administrator signed in, the calls, the administration's
 * audit log, and a refused save that must leave its table and the log as they were. A test file calls
 * useReferenceApp() once at its top level.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../test/helpers';
import type { SignedIn } from '../../test/requests';
import { useTestApp } from '../../test/fixture';

export function useReferenceApp() {
  const clock = testClock();
  const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'student', 'admin'] });

  const post = (who: SignedIn | null, call: string, body: object, lang = 'en') =>
    fx.app.inject({ method: 'POST', url: `/api/reference/${call}`, payload: body, headers: { ...(who?.headers ?? {}), 'accept-language': lang } });

  const db = () => fx.db.database.db;
  const audit = () =>
    rowsOf<{ action: string; admin_id: number; user_id: number | null; before: Record<string, unknown>; after: Record<string, unknown> }>(
      db(),
      sql`select action, admin_id, user_id, before, after from admin_audit order by id`,
    );
  /** A table's rows as text, to see that a refused call changed nothing. */
  const snapshot = async (table: string) => JSON.stringify(await rowsOf(db(), sql`select * from ${sql.identifier(table)} order by 1`));

  const save = (list: string, values: object, id?: string, lang = 'en') => post(fx.admin, 'save.json', { list, id, values }, lang);

  /** Each refused save answers `status` naming `field` (and `reason` for a 400), and the table and the log are as they were. */
  async function refused(table: string, list: string, values: object, status: number, field: string, reason?: string, id?: string) {
    const before = await snapshot(table);
    const log = (await audit()).length;
    const res = await save(list, values, id);
    expect(res.statusCode, res.body).toBe(status);
    const error = res.json().error;
    expect(error.code).toBe(status === 400 ? 'REFERENCE_INVALID' : 'REFERENCE_TAKEN');
    expect(error.params).toMatchObject({ field, ...(reason ? { reason } : {}) });
    expect(await snapshot(table)).toBe(before);
    expect((await audit()).length).toBe(log);
  }

  return { clock, fx, post, db, audit, snapshot, save, refused };
}
