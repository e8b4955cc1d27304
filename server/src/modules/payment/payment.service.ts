/**
 * Paid services, payment codes and card payment (docs/areas/payment.md#calls, docs/payments.md): a student's
 * own code for a service and year (made once), its payment info and card payments with their
 * receipts. Paying by card opens one pending payment (order) per code at the configured provider
 * (PAYMENT_PROVIDER; none: 404 CARD_PAYMENT_OFF); the provider's signed callback settles it once.
 * A code is paid at most once: its card payments are started and settled under the code's row lock,
 * and card_payments_paid_uq allows one paid payment per code. Money a provider reports for a code
 * already paid is recorded as 'overpaid', shown to the student and listed for refund.
 */
import { randomBytes } from 'node:crypto';
import { ROLE_STUDENT, type Language } from '@contract/common';
import type { Payer, CardPayment, PaidService, PayByCard, PayByCardBody, PayCallbackBody, PaymentCode, PaymentCodeBody } from '@contract/payment';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import { academicYearName } from '@contract/pure/academic-year';
import { currentPeriod } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import { universityName } from '../../shared/site.repository';
import * as repo from './payment.repository';
import { paymentProviderOf, type PaymentOrder, type PaymentProvider, type ProviderResult } from './provider';
import type { SandboxView } from './sandbox.page';

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

/** A settled payment answers a repeated callback only if that callback reports what settled it ('overpaid' was reported as paid). */
const sameResult = (p: repo.PaymentRow, r: ProviderResult) =>
  p.providerRef === r.providerRef && (p.status === r.status || (p.status === 'overpaid' && r.status === 'paid'));

export class PaymentService {
  /** The configured card payment provider; null: card payment is off. */
  readonly provider: PaymentProvider | null;

  constructor(private readonly ctx: AppContext) {
    this.provider = paymentProviderOf(ctx);
  }

  async services(lang: Language): Promise<PaidService[]> {
    return (await repo.services(this.ctx.db)).map((s) => ({ id: s.id, name: localName(s, lang), amount: s.amount }));
  }

  /**
   * payer.json: the student's ids for the payment code request, the current academic year and the
   * years a code may be asked for: from his admission to the current one, newest first.
   */
  async payer(auth: AuthInfo): Promise<Payer> {
    const student = auth.role === ROLE_STUDENT ? await repo.studentOf(this.ctx.db, auth.uid) : undefined;
    if (!student) throw forbidden();
    const current = currentPeriod(this.ctx.now()).year;
    const years: Payer['years'] = [];
    for (let y = current; y >= Math.min(student.admissionYear, current); y--) years.push({ id: y, name: academicYearName(y) });
    return { id_student: student.id, id_group: student.groupId, id_year: current, years };
  }

  /** paymentcode.json: the caller's own code (id_student and id_group must be his). */
  async code(auth: AuthInfo, input: PaymentCodeBody, lang: Language): Promise<PaymentCode> {
    assertOwn(auth, { uid: input.id_student, role: ROLE_STUDENT });
    const student = await repo.studentOf(this.ctx.db, auth.uid);
    if (!student || student.groupId !== input.id_group) throw forbidden();
    const service = await repo.service(this.ctx.db, input.id_uslug);
    if (!service) throw badRequest({ field: 'id_uslug' });
    // A code for a year he did not study in (before his admission, or not begun yet) is nobody's debt.
    const current = currentPeriod(this.ctx.now()).year;
    if (input.id_year < student.admissionYear || input.id_year > current)
      throw new AppError(400, 'YEAR_OUT_OF_STUDY', {
        field: 'id_year',
        from: academicYearName(Math.min(student.admissionYear, current)),
        to: academicYearName(current),
      });
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

  /** payment.json: the code of the caller's own card payment (someone else's, or none: 404). */
  async codeOfPayment(auth: AuthInfo, id: string, lang: Language): Promise<PaymentCode> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const p = await repo.payment(this.ctx.db, id);
    const code = p ? await repo.codeById(this.ctx.db, p.paymentCodeId) : undefined;
    if (!code || code.studentId !== auth.uid) throw notFound();
    return this.present(code, lang);
  }

  private async present(code: repo.CodeRow, lang: Language): Promise<PaymentCode> {
    const service = (await repo.service(this.ctx.db, code.serviceId))!;
    const student = (await repo.studentOf(this.ctx.db, code.studentId))!;
    const paid = await repo.sumOf(this.ctx.db, code.id, 'paid');
    const overpaid = await repo.sumOf(this.ctx.db, code.id, 'overpaid');
    const university = await universityName(this.ctx.db, lang);
    return {
      account: code.account,
      id_uslug: code.serviceId,
      id_year: code.academicYearId,
      service: localName(service, lang),
      amount: code.amount,
      paid,
      status: paid >= code.amount ? 'paid' : 'unpaid',
      overpaid,
      info: [
        { label: INFO.recipient[lang], value: university },
        { label: INFO.bank[lang], value: BANK[lang] },
        { label: INFO.payer[lang], value: fullName(student) },
        { label: INFO.purpose[lang], value: `${localName(service, lang)}, ${code.account}` },
      ],
      payments: (await repo.paymentsOf(this.ctx.db, code.id)).map(view),
    };
  }

