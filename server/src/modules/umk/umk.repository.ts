/** SQL of the teaching materials: reference lists, the materials with their files, who studies what. */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { books, controlForms, files, semesters, specialities, teachers, teachingAssignments, umkItems, umkTypes } from '../../db/schema';
import { nameColumns } from '../../shared/names';
import { personNameColumns } from '../../shared/account-person';

export const types = (db: Db) => db.select().from(umkTypes).orderBy(asc(umkTypes.id));
export const examTypes = (db: Db) => db.select().from(controlForms).orderBy(asc(controlForms.id));

async function exists(db: Db, table: typeof umkTypes | typeof controlForms | typeof semesters | typeof specialities, id: number): Promise<boolean> {
  return (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
}
export const typeExists = (db: Db, id: number) => exists(db, umkTypes, id);
export const examTypeExists = (db: Db, id: number) => exists(db, controlForms, id);
export const semesterExists = (db: Db, id: number) => exists(db, semesters, id);
export const specialityExists = (db: Db, id: number) => exists(db, specialities, id);

/** Teachers who teach the discipline (any year), by name. */
export async function teachersOfDiscipline(db: Db, disciplineId: number) {
  return db
    .selectDistinct({ id: teachers.id, ...personNameColumns(teachers) })
    .from(teachingAssignments)
    .innerJoin(teachers, eq(teachers.id, teachingAssignments.teacherId))
    .where(eq(teachingAssignments.disciplineId, disciplineId))
    .orderBy(asc(teachers.surname), asc(teachers.name), asc(teachers.id));
}

/** Does the teacher teach the discipline (any group, any year)? */
export async function teachesDiscipline(db: Db, teacherId: number, disciplineId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(teachingAssignments)
    .where(and(eq(teachingAssignments.teacherId, teacherId), eq(teachingAssignments.disciplineId, disciplineId)))
    .limit(1);
  return rows.length > 0;
}

const itemColumns = {
  id: umkItems.id,
  typeId: umkItems.typeId,
  type: nameColumns(umkTypes),
  name: umkItems.name,
  author: umkItems.author,
  description: umkItems.description,
  totalPages: umkItems.totalPages,
  fileId: umkItems.fileId,
  fileName: files.originalName,
  fileSize: files.size,
  mime: files.mime,
  disciplineId: umkItems.disciplineId,
  semesterId: umkItems.semesterId,
  controlFormId: umkItems.controlFormId,
  specialityId: umkItems.specialityId,
  teacherId: umkItems.teacherId,
  surname: teachers.surname,
  firstName: teachers.name,
  patronymic: teachers.patronymic,
  credits: umkItems.credits,
  audience: umkItems.audience,
  bookId: umkItems.bookId,
  bookCategoryId: books.categoryId,
};
export type ItemRow = Awaited<ReturnType<typeof findItems>>[number];

/** Materials matching the conditions, newest first. */
export async function findItems(db: Db, ...conditions: SQL[]) {
  return db
    .select(itemColumns)
    .from(umkItems)
    .innerJoin(umkTypes, eq(umkTypes.id, umkItems.typeId))
    .innerJoin(files, eq(files.id, umkItems.fileId))
    .innerJoin(teachers, eq(teachers.id, umkItems.teacherId))
    .leftJoin(books, eq(books.id, umkItems.bookId))
    .where(and(...conditions))
    .orderBy(desc(umkItems.createdAt), desc(umkItems.id));
}

export const ofDiscipline = (disciplineId: number, semesterId?: number) =>
  and(eq(umkItems.disciplineId, disciplineId), semesterId === undefined ? undefined : eq(umkItems.semesterId, semesterId))!;
export const byId = (id: number) => eq(umkItems.id, id);
/** What a student of that speciality and form of study may see (audience 0, or his form's; his speciality or none). */
export const forStudent = (specialityId: number, audiences: number[]) =>
  and(inArray(umkItems.audience, audiences), or(isNull(umkItems.specialityId), eq(umkItems.specialityId, specialityId)))!;

export type ItemValues = Omit<typeof umkItems.$inferInsert, 'id' | 'createdAt'>;

export async function insertItem(db: Db, values: ItemValues): Promise<number> {
  const [row] = await db.insert(umkItems).values(values).returning({ id: umkItems.id });
  return row.id;
}

export async function updateItem(db: Db, id: number, values: Partial<ItemValues>): Promise<void> {
  await db.update(umkItems).set(values).where(eq(umkItems.id, id));
}

export async function deleteItem(db: Db, id: number): Promise<void> {
  await db.delete(umkItems).where(eq(umkItems.id, id));
}
