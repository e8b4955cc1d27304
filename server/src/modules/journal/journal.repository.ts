/**
 * SQL of the journal: a teacher's journals (teaching assignments) with their names, a journal's
 * students, lessons, visit records and topics, cell writes with their audit rows, mark-all-present,
 * deletions, and a student's own records.
 */
import { and, asc, desc, eq, inArray, isNull, notExists, notInArray, sql } from 'drizzle-orm';
import type { VisitRow } from '../../../../contract/journal';
import { preparedStatement, rowsOf, type Db } from '../../db/client';
import {
  auditoria,
  controlForms,
  journalPlanTopics,
  scheduleEntries,
  disciplines,
  educationForms,
  groups,
  journalLessonTopics,
  journalLessons,
  journalModules,
  journalRemovedStudents,
  journalSubgroupStudents,
  journalSubgroups,
  journalVisitChanges,
  journalVisits,
  lessonTimes,
  lessonTypes,
  semesters,
  streamGroups,
  streams,
  students,
  teachers,
  teachingAssignments,
  users,
} from '../../db/schema';

export type Assignment = typeof teachingAssignments.$inferSelect;
export type VisitRecord = typeof journalVisits.$inferSelect;
export type Source = 'journal' | 'bulk' | 'qr' | 'seed';


/** A teacher's journals in a half-year (or one journal by id), with everything the filters show. */
export async function journals(db: Db, where: { teacherId: number; year: number; ws: number } | { id: number }) {
  const lt = lessonTypes;
  const rows = await db
    .select({
      a: teachingAssignments,
      discipline: { nameRu: disciplines.nameRu, nameKg: disciplines.nameKg, nameEn: disciplines.nameEn },
      lessonType: { nameRu: lt.nameRu, nameKg: lt.nameKg, nameEn: lt.nameEn },
      control: { nameRu: controlForms.nameRu, nameKg: controlForms.nameKg, nameEn: controlForms.nameEn },
      semesterNumber: semesters.number,
      groupName: groups.name,
      streamName: streams.name,
      educationFormId: sql<number>`coalesce(${groups.educationFormId}, (select fg.education_form_id from stream_groups sg join groups fg on fg.id = sg.group_id where sg.stream_id = ${teachingAssignments.streamId} order by fg.id limit 1))`,
      teacher: { surname: teachers.surname, name: teachers.name, patronymic: teachers.patronymic },
    })
    .from(teachingAssignments)
    .innerJoin(disciplines, eq(disciplines.id, teachingAssignments.disciplineId))
    .innerJoin(lt, eq(lt.id, teachingAssignments.lessonTypeId))
    .innerJoin(controlForms, eq(controlForms.id, teachingAssignments.controlFormId))
    .innerJoin(semesters, eq(semesters.id, teachingAssignments.semesterId))
    .innerJoin(teachers, eq(teachers.id, teachingAssignments.teacherId))
    .leftJoin(groups, eq(groups.id, teachingAssignments.groupId))
    .leftJoin(streams, eq(streams.id, teachingAssignments.streamId))
    .where(
      'id' in where
        ? eq(teachingAssignments.id, where.id)
        : and(eq(teachingAssignments.teacherId, where.teacherId), eq(teachingAssignments.academicYearId, where.year), eq(teachingAssignments.workingSemesterId, where.ws)),
    )
    .orderBy(asc(disciplines.nameRu), asc(teachingAssignments.lessonTypeId), asc(sql`coalesce(${streams.name}, ${groups.name})`), asc(teachingAssignments.subgroup));
  return rows;
}
export type JournalSource = Awaited<ReturnType<typeof journals>>[number];

export async function educationFormList(db: Db) {
  return db.select().from(educationForms).orderBy(educationForms.id);
}
export async function lessonTypeList(db: Db) {
  return db.select().from(lessonTypes).orderBy(lessonTypes.id);
}
export async function moduleList(db: Db) {
  return db.select().from(journalModules).orderBy(journalModules.number);
}
export async function lessonTimeList(db: Db) {
  return db.select().from(lessonTimes).orderBy(lessonTimes.id);
}

export async function assignment(db: Db, id: number): Promise<Assignment | undefined> {
  const [row] = await db.select().from(teachingAssignments).where(eq(teachingAssignments.id, id));
  return row;
}

/**
 * A journal's students: its group's (or its stream's groups') students of its subgroup; when the
 * teacher made subgroups of it, the members of the matching one (a journal of the whole group,
 * subgroup 0, keeps everyone, each with the number of his subgroup or 0); less those taken off the
 * list. `everyone`: every student of the group(s) with the group's own half, whatever the subgroups.
 * `only`: just those of these students who are listed (a write's check).
 */
