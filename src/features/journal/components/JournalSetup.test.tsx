import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JournalData, JournalStudent, PlanTopic } from '@contract/journal';
import type { SubgroupList } from '../journal.api';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../../test/render';
import { fail, http, ok, requestsSettled, server, teacher } from '../../../test/server';
import { initialJournalState } from '../journal.slice';
import { JournalSetup, subgroupChoices } from './JournalSetup';
import { draftToSubgroups, initialDraft } from './SubgroupsDialog';
import { invalidRow, rowsToTopics } from './PlanTopicsDialog';
import { journalInfo } from '../journal.fixtures';

const info = journalInfo(41);
const student = (id: number, s_fio: string, subgroup: number): JournalStudent => ({ id_student: id, s_fio, code: String(id), group: 'ПИ-1-24', subgroup });
const students = [student(100, 'Абдыкадыров Азамат', 1), student(101, 'Бекова Айжан', 2), student(102, 'Волкова Анна', 1)];
const data: JournalData = { info, journal: [[], []], students: students.filter((s) => s.subgroup === 1), dates: [], resArray: [], finals: [] };
const modules = [
  { id: 1, name: 'Модуль 1' },
  { id: 2, name: 'Модуль 2' },
];

// Without the live stream the shell polls the chat's unread counts now and then.
beforeEach(() => {
  server.use(
    http.post('/api/chat/count.json', () => ok({ total: 0, contacts: [], groups: [] })),
    http.post('/api/visitlog/student/hidden.json', () => ok([])),
  );
});

function renderSetup() {
  const store = makeStore({
    session: { ...initialSessionState, status: 'authenticated', user: teacher },
    journal: { ...initialJournalState, journal: { data, fetching: false, error: null, loaded: true } },
  });
  renderWithStore(<JournalSetup info={info} students={data.students} modules={modules} shown={-1} onShow={() => {}} />, { route: '/lms/journal', store });
  return { user: userEvent.setup(), store };
}

