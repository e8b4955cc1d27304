import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppConfig } from '@contract/config';
import type { PaymentCode } from '@contract/payment';
import { succeeded } from '@shared/request/loadable';
import { initialSessionState } from '@shared/session/session';
import { initTestI18n } from '../../test/i18n';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, server, student } from '../../test/server';
import PaymentScreen from './PaymentScreen';

const config = (cardPayment: boolean): AppConfig => ({
  version: '1',
  maxSizeMb: 25,
  passwordMinLength: 8,
  googleEnabled: false,
  oidc: null,
  cardPayment,
  sessionIdleMinutes: 30,
});

const code = (over: Partial<PaymentCode>): PaymentCode => ({
  account: '2026040090019',
  id_uslug: 4,
  id_year: 2026,
  service: 'Duplicate student ID card',
  amount: 300,
  paid: 0,
  status: 'unpaid',
  overpaid: 0,
  info: [{ label: 'Recipient', value: 'Tian Shan State University' }],
  payments: [],
  ...over,
});

const payer = {
  id_student: student.uid,
  id_group: 7,
  id_year: 2026,
  years: [
    { id: 2026, name: '2026-27' },
    { id: 2025, name: '2025-26' },
    { id: 2024, name: '2024-25' },
  ],
};

function renderScreen(cardPayment: boolean, reply: PaymentCode) {
  server.use(
    http.get('/api/misc/uslugi.json', () => ok([{ id: 4, name: 'Duplicate student ID card', amount: 300 }])),
    http.get('/api/misc/payer.json', () => ok(payer)),
    http.post('/api/misc/paymentcode.json', () => ok(reply)),
  );
  const store = makeStore({
    session: { ...initialSessionState, status: 'authenticated', user: student },
    config: succeeded(config(cardPayment)),
  });
  renderWithStore(<PaymentScreen />, { route: '/lms/paymentcode', store });
  return userEvent.setup();
}

async function chooseService(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Paid service'), '4');
  return screen.findByTestId('pay-code');
}

