/** The workload screen: the current half-year's table and totals, the week view, the .xlsx link, another half-year, an administrator's (a dean's office's) teacher, a failure. */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@contract/auth';
import type { Workload, WorkloadOptions } from '@contract/workload';
import { initialSessionState } from '@shared/session/session';
import { shellActions } from '@shared/shell/shell.slice';
import { makeStore, renderWithStore } from '../../test/render';
import { admin, fail, halfYearHandlers, http, ok, publicHandlers, recordRequests, server, teacher } from '../../test/server';
import WorkloadScreen from './WorkloadScreen';

const weeks = [
  { number: 1, from: '2025-09-01', to: '2025-09-07' },
  { number: 2, from: '2025-09-08', to: '2025-09-14' },
  { number: 3, from: '2025-09-15', to: '2025-09-21' },
];

function workloadOf(name: string, year: number): Workload {
  return {
    teacher: { id: 501, name, department: 'Программная инженерия' },
    id_a_year: year,
    id_w_s: 1,
    yearName: `${year}-${String(year + 1).slice(2)}`,
    teachingWeeks: 18,
    currentWeek: 2,
    weeks,
    rows: [
      {
        id: 11,
        code: 'PI101',
        discipline: 'Основы программирования',
        id_lessonType: 1,
        lessonType: 'Лекция',
        group: 'ПИ-1-25 поток',
        stream: true,
        subgroup: 0,
        weeklyPairs: 1,
        planned: 36,
        given: 4,
        difference: 32,
        byWeek: [2, 2, 0],
      },
      {
        id: 12,
        code: 'PI101',
        discipline: 'Основы программирования',
        id_lessonType: 3,
        lessonType: 'Лабораторная',
        group: 'ПИ-1-25',
        stream: false,
        subgroup: 2,
        weeklyPairs: 2,
        planned: 72,
        given: 10,
        difference: 62,
        byWeek: [4, 4, 2],
      },
    ],
    totals: { planned: 108, given: 14, difference: 94, byWeek: [6, 6, 2] },
  };
}

const own: WorkloadOptions = {
  teacher: { id: 501, name: 'Асанов Бакыт Кубанычбекович', id_department: 3 },
  admin: false,
  chooseTeacher: false,
  departments: [],
};

beforeEach(() => {
  server.use(
    ...publicHandlers(),
    ...halfYearHandlers(),
    http.post('/api/workload/options.json', () => ok(own)),
    http.post('/api/workload/workload.json', async ({ request }) => {
      const body = (await request.json()) as { id_a_year: number; id_teacher?: number };
      return ok(workloadOf(body.id_teacher === 502 ? 'Бекова Айгүл' : 'Асанов Бакыт Кубанычбекович', body.id_a_year));
    }),
  );
});

function renderScreenWithStore(user: User) {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user } });
  renderWithStore(<WorkloadScreen />, { route: '/lms/workload', store });
  return { store, user: userEvent.setup() };
}

const renderScreen = (user: User) => renderScreenWithStore(user).user;

