/**
 * The payment area's seed step: the paid services of the demo university and their prices. Declared
 * by the area (`seed` of its entry in server/src/modules/index.ts); the seed runs it in name order
 * with every other step (server/src/db/seed/index.ts).
 */
import type { Db } from '../../db/client';
import type { Names } from '../../db/seed/data';
import type { SeedContext, SeedStep } from '../../db/seed';
import { paidServices } from './payment.schema';

export const SERVICES: ReadonlyArray<{ names: Names; amount: number }> = [
  { names: ['Оплата за обучение (контракт)', 'Окуу акысы (келишим)', 'Tuition fee (contract)'], amount: 85000 },
  { names: ['Проживание в общежитии (месяц)', 'Жатаканада жашоо (бир ай)', 'Dormitory (one month)'], amount: 2500 },
  { names: ['Пересдача экзамена', 'Сынакты кайра тапшыруу', 'Exam retake'], amount: 500 },
  { names: ['Дубликат студенческого билета', 'Студенттик билеттин дубликаты', 'Duplicate student ID card'], amount: 300 },
];

async function seedPayments(db: Db, ctx: SeedContext): Promise<void> {
  await db.insert(paidServices).values(SERVICES.map((s) => ({ nameRu: s.names[0], nameKg: s.names[1], nameEn: s.names[2], amount: s.amount })));
  ctx.log(`payment: ${SERVICES.length} paid services`);
}

export const SEED_STEPS: readonly SeedStep[] = [{ name: '0014-payment', run: seedPayments }];
