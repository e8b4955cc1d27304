/** The registration screen's rows follow what happens to them: a seat freed for the student shows its notice and, at once, the row registered. */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RegList, RegRow } from '@contract/registration';
import { succeeded } from '@shared/request/loadable';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { http, ok, server, student } from '../../test/server';
import RegistrationScreen from './RegistrationScreen';
import { initialRegistrationState, registrationActions } from './registration.slice';

const row = (status: 'registered' | 'waiting'): RegRow => ({
  id_disciplineForStudent: 11,
  id_discipline: 5,
  discipline: 'Cloud Computing',
  id_kafedra: 2,
  id_semester: 5,
  kredits: 3,
  id_examination: 2,
  examination: 'Pass/fail',
  isElective: true,
  descGroupNum: 2,
  registration: { id: 90, status, id_teacher: 3, teacher: 'Asanov Bakyt', subgroup: 1, position: status === 'waiting' ? 1 : null },
});
const list = (status: 'registered' | 'waiting'): RegList => ({
  id_group: 7,
  info: { opensAt: null, closesAt: '2026-12-27T00:00:00.000Z', open: true, creditLimit: 30, creditsTaken: 3 },
  rows: [row(status)],
});

describe('RegistrationScreen (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it('a seat promoted from the waiting list shows its notice and the row registered, without a reload', async () => {
    let status: 'registered' | 'waiting' = 'waiting';
    server.use(
      http.get('/api/misc/years.json', () => ok([{ id: 2026, name: '2026-27' }])),
      http.post('/api/regfordisciplines/getreglist', () => ok(list(status))),
      http.post('/api/regfordisciplines/optional/permission', () => ok({ allowed: false })),
    );
    const store = makeStore({
      session: { ...initialSessionState, status: 'authenticated', user: student },
      registration: { ...initialRegistrationState, half: { year: 2026, ws: 1 } },
    });
    renderWithStore(<RegistrationScreen />, { route: '/lms/registration', store });
    const card = await screen.findByTestId('reg-row');
    expect(await within(card).findByTestId('reg-status')).toHaveTextContent('Waiting list: Asanov Bakyt, subgroup 1, place 1');

    // The seat became hers (the server deleted another's registration and told her live).
    status = 'registered';
    store.dispatch(registrationActions.seatReceived({ id_registration: 90, discipline: 'Cloud Computing', subgroup: 1 }));
    expect(await screen.findByTestId('reg-seat-notice')).toHaveTextContent('A seat became free: you are registered for “Cloud Computing”, subgroup 1.');
    await within(screen.getByTestId('reg-row')).findByText('Registered: Asanov Bakyt, subgroup 1');
  });
});

describe('RegistrationScreen before registration opens (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it("says when registration opens, on the university's clock, and offers no registering", async () => {
    const notYet: RegList = {
      id_group: 7,
      info: { opensAt: '2099-03-02T09:15:00.000Z', closesAt: '2099-03-30T09:15:00.000Z', open: false, creditLimit: 30, creditsTaken: 0 },
      rows: [{ ...row('registered'), registration: null }],
    };
    server.use(
      http.get('/api/misc/years.json', () => ok([{ id: 2026, name: '2026-27' }])),
      http.post('/api/regfordisciplines/getreglist', () => ok(notYet)),
      http.post('/api/regfordisciplines/optional/permission', () => ok({ allowed: false })),
    );
    const store = makeStore({
      session: { ...initialSessionState, status: 'authenticated', user: student },
      registration: { ...initialRegistrationState, half: { year: 2026, ws: 1 } },
      // The university's clock: 09:15 UTC is 15:15 in Bishkek.
      settings: succeeded({
        defaults: { id_a_year: 2026, a_year: '2026-27', id_w_s: 1, universityName: 'U', maxSizeMb: 25, timeZone: 'Asia/Bishkek' },
        links: [],
      }),
    });
    renderWithStore(<RegistrationScreen />, { route: '/lms/registration', store });
    expect(await screen.findByTestId('reg-info')).toHaveTextContent('Registration opens on 02/03/2099 15:15');
    expect(within(screen.getByTestId('reg-row')).queryAllByRole('button')).toEqual([]);
  });
});
