/**
 * SQL of the weekly timetable (schedule_entries) as the schedule and QR attendance read it: one
 * entry with everything shown about it, a teacher's or a student's entries of a half-year, and the
 * students an entry is for (its group or the stream's groups; a subgroup entry: that half, or the
 * teacher's own subgroup of the assignment when it has any; never students taken off the list).
 */
import { sql } from 'drizzle-orm';
import { idArray, rowsOf, type Db } from '../db/client';
import { marksClosedAfterSql } from './academic/journal-period';
import type { Names } from './names';

/** When and where a lesson is: the fields a weekly entry and a room booking (shared/room-bookings.repository.ts) share. */
export interface LessonPlaceRow {
  /** 1 Monday … 7 Sunday */
  dayNumber: number;
  lessonTimeId: number;
  /** 'HH:mm' */
  startsAt: string;
  endsAt: string;
  auditoriumId: number;
  roomName: string;
  building: string;
}

/** What LESSON_COLUMNS reads of a lesson (with its lesson time's `startsAt` and `endsAt`). */
export interface LessonShownRow {
  startsAt: string;
  endsAt: string;
  discipline: Names;
  lessonType: Names;
  /** The group's or the stream's name. */
  target: string;
  subgroup: number;
  teacher: { surname: string; name: string; patronymic: string | null };
}

export interface EntryRow extends LessonPlaceRow, LessonShownRow {
  id: number;
  academicYearId: number;
  workingSemesterId: number;
  semesterId: number;
  latitude: number;
  longitude: number;
  radiusM: number;
  teachingAssignmentId: number;
  credits: number;
  disciplineId: number;
  lessonTypeId: number;
  teacherId: number;
  groupId: number | null;
  streamId: number | null;
  educationFormId: number;
  isSelect: boolean;
  specialityId: number | null;
  facultyId: number | null;
  /** The last day of marks the administrator set for the entry's half-year (shared/academic/journal-period.ts), or null. */
  marksClosedAfter: string | null;
}

const ENTRY_COLUMNS = sql`
  e.id, e.academic_year_id as "academicYearId", e.working_semester_id as "workingSemesterId", e.semester_id as "semesterId",
    e.day_number as "dayNumber", e.lesson_time_id as "lessonTimeId",
    to_char(lt.starts_at, 'HH24:MI') as "startsAt", to_char(lt.ends_at, 'HH24:MI') as "endsAt",
    e.auditorium_id as "auditoriumId", a.name as "roomName", a.building, a.latitude, a.longitude, a.radius_m as "radiusM",
    e.teaching_assignment_id as "teachingAssignmentId", ta.credits,
    e.discipline_id as "disciplineId", json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
    e.lesson_type_id as "lessonTypeId", json_build_object('nameRu', ty.name_ru, 'nameKg', ty.name_kg, 'nameEn', ty.name_en) as "lessonType",
    e.teacher_id as "teacherId", json_build_object('surname', t.surname, 'name', t.name, 'patronymic', t.patronymic) as teacher,
    e.group_id as "groupId", e.stream_id as "streamId", coalesce(g.name, s.name) as target, e.subgroup,
    e.education_form_id as "educationFormId", e.is_select as "isSelect",
    coalesce(g.speciality_id, s.speciality_id) as "specialityId", sp.faculty_id as "facultyId",
    ${marksClosedAfterSql('e')} as "marksClosedAfter"`;

const ENTRY_FROM = sql`
  from schedule_entries e
  join lesson_times lt on lt.id = e.lesson_time_id
  join auditoria a on a.id = e.auditorium_id
  join teaching_assignments ta on ta.id = e.teaching_assignment_id
  join disciplines d on d.id = e.discipline_id
  join lesson_types ty on ty.id = e.lesson_type_id
  join teachers t on t.id = e.teacher_id
  left join groups g on g.id = e.group_id
  left join streams s on s.id = e.stream_id
  left join specialities sp on sp.id = coalesce(g.speciality_id, s.speciality_id)`;

const SELECT_ENTRY = sql`select ${ENTRY_COLUMNS} ${ENTRY_FROM}`;

/** The tables an entry row (and memberOf) reads: a write to any of them may change a timetable. */
export const TIMETABLE_TABLES = [
  'schedule_entries',
  'lesson_times',
  'auditoria',
  'teaching_assignments',
  'disciplines',
  'lesson_types',
  'teachers',
  'groups',
  'streams',
  'stream_groups',
  'specialities',
  'journal_removed_students',
  'journal_subgroups',
  'journal_subgroup_students',
] as const;

