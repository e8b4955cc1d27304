/**
 * SQL of a journal's records: the journal's parts and records as journal.json sends them,
 * mark-all-present with its audit rows, a cell's history, deleting records, a student's own records
 * and a lesson's QR visits (one cell's write is journal.cells.repository.ts's).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { VisitRow } from '@contract/journal';
import { idArray, preparedStatement, rowsOf, type Db } from '../../db/client';
import { accountPersonName, joinAccountPerson, personNameColumns } from '../../shared/account-person';
import { nameColumns } from '../../shared/names';
import { disciplines, journalLessonTopics, journalVisitChanges, journalVisits, lessonTypes, teachers, teachingAssignments, users } from '../../db/schema';
import { ofJournal, type Occurrence } from './journal.occurrence';

export type VisitRecord = typeof journalVisits.$inferSelect;

/** What a write's reply shows of a visit record. */
export type VisitCell = Pick<VisitRecord, 'id' | 'studentId' | 'visitDate' | 'lessonTimeId' | 'mark' | 'source' | 'updatedAt'>;

/**
 * A journal's small parts in one statement, as JSON built by PostgreSQL: the topics as the
 * contract's LessonTopic array, and the lessons saved without a record (a topic or an added lesson)
 * as `[visitDate, id_time]` pairs. The records themselves come as rows (visitRows), and the
 * lessons they hold and the students' totals are worked out from them in Node: three passes over a
 * large journal's records in the database cost more than one.
 */
const journalPartsQuery = preparedStatement((db) => {
  const id = sql.placeholder('id');
  return db
    .select({
      topics: sql<string>`(select '[' || coalesce(string_agg(row_to_json(r)::text, ',' order by r."visitDate", r."id_time"), '') || ']' from (
        select to_char(t.visit_date, 'YYYY-MM-DD') as "visitDate", t.lesson_time_id as "id_time", t.topic, t.lesson_number::int as "lessonNumber", t.hours::int as hours,
               t.module_id as "id_module", t.plan_topic_id as "id_planTopic"
          from journal_lesson_topics t where t.teaching_assignment_id = ${id}) r)`,
      lessons: sql<string>`(select '[' || coalesce(string_agg(format('["%s",%s]', to_char(o.visit_date, 'YYYY-MM-DD'), o.lesson_time_id), ','), '') || ']' from (
        select visit_date, lesson_time_id from journal_lesson_topics where teaching_assignment_id = ${id}
         union select visit_date, lesson_time_id from journal_lessons where teaching_assignment_id = ${id}) o)`,
    })
    .from(teachingAssignments)
    .where(eq(teachingAssignments.id, id))
    .prepare('journal_parts');
});

/** The JSON texts of a journal's small parts (see journalPartsQuery); undefined when the journal does not exist. */
export async function journalParts(db: Db, assignmentId: number) {
  const [row] = await journalPartsQuery(db).execute({ id: assignmentId });
  return row as { topics: string; lessons: string } | undefined;
}

/**
 * Every record of a journal as journal.json sends them (the contract's VisitRow, its members in that
 * order), the listed students' and the others' (a student who left the group keeps his records, and
 * the lessons they are on), but none of a student hidden in this journal (journal_removed_students:
 * a lesson only he has a record on is no column of the teacher's grid; he still reads his own marks
 * through visitsOfStudent): PostgreSQL writes the date and the time of the last change as text
 * (`updatedAt` as Date#toISOString does: UTC, milliseconds truncated) and the bigserial id as float8
 * (a JS number, as the column's `mode: 'number'` gives it; exact below 2^53), so the rows go into
 * the reply as they come, without a Date or a mapped object per record.
 */
export async function visitRows(db: Db, assignmentId: number): Promise<VisitRow[]> {
  return rowsOf<VisitRow>(
    db,
    sql`
    select v.id::float8 as "id_studentJournalVisit", v.student_id as "id_student", to_char(v.visit_date, 'YYYY-MM-DD') as "visitDate", v.lesson_time_id as "id_time",
           v.mark as "otsenka", v.source, to_char(v.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
      from journal_visits v
     where v.teaching_assignment_id = ${assignmentId}
       and not exists (select 1 from journal_removed_students r where r.teaching_assignment_id = v.teaching_assignment_id and r.student_id = v.student_id)
     order by v.visit_date, v.lesson_time_id, v.id`,
  );
}

/** A journal's records as journal.json sends them, with what the reply works out from them (journalRecords). */
export interface JournalRecords {
  /** JSON text of the listed students' records: the contract's VisitRow array, as visitRows gives it, in its order. */
  records: string;
  /** JSON text of the `[visitDate, id_time]` pairs the records of every student not hidden are on (the listed ones and those who left), by date and time. */
  lessons: string;
  /** Each listed student's marks (stored values), by student id (JSON text of an object; a student without a record is left out). */
  marks: string;
}

