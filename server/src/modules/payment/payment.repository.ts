/** SQL of paid services, payment codes and card payments. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { groups, students } from '../../db/schema';
import { personNameColumns } from '../../shared/account-person';
import { cardPayments, paidServices, paymentCodes } from './payment.schema';

export async function services(db: Db) {
  return db.select().from(paidServices).orderBy(asc(paidServices.id));
}

export async function service(db: Db, id: number) {
  const [row] = await db.select().from(paidServices).where(eq(paidServices.id, id));
  return row;
}

export async function studentOf(db: Db, id: number) {
  const [row] = await db
    .select({
      id: students.id,
      groupId: students.groupId,
      ...personNameColumns(students),
      admissionYear: groups.admissionYear,
    })
    .from(students)
    .innerJoin(groups, eq(groups.id, students.groupId))
    .where(eq(students.id, id));
  return row;
}

export type CodeRow = typeof paymentCodes.$inferSelect;

/** The code of (student, service, year), made once (a second call finds the first). */
export async function ensureCode(db: Db, row: Omit<typeof paymentCodes.$inferInsert, 'id'>): Promise<CodeRow> {
  await db.insert(paymentCodes).values(row).onConflictDoNothing();
  const [code] = await db
    .select()
    .from(paymentCodes)
    .where(and(eq(paymentCodes.studentId, row.studentId), eq(paymentCodes.serviceId, row.serviceId), eq(paymentCodes.academicYearId, row.academicYearId)));
  return code;
}

export async function codeByAccount(db: Db, account: string): Promise<CodeRow | undefined> {
  const [row] = await db.select().from(paymentCodes).where(eq(paymentCodes.account, account));
  return row;
}

export async function codeById(db: Db, id: number): Promise<CodeRow | undefined> {
  const [row] = await db.select().from(paymentCodes).where(eq(paymentCodes.id, id));
  return row;
}

export type PaymentRow = typeof cardPayments.$inferSelect;

export async function paymentsOf(db: Db, codeId: number): Promise<PaymentRow[]> {
  return db.select().from(cardPayments).where(eq(cardPayments.paymentCodeId, codeId)).orderBy(desc(cardPayments.createdAt));
}

/** Locks the code's row: the card payments of one code are started and settled one after another (payment.service.ts). */
export async function lockCode(db: Db, id: number): Promise<void> {
  await rowsOf(db, sql`select id from payment_codes where id = ${id} for update`);
}

/** What the code's card payments of a status brought (paid: at most one payment, card_payments_paid_uq). */
export async function sumOf(db: Db, codeId: number, status: 'paid' | 'overpaid'): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cardPayments.amount}), 0)::int` })
    .from(cardPayments)
    .where(and(eq(cardPayments.paymentCodeId, codeId), eq(cardPayments.status, status)));
  return Number(row.n);
}

/** The code's open (pending) card payment, the latest when several were left open. */
export async function openPayment(db: Db, codeId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.paymentCodeId, codeId), eq(cardPayments.status, 'pending')))
    .orderBy(desc(cardPayments.createdAt), desc(cardPayments.id))
    .limit(1);
  return row;
}

export async function insertPayment(db: Db, row: typeof cardPayments.$inferInsert): Promise<void> {
  await db.insert(cardPayments).values(row);
}

export async function payment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.id, id));
  return row;
}

/** Settles a pending payment (once: a payment no longer pending is left as it is); the row when this call settled it. */
export async function settle(
  db: Db,
  id: string,
  values: { status: 'paid' | 'declined' | 'overpaid'; completedAt: Date; providerRef: string; receiptNo: string | null },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(cardPayments)
    .set(values)
    .where(and(eq(cardPayments.id, id), eq(cardPayments.status, 'pending')))
    .returning();
  return row;
}
