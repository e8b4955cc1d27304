/** SQL of the documents: the caller's rights, the documents he may read, their versions, and the writes. */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DocumentAudience, DocumentCategory } from '@contract/documents';
import { rowsOf, type Db } from '../../db/client';
import type { Names } from '../../shared/names';
import { documents, documentVersions } from './documents.schema';

/** What decides what a caller reads and manages, read at every call. */
export interface Reader {
  userId: number;
  role: number;
  admin: boolean;
  /** The faculty whose dean's office the account is. */
  deanFacultyId: number | null;
  /** Holds an office right: administrator, dean's office, registrar or library editor. */
  staff: boolean;
  /** The faculty of his department (a teacher) or of his group's speciality (a student). */
  facultyId: number | null;
}

export async function readerOf(db: Db, userId: number): Promise<Reader> {
  const [row] = await rowsOf<Omit<Reader, 'userId'>>(
    db,
    sql`select u.role, u.admin and not u.disabled as admin,
        case when u.disabled then null else u.dean_faculty_id end as "deanFacultyId",
        not u.disabled and (u.admin or u.dean_faculty_id is not null or u.registrar
          or exists (select 1 from library_editors le where le.user_id = u.id)) as staff,
        coalesce(d.faculty_id, sp.faculty_id) as "facultyId"
      from users u
      left join teachers t on t.id = u.teacher_id left join departments d on d.id = t.department_id
      left join students st on st.id = u.student_id left join groups g on g.id = st.group_id
      left join specialities sp on sp.id = g.speciality_id
      where u.id = ${userId}`,
  );
  return {
    userId,
    role: row?.role ?? 0,
    admin: row?.admin ?? false,
    deanFacultyId: row?.deanFacultyId ?? null,
    staff: row?.staff ?? false,
    facultyId: row?.facultyId ?? null,
  };
}

/**
 * The documents `reader` may read (doc alias `d`), never a withdrawn one: an administrator all; else
 * his faculty's or the university's, of his audience, and every one of the faculty whose dean's office he is.
 */
function readable(r: Reader): SQL {
  return sql`d.withdrawn_at is null and (${readableRights(r)})`;
}

function readableRights(r: Reader): SQL {
  if (r.admin) return sql`true`;
  const audiences = ['all', r.role === 2 ? 'students' : 'teachers', ...(r.role === 1 && r.staff ? ['staff'] : [])];
  const own = sql`(d.faculty_id is null or d.faculty_id = ${r.facultyId ?? 0}) and d.audience in (${sql.join(
    audiences.map((a) => sql`${a}`),
    sql`, `,
  )})`;
  return r.deanFacultyId === null ? own : sql`(${own} or d.faculty_id = ${r.deanFacultyId})`;
}

export interface DocumentRow {
  id: number;
  category: DocumentCategory;
  audience: DocumentAudience;
  facultyId: number | null;
  faculty: Names | null;
  titleRu: string;
  titleKg: string;
  titleEn: string;
  descriptionRu: string;
  descriptionKg: string;
  descriptionEn: string;
  version: number;
  updatedAtMs: number;
  fileName: string;
  fileSize: number;
  fileId: number;
}

const SELECT_DOCUMENT = sql`select d.id, d.category, d.audience, d.faculty_id as "facultyId",
    case when fa.id is null then null else json_build_object('nameRu', fa.name_ru, 'nameKg', fa.name_kg, 'nameEn', fa.name_en) end as faculty,
    d.title_ru as "titleRu", d.title_kg as "titleKg", d.title_en as "titleEn",
    d.description_ru as "descriptionRu", d.description_kg as "descriptionKg", d.description_en as "descriptionEn",
    v.number as version, (extract(epoch from v.uploaded_at) * 1000)::float8 as "updatedAtMs",
    f.original_name as "fileName", f.size as "fileSize", f.id as "fileId"
  from documents d
  join document_versions v on v.document_id = d.id and v.number = (select max(x.number) from document_versions x where x.document_id = d.id)
  join files f on f.id = v.file_id
  left join faculties fa on fa.id = d.faculty_id`;

/** The documents the reader may read, of a category and containing a folded text when given, the newest change first. */
export async function listFor(db: Db, r: Reader, filter: { category?: string; folded?: string }): Promise<DocumentRow[]> {
  const where = [readable(r)];
  if (filter.category) where.push(sql`d.category = ${filter.category}`);
  if (filter.folded) where.push(sql`position(${filter.folded} in d.search_text) > 0`);
  return rowsOf(db, sql`${SELECT_DOCUMENT} where ${sql.join(where, sql` and `)} order by v.uploaded_at desc, d.id desc`);
}