/**
 * A journal's records for the teacher's grid in one statement, as JSON text built by PostgreSQL:
 * the records of the `listed` students (visitRows' rows, the same text JSON.stringify writes of
 * them: the dates written once per record by to_char, the mark and the source quoted by to_json),
 * the lessons the records of every student not hidden are on, and the listed students' marks (their
 * totals). One text per part instead of 9,000 rows of seven columns for the driver to build.
 */
export async function journalRecords(db: Db, assignmentId: number, listed: readonly number[]): Promise<JournalRecords> {
  const [row] = await rowsOf<JournalRecords>(
    db,
    sql`
    with v as (
      select v.id, v.student_id, v.visit_date, v.lesson_time_id, v.mark, v.source, v.updated_at, v.student_id = any(${idArray(listed)}) as listed
        from journal_visits v
       where v.teaching_assignment_id = ${assignmentId}
         and not exists (select 1 from journal_removed_students r where r.teaching_assignment_id = v.teaching_assignment_id and r.student_id = v.student_id))
    select
      (select '[' || coalesce(string_agg('{"id_studentJournalVisit":' || v.id || ',"id_student":' || v.student_id || ',"visitDate":"' || to_char(v.visit_date, 'YYYY-MM-DD')
                || '","id_time":' || v.lesson_time_id || ',"otsenka":' || coalesce(to_json(v.mark)::text, 'null') || ',"source":' || to_json(v.source)::text
                || ',"updatedAt":"' || to_char(v.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}', ',' order by v.visit_date, v.lesson_time_id, v.id), '') || ']'
         from v where v.listed) as records,
      (select '[' || coalesce(string_agg(format('["%s",%s]', to_char(o.visit_date, 'YYYY-MM-DD'), o.lesson_time_id), ',' order by o.visit_date, o.lesson_time_id), '') || ']'
         from (select distinct visit_date, lesson_time_id from v) o) as lessons,
      (select coalesce(json_object_agg(m.student_id, m.marks)::text, '{}')
         from (select student_id, json_agg(mark) as marks from v where v.listed group by student_id) m) as marks`,
  );
  return row;
}

export async function lessonTopicsOf(db: Db, assignmentId: number) {
  return db
    .select()
    .from(journalLessonTopics)
    .where(eq(journalLessonTopics.teachingAssignmentId, assignmentId))
    .orderBy(asc(journalLessonTopics.visitDate), asc(journalLessonTopics.lessonTimeId));
}

export type NewVisit = typeof journalVisits.$inferInsert;

export async function visitById(db: Db, id: number): Promise<VisitRecord | undefined> {
  const [row] = await db.select().from(journalVisits).where(eq(journalVisits.id, id));
  return row;
}

export type NewChange = typeof journalVisitChanges.$inferInsert;
export async function recordChanges(db: Db, rows: NewChange[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 400) await db.insert(journalVisitChanges).values(rows.slice(i, i + 400));
}

/**
 * The audit rows of records a bulk action created or deleted in one journal: a created record had no
 * old mark, a deleted one keeps its mark as the old value; neither has a new mark.
 */
export function bulkChanges(
  rows: VisitRecord[],
  assignmentId: number,
  action: 'insert' | 'delete',
  by: { source: string; userId: number; at: Date },
): NewChange[] {
  return rows.map((r) => ({
    visitId: r.id,
    teachingAssignmentId: assignmentId,
    studentId: r.studentId,
    visitDate: r.visitDate,
    lessonTimeId: r.lessonTimeId,
    action,
    oldMark: action === 'delete' ? r.mark : null,
    newMark: null,
    source: by.source,
    changedByUserId: by.userId,
    changedAt: by.at,
  }));
}

/** Mark-all-present: a "present" record for every given student without one at the occurrence. */
export async function insertPresent(db: Db, rows: NewVisit[]): Promise<VisitRecord[]> {
  const out: VisitRecord[] = [];
  for (let i = 0; i < rows.length; i += 300)
    out.push(
      ...(await db
        .insert(journalVisits)
        .values(rows.slice(i, i + 300))
        .onConflictDoNothing()
        .returning()),
    );
  return out;
}

export async function history(db: Db, assignmentId: number, studentId: number, date: string, timeId: number) {
  const query = db
    .select({
      action: journalVisitChanges.action,
      oldMark: journalVisitChanges.oldMark,
      newMark: journalVisitChanges.newMark,
      source: journalVisitChanges.source,
      sourceTitle: journalVisitChanges.sourceTitle,
      at: journalVisitChanges.changedAt,
      login: users.login,
      person: accountPersonName,
    })
    .from(journalVisitChanges)
    .leftJoin(users, eq(users.id, journalVisitChanges.changedByUserId))
    .$dynamic();
  return joinAccountPerson(query)
    .where(and(ofJournal(journalVisitChanges, assignmentId, { date, timeId }), eq(journalVisitChanges.studentId, studentId)))
    .orderBy(desc(journalVisitChanges.id));
}

