/** SQL of the teacher's review list: the undecided marks of his lessons, their expiry into absences, and a student's own undecided or refused marks. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export interface ReviewRow {
  id: number;
  sessionId: number;
  scheduleEntryId: number;
  lessonDate: string;
  studentId: number;
  surname: string;
  name: string;
  patronymic: string | null;
  reason: string | null;
  distanceM: number;
  /** Epoch milliseconds (see rowsOf). */
  createdAt: number;
}

/** The undecided marks of the teacher's sessions, oldest first. */
export async function reviewMarksOf(db: Db, teacherId: number): Promise<ReviewRow[]> {
  return rowsOf<ReviewRow>(
    db,
    sql`select q.id::int as id, q.session_id as "sessionId", s.schedule_entry_id as "scheduleEntryId", s.lesson_date::text as "lessonDate",
               q.student_id as "studentId", st.surname, st.name, st.patronymic, q.reason, q.distance_m as "distanceM",
               (extract(epoch from q.created_at) * 1000)::float8 as "createdAt"
          from qr_marks q
          join qr_sessions s on s.id = q.session_id
          join students st on st.id = q.student_id
         where s.teacher_id = ${teacherId} and q.status = 'review'
         order by q.created_at, q.id`,
  );
}

/** A mark that expired: its session's lesson and date, and its student. */
export interface ExpiredRow {
  id: number;
  scheduleEntryId: number;
  lessonDate: string;
  studentId: number;
}

/** Marks that waited for review since before `before` expire: they count as absent (decided now, by nobody). */
export async function expireReviews(db: Db, before: Date, now: Date): Promise<ExpiredRow[]> {
  return rowsOf<ExpiredRow>(
    db,
    sql`update qr_marks q set status = 'expired', decided_at = ${now.toISOString()}::timestamptz
          from qr_sessions s
         where s.id = q.session_id and q.status = 'review' and q.created_at < ${before.toISOString()}::timestamptz
        returning q.id::int as id, s.schedule_entry_id as "scheduleEntryId", s.lesson_date::text as "lessonDate", q.student_id as "studentId"`,
  );
}

/**
 * Links an expired mark to the journal record of its cell (the absence it wrote, or the record the
 * teacher wrote there before), so that the mark and the journal name the same lesson occurrence.
 */
export async function linkExpired(
  db: Db,
  markId: number,
  v: { teachingAssignmentId: number; studentId: number; visitDate: string; lessonTimeId: number },
): Promise<void> {
  await db.execute(
    sql`update qr_marks set visit_id = (select c.id from journal_visits c
                                         where c.teaching_assignment_id = ${v.teachingAssignmentId} and c.student_id = ${v.studentId}
                                           and c.visit_date = ${v.visitDate}::date and c.lesson_time_id = ${v.lessonTimeId})
         where id = ${markId}`,
  );
}

/** The accounts of a teacher (the journal's live event goes to each of them). */
export async function teacherAccounts(db: Db, teacherId: number): Promise<number[]> {
  return (await rowsOf<{ id: number }>(db, sql`select id from users where teacher_id = ${teacherId} and student_id is null`)).map((r) => r.id);
}

export interface OwnMarkRow {
  id: number;
  scheduleEntryId: number;
  lessonDate: string;
  status: string;
  reason: string | null;
}

/** The student's marks since `since` that are not plainly accepted, newest first. */
export async function unsettledMarksOf(db: Db, studentId: number, since: Date): Promise<OwnMarkRow[]> {
  return rowsOf<OwnMarkRow>(
    db,
    sql`select q.id::int as id, s.schedule_entry_id as "scheduleEntryId", s.lesson_date::text as "lessonDate", q.status, q.reason
          from qr_marks q join qr_sessions s on s.id = q.session_id
         where q.student_id = ${studentId} and q.status <> 'accepted' and q.created_at >= ${since.toISOString()}::timestamptz
         order by q.created_at desc, q.id desc
         limit 50`,
  );
}
