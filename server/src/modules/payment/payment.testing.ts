/**
 * What the payment tests (payment*.test.ts) share: POST under /api/misc as any caller, the demo
 * student's group, his code of a service in a year and a card payment started for a code.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PayByCard, PaymentCode } from '@contract/payment';
import { students } from '../../db/schema';
import type { TestAppFixture } from '../../test/fixture';
import { headersOf, type Caller } from '../../test/requests';

export function paymentCalls(fx: TestAppFixture) {
  const post = (who: Caller, url: string, payload: object, headers: Record<string, string> = {}) =>
    fx.app.inject({ method: 'POST', url: `/api/misc/${url}`, payload, headers: { ...headersOf(who), ...headers } });

  /** The demo student's group. */
  async function studentGroup(): Promise<number> {
    const [{ groupId }] = await fx.db.database.db.select({ groupId: students.groupId }).from(students).where(eq(students.id, fx.student.user.uid));
    return groupId;
  }

  /** The demo student's code of service `id_uslug` in year `id_year`. */
  async function codeOf(id_uslug: number, id_year: number): Promise<PaymentCode> {
    const res = await post(fx.student, 'paymentcode.json', { id_year, id_group: await studentGroup(), id_student: fx.student.user.uid, id_uslug });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  /** A card payment of code `account`, as the demo student starts it. */
  async function startPayment(account: string): Promise<PayByCard> {
    const res = await post(fx.student, 'paybycard.json', { account });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  return { post, studentGroup, codeOf, startPayment };
}
