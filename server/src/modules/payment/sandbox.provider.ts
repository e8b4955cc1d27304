/**
 * Card payment providers and the built-in sandbox (docs/api.md#payment). A provider gives the page
 * where the card is entered and, once it decided, calls the portal back with a signed result. The
 * sandbox's page is served by the portal itself; its test cards: SANDBOX_CARD_OK is paid,
 * SANDBOX_CARD_DECLINED is declined, any other valid card number is declined too. The card number
 * and CVV only pass through decide() and are never stored or logged.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_OK } from '../../../../contract/payment';

export interface ProviderResult {
  id_payment: string;
  status: 'paid' | 'declined';
  amount: number;
  providerRef: string;
}

export interface PaymentProvider {
  name: string;
  /** Where the student enters the card for this payment. */
  pageUrl(paymentId: string): string;
}

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

export const sandboxProvider: PaymentProvider & { decide(card: string): 'paid' | 'declined' } = {
  name: 'sandbox',
  pageUrl: (id) => `/api/misc/sandbox/pay.html?id=${encodeURIComponent(id)}`,
  decide: (card) => (digits(card) === digits(SANDBOX_CARD_OK) ? 'paid' : digits(card) === digits(SANDBOX_CARD_DECLINED) ? 'declined' : 'declined'),
};

const signed = (r: Omit<ProviderResult, never>) => `${r.id_payment}|${r.status}|${r.amount}|${r.providerRef}`;

export function signResult(secret: Buffer, r: ProviderResult): string {
  return createHmac('sha256', secret).update(signed(r)).digest('hex');
}

export function verifyResult(secret: Buffer, r: ProviderResult, signature: string): boolean {
  const expected = Buffer.from(signResult(secret, r), 'hex');
  const given = Buffer.from(/^[0-9a-f]+$/i.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const newProviderRef = () => `SBX-${randomBytes(6).toString('hex').toUpperCase()}`;
