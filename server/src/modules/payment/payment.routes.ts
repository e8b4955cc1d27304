/**
 * /api/misc/uslugi|paymentcode|paybycard.json (session), paycallback.json (the provider, signed, no
 * session) and the sandbox provider's page sandbox/pay.html (no session; docs/api.md#payment).
 */
import {
  PayByCardBody,
  PayByCardReply,
  PayCallbackBody,
  PayCallbackReply,
  PaymentCodeBody,
  PaymentCodeReply,
  PayerReply,
  SandboxPageQuery,
  SandboxPayForm,
  ServicesReply,
} from '../../../../contract/payment';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { PaymentService } from './payment.service';
import { sandboxPage } from './sandbox.page';
import { validCardNumber, validExpiry } from './sandbox.provider';

export default async function paymentRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const payments = new PaymentService(ctx);
  // The sandbox page posts an HTML form (application/x-www-form-urlencoded).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/api/misc/uslugi.json', { schema: { response: replies(ServicesReply) } }, async (req) => ok(await payments.services(languageOf(req))));
  app.get('/api/misc/payer.json', { schema: { response: replies(PayerReply) } }, async (req) => ok(await payments.payer(req.auth!)));
  app.post(
    '/api/misc/paymentcode.json',
    { schema: { body: PaymentCodeBody, response: replies(PaymentCodeReply) }, config: { idempotent: true } },
    async (req) => ok(await payments.code(req.auth!, req.body, languageOf(req))),
  );
  app.post('/api/misc/paybycard.json', { schema: { body: PayByCardBody, response: replies(PayByCardReply) }, config: { idempotent: true } }, async (req) =>
    ok(await payments.payByCard(req.auth!, req.body)),
  );
  app.post('/api/misc/paycallback.json', { schema: { body: PayCallbackBody, response: replies(PayCallbackReply) }, config: { public: true } }, async (req) =>
    ok(await payments.callback(req.body)),
  );

  app.get('/api/misc/sandbox/pay.html', { schema: { querystring: SandboxPageQuery }, config: { public: true } }, async (req, reply) => {
    const lang = languageOf(req);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return sandboxPage(await payments.pageOf(req.query.id, lang), lang, false);
  });
  app.post('/api/misc/sandbox/pay.html', { schema: { body: SandboxPayForm }, config: { public: true } }, async (req, reply) => {
    const lang = languageOf(req);
    const { id, card, exp, cvc } = req.body;
    if (!validCardNumber(card) || !validExpiry(exp, ctx.now()) || !/^\d{3,4}$/.test(cvc)) {
      reply.code(400).type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return sandboxPage(await payments.pageOf(id, lang), lang, true);
    }
    const result = await payments.sandboxDecide(id, card);
    return reply.redirect(`/lms/paymentcode?payment=${encodeURIComponent(result.id)}`, 303);
  });
}
