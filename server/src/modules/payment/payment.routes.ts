/**
 * /api/misc/uslugi|paymentcode|paybycard.json (session), paycallback.json (the provider, signed, no
 * session) and the configured provider's own routes, e.g. the sandbox's page sandbox/pay.html (no
 * session), only when PAYMENT_PROVIDER names it (docs/areas/payment.md#calls, docs/payments.md).
 */
import {
  PayByCardBody,
  PayByCardReply,
  PayCallbackBody,
  PayCallbackReply,
  PaymentCodeBody,
  PaymentCodeReply,
  PaymentOfQuery,
  PayerReply,
  ServicesReply,
} from '@contract/payment';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { PaymentService } from './payment.service';

export default async function paymentRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const payments = new PaymentService(ctx);

  app.get('/api/misc/uslugi.json', { schema: { response: replies(ServicesReply) } }, async (req) => ok(await payments.services(languageOf(req))));
  app.get('/api/misc/payer.json', { schema: { response: replies(PayerReply) } }, async (req) => ok(await payments.payer(req.auth!)));
  app.post(
    '/api/misc/paymentcode.json',
    { schema: { body: PaymentCodeBody, response: replies(PaymentCodeReply) }, config: { idempotent: true } },
    async (req) => ok(await payments.code(req.auth!, req.body, languageOf(req))),
  );
  app.get(
    '/api/misc/payment.json',
    { schema: { querystring: PaymentOfQuery, response: replies(PaymentCodeReply) }, config: { logSecrets: { query: ['id'] } } },
    async (req) => ok(await payments.codeOfPayment(req.auth!, req.query.id, languageOf(req))),
  );
  app.post('/api/misc/paybycard.json', { schema: { body: PayByCardBody, response: replies(PayByCardReply) }, config: { idempotent: true } }, async (req) =>
    ok(await payments.payByCard(req.auth!, req.body, languageOf(req))),
  );
  app.post('/api/misc/paycallback.json', { schema: { body: PayCallbackBody, response: replies(PayCallbackReply) }, config: { public: true } }, async (req) => {
    const payment = await payments.settle(req.body);
    // Money taken for a code already paid: to be refunded (docs/payments.md lists these payments).
    if (payment.status === 'overpaid') req.log.warn({ payment: payment.id, amount: payment.amount }, 'card payment for a code already paid: to refund');
    return ok(payment);
  });

  payments.provider?.routes?.(app, payments);
}
