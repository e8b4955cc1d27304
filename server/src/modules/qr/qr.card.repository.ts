/** SQL of the QR student card: its token (made once, renewed on revoke) and what the public card shows. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personNameColumns } from '../../shared/account-person';
import { nameColumns } from '../../shared/names';
import { groups, photos, qrCardTokens, specialities, studentOrders, students, users } from '../../db/schema';

export async function findCardToken(db: Db, studentId: number): Promise<string | undefined> {
  const [row] = await db.select({ token: qrCardTokens.token }).from(qrCardTokens).where(eq(qrCardTokens.studentId, studentId));
  return row?.token;
}

export async function saveCardToken(db: Db, studentId: number, token: string, replace: boolean): Promise<string> {
  const insert = db.insert(qrCardTokens).values({ studentId, token });
  const [row] = await (
    replace ? insert.onConflictDoUpdate({ target: qrCardTokens.studentId, set: { token, createdAt: new Date() } }) : insert.onConflictDoNothing()
  ).returning({
    token: qrCardTokens.token,
  });
  return row?.token ?? (await findCardToken(db, studentId))!;
}

/** What the public card shows of the student holding `token` (an active account only). */
export async function cardOf(db: Db, token: string) {
  const [row] = await db
    .select({
      studentId: students.id,
      ...personNameColumns(students),
      code: students.code,
      admissionYear: students.admissionYear,
      group: groups.name,
      speciality: nameColumns(specialities),
      photoMime: photos.mime,
      photo: photos.bytes,
      disabled: users.disabled,
    })
    .from(qrCardTokens)
    .innerJoin(students, eq(students.id, qrCardTokens.studentId))
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .leftJoin(photos, eq(photos.id, students.photoId))
    .leftJoin(users, eq(users.studentId, students.id))
    .where(eq(qrCardTokens.token, token));
  if (!row || row.disabled) return undefined;
  const orders = await db
    .select({
      number: studentOrders.number,
      date: studentOrders.orderDate,
      nameRu: studentOrders.nameRu,
      nameKg: studentOrders.nameKg,
      nameEn: studentOrders.nameEn,
    })
    .from(studentOrders)
    .where(eq(studentOrders.studentId, row.studentId))
    .orderBy(asc(studentOrders.orderDate), asc(studentOrders.id));
  return { ...row, orders };
}
