import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { User } from '@contract/auth';
import type { PersonalCard } from '@contract/personalcard';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { admin, fail, http, ok, server, student } from '../../test/server';
import PersonalCardScreen from './PersonalCardScreen';

const card = (over: Partial<PersonalCard> = {}): PersonalCard => ({
  userId: student.id,
  role: 2,
  own: true,
  fullName: 'Сыдыкова Айпери Талантовна',
  gender: 'f',
  birthDate: '2006-03-14',
  photo: null,
  contacts: { phone: '+996 555 123 456', email: 'student@tshsu.example' },
  editable: ['phone', 'email'],
  changes: [],
  student: {
    code: '2400123',
    group: 'ПИ-1-24',
    speciality: 'Software Engineering',
    faculty: 'Faculty of Information Technology',
    educationForm: 'Full-time',
    history: [
      { id: 1, kind: 'admission', date: '2024-09-01', orderNumber: '101-К', orderDate: '2024-08-25', groupFrom: null, groupTo: 'ПИ-2-24', note: null },
      {
        id: 2,
        kind: 'transfer',
        date: '2025-02-03',
        orderNumber: '27-С',
        orderDate: '2025-01-30',
        groupFrom: 'ПИ-2-24',
        groupTo: 'ПИ-1-24',
        note: 'On request',
      },
    ],
    orders: [{ id: 12, docType: 'Certificate of study', orderedAt: '2026-09-10T05:00:00.000Z', issuedAt: '2026-09-11T05:00:00.000Z' }],
    transcriptsRevokedAt: null,
  },
  teacher: null,
  groups: null,
  ...over,
});

function renderScreen(user: User, route = '/lms/personalcard') {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user } });
  renderWithStore(
    <Routes>
      <Route path="/personalcard" element={<PersonalCardScreen />} />
      <Route path="/personalcard/:userId" element={<PersonalCardScreen />} />
    </Routes>,
    { route, store },
  );
  return userEvent.setup();
}

