/**
 * Paid services, payment codes and card payment (docs/api.md#payment): a student's own code for a
 * service and year (made once), its payment info and card payments with their receipts; paying by
 * card starts a pending payment at the provider; the provider's signed callback settles it once.
 */
import { randomBytes } from 'node:crypto';
import { ROLE_STUDENT, type Language } from '../../../../contract/common';
import type { Payer, CardPayment, PaidService, PayByCard, PayByCardBody, PayCallbackBody, PaymentCode, PaymentCodeBody } from '../../../../contract/payment';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import { currentPeriod } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import { universityName } from '../../shared/site.repository';
import { signingKey } from '../../shared/signing-keys';
import * as repo from './payment.repository';
import { newProviderRef, sandboxProvider, signResult, verifyResult, type ProviderResult } from './sandbox.provider';

export const PAYMENT_KEY = 'payment-provider';

const INFO: Record<string, Record<Language, string>> = {
  recipient: { ru: 'Получатель', kg: 'Алуучу', en: 'Recipient' },
  bank: { ru: 'Банк', kg: 'Банк', en: 'Bank' },
  purpose: { ru: 'Назначение платежа', kg: 'Төлөмдүн максаты', en: 'Purpose of payment' },
  payer: { ru: 'Плательщик', kg: 'Төлөөчү', en: 'Payer' },
};
const BANK = { ru: 'Демо-банк (тестовый)', kg: 'Демо-банк (сыноо)', en: 'Demo bank (test)' };

/** The account: year, service, student and a Luhn check digit (13 digits). */
export function accountOf(year: number, serviceId: number, studentId: number): string {
  const body = `${year}${String(serviceId).padStart(2, '0')}${String(studentId).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let n = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const view = (p: repo.PaymentRow): CardPayment => ({
  id: p.id,
  amount: p.amount,
  status: p.status as CardPayment['status'],
  createdAt: p.createdAt.toISOString(),
  completedAt: iso(p.completedAt),
  receiptNo: p.receiptNo,
});

export class PaymentService {
  constructor(private readonly ctx: AppContext) {}

  async services(lang: Language): Promise<PaidService[]> {
    return (await repo.services(this.ctx.db)).map((s) => ({ id: s.id, name: localName(s, lang), amount: s.amount }));
  }

  /** payer.json: the student's ids for the payment code request (the year from the one current period). */
  async payer(auth: AuthInfo): Promise<Payer> {
    const student = auth.role === ROLE_STUDENT ? await repo.studentOf(this.ctx.db, auth.uid) : undefined;
    if (!student) throw forbidden();
    return { id_student: student.id, id_group: student.groupId, id_year: currentPeriod(this.ctx.now()).year };
  }

  /** paymentcode.json: the caller's own code (id_student and id_group must be his). */
  async code(auth: AuthInfo, input: PaymentCodeBody, lang: Language): Promise<PaymentCode> {
    assertOwn(auth, { uid: input.id_student, role: ROLE_STUDENT });
    const student = await repo.studentOf(this.ctx.db, auth.uid);
    if (!student || student.groupId !== input.id_group) throw forbidden();
    const service = await repo.service(this.ctx.db, input.id_uslug);
    if (!service) throw badRequest({ field: 'id_uslug' });
    const code = await repo.ensureCode(this.ctx.db, {
      account: accountOf(input.id_year, service.id, student.id),
      studentId: student.id,
      serviceId: service.id,
      academicYearId: input.id_year,
      groupId: student.groupId,
      amount: service.amount,
      createdAt: this.ctx.now(),
    });
    return this.present(code, lang);
  }

  private async present(code: repo.CodeRow, lang: Language): Promise<PaymentCode> {
    const service = (await repo.service(this.ctx.db, code.serviceId))!;
    const student = (await repo.studentOf(this.ctx.db, code.studentId))!;
    const paid = await repo.paidSum(this.ctx.db, code.id);
    const university = await universityName(this.ctx.db, lang);
    return {
      account: code.account,
      id_uslug: code.serviceId,
      service: localName(service, lang),
      amount: code.amount,
      paid,
      status: paid >= code.amount ? 'paid' : 'unpaid',
      info: [
        { label: INFO.recipient[lang], value: university },
        { label: INFO.bank[lang], value: BANK[lang] },
        { label: INFO.payer[lang], value: fullName(student) },
        { label: INFO.purpose[lang], value: `${localName(service, lang)}, ${code.account}` },
      ],
      payments: (await repo.paymentsOf(this.ctx.db, code.id)).map(view),
    };
  }

  /** paybycard.json: a pending payment of the caller's own code, and the provider's page. */
  async payByCard(auth: AuthInfo, input: PayByCardBody): Promise<PayByCard> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const code = await repo.codeByAccount(this.ctx.db, input.account);
    if (!code || code.studentId !== auth.uid) throw notFound();
    const paid = await repo.paidSum(this.ctx.db, code.id);
    if (paid >= code.amount) throw new AppError(409, 'CONFLICT');
    const id = randomBytes(16).toString('hex');
    await repo.insertPayment(this.ctx.db, {
      id,
      paymentCodeId: code.id,
      amount: code.amount - paid,
      provider: sandboxProvider.name,
      status: 'pending',
      createdAt: this.ctx.now(),
    });
    return { id_payment: id, url: sandboxProvider.pageUrl(id) };
  }

  /** What the sandbox page shows of a payment (no session: the id is the unguessable order id). */
  async pageOf(id: string, lang: Language) {
    const p = await repo.payment(this.ctx.db, id);
    if (!p) throw notFound();
    const code = (await repo.codeById(this.ctx.db, p.paymentCodeId))!;
    const service = (await repo.service(this.ctx.db, code.serviceId))!;
    return { id: p.id, status: p.status, amount: p.amount, account: code.account, service: localName(service, lang) };
  }

  /** The sandbox provider decided on a card: it calls back, signed, as a real provider would. */
  async sandboxDecide(id: string, card: string): Promise<CardPayment> {
    const p = await repo.payment(this.ctx.db, id);
    if (!p) throw notFound();
    if (p.status !== 'pending') return view(p);
    const result: ProviderResult = { id_payment: id, status: sandboxProvider.decide(card), amount: p.amount, providerRef: newProviderRef() };
    const signature = signResult(await signingKey(this.ctx.db, PAYMENT_KEY), result);
    return this.callback({ ...result, signature });
  }

  /**
   * paycallback.json: the provider's signed result. A bad signature or amount is refused; the
   * payment is settled once; the same result again answers the settled payment and changes nothing.
   */
  async callback(input: PayCallbackBody): Promise<CardPayment> {
    const { signature, ...result } = input;
    if (!verifyResult(await signingKey(this.ctx.db, PAYMENT_KEY), result, signature)) throw new AppError(400, 'BAD_SIGNATURE');
    const p = await repo.payment(this.ctx.db, result.id_payment);
    if (!p) throw notFound();
    if (p.amount !== result.amount) throw badRequest({ field: 'amount' });
    const now = this.ctx.now();
    const receiptNo = result.status === 'paid' ? `R-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${p.id.slice(0, 8).toUpperCase()}` : null;
    const settled = await repo.settle(this.ctx.db, p.id, { status: result.status, completedAt: now, providerRef: result.providerRef, receiptNo });
    if (settled) return view(settled);
    const current = (await repo.payment(this.ctx.db, p.id))!;
    if (current.status !== result.status || current.providerRef !== result.providerRef) throw new AppError(409, 'CONFLICT');
    return view(current);
  }
}
