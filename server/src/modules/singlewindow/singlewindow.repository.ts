/** SQL of the single window: reference lists, orders, their history, registrars. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { groups, siteSettings, students, swDistricts, swDocTypes, swOrderHistory, swOrders, swPurposes, swRegions, users } from '../../db/schema';
import { nameColumns } from '../../shared/names';
import { personNameColumns } from '../../shared/account-person';

export const docTypes = (db: Db) =>
  db
    .select({ id: swDocTypes.id, kind: swDocTypes.kind, ...nameColumns(swDocTypes) })
    .from(swDocTypes)
    .orderBy(asc(swDocTypes.sort), asc(swDocTypes.id));
export const regions = (db: Db) =>
  db
    .select({ id: swRegions.id, ...nameColumns(swRegions) })
    .from(swRegions)
    .orderBy(asc(swRegions.sort), asc(swRegions.id));
export const purposes = (db: Db) =>
  db
    .select({ id: swPurposes.id, ...nameColumns(swPurposes) })
    .from(swPurposes)
    .orderBy(asc(swPurposes.sort), asc(swPurposes.id));
export const districtsOf = (db: Db, regionId: number) =>
  db
    .select({ id: swDistricts.id, regionId: swDistricts.regionId, ...nameColumns(swDistricts) })
    .from(swDistricts)
    .where(eq(swDistricts.regionId, regionId))
    .orderBy(asc(swDistricts.nameRu));

export async function districtRegion(db: Db, districtId: number): Promise<number | null> {
  const [row] = await db.select({ regionId: swDistricts.regionId }).from(swDistricts).where(eq(swDistricts.id, districtId));
  return row?.regionId ?? null;
}
export async function docTypeExists(db: Db, id: number) {
  return (await db.select({ id: swDocTypes.id }).from(swDocTypes).where(eq(swDocTypes.id, id))).length > 0;
}
export async function purposeExists(db: Db, id: number) {
  return (await db.select({ id: swPurposes.id }).from(swPurposes).where(eq(swPurposes.id, id))).length > 0;
}

/** The faculty a teacher's registrar flag covers, or null when he is no registrar. */
export async function registrarFaculty(db: Db, userId: number): Promise<number | null> {
  const rows = await rowsOf<{ faculty_id: number }>(
    db,
    sql`select d.faculty_id from users u join teachers t on t.id = u.teacher_id join departments d on d.id = t.department_id
        where u.id = ${userId} and u.registrar`,
  );
  return rows[0]?.faculty_id ?? null;
}

