/**
 * SQL of the grading sheet: the sheets, their lines and history (gradingsheet.schema.ts), and what
 * they read elsewhere: the teacher's journals of a discipline for a group, the group's students, the
 * marks, topics and lessons of the discipline's journals for the group (for the module points), the
 * university's grading scale, the caller's dean's-office rights.
 */
import { and, eq, sql } from 'drizzle-orm';
import { idArray, rowsOf, type Db } from '../../db/client';
import type { Names } from '../../shared/names';
import { gradingSheetHistory, gradingSheetLines, gradingSheets } from './gradingsheet.schema';

export type SheetRow = typeof gradingSheets.$inferSelect;
export type LineRow = typeof gradingSheetLines.$inferSelect;

export async function sheet(db: Db, id: number, lock = false): Promise<SheetRow | undefined> {
  const q = db.select().from(gradingSheets).where(eq(gradingSheets.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function firstSheetOf(db: Db, disciplineId: number, groupId: number, year: number, ws: number): Promise<SheetRow | undefined> {
  const [row] = await db
    .select()
    .from(gradingSheets)
    .where(
      and(
        eq(gradingSheets.disciplineId, disciplineId),
        eq(gradingSheets.groupId, groupId),
        eq(gradingSheets.academicYearId, year),
        eq(gradingSheets.workingSemesterId, ws),
        eq(gradingSheets.attempt, 1),
      ),
    );
  return row;
}

export async function insertSheet(db: Db, values: typeof gradingSheets.$inferInsert): Promise<SheetRow | undefined> {
  const [row] = await db.insert(gradingSheets).values(values).onConflictDoNothing().returning();
  return row;
}

export async function linesOf(db: Db, sheetId: number): Promise<LineRow[]> {
  return db.select().from(gradingSheetLines).where(eq(gradingSheetLines.sheetId, sheetId)).orderBy(gradingSheetLines.id);
}

export async function insertLines(db: Db, sheetId: number, studentIds: readonly number[], modules?: Pick<LineRow, 'modules' | 'modulePoints'>) {
  if (studentIds.length === 0) return;
  await db
    .insert(gradingSheetLines)
    .values(studentIds.map((studentId) => ({ sheetId, studentId, modules: modules?.modules ?? null, modulePoints: modules?.modulePoints ?? null })))
    .onConflictDoNothing();
}

export async function setExam(db: Db, sheetId: number, studentId: number, exam: number | null) {
  await db
    .update(gradingSheetLines)
    .set({ examPoints: exam })
    .where(and(eq(gradingSheetLines.sheetId, sheetId), eq(gradingSheetLines.studentId, studentId)));
}

export async function freezeLine(db: Db, id: number, values: Pick<LineRow, 'modules' | 'modulePoints' | 'total'>) {
  await db.update(gradingSheetLines).set(values).where(eq(gradingSheetLines.id, id));
}

export async function setSigned(db: Db, id: number, signed: boolean, userId: number | null, at: Date | null) {
  await db.update(gradingSheets).set({ signed, signedByUserId: userId, signedAt: at }).where(eq(gradingSheets.id, id));
}

export async function addHistory(db: Db, values: typeof gradingSheetHistory.$inferInsert) {
  await db.insert(gradingSheetHistory).values(values);
}

export async function historyOf(db: Db, sheetId: number) {
  return rowsOf<{
    action: string;
    studentId: number | null;
    oldPoints: number | null;
    newPoints: number | null;
    reason: string | null;
    at: Date;
    login: string | null;
    surname: string | null;
    name: string | null;
    patronymic: string | null;
  }>(
    db,
    sql`select h.action, h.student_id as "studentId", h.old_points as "oldPoints", h.new_points as "newPoints", h.reason, h.at, u.login,
               t.surname, t.name, t.patronymic
          from grading_sheet_history h left join users u on u.id = h.user_id left join teachers t on t.id = u.teacher_id
         where h.sheet_id = ${sheetId} order by h.id desc`,
  );
}

/** Resit and commission sheets made from a sheet, by student. */
export async function resitsOf(db: Db, parentId: number): Promise<Map<number, number>> {
  const rows = await db.select({ id: gradingSheets.id, studentId: gradingSheets.studentId }).from(gradingSheets).where(eq(gradingSheets.parentId, parentId));
  return new Map(rows.map((r) => [r.studentId!, r.id]));
}

export interface Journal {
  id: number;
  teacherId: number;
  disciplineId: number;
  academicYearId: number;
  workingSemesterId: number;
  semesterId: number;
  credits: number;
  controlFormId: number;
  markScale: string;
  groupId: number | null;
  streamId: number | null;
}

export async function journal(db: Db, id: number): Promise<Journal | undefined> {
  const [row] = await rowsOf<Journal>(
    db,
    sql`select id, teacher_id as "teacherId", discipline_id as "disciplineId", academic_year_id as "academicYearId",
               working_semester_id as "workingSemesterId", semester_id as "semesterId", credits, control_form_id as "controlFormId",
               mark_scale as "markScale", group_id as "groupId", stream_id as "streamId"
          from teaching_assignments where id = ${id}`,
  );
  return row;
}

/** The groups a journal teaches: its group, or its stream's groups. */
export async function groupsOfJournal(db: Db, j: Journal): Promise<number[]> {
  if (j.groupId) return [j.groupId];
  const rows = await rowsOf<{ id: number }>(db, sql`select group_id as id from stream_groups where stream_id = ${j.streamId} order by group_id`);
  return rows.map((r) => r.id);
}

/** Whether the teacher teaches the discipline to the group in the half-year (a journal of his for the group or a stream holding it). */
export async function teaches(db: Db, teacherId: number, disciplineId: number, groupId: number, year: number, ws: number): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from teaching_assignments a
         where a.teacher_id = ${teacherId} and a.discipline_id = ${disciplineId} and a.academic_year_id = ${year} and a.working_semester_id = ${ws}
           and (a.group_id = ${groupId} or a.stream_id in (select stream_id from stream_groups where group_id = ${groupId}))
         limit 1`,
  );
  return rows.length > 0;
}

/**
 * The teacher's open sheets of a discipline (he teaches it to their group in their half-year) with a
 * line of one of the students at least (not one who left), newest half-year first.
 */
export async function openSheetsOf(db: Db, teacherId: number, disciplineId: number, studentIds: readonly number[]) {
  if (studentIds.length === 0) return [];
  return rowsOf<{ id: number; attempt: number; year: number; ws: number; group: string } & Partial<StudentRow>>(
    db,
    sql`select s.id, s.attempt, s.academic_year_id as year, s.working_semester_id as ws, g.name as group, st.surname, st.name, st.patronymic
          from grading_sheets s join groups g on g.id = s.group_id left join students st on st.id = s.student_id
         where s.discipline_id = ${disciplineId} and not s.signed
           and exists (select 1 from grading_sheet_lines l where l.sheet_id = s.id and l.left_at is null and l.student_id = any(${idArray(studentIds)}))
           and exists (select 1 from teaching_assignments a
                        where a.teacher_id = ${teacherId} and a.discipline_id = s.discipline_id
                          and a.academic_year_id = s.academic_year_id and a.working_semester_id = s.working_semester_id
                          and (a.group_id = s.group_id or a.stream_id in (select stream_id from stream_groups where group_id = s.group_id)))
         order by s.academic_year_id desc, s.working_semester_id desc, g.name, s.attempt, s.id`,
  );
}

/** The caller's account rights as stored now: administrator, dean's office of a faculty (a disabled account has none). */
export async function rightsOf(db: Db, userId: number): Promise<{ admin: boolean; deanFacultyId: number | null }> {
  const [row] = await rowsOf<{ admin: boolean; deanFacultyId: number | null }>(
    db,
    sql`select admin and not disabled as admin, case when disabled then null else dean_faculty_id end as "deanFacultyId" from users where id = ${userId}`,
  );
  return row ?? { admin: false, deanFacultyId: null };
}

export interface GroupRow {
  id: number;
  name: string;
  facultyId: number;
  faculty: Names;
}

export async function group(db: Db, id: number): Promise<GroupRow | undefined> {
  const [row] = await rowsOf<GroupRow>(
    db,
    sql`select g.id, g.name, f.id as "facultyId", json_build_object('nameRu', f.name_ru, 'nameKg', f.name_kg, 'nameEn', f.name_en) as faculty
          from groups g join specialities sp on sp.id = g.speciality_id join faculties f on f.id = sp.faculty_id where g.id = ${id}`,
  );
  return row;
}

export interface StudentRow {
  id: number;
  surname: string;
  name: string;
  patronymic: string | null;
}

export async function studentsOfGroup(db: Db, groupId: number): Promise<StudentRow[]> {
  return rowsOf<StudentRow>(db, sql`select id, surname, name, patronymic from students where group_id = ${groupId} order by surname, name, id`);
}

export async function studentsById(db: Db, ids: readonly number[]): Promise<StudentRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<StudentRow>(db, sql`select id, surname, name, patronymic from students where id = any(${idArray(ids)})`);
}

export async function moduleNames(db: Db) {
  return rowsOf<{ id: number } & Names>(db, sql`select id, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn" from journal_modules`);
}

/** The university's grading scale (the transcript's grade_scale), highest band first. */
export async function gradeScale(db: Db) {
  return rowsOf<{ min: number; max: number; ekvNum: number; letter: string } & Names>(
    db,
    sql`select min_points as min, max_points as max, ekv_num::float8 as "ekvNum", ekv_bukv as letter, name_ru as "nameRu", name_kg as "nameKg", name_en as "nameEn"
          from grade_scale order by min_points desc`,
  );
}

/** What the sheet shows of its discipline, control form and teacher. */
export async function sheetNames(db: Db, s: SheetRow) {
  const [row] = await rowsOf<{ code: string; discipline: Names; control: Names; surname: string; name: string; patronymic: string | null }>(
    db,
    sql`select d.code, json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
               json_build_object('nameRu', c.name_ru, 'nameKg', c.name_kg, 'nameEn', c.name_en) as control, t.surname, t.name, t.patronymic
          from disciplines d, control_forms c, teachers t
         where d.id = ${s.disciplineId} and c.id = ${s.controlFormId} and t.id = ${s.teacherId}`,
  );
  return row;
}

/** A teacher's journals of a half-year with their discipline, group or stream. */
export async function teacherJournals(db: Db, teacherId: number, year: number, ws: number) {
  return rowsOf<{ id: number; disciplineId: number; discipline: Names; groupId: number; group: string; lessonTypeId: number }>(
    db,
    sql`select a.id, a.discipline_id as "disciplineId", json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
               g.id as "groupId", g.name as group, a.lesson_type_id as "lessonTypeId"
          from teaching_assignments a join disciplines d on d.id = a.discipline_id
          join groups g on g.id = a.group_id or g.id in (select group_id from stream_groups where stream_id = a.stream_id)
         where a.teacher_id = ${teacherId} and a.academic_year_id = ${year} and a.working_semester_id = ${ws}
         order by d.name_ru, g.name, a.lesson_type_id, a.subgroup, a.id`,
  );
}

export async function sheetsOfHalf(db: Db, year: number, ws: number, disciplineIds: readonly number[]) {
  if (disciplineIds.length === 0) return [];
  return rowsOf<{
    id: number;
    disciplineId: number;
    groupId: number;
    attempt: number;
    signed: boolean;
    surname: string | null;
    name: string | null;
    patronymic: string | null;
  }>(
    db,
    sql`select s.id, s.discipline_id as "disciplineId", s.group_id as "groupId", s.attempt, s.signed, st.surname, st.name, st.patronymic
          from grading_sheets s left join students st on st.id = s.student_id
         where s.academic_year_id = ${year} and s.working_semester_id = ${ws} and s.discipline_id in (${sql.join(
           disciplineIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         order by s.attempt, s.id`,
  );
}

/** A student's lines of signed sheets. */
export async function signedLinesOf(db: Db, studentId: number) {
  return rowsOf<{
    sheetId: number;
    attempt: number;
    discipline: Names;
    academicYearId: number;
    workingSemesterId: number;
    modulePoints: number;
    examPoints: number | null;
    total: number;
    signedAt: Date;
  }>(
    db,
    sql`select s.id as "sheetId", s.attempt, json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
               s.academic_year_id as "academicYearId", s.working_semester_id as "workingSemesterId",
               l.module_points as "modulePoints", l.exam_points as "examPoints", l.total, s.signed_at as "signedAt"
          from grading_sheet_lines l join grading_sheets s on s.id = l.sheet_id join disciplines d on d.id = s.discipline_id
         where l.student_id = ${studentId} and s.signed and l.total is not null and l.left_at is null
         order by s.academic_year_id desc, s.working_semester_id desc, d.name_ru, s.attempt`,
  );
}

/** The first sheets of a half-year of a faculty's groups (null: every faculty's), with their discipline and group: the dean's office's list. */
export async function facultySheets(db: Db, year: number, ws: number, facultyId: number | null) {
  return rowsOf<{ id: number; journalId: number; disciplineId: number; discipline: Names; groupId: number; group: string }>(
    db,
    sql`select s.id, s.teaching_assignment_id as "journalId", s.discipline_id as "disciplineId",
               json_build_object('nameRu', d.name_ru, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline, g.id as "groupId", g.name as group
          from grading_sheets s join disciplines d on d.id = s.discipline_id join groups g on g.id = s.group_id
          join specialities sp on sp.id = g.speciality_id
         where s.attempt = 1 and s.academic_year_id = ${year} and s.working_semester_id = ${ws}
           and (${facultyId}::int is null or sp.faculty_id = ${facultyId})
         order by d.name_ru, g.name`,
  );
}

/**
 * An unsigned first sheet's lines made to follow its group now: a line for each student who joined
 * since, the lines of those who left marked (`at`, kept with their points), of those back unmarked.
 */
export async function followGroup(db: Db, sheetId: number, groupId: number, at: Date): Promise<void> {
  await db.execute(
    sql`insert into grading_sheet_lines (sheet_id, student_id) select ${sheetId}, s.id from students s where s.group_id = ${groupId} on conflict do nothing`,
  );
  await db.execute(
    sql`update grading_sheet_lines l set left_at = case when s.group_id = ${groupId} then null else ${at.toISOString()}::timestamptz end
          from students s where s.id = l.student_id and l.sheet_id = ${sheetId} and (l.left_at is null) <> (s.group_id = ${groupId})`,
  );
}

/** A journal of the discipline for the group in the half-year, as the module points read it. */
export interface DisciplineJournal {
  id: number;
  markScale: string;
  /** 0: the whole group's or stream's journal (each of its students'); else one subgroup's. */
  subgroup: number;
}

/** Every journal of a discipline for a group in a half-year (the group's own or a stream's holding it), whoever teaches it. */
export async function disciplineJournals(db: Db, s: Pick<SheetRow, 'disciplineId' | 'groupId' | 'academicYearId' | 'workingSemesterId'>) {
  return rowsOf<DisciplineJournal>(
    db,
    sql`select a.id, a.mark_scale as "markScale", a.subgroup from teaching_assignments a
         where a.discipline_id = ${s.disciplineId} and a.academic_year_id = ${s.academicYearId} and a.working_semester_id = ${s.workingSemesterId}
           and (a.group_id = ${s.groupId} or a.stream_id in (select stream_id from stream_groups where group_id = ${s.groupId}))
         order by a.id`,
  );
}

/** The journals' entries (marks, absences, presences) of the students given. */
export async function entriesOf(db: Db, journalIds: readonly number[], studentIds: readonly number[]) {
  if (journalIds.length === 0 || studentIds.length === 0) return [];
  return rowsOf<{ journalId: number; studentId: number; visitDate: string; id_time: number; otsenka: string | null }>(
    db,
    sql`select teaching_assignment_id as "journalId", student_id as "studentId", to_char(visit_date, 'YYYY-MM-DD') as "visitDate",
               lesson_time_id as id_time, mark as otsenka
          from journal_visits where teaching_assignment_id = any(${idArray(journalIds)}) and student_id = any(${idArray(studentIds)})`,
  );
}

/** The journals' lesson topics with their modules. */
export async function topicsOfJournals(db: Db, journalIds: readonly number[]) {
  if (journalIds.length === 0) return [];
  return rowsOf<{ journalId: number; visitDate: string; id_time: number; id_module: number | null }>(
    db,
    sql`select teaching_assignment_id as "journalId", to_char(visit_date, 'YYYY-MM-DD') as "visitDate", lesson_time_id as id_time, module_id as id_module
          from journal_lesson_topics where teaching_assignment_id = any(${idArray(journalIds)})`,
  );
}

/** Each journal's lessons: those with a topic or an entry of any student. */
export async function lessonCounts(db: Db, journalIds: readonly number[]): Promise<Map<number, number>> {
  if (journalIds.length === 0) return new Map();
  const rows = await rowsOf<{ journalId: number; lessons: number }>(
    db,
    sql`select j as "journalId", count(*)::int as lessons from (
          select teaching_assignment_id as j, visit_date, lesson_time_id from journal_visits where teaching_assignment_id = any(${idArray(journalIds)})
          union
          select teaching_assignment_id, visit_date, lesson_time_id from journal_lesson_topics where teaching_assignment_id = any(${idArray(journalIds)})
        ) x group by j`,
  );
  return new Map(rows.map((r) => [r.journalId, r.lessons]));
}

/** The students taken off the journals' lists. */
export async function removedFrom(db: Db, journalIds: readonly number[]) {
  if (journalIds.length === 0) return [];
  return rowsOf<{ journalId: number; studentId: number }>(
    db,
    sql`select teaching_assignment_id as "journalId", student_id as "studentId" from journal_removed_students where teaching_assignment_id = any(${idArray(journalIds)})`,
  );
}
