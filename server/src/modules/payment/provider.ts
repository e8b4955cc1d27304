/**
 * The one interface of a card payment provider (docs/payments.md). The portal makes an order (a
 * pending card payment: its id, amount and the payment code) and sends the student to the
 * provider's page; the provider calls back with a signed result, which PaymentService.settle()
 * applies under the code's lock: once per order, the amount checked, a code paid by one order at
 * most (money reported for a code already paid is kept as 'overpaid', for refund). An acquirer's
 * adapter implements PaymentProvider and is chosen by PAYMENT_PROVIDER (paymentProviderOf below);
 * the built-in one is the sandbox (sandbox.provider.ts), for demos only.
 */
import type { App } from '../../app';
import type { AppContext } from '../../context';
import type { PaymentService } from './payment.service';
import { SandboxProvider } from './sandbox.provider';

/** An order as the provider gets it. */
export interface PaymentOrder {
  /** The portal's order id (random, unguessable): the provider's merchant order id. */
  id: string;
  /** In whole som. */
  amount: number;
  /** The payment code paid. */
  account: string;
  /** Human purpose of payment (service and code), for the provider's page and statement. */
  purpose: string;
}

/** A provider's decision on an order, as its callback reports it. */
export interface ProviderResult {
  id_payment: string;
  status: 'paid' | 'declined';
  amount: number;
  /** The provider's own transaction id. */
  providerRef: string;
}

export interface PaymentProvider {
  /** Stored with each order (card_payments.provider). */
  readonly name: string;
  /**
   * The page where the student pays this order. Called again for an order still open (the student
   * opens it a second time), so the same order must give a page of the same order, never a second charge.
   */
  pageUrl(order: PaymentOrder): Promise<string>;
  /** True when `signature` is the provider's own over `result` (a forged or altered callback is refused). */
  verify(result: ProviderResult, signature: string): Promise<boolean>;
  /** Routes of the provider's own inside the portal (the sandbox's card page), registered only when it is the configured provider. */
  routes?(app: App, payments: PaymentService): void;
}

/** The configured provider (PAYMENT_PROVIDER), or null: card payment is off. */
export function paymentProviderOf(ctx: AppContext): PaymentProvider | null {
  switch (ctx.config.paymentProvider) {
    case 'sandbox':
      return new SandboxProvider(ctx);
    default:
      return null;
  }
}