export async function studentsOf(db: Db, a: Assignment, options: { everyone?: boolean; only?: readonly number[] } = {}) {
  const groupIds = a.groupId ? [a.groupId] : (await db.select({ id: streamGroups.groupId }).from(streamGroups).where(eq(streamGroups.streamId, a.streamId!))).map((r) => r.id);
  if (groupIds.length === 0) return [];
  // The teacher's own subgroups and the group's students, read side by side; the group's own half
  // (students.subgroup) narrows the list when the teacher made no subgroups of his own.
  const [custom, all] = await Promise.all([
    db.select({ id: journalSubgroups.id, number: journalSubgroups.number }).from(journalSubgroups).where(eq(journalSubgroups.teachingAssignmentId, a.id)),
    db
      .select({
        id: students.id,
        surname: students.surname,
        name: students.name,
        patronymic: students.patronymic,
        code: students.code,
        group: groups.name,
        groupId: students.groupId,
        subgroup: students.subgroup,
        educationFormId: students.educationFormId,
      })
      .from(students)
      .innerJoin(groups, eq(groups.id, students.groupId))
      .where(
        and(
          inArray(students.groupId, groupIds),
          options.only ? inArray(students.id, [...options.only]) : undefined,
          notExists(
            db
              .select({ x: sql`1` })
              .from(journalRemovedStudents)
              .where(and(eq(journalRemovedStudents.teachingAssignmentId, a.id), eq(journalRemovedStudents.studentId, students.id))),
          ),
        ),
      )
      .orderBy(asc(groups.name), asc(students.surname), asc(students.name), asc(students.id)),
  ]);
  const rows = custom.length === 0 && a.subgroup > 0 && !options.everyone ? all.filter((r) => r.subgroup === a.subgroup) : all;
  if (custom.length === 0 || options.everyone) return rows;
  const chosen = a.subgroup > 0 ? custom.filter((c) => c.number === a.subgroup) : custom;
  if (chosen.length === 0) return [];
  const members = await db
    .select({ studentId: journalSubgroupStudents.studentId, subgroupId: journalSubgroupStudents.subgroupId })
    .from(journalSubgroupStudents)
    .where(inArray(journalSubgroupStudents.subgroupId, chosen.map((c) => c.id)));
  const numberOf = new Map(chosen.map((c) => [c.id, c.number]));
  const subgroupOf = new Map(members.map((m) => [m.studentId, numberOf.get(m.subgroupId)!]));
  if (a.subgroup === 0) return rows.map((r) => ({ ...r, subgroup: subgroupOf.get(r.id) ?? 0 }));
  return rows.filter((r) => subgroupOf.has(r.id)).map((r) => ({ ...r, subgroup: subgroupOf.get(r.id)! }));
}

/**
 * The caller's journals that share one split into subgroups with `a`: the same teacher, year,
 * half-year, semester, discipline, lesson type, credits and group or stream, any subgroup (the
 * journals of subgroup 1 and of subgroup 2 of one group's laboratory work). `a` among them.
 */
export async function splitSiblings(db: Db, a: Assignment): Promise<Assignment[]> {
  return db
    .select()
    .from(teachingAssignments)
    .where(
      and(
        ...sameJournalKey({ teacherId: a.teacherId, year: a.academicYearId, ws: a.workingSemesterId, semesterId: a.semesterId, disciplineId: a.disciplineId, lessonTypeId: a.lessonTypeId, credits: a.credits }),
        a.groupId !== null ? eq(teachingAssignments.groupId, a.groupId) : eq(teachingAssignments.streamId, a.streamId!),
      ),
    )
    .orderBy(asc(teachingAssignments.id));
}

