/** SQL of the news feed: visibility, pages, files, reads and audience sizes. */
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ROLE_STUDENT, ROLE_TEACHER, type Role } from '../../../../contract/common';
import type { Db } from '../../db/client';
import { departments, faculties, files, groups, news, newsFiles, newsReads, positions, specialities, students, teachers, users } from '../../db/schema';

/** Who is reading: the account, its role and the faculty the person belongs to. */
export interface Reader {
  userId: number;
  role: Role;
  facultyId: number | null;
}

/** The faculty of a teacher (department → faculty) or of a student (group → speciality → faculty). */
export async function findPersonFaculty(db: Db, role: Role, personId: number): Promise<number | null> {
  if (role === ROLE_TEACHER) {
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

type Names = { nameRu: string; nameKg: string; nameEn: string };
type PersonNames = { surname: string; name: string; patronymic: string | null };

/** An item with what the feed shows of its author and faculty. */
export interface ItemRow {
  id: number;
  authorUserId: number;
  message: string;
  audience: number;
  facultyId: number | null;
  pinned: boolean;
  publishAt: Date;
  faculty: Names | null;
  /** File names in their order. */
  fileNames: string[];
  /** Reads so far, for the items of `readsFor` only (else null). */
  readCount: number | null;
  author:
    | { role: typeof ROLE_TEACHER; person: PersonNames; position: Names; department: Names }
    | { role: typeof ROLE_STUDENT; person: PersonNames; group: string }
    | null;
}

const names = (t: typeof faculties | typeof positions | typeof departments) => ({ nameRu: t.nameRu, nameKg: t.nameKg, nameEn: t.nameEn });
const person = (t: typeof teachers | typeof students) => ({ surname: t.surname, name: t.name, patronymic: t.patronymic });

/**
 * The items with their files, the read counts of `readsFor`'s own items, and their authors: the
 * page is one query on news (files and reads as subqueries), the authors (a handful) are looked up
 * apart, which keeps every statement cheap to plan.
 */
async function withAuthors(db: Db, where: SQL, readsFor: number, page?: { limit: number; offset: number }): Promise<ItemRow[]> {
  const query = db
    .select({
      id: news.id,
      authorUserId: news.authorUserId,
      message: news.message,
      audience: news.audience,
      facultyId: news.facultyId,
      pinned: news.pinned,
      publishAt: news.publishAt,
      faculty: names(faculties),
      fileNames: sql<string[] | null>`(select array_agg(${files.originalName} order by ${newsFiles.position}, ${files.id}) from ${newsFiles} join ${files} on ${files.id} = ${newsFiles.fileId} where ${newsFiles.newsId} = ${news.id})`,
      readCount: sql<number | null>`case when ${news.authorUserId} = ${readsFor} then (select count(*)::int from ${newsReads} where ${newsReads.newsId} = ${news.id}) end`,
    })
    .from(news)
    .leftJoin(faculties, eq(faculties.id, news.facultyId))
    .where(where)
    .orderBy(desc(news.pinned), desc(news.publishAt), desc(news.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const authorIds = [...new Set(rows.map((r) => r.authorUserId))];
  const authors = new Map<number, ItemRow['author']>();
  if (authorIds.length > 0) {
    const teacherRows = await db
      .select({ userId: users.id, person: person(teachers), position: names(positions), department: names(departments) })
      .from(users)
      .innerJoin(teachers, eq(teachers.id, users.teacherId))
      .innerJoin(positions, eq(positions.id, teachers.positionId))
      .innerJoin(departments, eq(departments.id, teachers.departmentId))
      .where(inArray(users.id, authorIds));
    for (const t of teacherRows) authors.set(t.userId, { role: ROLE_TEACHER, person: t.person, position: t.position, department: t.department });
    const others = authorIds.filter((id) => !authors.has(id));
    if (others.length > 0) {
      const studentRows = await db
        .select({ userId: users.id, person: person(students), group: groups.name })
        .from(users)
        .innerJoin(students, eq(students.id, users.studentId))
        .innerJoin(groups, eq(groups.id, students.groupId))
        .where(inArray(users.id, others));
      for (const st of studentRows) authors.set(st.userId, { role: ROLE_STUDENT, person: st.person, group: st.group });
    }
  }
  // A left-joined faculty comes back with null names when the item is for every faculty.
  return rows.map((r) => ({
    ...r,
    faculty: r.faculty?.nameRu != null ? (r.faculty as Names) : null,
    fileNames: r.fileNames ?? [],
    readCount: r.readCount === null ? null : Number(r.readCount),
    author: authors.get(r.authorUserId) ?? null,
  }));
}

/** One page of the reader's feed: pinned first, then the newest. */
export async function findItems(db: Db, reader: Reader, now: Date, limit: number, offset: number): Promise<ItemRow[]> {
  return withAuthors(db, visibleTo(reader, now), reader.userId, { limit, offset });
}

export async function findItem(db: Db, id: number, readsFor: number): Promise<ItemRow | undefined> {
  const [row] = await withAuthors(db, eq(news.id, id), readsFor);
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

/** The files of these items, in their order (for downloads). */
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

export interface AudienceSize {
  role: Role;
  facultyId: number;
  n: number;
}

/** Active accounts by role and faculty (the sizes of every possible audience). */
export async function countAccountsByFaculty(db: Db): Promise<AudienceSize[]> {
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
  return [...teacherRows.map((r): AudienceSize => ({ role: ROLE_TEACHER, ...r })), ...studentRows.map((r): AudienceSize => ({ role: ROLE_STUDENT, ...r }))];
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

