import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JournalData, JournalInfo } from '@contract/journal';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, recordRequests, requestsSettled, server, student, teacher } from '../../test/server';
import { TEST_TIME_ZONE } from '../../test/settings';
import JournalScreen from './JournalScreen';
import { currentSettings, journalInfo, openJournalState } from './journal.fixtures';
import { journalActions } from './journal.slice';

const times = [{ id: 1, name: '08:00–09:20' }];
const years = [
  { id: 2025, name: '2025-26' },
  { id: 2026, name: '2026-27' },
];

function journalData(info: JournalInfo): JournalData {
  return {
    info,
    journal: [
      [
        {
          id_studentJournalVisit: 1,
          id_student: 100,
          visitDate: info.startsOn.replace('-09-01', '-10-06'),
          id_time: 1,
          otsenka: '4',
          source: 'journal',
          updatedAt: '2025-10-06T08:00:00.000Z',
        },
      ],
      [],
    ],
    students: [{ id_student: 100, s_fio: 'Абдыкадыров Азамат', code: '100', group: 'ПИ-1-24', subgroup: 1 }],
    dates: [{ visitDate: info.startsOn.replace('-09-01', '-10-06'), id_time: 1, time: '08:00' }],
    resArray: [{ id_student: 100, s_fio: 'Абдыкадыров Азамат', nb_Count: 0, ball_Count: 4, ball_average: 4, ball_mean: 4 }],
    finals: [],
  };
}

/** The screen with a journal open, as after choosing it in the filters; the student has `mark` at its first lesson. */
function renderOpen(info: JournalInfo, mark = '4') {
  const data = journalData(info);
  server.use(
    http.get('/api/misc/years.json', () => ok(years)),
    http.post('/api/visitlog/journals.json', () => ok([info])),
    http.get('/api/visitlog/times.json', () => ok(times)),
    http.get('/api/visitlog/modules.json', () => ok([])),
    http.post('/api/visitlog/journal.json', () => ok(data)),
  );
  const journal = openJournalState(data, { years, times }, { marks: { [`100|${data.dates[0].visitDate}|1`]: mark } });
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, journal });
  renderWithStore(<JournalScreen />, { route: '/lms/journal', store });
  return { user: userEvent.setup(), store };
}

beforeEach(() => {
  server.use(http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [] })));
});

