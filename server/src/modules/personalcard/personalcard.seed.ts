/**
 * The personal card's seed step: every student's admission by an order of the year he entered, and
 * for the demo student a real history besides (admitted to another group of her speciality,
 * transferred to her group, an academic leave and her return). Declared by the area (`seed` of its
 * entry in server/src/modules/index.ts); a database seeded before gets it as the next step.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, students, users } from '../../db/schema';
import { DEMO_STUDENT } from '../../db/seed/data';
import type { SeedContext, SeedStep } from '../../db/seed';
import { educationEvents } from './personalcard.schema';

/** Admissions are ordered on 25 August and take effect on 1 September of the admission year. */
const ADMISSION_ORDER_DAY = '08-25';
const ADMISSION_DAY = '09-01';

/** The demo student's group before her transfer (the other group of her speciality and year). */
const DEMO_FIRST_GROUP = 'ПИ-2-24';

async function seedEducationHistory(db: Db, ctx: SeedContext): Promise<void> {
  const rows = await db
    .select({ id: students.id, groupId: students.groupId, year: groups.admissionYear, specialityId: groups.specialityId })
    .from(students)
    .innerJoin(groups, eq(groups.id, students.groupId))
    .orderBy(students.id);
  // One admission order per speciality and year.
  const admission = (r: (typeof rows)[number], groupId: number) => ({
    studentId: r.id,
    kind: 'admission',
    date: `${r.year}-${ADMISSION_DAY}`,
    orderNumber: `${100 + r.specialityId}-К`,
    orderDate: `${r.year}-${ADMISSION_ORDER_DAY}`,
    groupToId: groupId,
  });
  const [demo] = await db
    .select({ id: students.id, groupId: students.groupId })
    .from(users)
    .innerJoin(students, eq(students.id, users.studentId))
    .where(eq(users.login, DEMO_STUDENT.login));
  const [first] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, DEMO_FIRST_GROUP));
  const values = rows.map((r) => admission(r, demo && first && r.id === demo.id ? first.id : r.groupId));
  if (values.length) await db.insert(educationEvents).values(values);
  if (demo && first) {
    await db.insert(educationEvents).values([
      {
        studentId: demo.id,
        kind: 'transfer',
        date: '2025-02-03',
        orderNumber: '27-С',
        orderDate: '2025-01-30',
        groupFromId: first.id,
        groupToId: demo.groupId,
        note: 'По личному заявлению',
      },
      { studentId: demo.id, kind: 'leave', date: '2025-03-10', orderNumber: '41-С', orderDate: '2025-03-05', note: 'По состоянию здоровья' },
      { studentId: demo.id, kind: 'return', date: '2025-04-21', orderNumber: '58-С', orderDate: '2025-04-18', groupToId: demo.groupId },
    ]);
  }
  ctx.log(`personalcard: ${values.length} admissions${demo && first ? ', the demo student’s transfer, leave and return' : ''}`);
}

export const SEED_STEPS: readonly SeedStep[] = [{ name: '0020-personalcard', run: seedEducationHistory }];
