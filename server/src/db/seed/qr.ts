/**
 * Seed step 0008-qr: the orders each student's card lists: the enrolment order of their admission
 * year and one transfer order for every later academic year that has begun. Order numbers come
 * from a seeded generator, so every run writes the same rows.
 */
import { asc } from 'drizzle-orm';
import { currentPeriod } from '../../lib/academic-year';
import type { Db } from '../client';
import { students, studentOrders } from '../schema';
import type { SeedContext } from './index';
import { Prng } from './prng';

const BATCH = 1000;

export async function seedQr(db: Db, ctx: SeedContext): Promise<void> {
  const prng = new Prng('0008-qr');
  const current = currentPeriod(ctx.now).year;
  const all = await db.select({ id: students.id, admissionYear: students.admissionYear }).from(students).orderBy(asc(students.id));
  // One number per order and year, shared by the students it concerns (as a real order lists many students).
  const numbers = new Map<string, string>();
  const numberOf = (kind: string, year: number) => {
    const key = `${kind}:${year}`;
    if (!numbers.has(key)) numbers.set(key, `${prng.int(100, 899)}-${kind === 'enrol' ? 'к' : 'п'}`);
    return numbers.get(key)!;
  };
  const rows: (typeof studentOrders.$inferInsert)[] = [];
  for (const s of all) {
    rows.push({
      studentId: s.id,
      number: numberOf('enrol', s.admissionYear),
      orderDate: `${s.admissionYear}-08-25`,
      nameRu: 'О зачислении в число студентов 1 курса',
      nameKg: '1-курстун студенттеринин катарына кабыл алуу жөнүндө',
      nameEn: 'Enrolment as a first-year student',
    });
    for (let year = s.admissionYear + 1; year <= current; year++) {
      const course = year - s.admissionYear + 1;
      if (course > 5) break;
      rows.push({
        studentId: s.id,
        number: numberOf('move', year),
        orderDate: `${year}-08-28`,
        nameRu: `О переводе на ${course} курс`,
        nameKg: `${course}-курска которуу жөнүндө`,
        nameEn: `Transfer to year ${course}`,
      });
    }
  }
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(studentOrders).values(rows.slice(i, i + BATCH));
}