describe("the journal's period on screen", () => {
  it("a closed half-year's journal says it is read-only and offers no editing: no lesson bar, no setup, no typing", async () => {
    const info = journalInfo(51, { id_a_year: 2025, startsOn: '2025-09-01', endsOn: '2026-01-31', closesOn: '2026-02-15', readOnly: true });
    const log = recordRequests();
    const { user } = renderOpen(info);
    expect(await screen.findByRole('note')).toHaveTextContent('Полугодие закрыто с 15.02.2026: журнал только для чтения.');
    expect(screen.queryByRole('group', { name: 'Занятие' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подгруппы' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить занятие' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Убрать студента из списка' })).not.toBeInTheDocument();
    const grid = screen.getByRole('grid');
    expect(grid).toHaveAttribute('aria-readonly', 'true');
    const cell = screen.getByRole('gridcell', { name: '4' });
    await user.click(cell);
    await user.keyboard('5');
    await user.keyboard('{Enter}');
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(cell).toHaveTextContent('4');
    // Reading stays: the history and the export are there.
    expect(screen.getByRole('button', { name: 'История ячейки' })).toBeEnabled();
    await waitFor(() => expect(log.paths().filter((p) => p.includes('/visit/'))).toEqual([]));
    log.stop();
  });

  it("the date box offers the half-year's days only; a date outside it is explained and no lesson action is offered", async () => {
    const info = journalInfo(52);
    const log = recordRequests();
    renderOpen(info);
    // The screen's own loads (years, then the half-year's journals) are done: the grid and its lesson bar stay as they are.
    await waitFor(() => expect(log.paths()).toContain('/api/visitlog/journals.json'));
    await requestsSettled();
    log.stop();
    const date = await screen.findByLabelText('Дата');
    expect(date).toHaveAttribute('min', '2026-09-01');
    expect(date).toHaveAttribute('max', '2027-01-31');
    fireEvent.change(date, { target: { value: '2027-04-01' } });
    await waitFor(() => expect(date).toHaveValue('2027-04-01'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Дата вне полугодия журнала (01.09.2026 – 31.01.2027).');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    for (const name of ['Добавить занятие', 'Отметить всех присутствующими', 'Тема занятия', 'Удалить занятие'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    fireEvent.change(date, { target: { value: '2026-11-02' } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Добавить занятие' })).toBeEnabled();
  });
});

describe('a refused save', () => {
  /** The open journal (one student, his 4 on 06.10) with its loads done and the cell written as '5'. */
  async function writeFive(reply: () => Response) {
    const info = journalInfo(53);
    const log = recordRequests();
    server.use(http.post('/api/visitlog/visit/set.json', reply));
    const { user, store } = renderOpen(info);
    await waitFor(() => expect(log.paths()).toContain('/api/visitlog/journals.json'));
    await requestsSettled();
    log.stop();
    const cell = screen.getByRole('gridcell', { name: '4' });
    await user.click(cell);
    await user.keyboard('5{Enter}');
    return { user, store, cell: () => document.querySelector<HTMLElement>('td.jg-cell[data-row="0"][data-col="0"]')! };
  }
  const totals = () => [...document.querySelectorAll('td.jg-total')].map((td) => td.textContent);

  it("says why in the user's language, offers no Retry, never counts the refused value, and Esc brings back the stored mark", async () => {
    const { user, store, cell } = await writeFive(() => fail(400, 'FUTURE_DATE', 'Отметки и посещаемость нельзя ставить на будущую дату'));
    await waitFor(() => expect(cell()).toHaveAttribute('aria-invalid', 'true'));
    expect(cell()).toHaveTextContent('5');
    expect(cell()).toHaveAttribute('title', 'Отметки и посещаемость нельзя ставить на будущую дату.');
    expect(screen.getByText('Отметки и посещаемость нельзя ставить на будущую дату.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText(/Запрос содержит неверные данные/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    // The totals hold the stored 4 only.
    expect(totals()).toEqual(['0', '4', '4.00', '4.00']);
    // Esc on the refused cell: the stored value is back and nothing holds the page any more.
    cell().focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(cell()).toHaveTextContent('4'));
    expect(cell()).not.toHaveAttribute('aria-invalid');
    expect(store.getState().journal.edits).toEqual({});
    expect(screen.queryByRole('button', { name: 'Отменить несохранённое' })).not.toBeInTheDocument();
  });

  it('a server that did not answer offers Retry beside Discard; Discard drops the value too', async () => {
    const { user, store, cell } = await writeFive(() => fail(503, 'SERVICE_UNAVAILABLE', 'unavailable', undefined, { 'retry-after': '5' }));
    await waitFor(() => expect(cell()).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    expect(totals()).toEqual(['0', '4', '4.00', '4.00']);
    await user.click(screen.getByRole('button', { name: 'Отменить несохранённое' }));
    await waitFor(() => expect(cell()).toHaveTextContent('4'));
    expect(store.getState().journal.edits).toEqual({});
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
  });
});

describe("the journal's mark scale", () => {
  it("'44' typed in a 2..5 journal is refused on the spot with the scale's range; the setup offers the scale and shows a refusal", async () => {
    const info = journalInfo(54);
    const log = recordRequests();
    server.use(http.post('/api/visitlog/scale.json', () => fail(409, 'SCALE_IN_USE', 'in use', { count: 3 })));
    const { user } = renderOpen(info);
    await waitFor(() => expect(log.paths()).toContain('/api/visitlog/journals.json'));
    await requestsSettled();
    await user.click(screen.getByRole('gridcell', { name: '4' }));
    await user.keyboard('44{Enter}');
    expect(await screen.findByText('Недопустимая отметка. Можно: «н/б», «ув», «+» или целое число от 2 до 5.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // The setup is folded behind its button (the grid comes first).
    expect(screen.queryByLabelText('Шкала оценок')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Настройка журнала' }));
    const scale = screen.getByLabelText('Шкала оценок');
    expect(scale).toHaveDisplayValue('2–5');
    // The journal holds a mark: the change asks first and says what happens to it; cancelled, nothing is sent.
    await user.selectOptions(scale, '0–100 баллов');
    let dialog = await screen.findByRole('alertdialog', { name: 'Сменить шкалу на «0–100 баллов»?' });
    expect(dialog).toHaveTextContent('В журнале оценок: 1. Они останутся теми же числами и станут баллами из 100');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await requestsSettled();
    expect(log.paths()).not.toContain('/api/visitlog/scale.json');
    expect(scale).toHaveDisplayValue('2–5');
    await user.selectOptions(scale, '0–100 баллов');
    dialog = await screen.findByRole('alertdialog', { name: 'Сменить шкалу на «0–100 баллов»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Сменить шкалу' }));
    expect(await screen.findByText('Шкалу нельзя сменить: 3 отметок журнала в неё не входят.')).toBeInTheDocument();
    await requestsSettled();
    expect(log.requests.find((r) => r.path === '/api/visitlog/scale.json')?.body).toEqual({ id_journal: 54, scale: '0-100' });
    expect(log.paths().filter((p) => p.includes('/visit/'))).toEqual([]);
    log.stop();
  });
});

describe("the journal's mark scale back to 2–5", () => {
  it('a 0–100 journal with points outside 2–5 says the change cannot be made and why, and sends nothing', async () => {
    const info = journalInfo(55, { scale: '0-100' });
    const log = recordRequests();
    const { user } = renderOpen(info, '85');
    await waitFor(() => expect(log.paths()).toContain('/api/visitlog/journals.json'));
    await requestsSettled();
    await user.click(await screen.findByRole('button', { name: 'Настройка журнала' }));
    await user.selectOptions(screen.getByLabelText('Шкала оценок'), '2–5');
    const dialog = await screen.findByRole('alertdialog', { name: 'Шкалу нельзя сменить на «2–5»' });
    expect(dialog).toHaveTextContent('Баллов вне 2–5 в журнале: 1.');
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await requestsSettled();
    expect(log.paths()).not.toContain('/api/visitlog/scale.json');
    expect(screen.getByLabelText('Шкала оценок')).toHaveDisplayValue('0–100 баллов');
    log.stop();
  });
});

describe("the student's own journal", () => {
  it('shows the mean of his marks beside the average per lesson attended, each labelled for what it is', async () => {
    const { StudentJournal } = await import('./components/StudentJournal');
    const visits = [
      { visitDate: '2026-09-07', id_time: 1, otsenka: '4' },
      ...['09-14', '09-21', '09-28', '10-05', '10-12', '10-19'].map((d) => ({ visitDate: `2026-${d}`, id_time: 1, otsenka: null })),
    ];
    const item = {
      id_journal: 1,
      discipline: 'Веб-программирование',
      vid_zaniatiy: 'Лекция',
      teacher: 'Асанов Б. К.',
      visits,
      nb_Count: 0,
      ball_Count: 4,
      ball_average: 0.57,
      ball_mean: 4,
      modules: [{ id_module: 1, module: 'Модуль 1', ball_average: 3, ball_mean: 4 }],
      final: { id_student: 100, points: 87, ekv_num: 3.67, ekv_bukv: 'A-' },
    };
    renderWithStore(<StudentJournal items={[item]} />, { route: '/lms/journal' });
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Средняя оценка (только выставленные)')).toBe('4.00');
    expect(value('Средний за посещённые занятия (+ = 0)')).toBe('0.57');
    expect(value('Модуль 1: ср. (+ = 0) / ср. оценка')).toBe('3.00 / 4.00');
    expect(value('Итоговый результат (баллы · буква)')).toBe('87 · A-');
  });
});

describe('a load that fails', () => {
  const start = {
    years,
    half: { id_a_year: years[1].id, id_w_s: 1 },
    journals: [journalInfo(61), journalInfo(62, { id_discipline: 8, discipline: 'Базы данных' })],
    times,
    modules: [],
  };
  const serverError = () => fail(500, 'INTERNAL', 'boom');

  it("a teacher's first view failing says so once, with Retry, and no empty state; Retry loads it", async () => {
    let attempts = 0;
    server.use(http.get('/api/visitlog/start.json', () => (++attempts === 1 ? serverError() : ok(start))));
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, settings: currentSettings });
    renderWithStore(<JournalScreen />, { route: '/lms/journal', store });
    const failure = await screen.findByTestId('load-failed');
    expect(failure).toHaveTextContent('Не удалось загрузить учебные годы');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('В этом полугодии у вас нет журналов.')).not.toBeInTheDocument();
    expect(screen.queryByText('Выберите фильтры и группу или поток, чтобы открыть журнал.')).not.toBeInTheDocument();
    await userEvent.setup().click(within(failure).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Выберите фильтры и группу или поток, чтобы открыть журнал.')).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it("the student's own journal failing shows one failure with Retry, never 'no marks this half-year'", async () => {
    let attempts = 0;
    server.use(
      http.get('/api/misc/years.json', () => ok(years)),
      http.post('/api/visitlog/student/journal.json', () => (++attempts === 1 ? serverError() : ok([]))),
    );
    const settings = {
      data: { defaults: { id_a_year: 2026, a_year: '2026-27', id_w_s: 1, universityName: 'U', maxSizeMb: 10, timeZone: TEST_TIME_ZONE }, links: [] },
      fetching: false,
      error: null,
      loaded: true,
    };
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: student }, settings });
    renderWithStore(<JournalScreen />, { route: '/lms/journal', store });
    const failure = await screen.findByTestId('load-failed');
    expect(failure).toHaveTextContent('Не удалось загрузить ваш журнал');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('За это полугодие отметок пока нет.')).not.toBeInTheDocument();
    await userEvent.setup().click(within(failure).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('За это полугодие отметок пока нет.')).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
  });
});