describe('the workload screen', () => {
  it("shows the current half-year's journals with the planned and given hours and the totals", async () => {
    const log = recordRequests();
    renderScreen(teacher);
    const table = await screen.findByTestId('wl-table');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Нагрузка преподавателя');
    expect(screen.getByLabelText('Учебный год')).toHaveValue('2025');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('rowheader', { name: /Лабораторная · ПИ-1-25 · подгруппа 2/ })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('wl-totals'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '108', '14', '+94']);
    expect(log.requests.find((r) => r.path === '/api/workload/workload.json')?.body).toEqual({ id_a_year: 2025, id_w_s: 1 });
    log.stop();
    // Neither department nor teacher to choose: a teacher reads his own.
    expect(screen.queryByLabelText('Кафедра')).not.toBeInTheDocument();
    expect(screen.getByTestId('wl-xlsx')).toHaveAttribute('href', '/api/workload/export.xlsx?id_a_year=2025&id_w_s=1&lang=ru');
  });

  it('switches to the week view by keyboard, with the hours of each week and their totals', async () => {
    const user = renderScreen(teacher);
    await screen.findByTestId('wl-table');
    const weeksButton = screen.getByRole('button', { name: 'По неделям' });
    expect(weeksButton).toHaveAttribute('aria-pressed', 'false');
    weeksButton.focus();
    await user.keyboard('{Enter}');
    expect(weeksButton).toHaveAttribute('aria-pressed', 'true');
    const grid = screen.getByTestId('wl-weeks');
    expect(within(grid).getByRole('columnheader', { name: 'Неделя 2, 08.09–14.09' })).toHaveAttribute('aria-current', 'date');
    expect(
      within(screen.getByTestId('wl-week-totals'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '6', '2', '14']);
  });

  it('loads the workload again in another language', async () => {
    const { store } = renderScreenWithStore(teacher);
    await screen.findByTestId('wl-table');
    // The profile's line (the teacher's position) comes again in the language too.
    server.use(http.post('/api/misc/position.json', () => ok([{ position: 'Associate professor', department: 'Software engineering' }])));
    const log = recordRequests();
    store.dispatch(shellActions.languageChanged('en'));
    await waitFor(() => expect(log.paths()).toContain('/api/workload/workload.json'));
    log.stop();
  });

  it('loads another academic year when one is chosen', async () => {
    const user = renderScreen(teacher);
    await screen.findByTestId('wl-table');
    const log = recordRequests();
    await user.selectOptions(screen.getByLabelText('Учебный год'), '2024');
    await waitFor(() => expect(log.requests.find((r) => r.path === '/api/workload/workload.json')?.body).toEqual({ id_a_year: 2024, id_w_s: 1 }));
    log.stop();
    await waitFor(() => expect(screen.getByTestId('wl-xlsx')).toHaveAttribute('href', expect.stringContaining('id_a_year=2024')));
  });

  it("lets an administrator choose a department's teacher", async () => {
    server.use(
      http.post('/api/workload/options.json', () =>
        ok({
          teacher: { id: 777, name: 'Жумабаева Гүлнара Асановна', id_department: 3 },
          admin: true,
          chooseTeacher: true,
          departments: [
            { id: 3, name: 'Программная инженерия' },
            { id: 4, name: 'Математика' },
          ],
        }),
      ),
      http.post('/api/workload/teachers.json', () =>
        ok([
          { id: 501, name: 'Асанов Бакыт Кубанычбекович' },
          { id: 502, name: 'Бекова Айгүл' },
          { id: 777, name: 'Жумабаева Гүлнара Асановна' },
        ]),
      ),
    );
    const user = renderScreen(admin);
    await screen.findByTestId('wl-table');
    await waitFor(() => expect(screen.getByLabelText('Преподаватель')).toHaveValue('777'));
    expect(screen.getByLabelText('Кафедра')).toHaveValue('3');
    await user.selectOptions(screen.getByLabelText('Преподаватель'), '502');
    await waitFor(() => expect(screen.getByTestId('wl-who')).toHaveTextContent('Бекова Айгүл'));
    expect(screen.getByTestId('wl-xlsx')).toHaveAttribute('href', '/api/workload/export.xlsx?id_a_year=2025&id_w_s=1&id_teacher=502&lang=ru');
  });

  it("lets a dean's office choose a teacher of his faculty's departments, starting in the first when his own is not one", async () => {
    const dean: User = { ...teacher, id: 40, uid: 601, login: 'dean', fullName: 'Токтосунов Эрлан Бекболотович', deanFacultyId: 2 };
    const asked: number[] = [];
    server.use(
      http.post('/api/workload/options.json', () =>
        ok({
          teacher: { id: 601, name: 'Токтосунов Эрлан Бекболотович', id_department: 3 },
          admin: false,
          chooseTeacher: true,
          departments: [
            { id: 5, name: 'Экономика' },
            { id: 6, name: 'Менеджмент' },
          ],
        }),
      ),
      http.post('/api/workload/teachers.json', async ({ request }) => {
        const id = ((await request.json()) as { id_department: number }).id_department;
        asked.push(id);
        return ok(id === 5 ? [{ id: 502, name: 'Бекова Айгүл' }] : [{ id: 503, name: 'Осмонов Нурлан' }]);
      }),
    );
    const user = renderScreen(dean);
    await screen.findByTestId('wl-table');
    await waitFor(() => expect(screen.getByLabelText('Кафедра')).toHaveValue('5'));
    const departments = within(screen.getByLabelText('Кафедра'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(departments).toEqual(expect.arrayContaining(['Экономика', 'Менеджмент']));
    expect(departments).not.toContain('Программная инженерия');
    await waitFor(() => expect(asked).toEqual([5]));
    await user.selectOptions(screen.getByLabelText('Кафедра'), '6');
    await waitFor(() => expect(within(screen.getByLabelText('Преподаватель')).getByRole('option', { name: 'Осмонов Нурлан' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Преподаватель'), '503');
    await waitFor(() =>
      expect(screen.getByTestId('wl-xlsx')).toHaveAttribute('href', '/api/workload/export.xlsx?id_a_year=2025&id_w_s=1&id_teacher=503&lang=ru'),
    );
  });

  it('shows no department or teacher to choose when the server does not offer them, whatever the signed-in user says', async () => {
    renderScreen({ ...teacher, deanFacultyId: 2 });
    await screen.findByTestId('wl-table');
    expect(screen.queryByLabelText('Кафедра')).toBeNull();
    expect(screen.queryByLabelText('Преподаватель')).toBeNull();
  });

  it('shows a refusal with its message and Retry', async () => {
    server.use(http.post('/api/workload/workload.json', () => fail(403, 'FORBIDDEN', 'Доступ запрещён')));
    renderScreen(teacher);
    expect(await screen.findByText(/Доступ запрещён/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Повторить/ })).toBeInTheDocument();
    expect(screen.queryByTestId('wl-table')).not.toBeInTheDocument();
  });
});
