/**
 * SQL of one cell's write with its audit row, each a single statement (atomic by itself, so a
 * one-cell write needs no transaction of its own): the record updated, inserted or deleted and its
 * line in journal_visit_changes written together, the record as the write's reply shows it back.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { journalVisits } from '../../db/schema';
import type { NewVisit, VisitCell } from './journal.records.repository';

/** A cell: its journal, student, date and lesson time. */
export interface CellKey {
  assignmentId: number;
  studentId: number;
  date: string;
  timeId: number;
}

/** Who writes, how and when; `origin`: the history's source and title when the mark comes from elsewhere (a test's results). */
export interface CellWriter {
  source: string;
  userId: number;
  at: Date;
  origin?: { source: string; title: string };
}

/** The record as a write statement returns it: the reply's cell, and the mark it had before (update, delete). */
export type WrittenCell = VisitCell & { oldMark: string | null };

interface RawCell {
  id: number;
  studentId: number;
  visitDate: string;
  lessonTimeId: number;
  mark: string | null;
  source: string;
  updatedAtMs: number;
  oldMark: string | null;
}

const cellOf = (r: RawCell): WrittenCell => ({
  id: r.id,
  studentId: r.studentId,
  visitDate: r.visitDate,
  lessonTimeId: r.lessonTimeId,
  mark: r.mark,
  source: r.source,
  updatedAt: new Date(r.updatedAtMs),
  oldMark: r.oldMark,
});

/** The written record's columns as the statements return them (dates as text, the time as epoch milliseconds, for both drivers alike). */
const returned =
  sql.raw(`w.id::float8 as "id", w.student_id as "studentId", to_char(w.visit_date, 'YYYY-MM-DD') as "visitDate", w.lesson_time_id as "lessonTimeId",
  w.mark, w.source, (extract(epoch from w.updated_at) * 1000)::float8 as "updatedAtMs", w.old_mark as "oldMark"`);

/** The audit row of the written record `w`. */
const changeOf = (action: 'insert' | 'update' | 'delete', by: CellWriter, newMark: 'w.mark' | 'null') =>
  sql`insert into journal_visit_changes (visit_id, teaching_assignment_id, student_id, visit_date, lesson_time_id, action, old_mark, new_mark, source, source_title, changed_by_user_id, changed_at)
      select w.id, w.teaching_assignment_id, w.student_id, w.visit_date, w.lesson_time_id, ${action}, w.old_mark, ${sql.raw(newMark)},
             ${by.origin?.source ?? by.source}, ${by.origin?.title ?? null}::text, ${by.userId}, ${by.at.toISOString()}::timestamptz from w`;

/**
 * Writes over the cell's record, if it has one (locked first, so the later of two writes wins and
 * the audit row names the mark it replaced): the record after the write, or undefined.
 */
export async function updateCell(db: Db, key: CellKey, mark: string | null, by: CellWriter): Promise<WrittenCell | undefined> {
  const [row] = await rowsOf<RawCell>(
    db,
    sql`with old as (
          select id, mark from journal_visits
           where teaching_assignment_id = ${key.assignmentId} and student_id = ${key.studentId} and visit_date = ${key.date} and lesson_time_id = ${key.timeId}
           for update),
        w as (
          update journal_visits v set mark = ${mark}, source = ${by.source}, updated_by_user_id = ${by.userId}, updated_at = ${by.at.toISOString()}::timestamptz
            from old where v.id = old.id
          returning v.*, old.mark as old_mark),
        changed as (${changeOf('update', by, 'w.mark')})
      select ${returned} from w`,
  );
  return row ? cellOf(row) : undefined;
}

/** Inserts the cell's record unless one exists already (another writer won the race): the record, or undefined. */
export async function insertCell(db: Db, row: NewVisit, by: CellWriter): Promise<WrittenCell | undefined> {
  const insert = db.insert(journalVisits).values(row).onConflictDoNothing().returning();
  const [out] = await rowsOf<RawCell>(
    db,
    sql`with inserted as (${insert.getSQL()}),
        w as (select inserted.*, null::text as old_mark from inserted),
        changed as (${changeOf('insert', by, 'w.mark')})
      select ${returned} from w`,
  );
  return out ? cellOf(out) : undefined;
}

/** Deletes the cell's record, if it has one: the record as it was, or undefined. */
export async function deleteCell(db: Db, key: CellKey, by: CellWriter): Promise<WrittenCell | undefined> {
  const [row] = await rowsOf<RawCell>(
    db,
    sql`with w as (
          delete from journal_visits
           where teaching_assignment_id = ${key.assignmentId} and student_id = ${key.studentId} and visit_date = ${key.date} and lesson_time_id = ${key.timeId}
          returning *, mark as old_mark),
        changed as (${changeOf('delete', by, 'null')})
      select ${returned} from w`,
  );
  return row ? cellOf(row) : undefined;
}
