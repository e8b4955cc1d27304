/**
 * The payment area's tables (found by drizzle-kit through drizzle.config.ts, as every
 * `modules/<area>/<area>.schema.ts`): paid services, the payment codes students pay them with (at a bank, a terminal or by card) and
 * the card payments made through a payment provider. No card number or CVV is ever stored.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { academicYears, groups, students } from '../../db/schema';
import { names, tstz } from '../../db/schema/columns';

/** A paid service (uslugi) and its price in som. */
export const paidServices = pgTable('paid_services', { id: serial('id').primaryKey(), ...names, amount: integer('amount').notNull() }, (t) => [
  check('paid_services_amount_ck', sql`${t.amount} > 0`),
]);

/** A student's payment code (account) for a service in a year. */
export const paymentCodes = pgTable(
  'payment_codes',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull().unique(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => paidServices.id),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    amount: integer('amount').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [unique('payment_codes_student_uq').on(t.studentId, t.serviceId, t.academicYearId)],
);

/**
 * A card payment (the provider's order) of a code: pending until the provider's signed result,
 * then paid, declined, or overpaid (the provider took money for a code another payment had
 * already paid: recorded with its receipt and listed for refund, docs/payments.md).
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    /** Random, unguessable (the provider's order id). */
    id: text('id').primaryKey(),
    paymentCodeId: integer('payment_code_id')
      .notNull()
      .references(() => paymentCodes.id),
    amount: integer('amount').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    createdAt: tstz('created_at').notNull(),
    completedAt: tstz('completed_at'),
    /** The provider's transaction id, once paid. */
    providerRef: text('provider_ref').unique(),
    receiptNo: text('receipt_no').unique(),
  },
  (t) => [
    index('card_payments_code_idx').on(t.paymentCodeId),
    check('card_payments_status_ck', sql`${t.status} in ('pending', 'paid', 'declined', 'overpaid')`),
    // A code is paid by one card payment at most; money a provider reports for a code already paid is 'overpaid' (to refund).
    uniqueIndex('card_payments_paid_uq')
      .on(t.paymentCodeId)
      .where(sql`${t.status} = 'paid'`),
  ],
);
