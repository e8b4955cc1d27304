/**
 * A half-year's periods in the reference editor (docs/areas/reference.md#for-users): the registration's
 * opening and closing are shown and typed on the university's clock (its settings' time zone), not on
 * the device's, and the hint says whose clock it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferenceList, ReferenceRow } from '@contract/reference';
import { renderPortal, signedInHandlers, teacherProfile } from '../../test/portal';
import { admin, http, ok, server } from '../../test/server';

const adminProfile = { ...teacherProfile, uid: admin.uid, fullName: admin.fullName, login: 'admin' };

const PERIODS: ReferenceList = {
  name: 'registrationPeriods',
  canAdd: true,
  canDelete: true,
  count: 1,
  columns: [
    { key: 'academicYearId', kind: 'select', required: true, identity: true, options: [{ id: 2030, name: '2030-31' }] },
    { key: 'workingSemesterId', kind: 'select', required: true, identity: true, options: [{ id: 1, name: 'Осеннее' }] },
    { key: 'opensAt', kind: 'timestamp', required: false },
    { key: 'closesAt', kind: 'timestamp', required: true },
    { key: 'creditLimit', kind: 'integer', required: true, min: 1, max: 60 },
    { key: 'marksClosedAfter', kind: 'date', required: false },
  ],
};
// 12:00 UTC is 18:00 in Bishkek (UTC+6) and 08:00 in New York (UTC-4 in October).
const ROW: ReferenceRow = {
  id: '2030:1',
  values: { academicYearId: 2030, workingSemesterId: 1, opensAt: null, closesAt: '2030-10-01T12:00:00.000Z', creditLimit: 30, marksClosedAfter: null },
};

describe("a registration period's times on the university's clock", () => {
  const deviceZone = process.env.TZ;
  // The device is in New York; the university in Bishkek.
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });

  it("shows the closing in the university's zone, takes a time typed in it, and says so in the hint", async () => {
    expect(new Date('2030-10-01T12:00:00.000Z').getHours()).toBe(8);
    localStorage.setItem('token', 'marker');
    const sent: unknown[] = [];
    server.use(...signedInHandlers(admin, adminProfile));
    // The university's settings with its zone (a handler used later comes first).
    server.use(
      http.post('/api/misc/settings.json', () =>
        ok([{ id_a_year: 2030, a_year: '2030-31', id_w_s: 1, universityName: 'U', maxSizeMb: 25, timeZone: 'Asia/Bishkek' }, []]),
      ),
      http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [] })),
      http.post('/api/reference/lists.json', () => ok({ lists: [PERIODS] })),
      http.post('/api/reference/rows.json', () => ok({ list: PERIODS, rows: [ROW] })),
      http.post('/api/reference/save.json', async ({ request }) => {
        const body = (await request.json()) as { values: Record<string, unknown> };
        sent.push(body);
        return ok({ id: '2030:1', values: { ...ROW.values, ...body.values } });
      }),
    );
    const user = userEvent.setup();
    renderPortal('/lms/admin/reference/registrationPeriods');
    const row = await screen.findByTestId('reference-row');
    expect(await within(row).findByText('01.10.2030 18:00')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Изменить/ }));
    const dialog = await screen.findByRole('dialog');
    const closes = within(dialog).getByLabelText('Регистрация закрывается');
    expect(closes).toHaveValue('2030-10-01T18:00');
    expect(closes).toHaveAccessibleDescription(/По времени университета \(Asia\/Bishkek\)/);
    const opens = within(dialog).getByLabelText('Регистрация открывается');
    await user.type(opens, '2030-09-01T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены')).toBeInTheDocument();
    // 09:30 in Bishkek is 03:30 UTC; the closing goes back as it came.
    expect(sent).toEqual([
      {
        list: 'registrationPeriods',
        id: '2030:1',
        values: { opensAt: '2030-09-01T03:30:00.000Z', closesAt: '2030-10-01T12:00:00.000Z', creditLimit: 30, marksClosedAfter: null },
      },
    ]);
  });
});
