/** SQL of the news feed: visibility, pages, files, reads and audience sizes. */
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ROLE_STUDENT, ROLE_TEACHER, type Role } from '@contract/common';
import { idArray, preparedStatement, type Db } from '../../db/client';
import { departments, faculties, files, groups, news, newsFiles, newsReads, specialities, students, teachers, users } from '../../db/schema';
import { accountGroup, accountPosition, joinAccountPerson, joinAccountPlace, personNameColumns } from '../../shared/account-person';
import { nameColumns, type Names } from '../../shared/names';

/** Who is reading: the account, its role and the faculty the person belongs to. */
export interface Reader {
  userId: number;
  role: Role;
  facultyId: number | null;
}

const teacherFacultyQuery = preparedStatement((db) =>
  db
    .select({ facultyId: departments.facultyId })
    .from(teachers)
    .innerJoin(departments, eq(departments.id, teachers.departmentId))
    .where(eq(teachers.id, sql.placeholder('id')))
    .prepare('news_teacher_faculty'),
);

const studentFacultyQuery = preparedStatement((db) =>
  db
    .select({ facultyId: specialities.facultyId })
    .from(students)
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .where(eq(students.id, sql.placeholder('id')))
    .prepare('news_student_faculty'),
);

/** The faculty of a teacher (department → faculty) or of a student (group → speciality → faculty). */
export async function findPersonFaculty(db: Db, role: Role, personId: number): Promise<number | null> {
  const [row] = await (role === ROLE_TEACHER ? teacherFacultyQuery : studentFacultyQuery)(db).execute({ id: personId });
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

/**
 * The items with their files, the read counts of `readsFor`'s own items, and their authors, in one
 * statement: files and reads as subqueries, the author (teacher with position and department, or
 * student with group) through left joins on keys.
 */
function itemsQuery(db: Db, where: SQL, readsFor: number | Placeholder) {
  const withAuthor = db
    .select({
      id: news.id,
      authorUserId: news.authorUserId,
      message: news.message,
      audience: news.audience,
      facultyId: news.facultyId,
      pinned: news.pinned,
      publishAt: news.publishAt,
      faculty: nameColumns(faculties),
      fileNames: sql<
        string[] | null
      >`(select array_agg(${files.originalName} order by ${newsFiles.position}, ${files.id}) from ${newsFiles} join ${files} on ${files.id} = ${newsFiles.fileId} where ${newsFiles.newsId} = ${news.id})`,
      readCount: sql<
        number | null
      >`case when ${news.authorUserId} = ${readsFor} then (select count(*)::int from ${newsReads} where ${newsReads.newsId} = ${news.id}) end`,
      teacherId: teachers.id,
      teacher: personNameColumns(teachers),
      position: accountPosition(),
      department: nameColumns(departments),
      studentId: students.id,
      student: personNameColumns(students),
      group: accountGroup(),
    })
    .from(news)
    .leftJoin(faculties, eq(faculties.id, news.facultyId))
    .leftJoin(users, eq(users.id, news.authorUserId))
    .$dynamic();
  return joinAccountPlace(joinAccountPerson(withAuthor))
    .leftJoin(departments, eq(departments.id, teachers.departmentId))
    .where(where)
    .orderBy(desc(news.pinned), desc(news.publishAt), desc(news.id));
}

type ItemsRow = Awaited<ReturnType<typeof itemsQuery>>[number];

/** A left-joined faculty comes back with null names when the item is for every faculty. */
function toItemRow(r: ItemsRow): ItemRow {
  let author: ItemRow['author'] = null;
  if (r.teacherId !== null && r.teacher && r.position?.nameRu != null && r.department?.nameRu != null)
    author = { role: ROLE_TEACHER, person: r.teacher as PersonNames, position: r.position as Names, department: r.department as Names };
  else if (r.studentId !== null && r.student && r.group !== null) author = { role: ROLE_STUDENT, person: r.student as PersonNames, group: r.group };
  return {
    id: r.id,
    authorUserId: r.authorUserId,
    message: r.message,
    audience: r.audience,
    facultyId: r.facultyId,
    pinned: r.pinned,
    publishAt: r.publishAt,
    faculty: r.faculty?.nameRu != null ? (r.faculty as Names) : null,
    fileNames: r.fileNames ?? [],
    readCount: r.readCount === null ? null : Number(r.readCount),
    author,
  };
}

/** A page of a reader's feed (visibleTo with placeholders), prepared once. */
const pageQuery = preparedStatement((db) => {
  const userId = sql.placeholder('userId');
  const visible = or(
    eq(news.authorUserId, userId),
    and(
      lte(news.publishAt, sql.placeholder('now')),
      sql`${news.audience} in (0, ${sql.placeholder('role')})`,
      // A reader without a faculty passes null: "faculty_id = null" is never true.
      or(isNull(news.facultyId), eq(news.facultyId, sql.placeholder('facultyId'))),
    ),
  ) as SQL;
  return itemsQuery(db, visible, userId).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare('news_page');
});

const nextPublicationQuery = preparedStatement((db) =>
  db
    .select({ at: sql<Date | null>`min(${news.publishAt})`.mapWith(news.publishAt) })
    .from(news)
    .where(gt(news.publishAt, sql.placeholder('now')))
    .prepare('news_next_publication'),
);

/** The next moment an item comes out (scheduled posts), or null when none is due. */
export async function findNextPublication(db: Db, now: Date): Promise<Date | null> {
  const [row] = await nextPublicationQuery(db).execute({ now });
  return row?.at ?? null;
}

/** A user id no account has: a reader by role and faculty only, who has written nothing. */
export const NOBODY = 0;

/** Every user who has written an item. */
export async function findAuthors(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ id: news.authorUserId }).from(news);
  return rows.map((r) => r.id);
}

