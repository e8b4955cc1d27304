/** Paid services, payment codes and card payment (docs/product.md#payment). */
import type { PaidService, PayByCard, PayByCardBody, Payer, PaymentCode, PaymentCodeBody } from '../../contract/payment';
import { get, post } from './http';

const session = { session: true } as const;

export const paymentApi = {
  services: () => get<PaidService[]>('api/misc/uslugi.json', session),
  payer: () => get<Payer>('api/misc/payer.json', session),
  code: (body: PaymentCodeBody) => post<PaymentCode>('api/misc/paymentcode.json', body, { ...session, idempotent: true }),
  payByCard: (body: PayByCardBody) => post<PayByCard>('api/misc/paybycard.json', body, { ...session, idempotent: true }),
};