/** Deletes the records of one lesson (or of the whole journal when date is null); the deleted rows. */
export async function deleteVisits(db: Db, assignmentId: number, occurrence: Occurrence | null, studentId?: number): Promise<VisitRecord[]> {
  return db
    .delete(journalVisits)
    .where(and(ofJournal(journalVisits, assignmentId, occurrence), studentId !== undefined ? eq(journalVisits.studentId, studentId) : undefined))
    .returning();
}

/** A student's records in a half-year, with the journal's discipline, lesson type and teacher. */
export async function visitsOfStudent(db: Db, studentId: number, year: number, ws: number) {
  return db
    .select({
      assignmentId: journalVisits.teachingAssignmentId,
      disciplineId: journalVisits.disciplineId,
      visitDate: journalVisits.visitDate,
      timeId: journalVisits.lessonTimeId,
      mark: journalVisits.mark,
      discipline: nameColumns(disciplines),
      lessonType: nameColumns(lessonTypes),
      teacher: personNameColumns(teachers),
    })
    .from(journalVisits)
    .innerJoin(disciplines, eq(disciplines.id, journalVisits.disciplineId))
    .innerJoin(lessonTypes, eq(lessonTypes.id, journalVisits.lessonTypeId))
    .innerJoin(teachers, eq(teachers.id, journalVisits.teacherId))
    .where(and(eq(journalVisits.studentId, studentId), eq(journalVisits.academicYearId, year), eq(journalVisits.workingSemesterId, ws)))
    .orderBy(asc(disciplines.nameRu), asc(journalVisits.lessonTypeId), asc(journalVisits.visitDate), asc(journalVisits.lessonTimeId));
}

/** Records of a lesson that came from a QR scan. */
export async function qrVisits(db: Db, assignmentId: number, date: string, timeId: number) {
  return db
    .select({ studentId: journalVisits.studentId, at: journalVisits.createdAt })
    .from(journalVisits)
    .where(and(ofJournal(journalVisits, assignmentId, { date, timeId }), eq(journalVisits.source, 'qr')));
}

/**
 * The records a lesson's last deletion took away, from the history: the 'delete' rows of the
 * occurrence written at the latest time one was (one deletion writes all of its rows at one time).
 */
export async function lastLessonDeletion(db: Db, assignmentId: number, date: string, timeId: number) {
  const at = sql`(select max(${journalVisitChanges.changedAt}) from ${journalVisitChanges}
    where ${journalVisitChanges.teachingAssignmentId} = ${assignmentId} and ${journalVisitChanges.visitDate} = ${date}
      and ${journalVisitChanges.lessonTimeId} = ${timeId} and ${journalVisitChanges.action} = 'delete' and ${journalVisitChanges.source} = 'journal')`;
  return db
    .select({ studentId: journalVisitChanges.studentId, mark: journalVisitChanges.oldMark })
    .from(journalVisitChanges)
    .where(
      and(
        ofJournal(journalVisitChanges, assignmentId, { date, timeId }),
        eq(journalVisitChanges.action, 'delete'),
        eq(journalVisitChanges.source, 'journal'),
        sql`${journalVisitChanges.changedAt} = ${at}`,
      ),
    );
}

/** The marks of a lesson's records by student (null: present without a mark); `lock`: the records locked for a write. */
export async function lessonMarks(db: Db, assignmentId: number, occurrence: Occurrence, options: { lock?: boolean } = {}): Promise<Map<number, string | null>> {
  const q = db
    .select({ studentId: journalVisits.studentId, mark: journalVisits.mark })
    .from(journalVisits)
    .where(ofJournal(journalVisits, assignmentId, occurrence));
  const rows = options.lock ? await q.for('update') : await q;
  return new Map(rows.map((r) => [r.studentId, r.mark]));
}

/** A journal's lessons, by date and time: those its records are on, and those saved without one (a topic, an added lesson). */
export async function lessonsOf(db: Db, assignmentId: number): Promise<{ visitDate: string; id_time: number }[]> {
  return rowsOf<{ visitDate: string; id_time: number }>(
    db,
    sql`select to_char(o.visit_date, 'YYYY-MM-DD') as "visitDate", o.lesson_time_id as "id_time" from (
          select visit_date, lesson_time_id from journal_visits where teaching_assignment_id = ${assignmentId}
          union select visit_date, lesson_time_id from journal_lesson_topics where teaching_assignment_id = ${assignmentId}
          union select visit_date, lesson_time_id from journal_lessons where teaching_assignment_id = ${assignmentId}) o
        order by o.visit_date, o.lesson_time_id`,
  );
}

/** Serialises writes that first read a lesson's records (giveMarks) until the transaction ends: a second one reads what the first wrote. */
export async function lockLesson(db: Db, assignmentId: number, occurrence: Occurrence): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('journal.lesson'), hashtext(${`${assignmentId}|${occurrence.date}|${occurrence.timeId}`}))`);
}
