/**
 * SQL of the journal: a teacher's journals (teaching assignments) with their names, the small lists
 * the filters show, a journal's students and those taken off its list. A journal's records and
 * their audit rows are in journal.records.repository.ts (one cell's write in
 * journal.cells.repository.ts), its lessons, topics, subgroups and scale in
 * journal.lessons.repository.ts; these are re-exported here, so callers import this file alone (the
 * final-result column's SQL, journal.finals.repository.ts, is imported on its own).
 */
import { and, asc, eq, getTableColumns, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { type Db } from '../../db/client';
import { personNameColumns } from '../../shared/account-person';
import { marksClosedAfterSql } from '../../shared/academic/journal-period';
import { nameColumns } from '../../shared/names';
import {
  controlForms,
  disciplines,
  educationForms,
  groups,
  journalModules,
  journalRemovedStudents,
  journalSubgroupStudents,
  journalSubgroups,
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

export * from './journal.records.repository';
export * from './journal.cells.repository';
export * from './journal.lessons.repository';

/** A journal, with the last day of marks set for its half-year (shared/academic/journal-period.ts) or null. */
export type Assignment = typeof teachingAssignments.$inferSelect & { marksClosedAfter: string | null };
const ASSIGNMENT_COLUMNS = {
  ...getTableColumns(teachingAssignments),
  marksClosedAfter: sql<string | null>`${marksClosedAfterSql('teaching_assignments')}`,
};
export type Source = 'journal' | 'bulk' | 'qr' | 'seed';

/** A teacher's journals in a half-year (or one journal by id), with everything the filters show. */
export async function journals(db: Db, where: { teacherId: number; year: number; ws: number } | { id: number }) {
  const lt = lessonTypes;
  const rows = await db
    .select({
      a: ASSIGNMENT_COLUMNS,
      discipline: nameColumns(disciplines),
      lessonType: nameColumns(lt),
      control: nameColumns(controlForms),
      semesterNumber: semesters.number,
      groupName: groups.name,
      streamName: streams.name,
      educationFormId: sql<number>`coalesce(${groups.educationFormId}, (select fg.education_form_id from stream_groups sg join groups fg on fg.id = sg.group_id where sg.stream_id = ${teachingAssignments.streamId} order by fg.id limit 1))`,
      teacher: personNameColumns(teachers),
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
        : and(
            eq(teachingAssignments.teacherId, where.teacherId),
            eq(teachingAssignments.academicYearId, where.year),
            eq(teachingAssignments.workingSemesterId, where.ws),
          ),
    )
    .orderBy(
      asc(disciplines.nameRu),
      asc(teachingAssignments.lessonTypeId),
      asc(sql`coalesce(${streams.name}, ${groups.name})`),
      asc(teachingAssignments.subgroup),
    );
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
  const [row] = await db.select(ASSIGNMENT_COLUMNS).from(teachingAssignments).where(eq(teachingAssignments.id, id));
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
  const groupIds = a.groupId
    ? [a.groupId]
    : (await db.select({ id: streamGroups.groupId }).from(streamGroups).where(eq(streamGroups.streamId, a.streamId!))).map((r) => r.id);
  if (groupIds.length === 0) return [];
  // The teacher's own subgroups and the group's students, read side by side; the group's own half
  // (students.subgroup) narrows the list when the teacher made no subgroups of his own.
  const [custom, all] = await Promise.all([
    db.select({ id: journalSubgroups.id, number: journalSubgroups.number }).from(journalSubgroups).where(eq(journalSubgroups.teachingAssignmentId, a.id)),
    db
      .select({
        id: students.id,
        ...personNameColumns(students),
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
    .where(
      inArray(
        journalSubgroupStudents.subgroupId,
        chosen.map((c) => c.id),
      ),
    );
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
    .select(ASSIGNMENT_COLUMNS)
    .from(teachingAssignments)
    .where(
      and(
        ...sameJournalKey({
          teacherId: a.teacherId,
          year: a.academicYearId,
          ws: a.workingSemesterId,
          semesterId: a.semesterId,
          disciplineId: a.disciplineId,
          lessonTypeId: a.lessonTypeId,
          credits: a.credits,
        }),
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

/** Hides a student in a journal (his records stay); nothing when he is hidden already. */
export async function removeStudent(db: Db, assignmentId: number, studentId: number, userId: number, at: Date): Promise<void> {
  await db
    .insert(journalRemovedStudents)
    .values({ teachingAssignmentId: assignmentId, studentId, removedByUserId: userId, removedAt: at })
    .onConflictDoNothing();
}

/** Shows a hidden student in the journal again: how many were hidden (0 or 1). */
export async function restoreStudent(db: Db, assignmentId: number, studentId: number): Promise<number> {
  const rows = await db
    .delete(journalRemovedStudents)
    .where(and(eq(journalRemovedStudents.teachingAssignmentId, assignmentId), eq(journalRemovedStudents.studentId, studentId)))
    .returning({ id: journalRemovedStudents.studentId });
  return rows.length;
}

/** The students hidden in a journal, with who hid each (his login and, for a teacher, his name) and when; by name. */
export async function hiddenStudents(db: Db, assignmentId: number) {
  return db
    .select({
      id: students.id,
      surname: students.surname,
      name: students.name,
      patronymic: students.patronymic,
      at: journalRemovedStudents.removedAt,
      login: users.login,
      by: { surname: teachers.surname, name: teachers.name, patronymic: teachers.patronymic },
    })
    .from(journalRemovedStudents)
    .innerJoin(students, eq(students.id, journalRemovedStudents.studentId))
    .leftJoin(users, eq(users.id, journalRemovedStudents.removedByUserId))
    .leftJoin(teachers, eq(teachers.id, users.teacherId))
    .where(eq(journalRemovedStudents.teachingAssignmentId, assignmentId))
    .orderBy(asc(students.surname), asc(students.name), asc(students.id));
}

/** The journal-defining assignment for the journal delete payload (group or stream id). */
export async function findAssignment(db: Db, k: JournalKey & { groupOrStream: number }): Promise<Assignment[]> {
  return db
    .select(ASSIGNMENT_COLUMNS)
    .from(teachingAssignments)
    .where(and(...sameJournalKey(k), sql`(${teachingAssignments.groupId} = ${k.groupOrStream} or ${teachingAssignments.streamId} = ${k.groupOrStream})`));
}

/** The account of a journal's teacher (live events go to all his tabs). */
export async function teacherUserIds(db: Db, teacherId: number): Promise<number[]> {
  return (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.teacherId, teacherId), isNull(users.studentId)))
  ).map((r) => r.id);
}