/** What names a journal besides its group or stream and subgroup: the conditions on teaching_assignments. */
type JournalKey = { teacherId: number; year: number; ws: number; semesterId: number; disciplineId: number; lessonTypeId: number; credits: number };
const sameJournalKey = (k: JournalKey) => [
  eq(teachingAssignments.teacherId, k.teacherId),
  eq(teachingAssignments.academicYearId, k.year),
  eq(teachingAssignments.workingSemesterId, k.ws),
  eq(teachingAssignments.semesterId, k.semesterId),
  eq(teachingAssignments.disciplineId, k.disciplineId),
  eq(teachingAssignments.lessonTypeId, k.lessonTypeId),
  eq(teachingAssignments.credits, k.credits),
];
export type StudentRow = Awaited<ReturnType<typeof studentsOf>>[number];

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
 * order), the listed students' and the others' (a student taken off the list keeps his records, and
 * the lessons they are on): PostgreSQL writes the date and the time of the last change as text
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
     order by v.visit_date, v.lesson_time_id, v.id`,
  );
}

export async function lessonTopicsOf(db: Db, assignmentId: number) {
  return db.select().from(journalLessonTopics).where(eq(journalLessonTopics.teachingAssignmentId, assignmentId)).orderBy(asc(journalLessonTopics.visitDate), asc(journalLessonTopics.lessonTimeId));
}

const cellWhere = (assignmentId: number, studentId: number, date: string, timeId: number) =>
  and(eq(journalVisits.teachingAssignmentId, assignmentId), eq(journalVisits.studentId, studentId), eq(journalVisits.visitDate, date), eq(journalVisits.lessonTimeId, timeId));

/** The cell's record, locked for the rest of the transaction. */
export async function lockCell(db: Db, assignmentId: number, studentId: number, date: string, timeId: number): Promise<VisitRecord | undefined> {
  const [row] = await db.select().from(journalVisits).where(cellWhere(assignmentId, studentId, date, timeId)).for('update');
  return row;
}

export type NewVisit = typeof journalVisits.$inferInsert;

/** Inserts a record unless one exists already (another writer won the race): the row, or undefined. */
export async function insertVisit(db: Db, row: NewVisit): Promise<VisitRecord | undefined> {
  const [out] = await db.insert(journalVisits).values(row).onConflictDoNothing().returning();
  return out;
}

export async function updateVisit(db: Db, id: number, mark: string | null, source: Source, userId: number, at: Date): Promise<VisitRecord> {
  const [out] = await db.update(journalVisits).set({ mark, source, updatedByUserId: userId, updatedAt: at }).where(eq(journalVisits.id, id)).returning();
  return out;
}

export async function deleteVisit(db: Db, id: number): Promise<void> {
  await db.delete(journalVisits).where(eq(journalVisits.id, id));
}

export async function visitById(db: Db, id: number): Promise<VisitRecord | undefined> {
  const [row] = await db.select().from(journalVisits).where(eq(journalVisits.id, id));
  return row;
}

export type NewChange = typeof journalVisitChanges.$inferInsert;
export async function recordChanges(db: Db, rows: NewChange[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 400) await db.insert(journalVisitChanges).values(rows.slice(i, i + 400));
}

/** Mark-all-present: a "present" record for every given student without one at the occurrence. */
export async function insertPresent(db: Db, rows: NewVisit[]): Promise<VisitRecord[]> {
  const out: VisitRecord[] = [];
  for (let i = 0; i < rows.length; i += 300) out.push(...(await db.insert(journalVisits).values(rows.slice(i, i + 300)).onConflictDoNothing().returning()));
  return out;
}

export async function history(db: Db, assignmentId: number, studentId: number, date: string, timeId: number) {
  return db
    .select({
      action: journalVisitChanges.action,
      oldMark: journalVisitChanges.oldMark,
      newMark: journalVisitChanges.newMark,
      source: journalVisitChanges.source,
      at: journalVisitChanges.changedAt,
      login: users.login,
      tSurname: teachers.surname,
      tName: teachers.name,
      tPatronymic: teachers.patronymic,
      sSurname: students.surname,
      sName: students.name,
      sPatronymic: students.patronymic,
    })
    .from(journalVisitChanges)
    .leftJoin(users, eq(users.id, journalVisitChanges.changedByUserId))
    .leftJoin(teachers, eq(teachers.id, users.teacherId))
    .leftJoin(students, eq(students.id, users.studentId))
    .where(
      and(
        eq(journalVisitChanges.teachingAssignmentId, assignmentId),
        eq(journalVisitChanges.studentId, studentId),
        eq(journalVisitChanges.visitDate, date),
        eq(journalVisitChanges.lessonTimeId, timeId),
      ),
    )
    .orderBy(desc(journalVisitChanges.id));
}

/** Deletes the records of one lesson (or of the whole journal when date is null); the deleted rows. */
export async function deleteVisits(db: Db, assignmentId: number, occurrence: { date: string; timeId: number } | null, studentId?: number): Promise<VisitRecord[]> {
  return db
    .delete(journalVisits)
    .where(
      and(
        eq(journalVisits.teachingAssignmentId, assignmentId),
        occurrence ? and(eq(journalVisits.visitDate, occurrence.date), eq(journalVisits.lessonTimeId, occurrence.timeId)) : undefined,
        studentId !== undefined ? eq(journalVisits.studentId, studentId) : undefined,
      ),
    )
    .returning();
}

export async function deleteLessonTopics(db: Db, assignmentId: number, occurrence: { date: string; timeId: number } | null): Promise<number> {
  const rows = await db
    .delete(journalLessonTopics)
    .where(
      and(
        eq(journalLessonTopics.teachingAssignmentId, assignmentId),
        occurrence ? and(eq(journalLessonTopics.visitDate, occurrence.date), eq(journalLessonTopics.lessonTimeId, occurrence.timeId)) : undefined,
      ),
    )
    .returning({ id: journalLessonTopics.id });
  return rows.length;
}

export async function removeStudent(db: Db, assignmentId: number, studentId: number, userId: number): Promise<void> {
  await db.insert(journalRemovedStudents).values({ teachingAssignmentId: assignmentId, studentId, removedByUserId: userId }).onConflictDoNothing();
}

/** The journal-defining assignment for the journal delete payload (group or stream id). */
export async function findAssignment(db: Db, k: JournalKey & { groupOrStream: number }): Promise<Assignment[]> {
  return db
    .select()
    .from(teachingAssignments)
    .where(and(...sameJournalKey(k), sql`(${teachingAssignments.groupId} = ${k.groupOrStream} or ${teachingAssignments.streamId} = ${k.groupOrStream})`));
}

/** Adds a lesson to a journal (nothing when it is there already). */
export async function insertLesson(db: Db, row: typeof journalLessons.$inferInsert): Promise<void> {
  await db.insert(journalLessons).values(row).onConflictDoNothing();
}

/** Deletes a journal's added lessons: one occurrence, or all of them. */
export async function deleteLessons(db: Db, assignmentId: number, occurrence: { date: string; timeId: number } | null): Promise<void> {
  await db
    .delete(journalLessons)
    .where(
      and(
        eq(journalLessons.teachingAssignmentId, assignmentId),
        occurrence ? and(eq(journalLessons.visitDate, occurrence.date), eq(journalLessons.lessonTimeId, occurrence.timeId)) : undefined,
      ),
    );
}

export async function upsertLessonTopic(db: Db, row: typeof journalLessonTopics.$inferInsert) {
  const [out] = await db
    .insert(journalLessonTopics)
    .values(row)
    .onConflictDoUpdate({
      target: [journalLessonTopics.teachingAssignmentId, journalLessonTopics.visitDate, journalLessonTopics.lessonTimeId],
      set: { topic: row.topic, lessonNumber: row.lessonNumber, hours: row.hours, moduleId: row.moduleId, planTopicId: row.planTopicId, updatedByUserId: row.updatedByUserId, updatedAt: row.updatedAt },
    })
    .returning();
  return out;
}

/** A student's records in a half-year, with the journal's discipline, lesson type and teacher. */
export async function visitsOfStudent(db: Db, studentId: number, year: number, ws: number) {
  return db
    .select({
      assignmentId: journalVisits.teachingAssignmentId,
      visitDate: journalVisits.visitDate,
      timeId: journalVisits.lessonTimeId,
      mark: journalVisits.mark,
      discipline: { nameRu: disciplines.nameRu, nameKg: disciplines.nameKg, nameEn: disciplines.nameEn },
      lessonType: { nameRu: lessonTypes.nameRu, nameKg: lessonTypes.nameKg, nameEn: lessonTypes.nameEn },
      teacher: { surname: teachers.surname, name: teachers.name, patronymic: teachers.patronymic },
    })
    .from(journalVisits)
    .innerJoin(disciplines, eq(disciplines.id, journalVisits.disciplineId))
    .innerJoin(lessonTypes, eq(lessonTypes.id, journalVisits.lessonTypeId))
    .innerJoin(teachers, eq(teachers.id, journalVisits.teacherId))
    .where(and(eq(journalVisits.studentId, studentId), eq(journalVisits.academicYearId, year), eq(journalVisits.workingSemesterId, ws)))
    .orderBy(asc(disciplines.nameRu), asc(journalVisits.lessonTypeId), asc(journalVisits.visitDate), asc(journalVisits.lessonTimeId));
}

/** The account of a journal's teacher (live events go to all his tabs). */
export async function teacherUserIds(db: Db, teacherId: number): Promise<number[]> {
  return (await db.select({ id: users.id }).from(users).where(and(eq(users.teacherId, teacherId), isNull(users.studentId)))).map((r) => r.id);
}

/** The journal's weekly lessons in the timetable. */
export async function timetableOf(db: Db, assignmentId: number) {
  return db
    .select({ id: scheduleEntries.id, dayNumber: scheduleEntries.dayNumber, timeId: scheduleEntries.lessonTimeId, startsAt: lessonTimes.startsAt, room: auditoria.name, building: auditoria.building })
    .from(scheduleEntries)
    .innerJoin(lessonTimes, eq(lessonTimes.id, scheduleEntries.lessonTimeId))
    .innerJoin(auditoria, eq(auditoria.id, scheduleEntries.auditoriumId))
    .where(eq(scheduleEntries.teachingAssignmentId, assignmentId))
    .orderBy(asc(scheduleEntries.dayNumber), asc(scheduleEntries.lessonTimeId));
}

/** Records of a lesson that came from a QR scan. */
export async function qrVisits(db: Db, assignmentId: number, date: string, timeId: number) {
  return db
    .select({ studentId: journalVisits.studentId, at: journalVisits.createdAt })
    .from(journalVisits)
    .where(and(eq(journalVisits.teachingAssignmentId, assignmentId), eq(journalVisits.visitDate, date), eq(journalVisits.lessonTimeId, timeId), eq(journalVisits.source, 'qr')));
}

export async function subgroupsOf(db: Db, assignmentId: number) {
  const groups_ = await db.select().from(journalSubgroups).where(eq(journalSubgroups.teachingAssignmentId, assignmentId)).orderBy(asc(journalSubgroups.number));
  if (groups_.length === 0) return [];
  const members = await db.select().from(journalSubgroupStudents).where(inArray(journalSubgroupStudents.subgroupId, groups_.map((g) => g.id)));
  return groups_.map((g) => ({ number: g.number, name: g.name, students: members.filter((m) => m.subgroupId === g.id).map((m) => m.studentId) }));
}

/** Replaces the journal's subgroups and their members. */
export async function replaceSubgroups(db: Db, assignmentId: number, list: { number: number; name: string; students: number[] }[]): Promise<void> {
  await db.delete(journalSubgroups).where(eq(journalSubgroups.teachingAssignmentId, assignmentId));
  for (const g of list) {
    const [row] = await db.insert(journalSubgroups).values({ teachingAssignmentId: assignmentId, number: g.number, name: g.name }).returning({ id: journalSubgroups.id });
    if (g.students.length) await db.insert(journalSubgroupStudents).values(g.students.map((studentId) => ({ subgroupId: row.id, studentId })));
  }
}

export async function planTopicsOf(db: Db, assignmentId: number) {
  return db.select().from(journalPlanTopics).where(eq(journalPlanTopics.teachingAssignmentId, assignmentId)).orderBy(asc(journalPlanTopics.number));
}

/**
 * Makes the journal's planned topics the list given. A planned topic is known by its number: one
 * that stays keeps its row (so the lessons linked to it stay linked), one left out is deleted (its
 * lessons keep their text and lose the link).
 */
export async function replacePlanTopics(db: Db, assignmentId: number, list: { number: number; topic: string; hours: number; moduleId: number | null }[]): Promise<void> {
  const numbers = list.map((t) => t.number);
  await db
    .delete(journalPlanTopics)
    .where(and(eq(journalPlanTopics.teachingAssignmentId, assignmentId), numbers.length ? notInArray(journalPlanTopics.number, numbers) : undefined));
  if (list.length)
    await db
      .insert(journalPlanTopics)
      .values(list.map((t) => ({ teachingAssignmentId: assignmentId, ...t })))
      .onConflictDoUpdate({
        target: [journalPlanTopics.teachingAssignmentId, journalPlanTopics.number],
        set: { topic: sql`excluded.topic`, hours: sql`excluded.hours`, moduleId: sql`excluded.module_id` },
      });
}

/** How many of a journal's stored marks are whole numbers outside min..max (a scale they would not fit). */
export async function marksOutside(db: Db, assignmentId: number, min: number, max: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(journalVisits)
    .where(and(eq(journalVisits.teachingAssignmentId, assignmentId), sql`${journalVisits.mark} ~ '^[0-9]+$'`, sql`(${journalVisits.mark}::int < ${min} or ${journalVisits.mark}::int > ${max})`));
  return row?.n ?? 0;
}

/** Sets a journal's mark scale. */
export async function setMarkScale(db: Db, assignmentId: number, scale: string): Promise<void> {
  await db.update(teachingAssignments).set({ markScale: scale }).where(eq(teachingAssignments.id, assignmentId));
}
