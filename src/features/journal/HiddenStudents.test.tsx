import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HiddenStudent, JournalData, JournalInfo } from '@contract/journal';
import { ToastHost } from '@components/ToastHost';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, recordRequests, requestsSettled, server, teacher } from '../../test/server';
import JournalScreen from './JournalScreen';
import { initialJournalState } from './journal.slice';
import { journalInfo, openJournalState } from './journal.fixtures';

const times = [{ id: 1, name: '08:00–09:20' }];
const years = [{ id: 2026, name: '2026-27' }];
const NAME = 'Абдыкадыров Азамат';
const him: HiddenStudent = { id_student: 100, s_fio: NAME, hiddenAt: '2026-11-27T08:05:00.000Z', hiddenBy: 'Асанов Бакыт' };

/** The journal as the server gives it: with student 100 and his mark, or without him while he is hidden. */
function journalData(info: JournalInfo, hidden: boolean): JournalData {
  return {
    info,
    journal: [
      hidden
        ? []
        : [
            {
              id_studentJournalVisit: 1,
              id_student: 100,
              visitDate: '2026-10-06',
              id_time: 1,
              otsenka: '4',
              source: 'journal',
              updatedAt: '2026-10-06T08:00:00.000Z',
            },
          ],
      [],
    ],
    students: hidden ? [] : [{ id_student: 100, s_fio: NAME, code: '100', group: 'ПИ-1-24', subgroup: 1 }],
    dates: [{ visitDate: '2026-10-06', id_time: 1, time: '08:00' }],
    resArray: hidden ? [] : [{ id_student: 100, s_fio: NAME, nb_Count: 0, ball_Count: 4, ball_average: 4, ball_mean: 4 }],
    finals: [],
  };
}

/** The screen with the journal open; the server hides and restores student 100. */
function renderOpen(info: JournalInfo, { hidden = false, restore = 'ok' as 'ok' | 'closed' } = {}) {
  const server_ = { hidden };
  server.use(
    http.get('/api/misc/years.json', () => ok(years)),
    http.post('/api/visitlog/journals.json', () => ok([info])),
    http.get('/api/visitlog/times.json', () => ok(times)),
    http.get('/api/visitlog/modules.json', () => ok([])),
    http.post('/api/visitlog/journal.json', () => ok(journalData(info, server_.hidden))),
    http.post('/api/visitlog/teachertimes.json', () => ok([])),
    http.post('/api/visitlog/student/hidden.json', () => ok(server_.hidden ? [him] : [])),
    http.post('/api/visitlog/student/delete.json', () => {
      server_.hidden = true;
      return ok({ deleted: 0 });
    }),
    http.post('/api/visitlog/student/restore.json', () => {
      if (restore === 'closed') return fail(403, 'PERIOD_CLOSED', 'closed', { date: '15.02.2027' });
      server_.hidden = false;
      return ok({ restored: 1 });
    }),
  );
  const data = journalData(info, hidden);
  const journal = openJournalState(
    data,
    { years, times },
    {
      marks: hidden ? {} : { '100|2026-10-06|1': '4' },
      hidden: { ...initialJournalState.hidden, list: { data: hidden ? [him] : [], fetching: false, error: null, loaded: true } },
    },
  );
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, journal });
  renderWithStore(
    <>
      <JournalScreen />
      <ToastHost />
    </>,
    { route: '/lms/journal', store },
  );
  return { user: userEvent.setup(), store };
}

/** Waits for the screen's first loads to end (the journals' list reloads, the open journal stays). */
async function settled(log: ReturnType<typeof recordRequests>) {
  await waitFor(() => expect(log.paths()).toEqual(expect.arrayContaining(['/api/visitlog/journals.json', '/api/visitlog/modules.json'])));
  await requestsSettled();
}

/** Opens the list once the screen's first loads are answered. */
async function openList(user: ReturnType<typeof userEvent.setup>, log: ReturnType<typeof recordRequests>) {
  await settled(log);
  await user.click(await screen.findByRole('button', { name: 'Скрытые студенты (1)' }));
  return screen.findByRole('dialog', { name: 'Скрытые студенты' });
}

beforeEach(() => {
  server.use(
    http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [], disciplines: [] })),
    http.get('/api/notifications/count.json', () => ok({ unread: 0 })),
  );
});

describe('hidden students of the journal', () => {
  it('removing a student offers Undo in a toast, which brings him back with his marks', async () => {
    const log = recordRequests();
    const { user } = renderOpen(journalInfo(61));
    await settled(log);
    await user.click(screen.getByRole('gridcell', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'Убрать студента из списка' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Убрать' }));
    const toast = (await screen.findByText(`${NAME} убран(а) из списка.`)).closest('.Toastify__toast') as HTMLElement;
    expect(await screen.findByRole('button', { name: 'Скрытые студенты (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('gridcell', { name: '4' })).not.toBeInTheDocument();
    await user.click(within(toast).getByRole('button', { name: 'Отменить' }));
    expect(await screen.findByRole('gridcell', { name: '4' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Скрытые студенты/ })).not.toBeInTheDocument());
    expect(log.requests.filter((r) => r.path === '/api/visitlog/student/restore.json').map((r) => r.body)).toEqual([{ id_journal: 61, id_student: 100 }]);
  });

  it('"Hidden students (1)" lists him with who hid him; Restore brings him back into the grid', async () => {
    const log = recordRequests();
    const { user } = renderOpen(journalInfo(62), { hidden: true });
    const dialog = await openList(user, log);
    expect(dialog).toHaveTextContent('скрыт(а) 27.11.2026, Асанов Бакыт');
    await user.click(within(dialog).getByRole('button', { name: `Вернуть: ${NAME}` }));
    expect(await screen.findByRole('gridcell', { name: '4' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Скрытых студентов нет.')).toBeInTheDocument();
    expect(log.requests.filter((r) => r.path === '/api/visitlog/student/restore.json').map((r) => r.body)).toEqual([{ id_journal: 62, id_student: 100 }]);
  });

  it("a refused restore shows the server's translated reason and keeps him hidden", async () => {
    const log = recordRequests();
    const { user } = renderOpen(journalInfo(63), { hidden: true, restore: 'closed' });
    const dialog = await openList(user, log);
    await user.click(within(dialog).getByRole('button', { name: `Вернуть: ${NAME}` }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Полугодие закрыто с 15.02.2027');
    expect(within(dialog).getByText(NAME)).toBeInTheDocument();
  });

  it("a closed half-year's journal lists the hidden students without Restore", async () => {
    const log = recordRequests();
    const { user } = renderOpen(journalInfo(64, { readOnly: true }), { hidden: true });
    const dialog = await openList(user, log);
    expect(within(dialog).getByText(NAME)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Вернуть/ })).not.toBeInTheDocument();
  });
});