describe('subgroups dialog', () => {
  it('starts from the group halves, assigns by keyboard, saves the split in one call, closes and gives focus back; the journal refreshes', async () => {
    const bodies: unknown[] = [];
    let journalLoads = 0;
    const list: SubgroupList = { subgroups: [], students };
    server.use(
      http.post('/api/visitlog/subgroup/students.json', () => ok(list)),
      http.post('/api/visitlog/subgroup/update.json', async ({ request }) => {
        const body = (await request.json()) as { subgroups: SubgroupList['subgroups'] };
        bodies.push(body);
        return ok({ subgroups: body.subgroups, students });
      }),
      http.post('/api/visitlog/journal.json', () => {
        journalLoads++;
        return ok(data);
      }),
    );
    const { user, store } = renderSetup();
    const opener = screen.getByRole('button', { name: 'Подгруппы' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Подгруппы · ПИ-1-24' });
    const name1 = await within(dialog).findByLabelText('Название подгруппы 1 (студентов: 2)');
    await waitFor(() => expect(name1).toHaveFocus());
    expect(within(dialog).getByLabelText('Название подгруппы 2 (студентов: 1)')).toHaveValue('Подгруппа 2');
    expect(within(dialog).getByText(/Это журнал подгруппы 1/)).toBeInTheDocument();

    await user.clear(name1);
    await user.type(name1, 'Бэкенд');
    await user.selectOptions(within(dialog).getByLabelText('Волкова Анна'), 'Подгруппа 2');
    await user.selectOptions(within(dialog).getByLabelText('Бекова Айжан'), 'Без подгруппы');
    expect(within(dialog).getByText('Студентов без подгруппы: 1.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить подгруппы' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    expect(bodies).toEqual([
      {
        id_journal: 41,
        subgroups: [
          { number: 1, name: 'Бэкенд', students: [100] },
          { number: 2, name: 'Подгруппа 2', students: [102] },
        ],
      },
    ]);
    await waitFor(() => expect(journalLoads).toBe(1));
    await waitFor(() => expect(store.getState().journal.journal.fetching).toBe(false));
  });

  it('a subgroup without a name is refused with a message and nothing is sent; a server refusal is shown translated and the dialog stays', async () => {
    let saves = 0;
    server.use(
      http.post('/api/visitlog/subgroup/students.json', () => ok({ subgroups: [{ number: 1, name: 'Первая', students: [100, 102] }], students })),
      http.post('/api/visitlog/subgroup/update.json', () => {
        saves++;
        return fail(400, 'BAD_REQUEST');
      }),
    );
    const { user } = renderSetup();
    await user.click(screen.getByRole('button', { name: 'Подгруппы' }));
    const dialog = await screen.findByRole('dialog');
    const name1 = await within(dialog).findByLabelText('Название подгруппы 1 (студентов: 2)');
    // An existing split: its subgroup only, the others in none.
    expect(within(dialog).queryByLabelText(/Название подгруппы 2/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Бекова Айжан')).toHaveValue('0');
    await user.clear(name1);
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить подгруппы' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Дайте название каждой подгруппе.');
    await requestsSettled();
    expect(saves).toBe(0);

    await user.type(name1, 'Первая');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить подгруппу' }));
    expect(within(dialog).getByLabelText('Название подгруппы 2 (студентов: 0)')).toHaveValue('Подгруппа 2');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить подгруппы' }));
    expect(await within(dialog).findByText('Запрос содержит неверные данные.')).toBeInTheDocument();
    expect(saves).toBe(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Escape closes it.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('planned topics dialog', () => {
  const topics: PlanTopic[] = [
    { number: 1, topic: 'HTTP', hours: 2, id_module: 1 },
    { number: 2, topic: 'HTML', hours: 4, id_module: null },
  ];

  it('adds (focus on the new topic), moves and deletes topics, then saves the list numbered in order', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/visitlog/inputtopics.json', () => ok(topics)),
      http.post('/api/visitlog/inputtopics/save.json', async ({ request }) => {
        const body = (await request.json()) as { topics: PlanTopic[] };
        bodies.push(body);
        return ok(body.topics);
      }),
    );
    const { user } = renderSetup();
    const opener = screen.getByRole('button', { name: 'Планируемые темы' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Планируемые темы · Веб-программирование' });
    const first = await within(dialog).findByLabelText('Тема 1');
    await waitFor(() => expect(first).toHaveFocus());
    expect(within(dialog).getByText('Тем: 2 · часов: 6')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Добавить тему' }));
    const third = within(dialog).getByLabelText('Тема 3');
    await waitFor(() => expect(third).toHaveFocus());
    await user.keyboard('CSS');
    await user.tab();
    await user.keyboard('{Control>}a{/Control}3');
    expect(within(dialog).getAllByLabelText('Часы')[2]).toHaveValue(3);
    // The new topic takes the module of the one before it.
    expect(within(dialog).getAllByLabelText('Модуль')[2]).toHaveValue('-1');
    await user.selectOptions(within(dialog).getAllByLabelText('Модуль')[2], 'Модуль 2');

    // Up: CSS becomes topic 2, focus stays on its "up" button.
    await user.click(within(dialog).getByRole('button', { name: 'Переместить тему 3 выше' }));
    expect(within(dialog).getByLabelText('Тема 2')).toHaveValue('CSS');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Переместить тему 2 выше' })).toHaveFocus());
    // Delete HTTP: focus moves to the topic now first.
    await user.click(within(dialog).getByRole('button', { name: 'Удалить тему 1' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Тема 1')).toHaveFocus());
    expect(within(dialog).getByLabelText('Тема 1')).toHaveValue('CSS');

    await user.click(within(dialog).getByRole('button', { name: 'Сохранить темы' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    expect(bodies).toEqual([
      {
        id_journal: 41,
        topics: [
          { number: 1, topic: 'CSS', hours: 3, id_module: 2 },
          { number: 2, topic: 'HTML', hours: 4, id_module: null },
        ],
      },
    ]);
  });

  it('an empty topic or hours out of range is refused with a message, focus on the field, nothing sent', async () => {
    let saves = 0;
    server.use(
      http.post('/api/visitlog/inputtopics.json', () => ok([])),
      http.post('/api/visitlog/inputtopics/save.json', () => {
        saves++;
        return ok([]);
      }),
    );
    const { user } = renderSetup();
    await user.click(screen.getByRole('button', { name: 'Планируемые темы' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Планируемых тем пока нет.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Добавить тему' }));
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить темы' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('У каждой темы должен быть текст.');
    await waitFor(() => expect(within(dialog).getByLabelText('Тема 1')).toHaveFocus());
    await user.keyboard('REST');
    await user.clear(within(dialog).getByLabelText('Часы'));
    await user.type(within(dialog).getByLabelText('Часы'), '13');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить темы' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Часы — целое число от 1 до 12.');
    await waitFor(() => expect(within(dialog).getByLabelText('Часы')).toHaveFocus());
    await requestsSettled();
    expect(saves).toBe(0);
  });
});

describe('setup helpers', () => {
  it('the draft and the save: an existing split, or the group halves; names trimmed, students in list order', () => {
    const fresh = initialDraft({ subgroups: [], students }, (n) => `П${n}`);
    expect(fresh).toEqual({
      groups: [
        { number: 1, name: 'П1' },
        { number: 2, name: 'П2' },
      ],
      of: { 100: 1, 101: 2, 102: 1 },
    });
    const kept = initialDraft({ subgroups: [{ number: 2, name: 'Б', students: [101] }], students }, (n) => `П${n}`);
    expect(kept).toEqual({ groups: [{ number: 2, name: 'Б' }], of: { 100: 0, 101: 2, 102: 0 } });
    expect(draftToSubgroups([{ number: 1, name: '  A ' }], { 102: 1, 100: 1, 101: 0 }, [100, 101, 102])).toEqual([
      { number: 1, name: 'A', students: [100, 102] },
    ]);
  });

  it('topic rows: the first invalid one, and the list numbered in order', () => {
    const row = (key: number, topic: string, hours: string, module = -1) => ({ key, topic, hours, module });
    expect(invalidRow([row(1, 'A', '2'), row(2, ' ', '2')])).toEqual({ key: 2, field: 'topic' });
    for (const bad of ['0', '13', '2.5', '', 'x']) expect(invalidRow([row(1, 'A', bad)])).toEqual({ key: 1, field: 'hours' });
    expect(invalidRow([row(1, 'A', '12')])).toBeNull();
    expect(rowsToTopics([row(5, ' B ', '3', 2), row(1, 'A', '1')])).toEqual([
      { number: 1, topic: 'B', hours: 3, id_module: 2 },
      { number: 2, topic: 'A', hours: 1, id_module: null },
    ]);
  });

  it('a subgroup filter only for a whole-group journal whose students fall into more than one subgroup', () => {
    expect(subgroupChoices(info, students)).toEqual([]);
    expect(subgroupChoices({ ...info, subgroup: 0 }, students)).toEqual([1, 2]);
    expect(subgroupChoices({ ...info, subgroup: 0 }, students.slice(0, 1))).toEqual([]);
  });
});
