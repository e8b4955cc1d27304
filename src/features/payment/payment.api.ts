/** Paid services, payment codes and card payment (docs/areas/payment.md#for-users). */
import type { PaidService, PayByCard, PayByCardBody, Payer, PaymentCode, PaymentCodeBody } from '@contract/payment';
import { get, post } from '@api/http';

const session = { session: true } as const;

export const paymentApi = {
  services: () => get<PaidService[]>('api/misc/uslugi.json', session),
  payer: () => get<Payer>('api/misc/payer.json', session),
  code: (body: PaymentCodeBody) => post<PaymentCode>('api/misc/paymentcode.json', body, { ...session, idempotent: true }),
  /** The code of one of the student's card payments (the one the provider sent him back with). */
  codeOfPayment: (id: string) => get<PaymentCode>(`api/misc/payment.json?id=${encodeURIComponent(id)}`, session),
  payByCard: (body: PayByCardBody) => post<PayByCard>('api/misc/paybycard.json', body, { ...session, idempotent: true }),
};
