/**
 * The creation form of a questionnaire (an administrator's, a dean's office's): its checks (required
 * fields, the title's length, the closing after the opening, an evaluation's teacher and discipline,
 * a choice's options), then the body it sends for the current half-year; and the same form editing a
 * questionnaire nobody has answered, its half-year kept.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateBody, QuestionnaireChoices, QuestionnaireDraft, QuestionnaireLists } from '@contract/questionnaire';
import { OPTIONS_MAX } from '@contract/pure/questionnaire';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../../test/render';
import { http, ok, publicHandlers, server, teacher } from '../../../test/server';
import { loadedSettings } from '../../../test/settings';
import QuestionnaireScreen from '../QuestionnaireScreen';

const choices: QuestionnaireChoices = {
  faculties: [{ id: 3, name: 'Факультет информационных технологий' }],
  groups: [
    { id: 12, name: 'ПИ-1-24' },
    { id: 13, name: 'ПИ-2-24' },
  ],
  disciplines: [{ id: 40, name: 'ПИ101 Веб-программирование' }],
  teachers: [{ id: 501, name: 'Асанов Бакыт Кубанычбекович' }],
};
const lists: QuestionnaireLists = { toAnswer: [], manage: true, managed: [], evaluations: [] };

let created: CreateBody[];
let updated: (CreateBody & { id: number })[];

beforeEach(() => {
  created = [];
  updated = [];
  server.use(
    ...publicHandlers(),
    http.post('/api/questionnaire/list.json', () => ok(lists)),
    http.post('/api/questionnaire/choices.json', () => ok(choices)),
    http.post('/api/questionnaire/create.json', async ({ request }) => {
      created.push((await request.json()) as CreateBody);
      return ok({ id: 9 });
    }),
    http.post('/api/questionnaire/update.json', async ({ request }) => {
      updated.push((await request.json()) as CreateBody & { id: number });
      return ok({ id: 9 });
    }),
  );
});

function renderScreen(managed = lists.managed) {
  server.use(http.post('/api/questionnaire/list.json', () => ok({ ...lists, managed })));
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, settings: loadedSettings(2026, 1) });
  renderWithStore(<QuestionnaireScreen />, { route: '/lms/questionnaire', store });
  return userEvent.setup();
}

const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')?.split(' ').pop() ?? '')?.textContent;

describe('the creation form', () => {
  it('says what is missing or wrong, sends nothing until it is right, then sends the questionnaire for the current half-year', async () => {
    const user = renderScreen();
    await user.click(await screen.findByTestId('qn-create'));
    const form = await screen.findByRole('form', { name: 'Новая анкета' });
    const field = (label: string) => within(form).getByLabelText(label);

    await user.click(within(form).getByTestId('qn-create-submit'));
    await waitFor(() => expect(errorOf(field('Название'))).toBe('Ответьте на этот вопрос'));
    expect(errorOf(field('Группа'))).toBe('Ответьте на этот вопрос');
    expect(errorOf(field('Вопрос 1'))).toBe('Ответьте на этот вопрос');

    await user.type(field('Название'), 'Об');
    await user.selectOptions(field('Вид'), 'evaluation');
    fireEvent.change(field('Закрывается'), { target: { value: '2026-01-01T10:00' } });
    await user.selectOptions(field('Вид вопроса 1'), 'single');
    await user.type(within(form).getByLabelText('Варианты'), 'Да');
    await user.click(within(form).getByTestId('qn-create-submit'));
    await waitFor(() => expect(errorOf(field('Название'))).toBe('Не менее 3 символов'));
    expect(errorOf(field('Закрывается'))).toBe('Закрытие должно быть позже открытия');
    expect(errorOf(field('Оцениваемый преподаватель'))).toBe('Ответьте на этот вопрос');
    expect(errorOf(field('Оцениваемая дисциплина'))).toBe('Ответьте на этот вопрос');
    expect(errorOf(within(form).getByLabelText('Варианты'))).toBe(`Укажите от 2 до ${OPTIONS_MAX} вариантов, по одному в строке`);
    expect(created).toEqual([]);

    await user.type(field('Название'), 'щежитие: условия');
    await user.selectOptions(field('Вид'), 'survey');
    expect(within(form).queryByLabelText('Оцениваемый преподаватель')).not.toBeInTheDocument();
    await user.click(field('Анонимно: ответы хранятся без отвечающего'));
    fireEvent.change(field('Открывается'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(field('Закрывается'), { target: { value: '2026-12-15T18:00' } });
    await user.selectOptions(field('Группа'), '13');
    await user.type(field('Вопрос 1'), 'Хватает ли мест?');
    await user.type(within(form).getByLabelText('Варианты'), '{Enter}Нет{Enter}  ');
    await user.click(within(form).getByRole('button', { name: 'Добавить вопрос' }));
    await user.type(field('Вопрос 2'), 'Оцените чистоту');
    await user.click(within(form).getAllByLabelText('Обязательный')[1]);
    await user.click(within(form).getByTestId('qn-create-submit'));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      title: 'Общежитие: условия',
      description: '',
      kind: 'survey',
      anonymous: false,
      opensAt: new Date('2026-12-01T09:00').toISOString(),
      closesAt: new Date('2026-12-15T18:00').toISOString(),
      id_a_year: 2026,
      id_w_s: 1,
      audience: { kind: 'group', id: 13 },
      questions: [
        { kind: 'single', text: 'Хватает ли мест?', options: ['Да', 'Нет'], required: true },
        { kind: 'scale', text: 'Оцените чистоту', options: [], required: false },
      ],
    });
    expect(await screen.findByRole('region', { name: 'Мои анкеты' })).toBeInTheDocument();
    expect(screen.queryByTestId('qn-create-form')).not.toBeInTheDocument();
  });

  it('edits a questionnaire nobody has answered: its values shown, its half-year kept', async () => {
    const draft: QuestionnaireDraft = {
      id: 9,
      answers: 0,
      body: {
        title: 'Условия в библиотеке',
        description: 'Ответьте честно',
        kind: 'survey',
        anonymous: true,
        opensAt: '2026-12-01T03:00:00.000Z',
        closesAt: '2026-12-20T12:00:00.000Z',
        id_a_year: 2025,
        id_w_s: 2,
        audience: { kind: 'group', id: 12 },
        questions: [{ kind: 'multiple', text: 'Что улучшить?', options: ['Часы работы', 'Фонд'], required: false }],
      },
    };
    server.use(http.post('/api/questionnaire/draft.json', () => ok(draft)));
    const item = {
      id: 9,
      title: 'Условия в библиотеке',
      kind: 'survey' as const,
      anonymous: true,
      opensAt: draft.body.opensAt,
      closesAt: draft.body.closesAt,
      state: 'upcoming' as const,
      answered: false,
      teacher: '',
      discipline: '',
      audience: { kind: 'group' as const, name: 'ПИ-1-24' },
      answers: 0,
      results: true,
    };
    const user = renderScreen([item]);
    await user.click(within(await screen.findByTestId('qn-manage-9')).getByRole('button', { name: 'Изменить' }));
    const form = await screen.findByRole('form', { name: 'Изменение анкеты' });
    expect(within(form).getByLabelText('Название')).toHaveValue('Условия в библиотеке');
    expect(within(form).getByLabelText('Варианты')).toHaveValue('Часы работы\nФонд');
    await user.type(within(form).getByLabelText('Название'), ' и читальном зале');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]).toMatchObject({
      id: 9,
      title: 'Условия в библиотеке и читальном зале',
      id_a_year: 2025,
      id_w_s: 2,
      opensAt: draft.body.opensAt,
      closesAt: draft.body.closesAt,
      questions: draft.body.questions,
    });
  });
});
