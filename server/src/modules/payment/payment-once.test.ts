/**
 * A payment code is paid once (docs/payments.md): one open card payment per code however many
 * paybycard calls arrive at once; a paid code refuses new orders, and the sandbox's page refuses an
 * order whose code is paid; two orders of one code confirmed at once (pages or callbacks) pay it
 * once, money a provider reports beyond it is kept as 'overpaid' and shown, never counted; a
 * database constraint holds one paid payment per code. Without PAYMENT_PROVIDER card payment is off
 * and the sandbox is not there. On PGlite and, in server-pg, PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARD_OK, type CardPayment } from '@contract/payment';
import { cardPayments, paymentCodes } from './payment.schema';
import { signingKey } from '../../shared/signing-keys';
import { appOn } from '../../test/helpers';
import { PAYMENT_KEY, signResult } from './sandbox.provider';
import { useTestApp } from '../../test/fixture';
import { paymentCalls } from './payment.testing';

/** Two academic years of the student's study before the current one (codes are issued for his years only). */
let Y1: number;
let Y2: number;

const fx = useTestApp({ env: { PAYMENT_PROVIDER: 'sandbox' }, signIn: ['student'] });
const { post, codeOf, startPayment } = paymentCalls(fx);

const submit = (id: string, card = SANDBOX_CARD_OK) =>
  fx.app.inject({
    method: 'POST',
    url: '/api/misc/sandbox/pay.html',
    payload: new URLSearchParams({ id, card, exp: '12/39', cvc: '123' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
  });

/** A second order of the code left open beside the first (as codes before one open order per code have them). */
async function secondOpenOrder(account: string): Promise<string> {
  const [code] = await fx.db.database.db.select().from(paymentCodes).where(eq(paymentCodes.account, account));
  const id = randomBytes(16).toString('hex');
  await fx.db.database.db
    .insert(cardPayments)
    .values({ id, paymentCodeId: code.id, amount: code.amount, provider: 'sandbox', status: 'pending', createdAt: new Date() });
  return id;
}

async function ordersOf(account: string) {
  const [code] = await fx.db.database.db.select().from(paymentCodes).where(eq(paymentCodes.account, account));
  return fx.db.database.db.select().from(cardPayments).where(eq(cardPayments.paymentCodeId, code.id));
}

async function signedPaid(id_payment: string, amount: number, providerRef: string) {
  const result = { id_payment, status: 'paid' as const, amount, providerRef };
  return { ...result, signature: signResult(await signingKey(fx.db.database.db, PAYMENT_KEY), result) };
}

beforeAll(async () => {
  const payer = (await fx.app.inject({ method: 'GET', url: '/api/misc/payer.json', headers: fx.student.headers })).json().data as { years: { id: number }[] };
  [Y1, Y2] = [payer.years[1].id, payer.years[2].id];
});

describe('one open card payment per code', () => {
  it('two paybycard at once, and a third later, get the same open order', async () => {
    const { account } = await codeOf(1, Y1);
    const [a, b] = await Promise.all([post(fx.student, 'paybycard.json', { account }), post(fx.student, 'paybycard.json', { account })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().data.id_payment).toBe(a.json().data.id_payment);
    expect((await startPayment(account)).id_payment).toBe(a.json().data.id_payment);
    expect(await ordersOf(account)).toHaveLength(1);
    expect((await codeOf(1, Y1)).payments).toMatchObject([{ status: 'pending' }]);
  });

  it('a declined order is closed: the next paybycard opens a new one', async () => {
    const { account } = await codeOf(2, Y1);
    const first = await startPayment(account);
    await submit(first.id_payment, '4000 0000 0000 0002');
    const second = await startPayment(account);
    expect(second.id_payment).not.toBe(first.id_payment);
  });
});

describe('a paid code', () => {
  it('refuses a new order with a translated 409 ALREADY_PAID', async () => {
    const { account } = await codeOf(3, Y1);
    expect((await submit((await startPayment(account)).id_payment)).statusCode).toBe(303);
    const en = await post(fx.student, 'paybycard.json', { account }, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(409);
    expect(en.json().error).toMatchObject({ code: 'ALREADY_PAID', message: 'This code is already paid' });
    const ru = await post(fx.student, 'paybycard.json', { account }, { cookie: `${fx.student.headers.cookie}; lang=ru` });
    expect(ru.json().error.message).toBe('Этот код уже оплачен');
    expect(await ordersOf(account)).toHaveLength(1);
  });

  it("the sandbox's page of another open order of the code refuses it: no form, no charge", async () => {
    const { account, amount } = await codeOf(4, Y1);
    const first = await startPayment(account);
    const other = await secondOpenOrder(account);
    expect((await submit(first.id_payment)).statusCode).toBe(303);
    const page = await fx.app.inject({ method: 'GET', url: `/api/misc/sandbox/pay.html?id=${other}`, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This code is already paid');
    expect(page.body).not.toContain('<form');
    const paying = await submit(other);
    expect(paying.statusCode).toBe(409);
    expect(paying.body).toContain('This code is already paid');
    const code = await codeOf(4, Y1);
    expect(code).toMatchObject({ status: 'paid', paid: amount, overpaid: 0 });
    expect(code.payments.map((p) => p.status).sort()).toEqual(['paid', 'pending']);
  });
});

describe('two orders of one code confirmed at once', () => {
  it('two sandbox pages submitted at once: one pays, the other is refused; the code is paid once', async () => {
    const { account, amount } = await codeOf(1, Y2);
    const ids = [(await startPayment(account)).id_payment, await secondOpenOrder(account)];
    const replies = await Promise.all(ids.map((id) => submit(id)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([303, 409]);
    const code = await codeOf(1, Y2);
    expect(code).toMatchObject({ status: 'paid', paid: amount, overpaid: 0 });
    expect(code.payments.filter((p) => p.status === 'paid')).toHaveLength(1);
    expect(code.payments.filter((p) => p.receiptNo)).toHaveLength(1);
  });

  it('two provider callbacks at once: one pays, the other is recorded as overpaid, shown and listed for refund', async () => {
    const { account, amount } = await codeOf(2, Y2);
    const ids = [(await startPayment(account)).id_payment, await secondOpenOrder(account)];
    const callbacks = await Promise.all(ids.map(async (id, i) => post(null, 'paycallback.json', await signedPaid(id, amount, `EXT-${account}-${i}`))));
    expect(callbacks.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(callbacks.map((r) => (r.json().data as CardPayment).status).sort()).toEqual(['overpaid', 'paid']);
    const code = await codeOf(2, Y2);
    expect(code).toMatchObject({ status: 'paid', paid: amount, overpaid: amount });
    expect(code.payments.map((p) => p.status).sort()).toEqual(['overpaid', 'paid']);
    // The same callback again answers the same payment and changes nothing.
    const overpaidId = code.payments.find((p) => p.status === 'overpaid')!.id;
    const again = await post(null, 'paycallback.json', await signedPaid(overpaidId, amount, `EXT-${account}-${ids.indexOf(overpaidId)}`));
    expect(again.json().data).toMatchObject({ id: overpaidId, status: 'overpaid' });
    expect(await codeOf(2, Y2)).toMatchObject({ paid: amount, overpaid: amount });
    // The refund list (docs/payments.md): every overpaid payment.
    const refunds = await fx.db.database.db.select().from(cardPayments).where(eq(cardPayments.status, 'overpaid'));
    expect(refunds.map((r) => r.id)).toContain(overpaidId);
  });

  it('the database holds one paid payment per code, whatever writes it', async () => {
    const { account } = await codeOf(3, Y2);
    const first = await startPayment(account);
    expect((await submit(first.id_payment)).statusCode).toBe(303);
    const other = await secondOpenOrder(account);
    await expect(fx.db.database.db.update(cardPayments).set({ status: 'paid' }).where(eq(cardPayments.id, other))).rejects.toThrow();
    expect((await ordersOf(account)).filter((p) => p.status === 'paid')).toHaveLength(1);
  });
});

describe('without PAYMENT_PROVIDER', () => {
  it('card payment is off: the sandbox pages are 404, paybycard and the callback answer a translated CARD_PAYMENT_OFF, config.json says so', async () => {
    const off = await appOn(fx.db);
    try {
      const { account, amount } = await codeOf(4, Y2);
      const order = await startPayment(account);
      expect((await off.inject({ method: 'GET', url: order.url })).statusCode).toBe(404);
      const form = await off.inject({
        method: 'POST',
        url: '/api/misc/sandbox/pay.html',
        payload: new URLSearchParams({ id: order.id_payment, card: SANDBOX_CARD_OK, exp: '12/39', cvc: '123' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode).toBe(404);
      const pay = await off.inject({
        method: 'POST',
        url: '/api/misc/paybycard.json',
        payload: { account },
        headers: { ...fx.student.headers, 'accept-language': 'en' },
      });
      expect(pay.statusCode).toBe(404);
      expect(pay.json().error).toMatchObject({ code: 'CARD_PAYMENT_OFF', message: 'Card payment is not available. Pay the code at a bank or a terminal' });
      const callback = await off.inject({ method: 'POST', url: '/api/misc/paycallback.json', payload: await signedPaid(order.id_payment, amount, 'EXT-OFF') });
      expect(callback.statusCode).toBe(404);
      expect((await codeOf(4, Y2)).status).toBe('unpaid');
      expect((await off.inject({ url: '/config.json' })).json().data.cardPayment).toBe(false);
      expect((await fx.app.inject({ url: '/config.json' })).json().data.cardPayment).toBe(true);
    } finally {
      await off.close();
    }
  });
});
