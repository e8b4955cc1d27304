/**
 * A managed questionnaire's corrections on the screen: one nobody has answered is deleted after a
 * confirmation (Cancel keeps it); an answered open one has neither edit nor delete, is closed now
 * after a confirmation (the server's refusal said in the language in use) and has its closing moved,
 * never before now.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuestionnaireItem } from '@contract/questionnaire';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../../test/render';
import { fail, http, ok, publicHandlers, recordRequests, server, teacher } from '../../../test/server';
import { loadedSettings } from '../../../test/settings';
import QuestionnaireScreen from '../QuestionnaireScreen';

const base: QuestionnaireItem = {
  id: 1,
  title: 'Условия в библиотеке',
  kind: 'survey',
  anonymous: true,
  opensAt: '2026-11-01T00:00:00.000Z',
  closesAt: '2099-12-01T00:00:00.000Z',
  state: 'upcoming',
  answered: false,
  teacher: '',
  discipline: '',
  audience: { kind: 'group', name: 'ПИ-1-24' },
  answers: 0,
  results: true,
};
let managed: QuestionnaireItem[];

beforeEach(() => {
  managed = [base, { ...base, id: 2, title: 'Столовая', state: 'open', answers: 3 }];
  server.use(
    ...publicHandlers(),
    http.post('/api/questionnaire/list.json', () => ok({ toAnswer: [], manage: true, managed, evaluations: [] })),
    http.post('/api/questionnaire/delete.json', async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      managed = managed.filter((q) => q.id !== id);
      return ok({ id });
    }),
    http.post('/api/questionnaire/close.json', () => fail(409, 'QUESTIONNAIRE_CLOSED', 'closed', { date: '01.12.2026' })),
    http.post('/api/questionnaire/closing.json', async ({ request }) => ok({ id: ((await request.json()) as { id: number }).id })),
  );
});

function renderScreen() {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher }, settings: loadedSettings(2026, 1) });
  renderWithStore(<QuestionnaireScreen />, { route: '/lms/questionnaire', store });
  return userEvent.setup();
}

describe('corrections of a managed questionnaire', () => {
  it('deletes one nobody has answered after a confirmation', async () => {
    const log = recordRequests();
    const user = renderScreen();
    const actions = await screen.findByTestId('qn-manage-1');
    expect(within(actions).queryByRole('button', { name: 'Закрыть сейчас' })).not.toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Удалить анкету?' });
    expect(dialog).toHaveTextContent('Анкета «Условия в библиотеке» и её вопросы будут удалены');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(within(screen.getByTestId('qn-manage-1')).getByRole('button', { name: 'Удалить' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByTestId('qn-item-1')).not.toBeInTheDocument());
    expect(log.requests.filter((r) => r.path === '/api/questionnaire/delete.json').map((r) => r.body)).toEqual([{ id: 1 }]);
    log.stop();
  });

  it('an answered open one: no edit or delete; closing now says the refusal; its closing moves, not before now', async () => {
    const log = recordRequests();
    const user = renderScreen();
    const actions = await screen.findByTestId('qn-manage-2');
    expect(within(actions).queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Закрыть сейчас' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Закрыть анкету сейчас?' });
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть сейчас' }));
    expect(await screen.findByTestId('qn-change-error')).toHaveTextContent('Анкета закрыта 01.12.2026: ответы больше не принимаются');

    await user.click(within(screen.getByTestId('qn-manage-2')).getByRole('button', { name: 'Перенести закрытие' }));
    const input = screen.getByLabelText('Новая дата закрытия');
    fireEvent.change(input, { target: { value: '2020-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(input).toHaveAccessibleDescription('Дата закрытия должна быть позже текущего момента');
    fireEvent.change(input, { target: { value: '2099-12-20T18:00' } });
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(log.requests.filter((r) => r.path === '/api/questionnaire/closing.json').map((r) => r.body)).toEqual([
        { id: 2, closesAt: new Date('2099-12-20T18:00').toISOString() },
      ]),
    );
    log.stop();
    expect(screen.queryByLabelText('Новая дата закрытия')).not.toBeInTheDocument();
  });
});