const fix = (r: EntryRow): EntryRow => ({ ...r, latitude: Number(r.latitude), longitude: Number(r.longitude) });

/**
 * Entries by id, in one statement whatever their number (a burst of QR scans and marks asks for the
 * entries of many lessons at once: qr.lookups.ts). Named, so that each connection keeps its plan:
 * planning the ten joins costs PostgreSQL about ten times what running them does (bench/README.md, qr).
 */
export async function findEntries(db: Db, ids: readonly number[]): Promise<Map<number, EntryRow>> {
  const rows = await rowsOf<EntryRow>(db, sql`${SELECT_ENTRY} where e.id = any(${idArray(ids)})`, 'timetable_entries');
  return new Map(rows.map((r) => [r.id, fix(r)]));
}

/** One entry by id (findEntries' statement and plan). */
export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  return (await findEntries(db, [id])).get(id);
}

/** The teacher's entries of a half-year, by day and time. */
export async function entriesOfTeacher(db: Db, teacherId: number, year: number, ws: number): Promise<EntryRow[]> {
  return (
    await rowsOf<EntryRow>(
      db,
      sql`${SELECT_ENTRY} where e.teacher_id = ${teacherId} and e.academic_year_id = ${year} and e.working_semester_id = ${ws} order by e.day_number, lt.starts_at, e.id`,
    )
  ).map(fix);
}

/**
 * What names a weekly lesson (schedule_entries `e`) on a screen: its discipline and kind in three
 * languages, its group or stream, its subgroup and its teacher (`t`, joined by the query, which says
 * whose: the lesson's, a booking's or a meeting's teacher). LESSON_JOINS joins the rest.
 */
export const LESSON_COLUMNS = sql`json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
    json_build_object('nameRu', ty.name_ru, 'nameKg', ty.name_kg, 'nameEn', ty.name_en) as "lessonType",
    coalesce(g.name, s.name) as target, e.subgroup,
    json_build_object('surname', t.surname, 'name', t.name, 'patronymic', t.patronymic) as teacher`;
export const LESSON_JOINS = sql`join disciplines d on d.id = e.discipline_id
  join lesson_types ty on ty.id = e.lesson_type_id
  left join groups g on g.id = e.group_id
  left join streams s on s.id = e.stream_id`;

/** Is student st one of entry e's students? (SQL condition on aliases e and st.) */
export const memberOf = sql`
  (st.group_id = e.group_id or exists (select 1 from stream_groups sg where sg.stream_id = e.stream_id and sg.group_id = st.group_id))
  and not exists (select 1 from journal_removed_students r where r.teaching_assignment_id = e.teaching_assignment_id and r.student_id = st.id)
  and (
    e.subgroup = 0 and not exists (select 1 from journal_subgroups js where js.teaching_assignment_id = e.teaching_assignment_id)
    or e.subgroup = 0 and exists (select 1 from journal_subgroups js join journal_subgroup_students jss on jss.subgroup_id = js.id
                                  where js.teaching_assignment_id = e.teaching_assignment_id and jss.student_id = st.id)
    or e.subgroup > 0 and not exists (select 1 from journal_subgroups js where js.teaching_assignment_id = e.teaching_assignment_id) and st.subgroup = e.subgroup
    or e.subgroup > 0 and exists (select 1 from journal_subgroups js join journal_subgroup_students jss on jss.subgroup_id = js.id
                                  where js.teaching_assignment_id = e.teaching_assignment_id and js.number = e.subgroup and jss.student_id = st.id)
  )`;

/** The student's entries of a half-year, by day and time. */
export async function entriesOfStudent(db: Db, studentId: number, year: number, ws: number): Promise<EntryRow[]> {
  return (
    await rowsOf<EntryRow>(
      db,
      sql`${SELECT_ENTRY} join students st on st.id = ${studentId}
          where e.academic_year_id = ${year} and e.working_semester_id = ${ws} and ${memberOf}
          order by e.day_number, lt.starts_at, e.id`,
    )
  ).map(fix);
}

/** A weekly lesson's slot: its discipline, day and times (what a clash check needs). */
export interface LessonSlotRow {
  discipline: Names;
  disciplineId: number;
  dayNumber: number;
  startsAt: string;
  endsAt: string;
}

/**
 * The slots of the student's lessons of a half-year: the same lessons as entriesOfStudent, read
 * with the few joins a clash check needs (planning the whole entry's joins costs several times more
 * than running them; bench/README.md, registration).
 */
