/**
 * Paid services, payment codes and card payment under /api/misc/ (docs/areas/payment.md#calls). A student
 * gets the code (account) of a service for a year and pays it at a bank, a terminal or by card. Card
 * payment goes through a provider (the built-in sandbox serves its own payment page); the
 * provider's signed callback applies a payment exactly once. No card number or CVV is stored.
 */
import { Type, type Static } from 'typebox';
import { DbId, IdName, Ok, YearStart } from './common';

/** Test cards of the sandbox provider (docs/areas/payment.md#calls): paid, declined. */
export const SANDBOX_CARD_OK = '4242 4242 4242 4242';
export const SANDBOX_CARD_DECLINED = '4000 0000 0000 0002';

export const PaidService = Type.Object({ id: Type.Integer(), name: Type.String(), amount: Type.Integer() });
export type PaidService = Static<typeof PaidService>;
export const ServicesReply = Ok(Type.Array(PaidService));

/**
 * A card payment's state: 'overpaid' is money the provider took for a code another payment had
 * already paid; it is not counted as paid, the student sees it and it is listed for refund (docs/payments.md).
 */
export const PaymentStatus = Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('declined'), Type.Literal('overpaid')]);
export type PaymentStatus = Static<typeof PaymentStatus>;

/** A card payment of a code with its receipt once paid. */
export const CardPayment = Type.Object({
  id: Type.String(),
  amount: Type.Integer(),
  status: PaymentStatus,
  createdAt: Type.String(),
  completedAt: Type.Union([Type.String(), Type.Null()]),
  receiptNo: Type.Union([Type.String(), Type.Null()]),
});
export type CardPayment = Static<typeof CardPayment>;

/** A line of the payment info list (recipient, bank, purpose…). */
export const PaymentInfo = Type.Object({ label: Type.String(), value: Type.String() });
export type PaymentInfo = Static<typeof PaymentInfo>;

/** POST paymentcode.json {id_year, id_group, id_student, id_uslug}: the caller's code for the service (made once). */
export const PaymentCodeBody = Type.Object({ id_year: YearStart, id_group: DbId, id_student: DbId, id_uslug: DbId });
export type PaymentCodeBody = Static<typeof PaymentCodeBody>;
export const PaymentCode = Type.Object({
  account: Type.String(),
  id_uslug: Type.Integer(),
  /** The academic year the code is for (its first calendar year). */
  id_year: Type.Integer(),
  service: Type.String(),
  amount: Type.Integer(),
  /** What its one paid card payment brought (0 or amount). */
  paid: Type.Integer(),
  status: Type.Union([Type.Literal('unpaid'), Type.Literal('paid')]),
  /** Money taken beyond the code (its 'overpaid' payments), to be refunded to the student; 0 when none. */
  overpaid: Type.Integer(),
  info: Type.Array(PaymentInfo),
  payments: Type.Array(CardPayment),
});
export type PaymentCode = Static<typeof PaymentCode>;
export const PaymentCodeReply = Ok(PaymentCode);

/**
 * GET payment.json?id= : the code of one of the caller's card payments, with its payments (the
 * portal's page shows the payment's state when the student comes back from the provider); another's 404.
 */
export const PaymentOfQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type PaymentOfQuery = Static<typeof PaymentOfQuery>;

/** POST paybycard.json {account} (idempotent): a pending payment and the provider's payment page to open. */
export const PayByCardBody = Type.Object({ account: Type.String({ minLength: 1, maxLength: 40 }) });
export type PayByCardBody = Static<typeof PayByCardBody>;
export const PayByCard = Type.Object({ id_payment: Type.String(), url: Type.String() });
export type PayByCard = Static<typeof PayByCard>;
export const PayByCardReply = Ok(PayByCard);

/** POST paycallback.json (no session): the provider's result, signed (HMAC-SHA256 of `id|status|amount|providerRef`, hex). */
export const PayCallbackBody = Type.Object({
  id_payment: Type.String({ minLength: 1, maxLength: 64 }),
  status: Type.Union([Type.Literal('paid'), Type.Literal('declined')]),
  amount: Type.Integer(),
  providerRef: Type.String({ minLength: 1, maxLength: 64 }),
  signature: Type.String({ minLength: 1, maxLength: 128 }),
});
export type PayCallbackBody = Static<typeof PayCallbackBody>;
export const PayCallbackReply = Ok(CardPayment);

/** GET sandbox/pay.html?id= : the sandbox provider's payment page; POST it (a form) with the card. */
export const SandboxPageQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type SandboxPageQuery = Static<typeof SandboxPageQuery>;
export const SandboxPayForm = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  card: Type.String({ maxLength: 40 }),
  exp: Type.String({ maxLength: 10 }),
  cvc: Type.String({ maxLength: 6 }),
  holder: Type.Optional(Type.String({ maxLength: 100 })),
});
export type SandboxPayForm = Static<typeof SandboxPayForm>;

/**
 * GET payer.json: the caller's ids the payment code request needs (a student's own group and the
 * current year), and the years a code may be asked for (his admission to the current one, newest first).
 */
export const Payer = Type.Object({ id_student: Type.Integer(), id_group: Type.Integer(), id_year: Type.Integer(), years: Type.Array(IdName) });
export type Payer = Static<typeof Payer>;
export const PayerReply = Ok(Payer);
