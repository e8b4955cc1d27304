/**
 * /api/misc/uslugi, paymentcode, paybycard, paycallback and the sandbox page: a student's own code,
 * card payment through the sandbox (paid, declined, invalid card), the signed callback applied
 * exactly once, a forged signature refused, and nothing of the card kept.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_OK, type PaidService } from '@contract/payment';
import { students } from '../../db/schema';
import { currentAcademicYear } from '../../lib/academic-year';
import { signingKey } from '../../shared/signing-keys';
import { PAYMENT_KEY, signResult } from './sandbox.provider';
import { useTestApp } from '../../test/fixture';
import { paymentCalls } from './payment.testing';

let groupId: number;
/** The academic year the app (on the real clock) takes as current. */
const YEAR = currentAcademicYear(new Date());

const fx = useTestApp({ env: { PAYMENT_PROVIDER: 'sandbox' } });
const calls = paymentCalls(fx);
const { post, startPayment } = calls;

const form = (body: Record<string, string>) =>
  fx.app.inject({
    method: 'POST',
    url: '/api/misc/sandbox/pay.html',
    payload: new URLSearchParams(body).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const codeOf = (id_uslug: number) => calls.codeOf(id_uslug, YEAR);

beforeAll(async () => {
  groupId = await calls.studentGroup();
});

describe('services and codes', () => {
  it('lists the paid services, in the caller language', async () => {
    const res = await fx.app.inject({ method: 'GET', url: '/api/misc/uslugi.json', headers: { ...fx.student.headers, 'accept-language': 'en' } });
    const list = res.json().data as PaidService[];
    expect(list.length).toBeGreaterThan(1);
    expect(list[0]).toMatchObject({ name: 'Tuition fee (contract)', amount: 85000 });
    expect((await fx.app.inject({ method: 'GET', url: '/api/misc/uslugi.json' })).statusCode).toBe(401);
  });

  it("gives the student's own code, the same every time, with the payment info", async () => {
    const a = await codeOf(3);
    const b = await codeOf(3);
    expect(a.account).toMatch(/^\d{13}$/);
    expect(b.account).toBe(a.account);
    expect(a).toMatchObject({ id_uslug: 3, amount: 500, paid: 0, status: 'unpaid', payments: [] });
    expect(a.info.length).toBeGreaterThan(2);
  });

  it('offers and issues codes only for the years from the admission to the current one', async () => {
    const [{ admissionYear }] = await fx.db.database.db
      .select({ admissionYear: sql<number>`g.admission_year` })
      .from(students)
      .innerJoin(sql`groups g`, sql`g.id = ${students.groupId}`)
      .where(eq(students.id, fx.student.user.uid));
    const payer = (await fx.app.inject({ method: 'GET', url: '/api/misc/payer.json', headers: fx.student.headers })).json().data as {
      id_year: number;
      years: { id: number; name: string }[];
    };
    expect(payer.years[0].id).toBe(payer.id_year);
    expect(payer.years.at(-1)!.id).toBe(admissionYear);
    expect(payer.years.map((y) => y.name)).toContain(`${admissionYear}-${String((admissionYear + 1) % 100).padStart(2, '0')}`);
    const ask = (id_year: number) =>
      post(fx.student, 'paymentcode.json', { id_year, id_group: groupId, id_student: fx.student.user.uid, id_uslug: 4 }, { 'accept-language': 'en' });
    expect((await ask(admissionYear)).statusCode).toBe(200);
    for (const year of [admissionYear - 1, 2000, payer.id_year + 1]) {
      const refused = await ask(year);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'YEAR_OUT_OF_STUDY' });
      expect(refused.json().error.message).toContain(`from admission (${payer.years.at(-1)!.name})`);
    }
    const [{ n }] = await fx.db.database.db
      .execute(sql`select count(*)::int as n from payment_codes where student_id = ${fx.student.user.uid} and academic_year_id < ${admissionYear}`)
      .then((r) => (r as { rows?: { n: number }[] }).rows ?? (r as unknown as { n: number }[]));
    expect(n).toBe(0);
  });

  it('two requests for one code at once make one code', async () => {
    const ask = () => post(fx.student, 'paymentcode.json', { id_year: YEAR, id_group: groupId, id_student: fx.student.user.uid, id_uslug: 2 });
    const [a, b] = await Promise.all([ask(), ask()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().data.account).toBe(a.json().data.account);
    const rows = await fx.db.database.db.execute(sql`select id from payment_codes where account = ${a.json().data.account}`);
    expect(((rows as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])).length).toBe(1);
  });

  it("refuses another student's or group's code, and teachers", async () => {
    expect(
      (await post(fx.student, 'paymentcode.json', { id_year: YEAR, id_group: groupId, id_student: fx.student.user.uid + 1, id_uslug: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await post(fx.student, 'paymentcode.json', { id_year: YEAR, id_group: groupId + 1, id_student: fx.student.user.uid, id_uslug: 1 })).statusCode,
    ).toBe(403);
    expect((await post(fx.teacher, 'paymentcode.json', { id_year: YEAR, id_group: groupId, id_student: fx.student.user.uid, id_uslug: 1 })).statusCode).toBe(
      403,
    );
    const { account } = await codeOf(4);
    expect((await post(fx.teacher, 'paybycard.json', { account })).statusCode).toBe(403);
  });
});

describe('card payment through the sandbox', () => {
  it('serves the payment page with the test cards, without a session', async () => {
    const { account } = await codeOf(2);
    const p = await startPayment(account);
    const page = await fx.app.inject({ method: 'GET', url: p.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(account);
    expect(page.body).toContain(SANDBOX_CARD_OK);
    expect(page.body).toContain(SANDBOX_CARD_DECLINED);
  });

  it('pays with the success card: status paid, a receipt, the code paid; a second submit changes nothing', async () => {
    const { account } = await codeOf(3);
    const p = await startPayment(account);
    const res = await form({ id: p.id_payment, card: SANDBOX_CARD_OK, exp: '12/39', cvc: '123' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/lms/paymentcode?payment=${p.id_payment}`);
    await form({ id: p.id_payment, card: SANDBOX_CARD_OK, exp: '12/39', cvc: '123' });
    const code = await codeOf(3);
    expect(code).toMatchObject({ status: 'paid', paid: 500 });
    expect(code.payments).toHaveLength(1);
    expect(code.payments[0]).toMatchObject({ status: 'paid', amount: 500 });
    expect(code.payments[0].receiptNo).toMatch(/^R-\d{8}-/);
    expect((await post(fx.student, 'paybycard.json', { account })).statusCode).toBe(409);
    // Nothing of the card is stored.
    const dump = JSON.stringify((await fx.db.database.db.execute(sql`select * from card_payments`)) as unknown);
    expect(dump).not.toContain('4242');
    expect(dump).not.toContain('123"');
  });

  it('the decline card leaves the code unpaid; an invalid card is refused on the page', async () => {
    const { account } = await codeOf(4);
    const p = await startPayment(account);
    const bad = await form({ id: p.id_payment, card: '1234 5678 9012 3456', exp: '12/39', cvc: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');
    await form({ id: p.id_payment, card: SANDBOX_CARD_DECLINED, exp: '12/39', cvc: '123' });
    const code = await codeOf(4);
    expect(code).toMatchObject({ status: 'unpaid', paid: 0, payments: [{ status: 'declined', receiptNo: null }] });
  });
});

describe('the provider callback', () => {
  it('is applied once with a valid signature; a forged or altered one is refused and changes nothing', async () => {
    const { account } = await codeOf(1);
    const p = await startPayment(account);
    const result = { id_payment: p.id_payment, status: 'paid' as const, amount: 85000, providerRef: 'EXT-1' };
    const secret = await signingKey(fx.db.database.db, PAYMENT_KEY);
    const forged = await post(null, 'paycallback.json', { ...result, signature: 'ab'.repeat(32) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('BAD_SIGNATURE');
    const altered = await post(null, 'paycallback.json', { ...result, amount: 1, signature: signResult(secret, result) });
    expect(altered.json().error.code).toBe('BAD_SIGNATURE');
    expect((await codeOf(1)).status).toBe('unpaid');
    const signature = signResult(secret, result);
    const first = await post(null, 'paycallback.json', { ...result, signature });
    const again = await post(null, 'paycallback.json', { ...result, signature });
    expect(first.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const code = await codeOf(1);
    expect(code).toMatchObject({ status: 'paid', paid: 85000 });
    expect(code.payments).toHaveLength(1);
    const other = { ...result, status: 'declined' as const, providerRef: 'EXT-2' };
    const late = await post(null, 'paycallback.json', { ...other, signature: signResult(secret, other) }, { 'accept-language': 'en' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'ALREADY_PAID', message: 'This code is already paid' });
  });

  it('paybycard with the same Idempotency-Key starts one payment', async () => {
    const { account } = await codeOf(2);
    const headers = { 'idempotency-key': 'pay-once-1' };
    const a = await post(fx.student, 'paybycard.json', { account }, headers);
    const b = await post(fx.student, 'paybycard.json', { account }, headers);
    expect(b.json().data.id_payment).toBe(a.json().data.id_payment);
  });
});
