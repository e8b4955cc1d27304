/** A half-year's periods in the reference lists (docs/areas/reference.md#calls): registration's opening and the last day of marks, their rules and audit entries. */
import { describe, expect, it } from 'vitest';
import { useReferenceApp } from './reference.test-fixture';

const { fx, post, audit, save, refused } = useReferenceApp();

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