/** One document, when the reader may read it. */
export async function findFor(db: Db, r: Reader, id: number): Promise<DocumentRow | undefined> {
  const [row] = await rowsOf<DocumentRow>(db, sql`${SELECT_DOCUMENT} where d.id = ${id} and ${readable(r)}`);
  return row;
}

/** One document in force (not withdrawn), whoever may read it: for the rights of those who manage documents. */
export async function findActive(db: Db, id: number): Promise<DocumentRow | undefined> {
  const [row] = await rowsOf<DocumentRow>(db, sql`${SELECT_DOCUMENT} where d.id = ${id} and d.withdrawn_at is null`);
  return row;
}

export interface VersionRow {
  id: number;
  number: number;
  fileId: number;
  fileName: string;
  fileSize: number;
  mime: string;
  uploadedAtMs: number;
  note: string;
  surname: string | null;
  name: string | null;
  patronymic: string | null;
  login: string;
}

/** A document's versions, the newest first, with who uploaded each. */
export async function versionsOf(db: Db, documentId: number): Promise<VersionRow[]> {
  return rowsOf(
    db,
    sql`select v.id, v.number, v.file_id as "fileId", f.original_name as "fileName", f.size as "fileSize", f.mime,
        (extract(epoch from v.uploaded_at) * 1000)::float8 as "uploadedAtMs", v.note,
        coalesce(t.surname, s.surname) as surname, coalesce(t.name, s.name) as name, coalesce(t.patronymic, s.patronymic) as patronymic, u.login
      from document_versions v join files f on f.id = v.file_id join users u on u.id = v.uploaded_by_user_id
      left join teachers t on t.id = u.teacher_id left join students s on s.id = u.student_id
      where v.document_id = ${documentId} order by v.number desc`,
  );
}

export async function facultyNames(db: Db, facultyId: number | null): Promise<(Names & { id: number })[]> {
  const where = facultyId === null ? sql`true` : sql`id = ${facultyId}`;
  return rowsOf(db, sql`select id, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from faculties where ${where} order by id`);
}

export type NewDocument = Omit<typeof documents.$inferInsert, 'id'>;

export async function insertDocument(db: Db, values: NewDocument): Promise<number> {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
  return row.id;
}

/** Locks a document in force for a write; false when it is gone (withdrawn meanwhile). */
export async function lockActive(db: Db, id: number): Promise<boolean> {
  return (await rowsOf(db, sql`select id from documents where id = ${id} and withdrawn_at is null for update`)).length === 1;
}

export type DocumentTexts = Pick<NewDocument, 'titleRu' | 'titleKg' | 'titleEn' | 'descriptionRu' | 'descriptionKg' | 'descriptionEn'>;

/** A document's texts (with its search text), category and audience. */
export async function updateDocument(db: Db, id: number, values: DocumentTexts & Pick<NewDocument, 'category' | 'audience' | 'searchText'>): Promise<void> {
  await db.update(documents).set(values).where(eq(documents.id, id));
}

/** Withdraws a document in force: its rows and files stay, with who and when. */
export async function withdraw(db: Db, id: number, userId: number, at: Date): Promise<void> {
  await db
    .update(documents)
    .set({ withdrawnAt: at, withdrawnByUserId: userId })
    .where(and(eq(documents.id, id), isNull(documents.withdrawnAt)));
}

/**
 * Adds the next version of a document, the document's row locked first so that two uploads at once
 * take numbers one after the other; null (nothing written) for a document withdrawn meanwhile.
 */
export async function addVersion(db: Db, v: { documentId: number; fileId: number; userId: number; at: Date; note: string }): Promise<number | null> {
  if (!(await lockActive(db, v.documentId))) return null;
  const [next] = await rowsOf<{ n: number }>(db, sql`select coalesce(max(number), 0)::int + 1 as n from document_versions where document_id = ${v.documentId}`);
  await db
    .insert(documentVersions)
    .values({ documentId: v.documentId, number: next.n, fileId: v.fileId, uploadedByUserId: v.userId, uploadedAt: v.at, note: v.note });
  return next.n;
}
