/** The questionnaire screen: the student's list, the answer form (required questions checked, the answers sent as the server takes them, "answered" after), the server's refusal, the results below and above the threshold. */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@contract/auth';
import type { QuestionnaireForm, QuestionnaireItem, QuestionnaireLists, QuestionnaireResults } from '@contract/questionnaire';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, publicHandlers, recordRequests, server, student, teacher } from '../../test/server';
import QuestionnaireScreen from './QuestionnaireScreen';

const item: QuestionnaireItem = {
  id: 7,
  title: 'Оценка дисциплины и преподавателя',
  kind: 'evaluation',
  anonymous: true,
  opensAt: '2026-11-01T00:00:00.000Z',
  closesAt: '2026-12-01T00:00:00.000Z',
  state: 'open',
  answered: false,
  teacher: 'Асанов Бакыт Кубанычбекович',
  discipline: 'Веб-программирование',
  audience: { kind: 'group', name: 'ПИ-1-24' },
  answers: 0,
  results: false,
};

const form: QuestionnaireForm = {
  item,
  description: '',
  questions: [
    { id: 1, kind: 'scale', text: 'Понятность объяснений', options: [], required: true },
    { id: 2, kind: 'single', text: 'Посещаемость', options: ['Почти всегда', 'Редко'], required: true },
    { id: 3, kind: 'multiple', text: 'Что полезно?', options: ['Лекции', 'Практика', 'УМК'], required: false },
    { id: 4, kind: 'text', text: 'Предложения', options: [], required: false },
  ],
};

let answered = false;
const lists = (): QuestionnaireLists => ({ toAnswer: [{ ...item, answered }], manage: false, managed: [], evaluations: [] });

beforeEach(() => {
  answered = false;
  server.use(
    ...publicHandlers(),
    http.post('/api/questionnaire/list.json', () => ok(lists())),
    http.post('/api/questionnaire/questionnaire.json', () => ok(form)),
    http.post('/api/questionnaire/answer.json', () => {
      answered = true;
      return ok({ answered: true });
    }),
  );
});

function renderScreen(user: User) {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user } });
  renderWithStore(<QuestionnaireScreen />, { route: '/lms/questionnaire', store });
  return userEvent.setup();
}

describe('answering a questionnaire', () => {
  it('checks the required questions, sends the answers and shows the questionnaire answered', async () => {
    const user = renderScreen(student);
    const card = await screen.findByTestId('qn-item-7');
    expect(within(card).getByText('Асанов Бакыт Кубанычбекович · Веб-программирование')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Ответить' }));
    await screen.findByText(/Анкета анонимна/);
    await user.click(screen.getByTestId('qn-submit'));
    expect(await within(screen.getByTestId('qn-question-1')).findByRole('alert')).toHaveTextContent('Ответьте на этот вопрос');
    expect(within(screen.getByTestId('qn-question-2')).getByRole('alert')).toHaveTextContent('Ответьте на этот вопрос');

    const log = recordRequests();
    await user.click(screen.getByRole('radio', { name: /^4/ }));
    await user.click(screen.getByRole('radio', { name: 'Почти всегда' }));
    await user.click(screen.getByRole('checkbox', { name: 'УМК' }));
    await user.click(screen.getByRole('checkbox', { name: 'Лекции' }));
    await user.type(screen.getByRole('textbox', { name: 'Предложения' }), '  Больше практики ');
    await user.click(screen.getByTestId('qn-submit'));
    expect(await within(await screen.findByTestId('qn-item-7')).findByText('Вы ответили')).toBeInTheDocument();
    expect(log.requests.find((r) => r.path === '/api/questionnaire/answer.json')?.body).toEqual({
      id: 7,
      answers: [
        { id_question: 1, choice: 4 },
        { id_question: 2, choice: 0 },
        { id_question: 3, choices: [0, 2] },
        { id_question: 4, text: 'Больше практики' },
      ],
    });
    log.stop();
    expect(within(screen.getByTestId('qn-item-7')).queryByRole('button', { name: 'Ответить' })).not.toBeInTheDocument();
  });

  it("says the server's refusal and stays on the form", async () => {
    server.use(http.post('/api/questionnaire/answer.json', () => fail(409, 'ALREADY_ANSWERED', 'Вы уже ответили на эту анкету')));
    const user = renderScreen(student);
    await user.click(within(await screen.findByTestId('qn-item-7')).getByRole('button', { name: 'Ответить' }));
    await user.click(await screen.findByRole('radio', { name: /^5/ }));
    await user.click(screen.getByRole('radio', { name: 'Редко' }));
    await user.click(screen.getByTestId('qn-submit'));
    expect(await screen.findByTestId('qn-answer-error')).toHaveTextContent('Вы уже ответили на эту анкету');
    expect(screen.getByTestId('qn-form')).toBeInTheDocument();
  });
});

describe('results', () => {
  const results = (shown: boolean): QuestionnaireResults => ({
    item: { ...item, state: 'closed', results: true, answers: shown ? 6 : 3 },
    answers: shown ? 6 : 3,
    threshold: 5,
    shown,
    questions: shown
      ? [
          {
            id: 1,
            kind: 'scale',
            text: 'Понятность объяснений',
            labels: ['1', '2', '3', '4', '5'],
            counts: [0, 0, 1, 2, 3],
            answered: 6,
            mean: 4.33,
            texts: [],
          },
        ]
      : [],
  });

  it('hides them below the threshold and shows a table of counts from it', async () => {
    let shown = false;
    server.use(
      http.post('/api/questionnaire/list.json', () => ok({ ...lists(), evaluations: [{ ...item, state: 'closed', results: true, answers: 3 }] })),
      http.post('/api/questionnaire/results.json', () => ok(results(shown))),
    );
    const user = renderScreen(teacher);
    const section = await screen.findByRole('region', { name: 'Оценка моих занятий' });
    await user.click(within(section).getByRole('button', { name: 'Результаты' }));
    expect(await screen.findByTestId('qn-results-hidden')).toHaveTextContent('когда ответят не менее 5 человек');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    shown = true;
    await user.click(screen.getByRole('button', { name: 'К списку' }));
    await user.click(within(await screen.findByRole('region', { name: 'Оценка моих занятий' })).getByRole('button', { name: 'Результаты' }));
    const table = await screen.findByRole('table', { name: /Понятность объяснений/ });
    expect(within(table).getByRole('row', { name: '5 3' })).toBeInTheDocument();
    expect(screen.getByText('Среднее: 4.33 из 5')).toBeInTheDocument();
    expect(screen.getByTestId('qn-xlsx')).toHaveAttribute('href', '/api/questionnaire/export.xlsx?id=7&lang=ru');
  });
});