describe('PaymentScreen (en)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
    window.history.replaceState(null, '', '/lms/paymentcode');
  });

  it("offers only the years of the student's study, the current one first, and asks the chosen year's code", async () => {
    const asked: number[] = [];
    const user = renderScreen(true, code({}));
    server.use(
      http.post('/api/misc/paymentcode.json', async ({ request }) => {
        const body = (await request.json()) as { id_year: number };
        asked.push(body.id_year);
        return ok(code({ id_year: body.id_year }));
      }),
    );
    await chooseService(user);
    const years = (await screen.findByLabelText('Academic year')) as HTMLSelectElement;
    expect([...years.options].map((o) => o.textContent)).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(years.value).toBe('2026');
    await user.selectOptions(years, '2025');
    await waitFor(() => expect(asked).toEqual([2026, 2025]));
    // The choice is kept in the address, so that Back from the bank's page opens it again.
    await waitFor(() => expect(window.location.search).toBe('?service=4&year=2025'));
  });

  it('coming back from the bank in a new tab shows that payment paid, with its service and receipt', async () => {
    window.history.replaceState(null, '', '/lms/paymentcode?payment=p1');
    const paid = code({
      id_year: 2025,
      paid: 300,
      status: 'paid',
      payments: [{ id: 'p1', amount: 300, status: 'paid', createdAt: '2026-11-20T10:00:00.000Z', completedAt: '2026-11-20T10:01:00.000Z', receiptNo: 'R-1' }],
    });
    renderScreen(true, code({}));
    server.use(http.get('/api/misc/payment.json', ({ request }) => (new URL(request.url).searchParams.get('id') === 'p1' ? ok(paid) : fail(404, 'NOT_FOUND'))));
    const returned = await screen.findByTestId('pay-returned');
    expect(returned).toHaveAttribute('data-status', 'paid');
    expect(returned).toHaveTextContent('Your card payment of 300 som is paid. Receipt no. R-1.');
    expect(await screen.findByTestId('pay-code')).toHaveTextContent('Payment code: Duplicate student ID card');
    expect((screen.getByLabelText('Paid service') as HTMLSelectElement).value).toBe('4');
    expect((screen.getByLabelText('Academic year') as HTMLSelectElement).value).toBe('2025');
  });

  it('a declined payment come back from says so; a pending one can be checked again', async () => {
    window.history.replaceState(null, '', '/lms/paymentcode?payment=p2');
    const pending = { id: 'p2', amount: 300, status: 'pending' as const, createdAt: '2026-11-20T10:00:00.000Z', completedAt: null, receiptNo: null };
    let state: 'pending' | 'declined' = 'pending';
    const user = renderScreen(true, code({}));
    server.use(http.get('/api/misc/payment.json', () => ok(code({ payments: [{ ...pending, status: state }] }))));
    const returned = await screen.findByTestId('pay-returned');
    expect(returned).toHaveTextContent('The bank has not confirmed your card payment of 300 som yet.');
    state = 'declined';
    await user.click(within(returned).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByTestId('pay-returned')).toHaveAttribute('data-status', 'declined'));
    expect(screen.getByTestId('pay-returned')).toHaveTextContent('The bank declined your card payment of 300 som: nothing was charged.');
  });

  it('a card payment that cannot start says why beside its button, with a retry', async () => {
    const user = renderScreen(true, code({}));
    server.use(http.post('/api/misc/paybycard.json', () => fail(409, 'ALREADY_PAID', 'This code is already paid')));
    const card = await chooseService(user);
    await user.click(within(card).getByTestId('pay-card'));
    const error = await within(card).findByTestId('pay-error');
    expect(error).toHaveTextContent('This code is already paid.');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers card payment of an unpaid code when the server has a provider', async () => {
    const user = renderScreen(true, code({}));
    const card = await chooseService(user);
    expect(within(card).getByTestId('pay-card')).toHaveTextContent('Pay 300 som by card');
    expect(screen.getByText('Pay the code at a bank, at a terminal, or by card here on the portal.')).toBeInTheDocument();
  });

  it('without a provider shows no card button and says where to pay', async () => {
    const user = renderScreen(false, code({}));
    const card = await chooseService(user);
    expect(within(card).getByTestId('pay-status')).toHaveTextContent('Due 300 som, paid 0 som');
    expect(within(card).queryByTestId('pay-card')).toBeNull();
    expect(screen.getByText('Pay the code at a bank or at a terminal.')).toBeInTheDocument();
  });

  it('shows money paid beyond the code, to be refunded, beside "paid in full" and the payment marked for refund', async () => {
    const payment = { amount: 300, createdAt: '2026-11-20T10:00:00.000Z', completedAt: '2026-11-20T10:01:00.000Z' };
    const user = renderScreen(
      true,
      code({
        paid: 300,
        status: 'paid',
        overpaid: 300,
        payments: [
          { ...payment, id: 'b', status: 'overpaid', receiptNo: 'R-20261120-BBBBBBBB' },
          { ...payment, id: 'a', status: 'paid', receiptNo: 'R-20261120-AAAAAAAA' },
        ],
      }),
    );
    const card = await chooseService(user);
    expect(within(card).getByTestId('pay-status')).toHaveTextContent('Paid in full');
    expect(within(card).getByTestId('pay-overpaid')).toHaveTextContent(
      'Overpaid 300 som: the bank took more than the service costs. The extra money will be returned to your card; the payment is on the refund list.',
    );
    const rows = within(card).getAllByTestId('pay-payment');
    expect(rows.map((r) => r.dataset.status)).toEqual(['overpaid', 'paid']);
    expect(rows[0]).toHaveTextContent('paid twice — to be refunded');
    expect(within(card).queryByTestId('pay-card')).toBeNull();
  });
});