describe('the filters', () => {
  it("a filter above the group with one choice takes it; the group stays the teacher's choice; the semester reads as a semester", async () => {
    const info = journalInfo(71);
    const data = journalData(info);
    server.use(
      http.get('/api/visitlog/start.json', () => ok({ years, half: { id_a_year: years[1].id, id_w_s: 1 }, journals: [info], times, modules: [] })),
      http.post('/api/visitlog/journal.json', () => ok(data)),
      http.post('/api/visitlog/teachertimes.json', () => ok([])),
    );
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, settings: currentSettings });
    renderWithStore(<JournalScreen />, { route: '/lms/journal', store });
    await waitFor(() => expect(store.getState().journal.filters.educForm).toBe(info.id_f_educ));
    expect(store.getState().journal.filters).toMatchObject({ semester: 5, discipline: 7, control: 1, credit: 5, lessonType: 3, journal: -1 });
    const semester = screen.getByLabelText('Семестр', { selector: 'select' });
    expect(semester.querySelector('option:checked')).toHaveTextContent('5-й семестр');
  });
});

describe('the open journal read again', () => {
  it('a refresh that fails keeps the grid and its marks, says so with Retry, and Retry brings the new reply', async () => {
    const info = journalInfo(54);
    const log = recordRequests();
    const { store, user } = renderOpen(info);
    await waitFor(() => expect(log.paths()).toContain('/api/visitlog/journals.json'));
    await requestsSettled();
    log.stop();
    expect(screen.getByRole('gridcell', { name: '4' })).toBeInTheDocument();
    // Another tab changed the journal's lessons: it is read again, and the server is away.
    let attempts = 0;
    const fresh = journalData(info);
    fresh.journal[0][0] = { ...fresh.journal[0][0], otsenka: '5' };
    server.use(
      http.post('/api/visitlog/journal.json', () => (++attempts === 1 ? fail(500, 'INTERNAL', 'boom') : ok(fresh))),
      http.post('/api/visitlog/student/hidden.json', () => ok([])),
    );
    store.dispatch(journalActions.liveResync());
    const failure = await screen.findByTestId('load-failed');
    expect(failure).toHaveTextContent('Не удалось обновить журнал: показано то, что было загружено раньше');
    expect(screen.getByRole('grid')).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: '4' })).toBeInTheDocument();
    await user.click(within(failure).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('gridcell', { name: '5' })).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
