/**
 * The journal's visit records (journal_visits) and their history (journal_visit_changes): the one
 * place that builds a record and writes a presence. The journal writes cells through it, and QR
 * attendance (an accepted scan is "present", an expired undecided one "н/б") writes through it, so a record carries
 * the same columns whoever wrote it (docs/areas/journal.md#for-users).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { journalVisitChanges, journalVisits } from '../db/schema';

export type NewVisit = typeof journalVisits.$inferInsert;
/** What a record holds besides its mark and who wrote it: the lesson occurrence and the columns copied from its journal and student. */
export type VisitValues = Omit<NewVisit, 'id' | 'mark' | 'source' | 'createdAt' | 'updatedAt' | 'createdByUserId' | 'updatedByUserId'>;
export type VisitSource = 'journal' | 'bulk' | 'qr' | 'webinar' | 'seed';
/** What writes a presence: a QR mark, or a join of the lesson's online meeting (modules/webinar). */
export type PresenceSource = 'qr' | 'webinar';

/** The journal (teaching assignment) facts a record copies. */
export interface VisitJournal {
  teachingAssignmentId: number;
  teacherId: number;
  academicYearId: number;
  workingSemesterId: number;
  semesterId: number;
  disciplineId: number;
  credits: number;
  lessonTypeId: number;
  streamId: number | null;
  subgroup: number;
  isSelect?: boolean;
}

/** The student facts a record copies. */
export interface VisitStudent {
  id: number;
  groupId: number;
  educationFormId: number;
}

