/** Logging out while writes are kept in the outbox asks first: keep them and stay, or log out and discard them. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newWriteKey, outboxAdd, outboxList } from '@lib/outbox';
import { initialSessionState } from './session';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, recordRequests, server, student, teacher } from '../../test/server';
import { LogoutButton } from './LogoutButton';

const keep = (user: number) =>
  outboxAdd({
    user,
    kind: 'journal/cell',
    scope: 61,
    body: { id_journal: 61, id_student: 100, visitDate: '2026-10-06', id_time: 1, otsenka: '5' },
    key: newWriteKey(),
    seq: 1,
  });

function signedIn() {
  // The server cannot take the kept write (it stays kept while the question is asked).
  server.use(
    http.post('/api/auth/logout.json', () => ok(null)),
    http.post('/api/visitlog/visit/set.json', () => fail(503, 'SERVICE_UNAVAILABLE')),
  );
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user: teacher } });
  renderWithStore(<LogoutButton />, { store });
  return store;
}

describe('logging out with writes not yet sent', () => {
  it('asks; "keep them and stay" keeps them and the session', async () => {
    await keep(teacher.id);
    const log = recordRequests();
    const store = signedIn();
    await userEvent.click(screen.getByTestId('logout-button'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Несохранённые изменения' });
    expect(dialog).toHaveTextContent('Изменений, ещё не отправленных на сервер: 1');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить и остаться' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(store.getState().session.status).toBe('authenticated');
    expect(await outboxList(teacher.id)).toHaveLength(1);
    log.stop();
    expect(log.paths()).not.toContain('/api/auth/logout.json');
  });

  it('"log out and discard" drops his kept writes (no one else’s) and logs out', async () => {
    await keep(teacher.id);
    await keep(student.id);
    const store = signedIn();
    await userEvent.click(screen.getByTestId('logout-button'));
    await userEvent.click(await screen.findByRole('button', { name: 'Выйти и удалить' }));
    await waitFor(() => expect(store.getState().session.status).toBe('anonymous'));
    expect(await outboxList(teacher.id)).toEqual([]);
    expect(await outboxList(student.id)).toHaveLength(1);
  });

  it('nothing kept: logs out at once, without a question', async () => {
    const store = signedIn();
    await userEvent.click(screen.getByTestId('logout-button'));
    await waitFor(() => expect(store.getState().session.status).toBe('anonymous'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
