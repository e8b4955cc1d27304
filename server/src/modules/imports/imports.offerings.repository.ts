/** SQL of the registration offerings import: the offerings and subgroups a file is compared with, and its writes. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { regOfferings, regSubgroups, semesters } from '../../db/schema';
import { chunks } from '../../shared/staff.repository';

export type OfferingRow = typeof regOfferings.$inferSelect;
export type OfferingValues = Omit<OfferingRow, 'id'>;
export type SubgroupRow = typeof regSubgroups.$inferSelect;
export type SubgroupValues = Omit<SubgroupRow, 'id' | 'taken'>;

export async function allOfferings(db: Db): Promise<OfferingRow[]> {
  return db.select().from(regOfferings).orderBy(asc(regOfferings.id));
}

export async function allSubgroups(db: Db): Promise<SubgroupRow[]> {
  return db.select().from(regSubgroups).orderBy(asc(regSubgroups.offeringId), asc(regSubgroups.teacherId), asc(regSubgroups.number));
}

/** The semesters of study with the half-year each falls in. */
export async function semestersOfHalfYears(db: Db) {
  return db
    .select({ id: semesters.id, number: semesters.number, workingSemesterId: semesters.workingSemesterId })
    .from(semesters)
    .orderBy(asc(semesters.number));
}

/** New offerings; their ids in the order given. */
export async function insertOfferings(db: Db, rows: OfferingValues[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows)) ids.push(...(await db.insert(regOfferings).values(part).returning({ id: regOfferings.id })).map((r) => r.id));
  return ids;
}

export async function updateOffering(db: Db, id: number, values: Partial<OfferingValues>): Promise<void> {
  await db.update(regOfferings).set(values).where(eq(regOfferings.id, id));
}

export async function insertSubgroups(db: Db, rows: SubgroupValues[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(regSubgroups).values(part);
}

export async function updateSubgroup(db: Db, id: number, values: Partial<SubgroupValues>): Promise<void> {
  await db.update(regSubgroups).set(values).where(eq(regSubgroups.id, id));
}
