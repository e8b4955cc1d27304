/** A half-year's periods in the reference lists (docs/areas/reference.md#calls): registration's opening and the last day of marks, their rules and audit entries. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { testClock } from '../../test/helpers';
import type { SignedIn } from '../../test/requests';
import { useTestApp } from '../../test/fixture';

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

describe("a half-year's periods: registration's opening and the last day of marks", () => {
  // Autumn 2030 runs to 31 January 2031.
  const values = { academicYearId: 2030, workingSemesterId: 1, opensAt: null, closesAt: '2030-10-01T12:00:00.000Z', creditLimit: 30, marksClosedAfter: null };

  it('refuses an opening not before the closing, an opening or closing after the half-year, a last day of marks before its end or over a year after', async () => {
    const periods = (v: object) => refused('registration_periods', 'registrationPeriods', { ...values, ...v }, 400, Object.keys(v)[0], undefined);
    await refused('registration_periods', 'registrationPeriods', { ...values, opensAt: '2030-10-01T12:00:00.000Z' }, 400, 'opensAt', 'order');
    await refused('registration_periods', 'registrationPeriods', { ...values, opensAt: '2030-10-02T12:00:00.000Z' }, 400, 'opensAt', 'order');
    await refused(
      'registration_periods',
      'registrationPeriods',
      { ...values, opensAt: '2031-02-01T06:00:00.000Z', closesAt: '2031-02-10T06:00:00.000Z' },
      400,
      'opensAt',
      'afterHalfYear',
    );
    await refused('registration_periods', 'registrationPeriods', { ...values, closesAt: '2031-02-01T12:00:00.000Z' }, 400, 'closesAt', 'afterHalfYear');
    await refused('registration_periods', 'registrationPeriods', { ...values, marksClosedAfter: '2031-01-30' }, 400, 'marksClosedAfter', 'marksBeforeEnd');
    await refused('registration_periods', 'registrationPeriods', { ...values, marksClosedAfter: '2032-06-01' }, 400, 'marksClosedAfter', 'marksTooLate');
    await periods({ marksClosedAfter: 'soon' });
    await periods({ opensAt: 'now' });
    const res = await save('registrationPeriods', { ...values, marksClosedAfter: '2031-01-30' }, undefined, 'ru');
    expect(res.json().error.message).toBe('Не раньше последнего дня полугодия, 31.01.2031');
    const late = await save('registrationPeriods', { ...values, closesAt: '2031-02-01T12:00:00.000Z' });
    expect(late.json().error.message).toBe("No later than the half-year's last day, 31.01.2031");
  });

  it('adds a period with its opening and last day of marks, clears them, and logs each change', async () => {
    const full = { ...values, opensAt: '2030-09-01T03:00:00.000Z', marksClosedAfter: '2031-01-31' };
    expect((await save('registrationPeriods', full)).json().data).toEqual({ id: '2030:1', values: full });
    expect((await audit()).slice(-1)[0]).toMatchObject({ action: 'addReference', after: { list: 'registrationPeriods', id: '2030:1', ...full } });
    const later = { ...full, marksClosedAfter: '2032-01-31' };
    expect((await save('registrationPeriods', later, '2030:1')).json().data).toEqual({ id: '2030:1', values: later });
    expect((await save('registrationPeriods', values, '2030:1')).json().data).toEqual({ id: '2030:1', values });
    expect((await audit()).slice(-2)).toMatchObject([
      { action: 'changeReference', before: { marksClosedAfter: '2031-01-31' }, after: { marksClosedAfter: '2032-01-31' } },
      { action: 'changeReference', before: { opensAt: full.opensAt, marksClosedAfter: '2032-01-31' }, after: { opensAt: null, marksClosedAfter: null } },
    ]);
    expect((await post(fx.admin, 'delete.json', { list: 'registrationPeriods', id: '2030:1' })).statusCode).toBe(200);
  });
});
