/** SQL of the webinar area: meetings with their lesson, the joins, the recordings, the meeting server's address. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { LESSON_COLUMNS, LESSON_JOINS, memberOf, type LessonShownRow } from '../../shared/timetable.repository';
import { webinarMeetings, webinarRecordings } from './webinar.schema';

/** The site setting that holds the portal's meeting server (docs/configuration.md#meeting-server). */
export const MEETING_SERVER_KEY = 'meeting_server';

export async function meetingServer(db: Db): Promise<string | null> {
  const [row] = await rowsOf<{ value: string }>(db, sql`select value from site_settings where key = ${MEETING_SERVER_KEY}`);
  return row?.value.trim() ? row.value.trim() : null;
}

export interface MeetingRow extends LessonShownRow {
  id: number;
  idShed: number;
  date: string;
  teacherId: number;
  provider: 'portal' | 'link';
  url: string;
}

const SELECT_MEETING = sql`
  select m.id, m.schedule_entry_id as "idShed", to_char(m.lesson_date, 'YYYY-MM-DD') as date, m.teacher_id as "teacherId", m.provider, m.url,
    to_char(lt.starts_at, 'HH24:MI') as "startsAt", to_char(lt.ends_at, 'HH24:MI') as "endsAt", ${LESSON_COLUMNS}
  from webinar_meetings m
  join schedule_entries e on e.id = m.schedule_entry_id
  join lesson_times lt on lt.id = e.lesson_time_id
  join teachers t on t.id = m.teacher_id
  ${LESSON_JOINS}`;

const ORDER = sql`order by m.lesson_date, lt.starts_at, m.id`;

export async function meeting(db: Db, id: number): Promise<MeetingRow | undefined> {
  const [row] = await rowsOf<MeetingRow>(db, sql`${SELECT_MEETING} where m.id = ${id}`);
  return row;
}

/** The teacher's meetings dated from `from` on. */
export function meetingsOfTeacher(db: Db, teacherId: number, from: string): Promise<MeetingRow[]> {
  return rowsOf<MeetingRow>(db, sql`${SELECT_MEETING} where m.teacher_id = ${teacherId} and m.lesson_date >= ${from}::date ${ORDER}`);
}

/** The meetings of the student's lessons (memberOf: his group or stream, his subgroup, not taken off the list) dated from `from` to `to`. */
export function meetingsOfStudent(db: Db, studentId: number, from: string, to: string): Promise<MeetingRow[]> {
  return rowsOf<MeetingRow>(
    db,
    sql`${SELECT_MEETING} join students st on st.id = ${studentId}
        where m.lesson_date between ${from}::date and ${to}::date and ${memberOf} ${ORDER}`,
  );
}

/** The meetings of the entries from `from` on: entry and date → meeting id. */
export async function meetingsOfEntries(db: Db, entryIds: readonly number[], from: string): Promise<Map<string, number>> {
  if (entryIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; idShed: number; date: string }>(
    db,
    sql`select id, schedule_entry_id as "idShed", to_char(lesson_date, 'YYYY-MM-DD') as date from webinar_meetings
        where schedule_entry_id in (${sql.join(
          entryIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and lesson_date >= ${from}::date`,
  );
  return new Map(rows.map((r) => [`${r.idShed}|${r.date}`, r.id]));
}

export async function meetingOfLesson(db: Db, entryId: number, date: string): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(db, sql`select id from webinar_meetings where schedule_entry_id = ${entryId} and lesson_date = ${date}::date`);
  return row?.id ?? null;
}

export async function insertMeeting(db: Db, values: typeof webinarMeetings.$inferInsert): Promise<number> {
  const [row] = await db.insert(webinarMeetings).values(values).returning({ id: webinarMeetings.id });
  return row.id;
}

export interface JoinRow {
  studentId: number;
  joinedAt: Date;
  surname: string;
  name: string;
  patronymic: string | null;
}

/** Who joined the meeting, by time. */
export async function joinsOf(db: Db, meetingId: number): Promise<JoinRow[]> {
  const rows = await rowsOf<Omit<JoinRow, 'joinedAt'> & { joinedAt: Date | string }>(
    db,
    sql`select j.student_id as "studentId", j.joined_at as "joinedAt", st.surname, st.name, st.patronymic
        from webinar_joins j join students st on st.id = j.student_id where j.meeting_id = ${meetingId} order by j.joined_at, st.surname, st.id`,
  );
  return rows.map((r) => ({ ...r, joinedAt: new Date(r.joinedAt) }));
}

/** How many joined each meeting. */
export async function joinCounts(db: Db, meetingIds: readonly number[]): Promise<Map<number, number>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; n: number }>(
    db,
    sql`select meeting_id as id, count(*)::int as n from webinar_joins where meeting_id in (${sql.join(
      meetingIds.map((id) => sql`${id}`),
      sql`, `,
    )}) group by meeting_id`,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The student's first join of each meeting. */
export async function joinsOfStudent(db: Db, studentId: number, meetingIds: readonly number[]): Promise<Map<number, Date>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; at: Date | string }>(
    db,
    sql`select meeting_id as id, joined_at as at from webinar_joins where student_id = ${studentId} and meeting_id in (${sql.join(
      meetingIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, new Date(r.at)]));
}

/** Records the student's join once: the first join's time (a second join, or one made meanwhile, keeps it). */
export async function recordJoin(db: Db, meetingId: number, studentId: number, at: Date): Promise<Date> {
  await db.execute(
    sql`insert into webinar_joins (meeting_id, student_id, joined_at) values (${meetingId}, ${studentId}, ${at.toISOString()}::timestamptz)
        on conflict (meeting_id, student_id) do nothing`,
  );
  const [row] = await rowsOf<{ at: Date | string }>(
    db,
    sql`select joined_at as at from webinar_joins where meeting_id = ${meetingId} and student_id = ${studentId}`,
  );
  return new Date(row.at);
}

export interface RecordingRow {
  id: number;
  meetingId: number;
  title: string;
  url: string;
}

/** The meetings' recordings, in the order added. */
export async function recordingsOf(db: Db, meetingIds: readonly number[]): Promise<RecordingRow[]> {
  if (meetingIds.length === 0) return [];
  return rowsOf<RecordingRow>(
    db,
    sql`select id, meeting_id as "meetingId", title, url from webinar_recordings where meeting_id in (${sql.join(
      meetingIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id`,
  );
}

export async function recording(db: Db, id: number): Promise<RecordingRow | undefined> {
  const [row] = await rowsOf<RecordingRow>(db, sql`select id, meeting_id as "meetingId", title, url from webinar_recordings where id = ${id}`);
  return row;
}

export async function countRecordings(db: Db, meetingId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from webinar_recordings where meeting_id = ${meetingId}`);
  return row.n;
}

export async function insertRecording(db: Db, values: typeof webinarRecordings.$inferInsert): Promise<number> {
  const [row] = await db.insert(webinarRecordings).values(values).returning({ id: webinarRecordings.id });
  return row.id;
}

export async function deleteRecording(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from webinar_recordings where id = ${id}`);
}