  /**
   * paybycard.json: the open (pending) payment of the caller's own code, or a new one, and the
   * provider's page; under the code's lock, so two requests at once get one order; a paid code 409.
   */
  async payByCard(auth: AuthInfo, input: PayByCardBody, lang: Language): Promise<PayByCard> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const provider = this.provider;
    if (!provider) throw new AppError(404, 'CARD_PAYMENT_OFF');
    const code = await repo.codeByAccount(this.ctx.db, input.account);
    if (!code || code.studentId !== auth.uid) throw notFound();
    const order = await this.ctx.db.transaction(async (tx) => {
      await repo.lockCode(tx, code.id);
      const paid = await repo.sumOf(tx, code.id, 'paid');
      if (paid >= code.amount) throw new AppError(409, 'ALREADY_PAID');
      const open = await repo.openPayment(tx, code.id);
      if (open && open.provider === provider.name) return open;
      const row = {
        id: randomBytes(16).toString('hex'),
        paymentCodeId: code.id,
        amount: code.amount - paid,
        provider: provider.name,
        status: 'pending',
        createdAt: this.ctx.now(),
      };
      await repo.insertPayment(tx, row);
      return row;
    });
    const service = (await repo.service(this.ctx.db, code.serviceId))!;
    const purpose = `${localName(service, lang)}, ${code.account}`;
    const ordered: PaymentOrder = { id: order.id, amount: order.amount, account: code.account, purpose };
    return { id_payment: order.id, url: await provider.pageUrl(ordered) };
  }

  /** An order as the provider's page shows it (no session: the id is the unguessable order id). */
  async orderOf(id: string, lang: Language): Promise<SandboxView> {
    const p = await repo.payment(this.ctx.db, id);
    if (!p) throw notFound();
    const code = (await repo.codeById(this.ctx.db, p.paymentCodeId))!;
    const service = (await repo.service(this.ctx.db, code.serviceId))!;
    const codePaid = (await repo.sumOf(this.ctx.db, code.id, 'paid')) >= code.amount;
    return { id: p.id, status: p.status, amount: p.amount, account: code.account, service: localName(service, lang), codePaid };
  }

  /**
   * paycallback.json and the sandbox: the provider's signed result. A bad signature or amount is
   * refused; the payment is settled once, under its code's lock; the same result again answers the
   * settled payment and changes nothing, another result 409. A paid result for a code another payment
   * has already paid is recorded as 'overpaid' (for refund), or, with onlyUnpaid (a provider that asks
   * before it charges, as the sandbox does), refused with 409 ALREADY_PAID and nothing recorded.
   */
  async settle(input: PayCallbackBody, options: { onlyUnpaid?: boolean } = {}): Promise<CardPayment> {
    const provider = this.provider;
    if (!provider) throw new AppError(404, 'CARD_PAYMENT_OFF');
    const { signature, ...result } = input;
    if (!(await provider.verify(result, signature))) throw new AppError(400, 'BAD_SIGNATURE');
    const p = await repo.payment(this.ctx.db, result.id_payment);
    if (!p) throw notFound();
    if (p.amount !== result.amount) throw badRequest({ field: 'amount' });
    return this.ctx.db.transaction(async (tx) => {
      await repo.lockCode(tx, p.paymentCodeId);
      const current = (await repo.payment(tx, p.id))!;
      if (current.status !== 'pending') {
        if (sameResult(current, result)) return view(current);
        throw new AppError(409, current.status === 'declined' ? 'PAYMENT_SETTLED' : 'ALREADY_PAID');
      }
      const code = (await repo.codeById(tx, p.paymentCodeId))!;
      const codePaid = (await repo.sumOf(tx, code.id, 'paid')) >= code.amount;
      if (codePaid && options.onlyUnpaid) throw new AppError(409, 'ALREADY_PAID');
      const now = this.ctx.now();
      const receiptNo = result.status === 'paid' ? `R-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${p.id.slice(0, 8).toUpperCase()}` : null;
      const status = result.status === 'paid' && codePaid ? 'overpaid' : result.status;
      const settled = await repo.settle(tx, p.id, { status, completedAt: now, providerRef: result.providerRef, receiptNo });
      return view(settled!);
    });
  }
}