/** Accounts of the registrars of a faculty. */
export async function registrarsOf(db: Db, facultyId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select u.id from users u join teachers t on t.id = u.teacher_id join departments d on d.id = t.department_id
        where u.registrar and d.faculty_id = ${facultyId}`,
  );
  return rows.map((r) => r.id);
}

export async function accountOfStudent(db: Db, studentId: number): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.studentId, studentId));
  return row?.id ?? null;
}

export interface OrderValues {
  studentId: number;
  facultyId: number;
  docTypeId: number;
  regionId: number;
  districtId: number;
  purposeId: number;
}

export async function insertOrder(db: Db, values: OrderValues, actorUserId: number, at: Date): Promise<number> {
  const [row] = await db
    .insert(swOrders)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning({ id: swOrders.id });
  await db.insert(swOrderHistory).values({ orderId: row.id, status: 1, actorUserId, at });
  return row.id;
}

/**
 * Moves an order from `from` to `to` (false: none moved, its status was another); `reason` is the
 * order's (a rejection's), `note` what the history keeps of the step.
 */
export async function moveOrder(
  db: Db,
  id: number,
  from: readonly number[],
  to: number,
  reason: string | null,
  note: string | null,
  actorUserId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(swOrders)
    .set({ status: to, reason, updatedAt: at })
    .where(and(eq(swOrders.id, id), inArray(swOrders.status, [...from])))
    .returning({ id: swOrders.id });
  if (rows.length === 0) return false;
  await db.insert(swOrderHistory).values({ orderId: id, status: to, reason: note, actorUserId, at });
  return true;
}

const orderColumns = {
  id: swOrders.id,
  studentId: swOrders.studentId,
  facultyId: swOrders.facultyId,
  status: swOrders.status,
  reason: swOrders.reason,
  createdAt: swOrders.createdAt,
  updatedAt: swOrders.updatedAt,
  docTypeId: swOrders.docTypeId,
  docKind: swDocTypes.kind,
  docType: nameColumns(swDocTypes),
  region: nameColumns(swRegions),
  district: nameColumns(swDistricts),
  purpose: nameColumns(swPurposes),
  group: groups.name,
  ...personNameColumns(students),
};

function ordersQuery(db: Db) {
  return db
    .select(orderColumns)
    .from(swOrders)
    .innerJoin(swDocTypes, eq(swDocTypes.id, swOrders.docTypeId))
    .innerJoin(swRegions, eq(swRegions.id, swOrders.regionId))
    .innerJoin(swDistricts, eq(swDistricts.id, swOrders.districtId))
    .innerJoin(swPurposes, eq(swPurposes.id, swOrders.purposeId))
    .innerJoin(students, eq(students.id, swOrders.studentId))
    .innerJoin(groups, eq(groups.id, students.groupId));
}
export type OrderRow = Awaited<ReturnType<typeof ordersQuery>>[number];

export const ordersOfStudent = (db: Db, studentId: number) => ordersQuery(db).where(eq(swOrders.studentId, studentId)).orderBy(desc(swOrders.id));
/** A faculty's orders: open ones first, then the latest finished (at most `limit`). */
export const ordersOfFaculty = (db: Db, facultyId: number, limit: number) =>
  ordersQuery(db)
    .where(eq(swOrders.facultyId, facultyId))
    .orderBy(
      sql`case when ${swOrders.status} in (1, 2) then 0 else 1 end`,
      asc(sql`case when ${swOrders.status} in (1, 2) then ${swOrders.id} else -${swOrders.id} end`),
    )
    .limit(limit);
export async function findOrder(db: Db, id: number): Promise<OrderRow | null> {
  const [row] = await ordersQuery(db).where(eq(swOrders.id, id));
  return row ?? null;
}

/** The changes of some orders, oldest first, with the name of the person who made each. */
export async function historyOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  const rows = await rowsOf<{
    order_id: number;
    status: number;
    reason: string | null;
    at: Date | string;
    surname: string | null;
    name: string | null;
    patronymic: string | null;
  }>(
    db,
    sql`select h.order_id, h.status, h.reason, h.at,
               coalesce(t.surname, s.surname) as surname, coalesce(t.name, s.name) as name, coalesce(t.patronymic, s.patronymic) as patronymic
        from sw_order_history h
        left join users u on u.id = h.actor_user_id
        left join teachers t on t.id = u.teacher_id
        left join students s on s.id = u.student_id
        where h.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by h.id`,
  );
  return rows.map((r) => ({
    orderId: r.order_id,
    status: r.status,
    reason: r.reason,
    at: new Date(r.at),
    by: r.surname ? [r.surname, r.name, r.patronymic].filter(Boolean).join(' ') : null,
  }));
}

/** The key that signs certificates' verification tokens: made once, kept in site_settings. */
export async function signingSecret(db: Db, fresh: string): Promise<string> {
  await db.insert(siteSettings).values({ key: 'document_signing_key', value: fresh }).onConflictDoNothing();
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, 'document_signing_key'));
  return row.value;
}

/** Was the order prepared at some point (a canceled one then had its certificate revoked)? */
export async function wasPrepared(db: Db, orderId: number): Promise<boolean> {
  const rows = await db
    .select({ id: swOrderHistory.id })
    .from(swOrderHistory)
    .where(and(eq(swOrderHistory.orderId, orderId), eq(swOrderHistory.status, 3)))
    .limit(1);
  return rows.length > 0;
}
