/**
 * The built-in sandbox provider (docs/payments.md), on only with PAYMENT_PROVIDER=sandbox: a test
 * bank whose card page is served by the portal itself (GET/POST /api/misc/sandbox/pay.html, no
 * session: the order id is the secret) and which calls the portal back, signed, as an acquirer
 * would. Its test cards: SANDBOX_CARD_OK is paid, SANDBOX_CARD_DECLINED and any other valid card
 * number are declined. It refuses an order whose code is already paid. The card number and CVC
 * only pass through decide() and are never stored or logged.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_CARD_OK, SandboxPageQuery, SandboxPayForm } from '@contract/payment';
import type { App } from '../../app';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { signingKey } from '../../shared/signing-keys';
import type { PaymentService } from './payment.service';
import type { PaymentOrder, PaymentProvider, ProviderResult } from './provider';
import { sandboxPage } from './sandbox.page';

/** The signing key (shared/signing-keys.ts) of the sandbox's callbacks. */
export const PAYMENT_KEY = 'payment-provider';

const digits = (s: string) => s.replace(/[\s-]/g, '');

/** Luhn check of a card number. */
export function validCardNumber(card: string): boolean {
  const d = digits(card);
  if (!/^\d{12,19}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return sum % 10 === 0;
}

/** MM/YY not in the past. */
export function validExpiry(exp: string, now: Date): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(exp.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  return month >= 1 && month <= 12 && (year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1));
}

/** The sandbox's decision on a card. */
export const decide = (card: string): 'paid' | 'declined' => (digits(card) === digits(SANDBOX_CARD_OK) ? 'paid' : 'declined');

const signed = (r: ProviderResult) => `${r.id_payment}|${r.status}|${r.amount}|${r.providerRef}`;

export function signResult(secret: Buffer, r: ProviderResult): string {
  return createHmac('sha256', secret).update(signed(r)).digest('hex');
}

export function verifyResult(secret: Buffer, r: ProviderResult, signature: string): boolean {
  const expected = Buffer.from(signResult(secret, r), 'hex');
  const given = Buffer.from(/^[0-9a-f]+$/i.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const newProviderRef = () => `SBX-${randomBytes(6).toString('hex').toUpperCase()}`;

const html = 'text/html; charset=utf-8';

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(private readonly ctx: AppContext) {}

  async pageUrl(order: PaymentOrder): Promise<string> {
    return `/api/misc/sandbox/pay.html?id=${encodeURIComponent(order.id)}`;
  }

  async verify(result: ProviderResult, signature: string): Promise<boolean> {
    return verifyResult(await signingKey(this.ctx.db, PAYMENT_KEY), result, signature);
  }

  private async sign(result: ProviderResult): Promise<string> {
    return signResult(await signingKey(this.ctx.db, PAYMENT_KEY), result);
  }

  routes(app: App, payments: PaymentService): void {
    // The sandbox page posts an HTML form (application/x-www-form-urlencoded).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    app.get(
      '/api/misc/sandbox/pay.html',
      { schema: { querystring: SandboxPageQuery }, config: { public: true, logSecrets: { query: ['id'] } } },
      async (req, reply) => {
        const lang = languageOf(req);
        const order = await payments.orderOf(req.query.id, lang);
        reply.type(html).header('cache-control', 'no-store');
        if (order.codePaid && order.status === 'pending') reply.code(409);
        return sandboxPage(order, lang, null);
      },
    );
    app.post('/api/misc/sandbox/pay.html', { schema: { body: SandboxPayForm }, config: { public: true } }, async (req, reply) => {
      const lang = languageOf(req);
      const { id, card, exp, cvc } = req.body;
      const order = await payments.orderOf(id, lang);
      const back = () => reply.redirect(`/lms/paymentcode?payment=${encodeURIComponent(id)}`, 303);
      if (order.status !== 'pending') return back();
      reply.type(html).header('cache-control', 'no-store');
      if (order.codePaid) return reply.code(409).send(sandboxPage(order, lang, null));
      if (!validCardNumber(card) || !validExpiry(exp, this.ctx.now()) || !/^\d{3,4}$/.test(cvc))
        return reply.code(400).send(sandboxPage(order, lang, 'invalid'));
      // The bank charges only an order whose code is still unpaid, decided under the code's lock
      // (settle's onlyUnpaid): of two pages of one code submitted at once, one pays, the other is refused.
      const result: ProviderResult = { id_payment: id, status: decide(card), amount: order.amount, providerRef: newProviderRef() };
      try {
        await payments.settle({ ...result, signature: await this.sign(result) }, { onlyUnpaid: true });
      } catch (err) {
        // Another submit of this page settled the order first: its state is on the portal's page.
        if (
          err instanceof AppError &&
          (err.code === 'PAYMENT_SETTLED' || (err.code === 'ALREADY_PAID' && (await payments.orderOf(id, lang)).status !== 'pending'))
        )
          return back();
        if (err instanceof AppError && err.code === 'ALREADY_PAID') return reply.code(409).send(sandboxPage({ ...order, codePaid: true }, lang, null));
        throw err;
      }
      return back();
    });
  }
}
