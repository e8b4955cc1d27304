/** SQL of the news feed: visibility, pages, files, reads and audience sizes. */
import { and, asc, count, desc, eq, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, faculties, files, groups, news, newsFiles, newsReads, positions, specialities, students, teachers, users } from '../../db/schema';

/** Who is reading: the account, its role and the faculty the person belongs to. */
export interface Reader {
  userId: number;
  role: 1 | 2;
  facultyId: number | null;
}

/** The faculty of a teacher (department → faculty) or of a student (group → speciality → faculty). */
export async function findPersonFaculty(db: Db, role: 1 | 2, personId: number): Promise<number | null> {
  if (role === 1) {
    const [row] = await db
      .select({ facultyId: departments.facultyId })
      .from(teachers)
      .innerJoin(departments, eq(departments.id, teachers.departmentId))
      .where(eq(teachers.id, personId));
    return row?.facultyId ?? null;
  }
  const [row] = await db
    .select({ facultyId: specialities.facultyId })
    .from(students)
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .where(eq(students.id, personId));
  return row?.facultyId ?? null;
}

/** Published and addressed to the reader (audience and faculty). */
function addressedTo(reader: Reader, now: Date): SQL {
  return and(
    lte(news.publishAt, now),
    inArray(news.audience, [0, reader.role]),
    reader.facultyId === null ? isNull(news.facultyId) : or(isNull(news.facultyId), eq(news.facultyId, reader.facultyId)),
  ) as SQL;
}

/** What the reader may see: items addressed to them, and always their own. */
export function visibleTo(reader: Reader, now: Date): SQL {
  return or(eq(news.authorUserId, reader.userId), addressedTo(reader, now)) as SQL;
}

const itemColumns = {
  id: news.id,
  authorUserId: news.authorUserId,
  message: news.message,
  audience: news.audience,
  facultyId: news.facultyId,
  pinned: news.pinned,
  publishAt: news.publishAt,
  faculty: { nameRu: faculties.nameRu, nameKg: faculties.nameKg, nameEn: faculties.nameEn },
  authorRole: users.role,
  teacher: { surname: teachers.surname, name: teachers.name, patronymic: teachers.patronymic },
  position: { nameRu: positions.nameRu, nameKg: positions.nameKg, nameEn: positions.nameEn },
  department: { nameRu: departments.nameRu, nameKg: departments.nameKg, nameEn: departments.nameEn },
  student: { surname: students.surname, name: students.name, patronymic: students.patronymic },
  group: groups.name,
};

function itemQuery(db: Db) {
  return db
    .select(itemColumns)
    .from(news)
    .innerJoin(users, eq(users.id, news.authorUserId))
    .leftJoin(faculties, eq(faculties.id, news.facultyId))
    .leftJoin(teachers, eq(teachers.id, users.teacherId))
    .leftJoin(positions, eq(positions.id, teachers.positionId))
    .leftJoin(departments, eq(departments.id, teachers.departmentId))
    .leftJoin(students, eq(students.id, users.studentId))
    .leftJoin(groups, eq(groups.id, students.groupId));
}

export type ItemRow = Awaited<ReturnType<typeof findItems>>[number];

/** One page of the reader's feed: pinned first, then the newest. */
export async function findItems(db: Db, reader: Reader, now: Date, limit: number, offset: number) {
  return itemQuery(db)
    .where(visibleTo(reader, now))
    .orderBy(desc(news.pinned), desc(news.publishAt), desc(news.id))
    .limit(limit)
    .offset(offset);
}

export async function findItem(db: Db, id: number) {
  const [row] = await itemQuery(db).where(eq(news.id, id));
  return row;
}

/** The bare item (who wrote it, to whom, when), for access checks. */
export async function findNews(db: Db, id: number) {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row;
}

export async function isVisible(db: Db, id: number, reader: Reader, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: news.id })
    .from(news)
    .where(and(eq(news.id, id), visibleTo(reader, now)));
  return rows.length > 0;
}

/** The files of these items, in their order. */
export async function findFiles(db: Db, newsIds: number[]) {
  if (newsIds.length === 0) return [];
  return db
    .select({ newsId: newsFiles.newsId, fileId: files.id, originalName: files.originalName })
    .from(newsFiles)
    .innerJoin(files, eq(files.id, newsFiles.fileId))
    .where(inArray(newsFiles.newsId, newsIds))
    .orderBy(asc(newsFiles.newsId), asc(newsFiles.position), asc(files.id));
}

/** Records that the reader has seen these items (their own are never counted). */
export async function recordReads(db: Db, newsIds: number[], userId: number, now: Date): Promise<void> {
  if (newsIds.length === 0) return;
  await db
    .insert(newsReads)
    .values(newsIds.map((newsId) => ({ newsId, userId, readAt: now })))
    .onConflictDoNothing();
}

export async function countReads(db: Db, newsIds: number[]) {
  if (newsIds.length === 0) return [];
  return db
    .select({ newsId: newsReads.newsId, n: count() })
    .from(newsReads)
    .where(inArray(newsReads.newsId, newsIds))
    .groupBy(newsReads.newsId);
}

/** Active accounts by role and faculty (the sizes of every possible audience). */
export async function countAccountsByFaculty(db: Db) {
  const teacherRows = await db
    .select({ facultyId: departments.facultyId, n: count() })
    .from(users)
    .innerJoin(teachers, eq(teachers.id, users.teacherId))
    .innerJoin(departments, eq(departments.id, teachers.departmentId))
    .where(eq(users.disabled, false))
    .groupBy(departments.facultyId);
  const studentRows = await db
    .select({ facultyId: specialities.facultyId, n: count() })
    .from(users)
    .innerJoin(students, eq(students.id, users.studentId))
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .where(eq(users.disabled, false))
    .groupBy(specialities.facultyId);
  return [...teacherRows.map((r) => ({ role: 1 as const, ...r })), ...studentRows.map((r) => ({ role: 2 as const, ...r }))];
}

export async function facultyExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: faculties.id }).from(faculties).where(eq(faculties.id, id));
  return rows.length > 0;
}

export async function insertNews(
  db: Db,
  row: { authorUserId: number; message: string; audience: number; facultyId: number | null; pinned: boolean; publishAt: Date; createdAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(news).values(row).returning({ id: news.id });
  return inserted.id;
}

export async function insertNewsFiles(db: Db, rows: { newsId: number; fileId: number; position: number }[]): Promise<void> {
  if (rows.length > 0) await db.insert(newsFiles).values(rows);
}

/** Deletes an item (its file links and reads go with it); returns the ids of its files. */
export async function deleteNews(db: Db, id: number): Promise<number[]> {
  const fileIds = (await db.select({ fileId: newsFiles.fileId }).from(newsFiles).where(eq(newsFiles.newsId, id))).map((r) => r.fileId);
  await db.delete(news).where(eq(news.id, id));
  return fileIds;
}