/** ISO day of the week of a date ('YYYY-MM-DD'), 1 Monday .. 7 Sunday. */
export function dayOfDate(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** A record's values for a student at a lesson occurrence of a journal (scheduleEntryId: the timetable entry it came from, when known). */
export function visitValues(j: VisitJournal, s: VisitStudent, date: string, lessonTimeId: number, scheduleEntryId?: number): VisitValues {
  return {
    teachingAssignmentId: j.teachingAssignmentId,
    studentId: s.id,
    visitDate: date,
    lessonTimeId,
    teacherId: j.teacherId,
    academicYearId: j.academicYearId,
    workingSemesterId: j.workingSemesterId,
    semesterId: j.semesterId,
    disciplineId: j.disciplineId,
    credits: j.credits,
    ...(j.isSelect === undefined ? {} : { isSelect: j.isSelect }),
    lessonTypeId: j.lessonTypeId,
    groupId: s.groupId,
    streamId: j.streamId,
    subgroup: j.subgroup,
    dayNumber: dayOfDate(date),
    educationFormId: s.educationFormId,
    ...(scheduleEntryId === undefined ? {} : { scheduleEntryId }),
  };
}

/** A new record: the values with its mark, how and by whom it was written. */
export function newVisit(v: VisitValues, mark: string | null, source: VisitSource, userId: number | null, at?: Date): NewVisit {
  return { ...v, mark, source, createdByUserId: userId, updatedByUserId: userId, ...(at ? { createdAt: at, updatedAt: at } : {}) };
}

/**
 * Writes "present" (source 'qr', or 'webinar' for a join of the lesson's online meeting) for the
 * occurrence: a new record, or an absence ('н/б') turned into presence, with its history line.
 * Returns the record's id, or null when the journal already holds a presence or a mark there.
 */
export async function writePresence(db: Db, v: VisitValues, byUserId: number | null, source: PresenceSource = 'qr'): Promise<number | null> {
  const cell = { teachingAssignmentId: v.teachingAssignmentId, studentId: v.studentId, visitDate: v.visitDate, lessonTimeId: v.lessonTimeId };
  const [inserted] = await db
    .insert(journalVisits)
    .values(newVisit(v, null, source, byUserId))
    .onConflictDoNothing({ target: [journalVisits.teachingAssignmentId, journalVisits.studentId, journalVisits.visitDate, journalVisits.lessonTimeId] })
    .returning({ id: journalVisits.id });
  if (inserted) {
    await db
      .insert(journalVisitChanges)
      .values({ visitId: inserted.id, ...cell, action: 'insert', oldMark: null, newMark: null, source, changedByUserId: byUserId });
    return inserted.id;
  }
  const [updated] = await db
    .update(journalVisits)
    .set({ mark: null, source, updatedByUserId: byUserId, updatedAt: sql`now()` })
    .where(
      and(
        eq(journalVisits.teachingAssignmentId, v.teachingAssignmentId),
        eq(journalVisits.studentId, v.studentId),
        eq(journalVisits.visitDate, v.visitDate),
        eq(journalVisits.lessonTimeId, v.lessonTimeId),
        eq(journalVisits.mark, 'н/б'),
      ),
    )
    .returning({ id: journalVisits.id });
  if (!updated) return null;
  await db
    .insert(journalVisitChanges)
    .values({ visitId: updated.id, ...cell, action: 'update', oldMark: 'н/б', newMark: null, source, changedByUserId: byUserId });
  return updated.id;
}

/**
 * Writes an absence ('н/б', source 'qr') for the occurrence when its cell is empty, with its history
 * line (a QR mark left undecided until it expired). A cell the journal already holds, whatever its
 * value, stays as it is. Returns the record's id, or null when the cell was not empty.
 */
export async function writeAbsence(db: Db, v: VisitValues, byUserId: number | null): Promise<number | null> {
  const [inserted] = await db
    .insert(journalVisits)
    .values(newVisit(v, 'н/б', 'qr', byUserId))
    .onConflictDoNothing({ target: [journalVisits.teachingAssignmentId, journalVisits.studentId, journalVisits.visitDate, journalVisits.lessonTimeId] })
    .returning({ id: journalVisits.id });
  if (!inserted) return null;
  await db.insert(journalVisitChanges).values({
    visitId: inserted.id,
    teachingAssignmentId: v.teachingAssignmentId,
    studentId: v.studentId,
    visitDate: v.visitDate,
    lessonTimeId: v.lessonTimeId,
    action: 'insert',
    oldMark: null,
    newMark: 'н/б',
    source: 'qr',
    changedByUserId: byUserId,
  });
  return inserted.id;
}

/**
 * The same write for many presences inside one statement (QR's burst of marks, written with the marks
 * themselves): the statement's CTEs `presence_v` (the records) and `presence_h` (their history lines),
 * reading `rows`, a query with the columns of `VisitValues` in snake case plus `visit_id` (the
 * record's id: the cell's, or a new one from the table's sequence), `cell_id` (the cell's record
 * before, if any) and `by_user_id`. A record is written only over an empty cell or an absence.
 * Rows are written in the order of the journal's unique key (see the QR batch for why).
 */
export function presenceCtes(rows: SQL): SQL {
  return sql`presence_rows as (${rows}),
        presence_v as (
          insert into journal_visits (id, teaching_assignment_id, student_id, visit_date, lesson_time_id, mark, teacher_id, academic_year_id, working_semester_id,
                                      semester_id, discipline_id, credits, is_select, lesson_type_id, group_id, stream_id, subgroup, day_number, education_form_id,
                                      schedule_entry_id, source, created_by_user_id, updated_by_user_id)
          select p.visit_id, p.teaching_assignment_id, p.student_id, p.visit_date, p.lesson_time_id, null, p.teacher_id, p.academic_year_id, p.working_semester_id,
                 p.semester_id, p.discipline_id, p.credits, p.is_select, p.lesson_type_id, p.group_id, p.stream_id, p.subgroup, p.day_number, p.education_form_id,
                 p.schedule_entry_id, 'qr', p.by_user_id, p.by_user_id
            from presence_rows p
           order by p.teaching_assignment_id, p.student_id, p.visit_date, p.lesson_time_id
          on conflict (teaching_assignment_id, student_id, visit_date, lesson_time_id) do update
             set mark = null, source = 'qr', updated_by_user_id = excluded.updated_by_user_id, updated_at = now()
           where journal_visits.mark = 'н/б'
          returning id
        ),
        presence_h as (
          insert into journal_visit_changes (visit_id, teaching_assignment_id, student_id, visit_date, lesson_time_id, action, old_mark, new_mark, source, changed_by_user_id)
          select v.id, p.teaching_assignment_id, p.student_id, p.visit_date, p.lesson_time_id, case when p.cell_id is null then 'insert' else 'update' end,
                 case when p.cell_id is null then null else 'н/б' end, null, 'qr', p.by_user_id
            from presence_v v join presence_rows p on p.visit_id = v.id
        )`;
}