describe('PersonalCardScreen (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });

  it("shows the student's data, history and issued documents", async () => {
    server.use(http.post('/api/personalcard/card.json', () => ok(card())));
    renderScreen(student);
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal card' })).toBeInTheDocument();
    expect(await screen.findByTestId('pc-name')).toHaveTextContent('Сыдыкова Айпери Талантовна');
    const rows = within(screen.getByTestId('pc-history')).getAllByTestId('pc-event');
    expect(rows.map((r) => r.dataset.kind)).toEqual(['admission', 'transfer']);
    expect(rows[1]).toHaveTextContent('Transfer to another group');
    expect(rows[1]).toHaveTextContent('No. 27-С of 30/01/2025');
    expect(rows[1]).toHaveTextContent('ПИ-2-24 → ПИ-1-24');
    expect(screen.getByTestId('pc-orders')).toHaveTextContent('Request No. 12: Certificate of study');
    expect(screen.getByText('No changes yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('pc-add-event')).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('checks the phone in the form, then saves it and shows the change', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/personalcard/card.json', () => ok(card())),
      http.post('/api/personalcard/update.json', async ({ request }) => {
        sent.push(await request.json());
        return ok(
          card({
            contacts: { phone: '+996 700 111 222', email: 'student@tshsu.example' },
            changes: [
              { field: 'phone', oldValue: '+996 555 123 456', newValue: '+996 700 111 222', at: '2026-10-01T05:00:00.000Z', by: 'Сыдыкова Айпери Талантовна' },
            ],
          }),
        );
      }),
    );
    const user = renderScreen(student);
    await user.click(await screen.findByRole('button', { name: 'Change Phone' }));
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/A phone number: 9 to 15 digits/)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(input);
    await user.type(input, '+996 700 111 222');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('pc-phone')).toHaveTextContent('+996 700 111 222'));
    expect(sent).toEqual([{ field: 'phone', value: '+996 700 111 222' }]);
    expect(within(screen.getByTestId('pc-changes')).getByTestId('pc-change')).toHaveTextContent('+996 555 123 456');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change Phone' })).toHaveFocus());
  });

  it("says the server's refusal of the field under it", async () => {
    server.use(
      http.post('/api/personalcard/card.json', () => ok(card())),
      http.post('/api/personalcard/update.json', () => fail(400, 'BAD_REQUEST', 'Invalid request', { field: 'email' })),
    );
    const user = renderScreen(student);
    await user.click(await screen.findByRole('button', { name: 'Change E-mail' }));
    const input = screen.getByLabelText('E-mail');
    await user.clear(input);
    await user.type(input, 'new@example.kg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('pc-edit-error')).toHaveTextContent('An e-mail address such as name@example.kg');
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('pc-email')).toHaveTextContent('student@tshsu.example');
  });

  it('shows no Change button for a field the university does not allow', async () => {
    server.use(http.post('/api/personalcard/card.json', () => ok(card({ editable: ['phone'] }))));
    renderScreen(student);
    expect(await screen.findByRole('button', { name: 'Change Phone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change E-mail' })).not.toBeInTheDocument();
  });

  it("says another person's card is refused (403)", async () => {
    server.use(http.post('/api/personalcard/card.json', () => fail(403, 'FORBIDDEN', 'Access denied')));
    renderScreen(student, '/lms/personalcard/5');
    expect(await screen.findByTestId('load-failed')).toBeInTheDocument();
    expect(screen.queryByTestId('pc-card')).not.toBeInTheDocument();
  });

  it('lets an administrator find an account, read its card and add a transfer', async () => {
    const asked: unknown[] = [];
    const events: unknown[] = [];
    server.use(
      http.post('/api/personalcard/card.json', async ({ request }) => {
        const body = (await request.json()) as { userId?: number };
        asked.push(body);
        return ok(
          body.userId === student.id
            ? card({
                own: false,
                editable: [],
                groups: [
                  { id: 3, name: 'ПИ-1-24' },
                  { id: 4, name: 'ПИ-2-24' },
                ],
              })
            : card({
                userId: admin.id,
                role: 1,
                own: true,
                fullName: 'Жумабаева Гүлнара Асановна',
                student: null,
                teacher: { position: 'Lecturer', department: 'SE', faculty: 'IT', disciplines: [] },
              }),
        );
      }),
      http.post('/api/personalcard/search.json', () =>
        ok([{ userId: student.id, login: 'student', fullName: 'Сыдыкова Айпери Талантовна', role: 2, place: 'ПИ-1-24' }]),
      ),
      http.post('/api/personalcard/event.json', async ({ request }) => {
        events.push(await request.json());
        return ok(card({ own: false, editable: [], groups: [{ id: 4, name: 'ПИ-2-24' }] }));
      }),
    );
    const user = renderScreen(admin);
    expect(await screen.findByText('No disciplines this half-year.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Login or surname' }), 'Сыдыкова');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('link', { name: 'Сыдыкова Айпери Талантовна' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal card: Сыдыкова Айпери Талантовна' })).toBeInTheDocument();
    expect(asked).toContainEqual({ userId: student.id });
    expect(screen.queryByRole('button', { name: /^Change/ })).not.toBeInTheDocument();
    const form = await screen.findByTestId('pc-add-event');
    await user.selectOptions(within(form).getByLabelText('Event'), 'transfer');
    await user.click(within(form).getByRole('button', { name: 'Add the entry' }));
    expect(await within(form).findAllByText('Fill in this field')).not.toHaveLength(0);
    expect(events).toEqual([]);
    await user.selectOptions(within(form).getByLabelText('New group'), '4');
    await user.type(within(form).getByLabelText('Date of the event'), '2026-10-05');
    await user.type(within(form).getByLabelText('Order number'), '101-С');
    await user.type(within(form).getByLabelText('Order date'), '2026-09-30');
    await user.click(within(form).getByRole('button', { name: 'Add the entry' }));
    await waitFor(() =>
      expect(events).toEqual([{ userId: student.id, kind: 'transfer', date: '2026-10-05', orderNumber: '101-С', orderDate: '2026-09-30', groupId: 4 }]),
    );
  });
});