/** One page of the reader's feed: pinned first, then the newest. */
export async function findItems(db: Db, reader: Reader, now: Date, limit: number, offset: number): Promise<ItemRow[]> {
  const rows = await pageQuery(db).execute({ userId: reader.userId, now, role: reader.role, facultyId: reader.facultyId, limit, offset });
  return rows.map(toItemRow);
}

export async function findItem(db: Db, id: number, readsFor: number): Promise<ItemRow | undefined> {
  const [row] = await itemsQuery(db, eq(news.id, id), readsFor);
  return row && toItemRow(row);
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

/**
 * Read marks known to be stored, per database handle: a feed shows the same items again and again,
 * and a mark, once written, stays until its item or account is deleted (which never brings the
 * item back). Bounded: forgotten wholesale when full, which only costs a redundant insert.
 */
const storedReads = new WeakMap<Db, Set<string>>();
const STORED_READS_MAX = 200_000;

/** Records that the reader has seen these items (their own are never counted); marks already stored are not written again. */
export async function recordReads(db: Db, newsIds: number[], userId: number, now: Date): Promise<void> {
  let known = storedReads.get(db);
  if (!known) storedReads.set(db, (known = new Set()));
  const keys = newsIds.map((newsId) => `${newsId}:${userId}`);
  const fresh = newsIds.filter((_, i) => !known.has(keys[i]));
  if (fresh.length === 0) return;
  // Only items that still exist: a page read from the replica may show one deleted since.
  await db.execute(
    sql`insert into ${newsReads} (news_id, user_id, read_at)
        select n.id, ${userId}, ${now.toISOString()}::timestamptz from ${news} n where n.id = any(${idArray(fresh)})
        on conflict do nothing`,
  );
  if (known.size + keys.length > STORED_READS_MAX) known.clear();
  for (const key of keys) known.add(key);
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

/**
 * Marks notified the items that are out by `now` and were not yet (`id`: that one only) and returns
 * them: the update takes each row once, whichever server process asks first (news.publisher.ts).
 */
export async function claimPublished(
  db: Db,
  now: Date,
  id?: number,
): Promise<{ id: number; authorUserId: number; audience: number; facultyId: number | null }[]> {
  return db
    .update(news)
    .set({ notifiedAt: now })
    .where(and(isNull(news.notifiedAt), lte(news.publishAt, now), ...(id === undefined ? [] : [eq(news.id, id)])))
    .returning({ id: news.id, authorUserId: news.authorUserId, audience: news.audience, facultyId: news.facultyId });
}

/** Active accounts of a faculty in an audience (0 everyone, else the role). */
export async function accountsOfFaculty(db: Db, facultyId: number, audience: number): Promise<number[]> {
  const ids: number[] = [];
  if (audience !== ROLE_STUDENT) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(teachers, eq(teachers.id, users.teacherId))
      .innerJoin(departments, eq(departments.id, teachers.departmentId))
      .where(and(eq(users.disabled, false), eq(departments.facultyId, facultyId)));
    ids.push(...rows.map((r) => r.id));
  }
  if (audience !== ROLE_TEACHER) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(students, eq(students.id, users.studentId))
      .innerJoin(groups, eq(groups.id, students.groupId))
      .innerJoin(specialities, eq(specialities.id, groups.specialityId))
      .where(and(eq(users.disabled, false), eq(specialities.facultyId, facultyId)));
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
