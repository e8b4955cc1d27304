import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JournalData } from '@contract/journal';
import { initialSessionState } from '@shared/session/session';
import { useAppDispatch } from '@shared/hooks';
import { makeStore, renderWithStore } from '../../../test/render';
import { fail, http, ok, server, teacher } from '../../../test/server';
import { journalActions, initialJournalState } from '../journal.slice';
import { journalInfo } from '../journal.fixtures';
import { TopicDialog } from './TopicDialog';

const info = journalInfo(41);
const data: JournalData = { info, journal: [[], []], students: [], dates: [], resArray: [], finals: [] };

/** The dialog as the journal opens it: Save asks for the topic, the dialog closes itself. */
function Host() {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(true);
  if (!open) return <p>closed</p>;
  return (
    <TopicDialog
      title="Тема занятия"
      initial={null}
      modules={[]}
      onClose={() => setOpen(false)}
      onSave={(v) => dispatch(journalActions.topicSaveRequested({ date: '2026-11-27', time: 1, ...v }))}
    />
  );
}

function renderDialog() {
  const store = makeStore({
    session: { ...initialSessionState, status: 'authenticated', user: teacher },
    journal: { ...initialJournalState, journal: { data, fetching: false, error: null, loaded: true } },
  });
  renderWithStore(<Host />, { route: '/lms/journal', store });
  return userEvent.setup();
}

describe('lesson topic dialog', () => {
  it('stays open while the topic is being saved and closes once the server has it', async () => {
    let answer: (() => void) | null = null;
    server.use(
      http.post('/api/visitlog/inputtopics.json', () => ok([])),
      http.post('/api/visitlog/topictime/update.json', () => new Promise<Response>((resolve) => (answer = () => resolve(ok({}))))),
      http.post('/api/visitlog/journal.json', () => ok(data)),
      http.post('/api/visitlog/student/hidden.json', () => ok([])),
    );
    const user = renderDialog();
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Тема'), 'Протокол HTTP');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(answer).not.toBeNull());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    answer!();
    await screen.findByText('closed');
  });

  it('tells a refused save inside the dialog and keeps what was typed', async () => {
    server.use(
      http.post('/api/visitlog/inputtopics.json', () => ok([])),
      http.post('/api/visitlog/topictime/update.json', () => fail(403, 'PERIOD_CLOSED', 'PERIOD_CLOSED', { date: '25.11.2026' })),
    );
    const user = renderDialog();
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Тема'), 'Протокол HTTP');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Полугодие закрыто с 25.11.2026');
    expect(within(dialog).getByLabelText('Тема')).toHaveValue('Протокол HTTP');
    expect(screen.queryByText('closed')).toBeNull();
  });
});