export async function slotsOfStudent(db: Db, studentId: number, year: number, ws: number): Promise<LessonSlotRow[]> {
  return rowsOf<LessonSlotRow>(
    db,
    sql`select json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline, e.discipline_id as "disciplineId", e.day_number as "dayNumber",
        to_char(lt.starts_at, 'HH24:MI') as "startsAt", to_char(lt.ends_at, 'HH24:MI') as "endsAt"
      from schedule_entries e join lesson_times lt on lt.id = e.lesson_time_id join disciplines d on d.id = e.discipline_id join students st on st.id = ${studentId}
      where e.academic_year_id = ${year} and e.working_semester_id = ${ws} and ${memberOf}`,
  );
}

/**
 * An entry of a group's week with what decides which of the group's students it is for (memberOf,
 * worked out in memory by isStudentOf): the students taken off its journal, whether its journal is
 * split into subgroups, and the students of the subgroups that count (any for a whole-group entry,
 * the entry's own for a subgroup entry).
 */
export interface GroupEntryRow extends EntryRow {
  removed: number[];
  split: boolean;
  members: number[];
}

/** Every entry of a half-year for the group's students (its own and its streams'), by day and time. */
export async function entriesOfGroup(db: Db, groupId: number, year: number, ws: number): Promise<GroupEntryRow[]> {
  return (
    await rowsOf<GroupEntryRow>(
      db,
      sql`select ${ENTRY_COLUMNS},
            coalesce((select array_agg(r.student_id) from journal_removed_students r where r.teaching_assignment_id = e.teaching_assignment_id), '{}') as removed,
            exists (select 1 from journal_subgroups js where js.teaching_assignment_id = e.teaching_assignment_id) as split,
            coalesce((select array_agg(jss.student_id) from journal_subgroups js join journal_subgroup_students jss on jss.subgroup_id = js.id
                       where js.teaching_assignment_id = e.teaching_assignment_id and (e.subgroup = 0 or js.number = e.subgroup)), '{}') as members
          ${ENTRY_FROM}
          where e.academic_year_id = ${year} and e.working_semester_id = ${ws}
            and (e.group_id = ${groupId} or exists (select 1 from stream_groups sg where sg.stream_id = e.stream_id and sg.group_id = ${groupId}))
          order by e.day_number, lt.starts_at, e.id`,
    )
  ).map((r) => ({ ...r, ...fix(r), removed: r.removed.map(Number), members: r.members.map(Number) }));
}

/** memberOf in memory: is a student of the entry's group (his id and subgroup) one of its students? */
export function isStudentOf(e: GroupEntryRow, student: { id: number; subgroup: number }): boolean {
  if (e.removed.includes(student.id)) return false;
  if (e.subgroup === 0) return !e.split || e.members.includes(student.id);
  return e.split ? e.members.includes(student.id) : student.subgroup === e.subgroup;
}

/** The student's group and subgroup (undefined: no such student). */
export async function placeOfStudent(db: Db, studentId: number): Promise<{ groupId: number | null; subgroup: number } | undefined> {
  const [row] = await rowsOf<{ groupId: number | null; subgroup: number }>(
    db,
    sql`select group_id as "groupId", subgroup from students where id = ${studentId}`,
  );
  return row;
}

/** Is the student one of the entry's students? */
export async function isStudentOfEntry(db: Db, entryId: number, studentId: number): Promise<boolean> {
  const found = await rowsOf(db, sql`select 1 from schedule_entries e join students st on st.id = ${studentId} where e.id = ${entryId} and ${memberOf}`);
  return found.length > 0;
}

export interface EntryStudent {
  id: number;
  groupId: number;
  educationFormId: number;
  surname: string;
  name: string;
  patronymic: string | null;
}

/** The entry's students, by name. */
export async function studentsOfEntry(db: Db, entryId: number): Promise<EntryStudent[]> {
  return rowsOf<EntryStudent>(
    db,
    sql`select st.id, st.group_id as "groupId", st.education_form_id as "educationFormId", st.surname, st.name, st.patronymic
        from schedule_entries e join students st on ${memberOf}
        where e.id = ${entryId} order by st.surname, st.name, st.id`,
  );
}

/** How many students the entry is for. */
export async function countStudentsOfEntry(db: Db, entryId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from schedule_entries e join students st on ${memberOf} where e.id = ${entryId}`);
  return row?.n ?? 0;
}

/** May the account read the QR attendance reports of every group (the report permission, qr_report_viewers)? */
export async function isQrReportViewer(db: Db, userId: number): Promise<boolean> {
  return (await rowsOf(db, sql`select 1 from qr_report_viewers where user_id = ${userId}`)).length > 0;
}
