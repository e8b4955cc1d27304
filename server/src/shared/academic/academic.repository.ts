/**
 * SQL of the academic context: who teaches what to whom (teaching assignments reach a group
 * directly or through a stream of lectures), enrolment, accounts of people, years, half-years and
 * faculties. Read by the academic calls and by any area that needs them (the chat's access rules).
 */
import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { ROLE_TEACHER, type Role } from '@contract/common';
import type { Db } from '../../db/client';
import { accountPersonId, accountPersonName, joinAccountPerson, personNameColumns } from '../account-person';
import {
  academicYears,
  disciplines,
  faculties,
  groups,
  lessonTypes,
  specialities,
  semesters,
  streamGroups,
  students,
  teachers,
  teachingAssignments,
  users,
  workingSemesters,
} from '../../db/schema';
import { nameColumns } from '../names';

/** Teaching assignments with the group each one reaches (one row per group for stream lectures). */
function reached(db: Db) {
  return db
    .select({
      teacherId: teachingAssignments.teacherId,
      disciplineId: teachingAssignments.disciplineId,
      yearId: teachingAssignments.academicYearId,
      wsId: teachingAssignments.workingSemesterId,
      semesterId: teachingAssignments.semesterId,
      lessonTypeId: teachingAssignments.lessonTypeId,
      credits: teachingAssignments.credits,
      groupId: sql<number>`coalesce(${teachingAssignments.groupId}, ${streamGroups.groupId})`.as('reached_group_id'),
    })
    .from(teachingAssignments)
    .leftJoin(streamGroups, eq(streamGroups.streamId, teachingAssignments.streamId))
    .as('reached');
}

export interface Half {
  year: number;
  ws: number;
}

/** Disciplines (with credits and lesson types) a teacher gives, or a group is taught, in a half-year. */
export async function disciplinesOf(db: Db, who: { teacherId: number } | { groupId: number }, half: Half) {
  const r = reached(db);
  const whom = 'teacherId' in who ? eq(r.teacherId, who.teacherId) : eq(r.groupId, who.groupId);
  return db
    .selectDistinct({
      id: r.disciplineId,
      credits: r.credits,
      ...nameColumns(disciplines),
      lessonTypeId: r.lessonTypeId,
      lesson: nameColumns(lessonTypes),
    })
    .from(r)
    .innerJoin(disciplines, eq(disciplines.id, r.disciplineId))
    .innerJoin(lessonTypes, eq(lessonTypes.id, r.lessonTypeId))
    .where(and(whom, eq(r.yearId, half.year), eq(r.wsId, half.ws)))
    .orderBy(asc(disciplines.nameRu), asc(r.credits), asc(r.lessonTypeId));
}

/** Semesters of study in which a teacher gives (or a group is taught) a discipline in a half-year. */
export async function semestersOf(db: Db, who: { teacherId: number } | { groupId: number }, half: Half, disciplineId: number, credits?: number) {
  const r = reached(db);
  const whom = 'teacherId' in who ? eq(r.teacherId, who.teacherId) : eq(r.groupId, who.groupId);
  const conditions: SQL[] = [whom, eq(r.yearId, half.year), eq(r.wsId, half.ws), eq(r.disciplineId, disciplineId)];
  if (credits !== undefined) conditions.push(eq(r.credits, credits));
  return db
    .selectDistinct({ id: semesters.id, number: semesters.number })
    .from(r)
    .innerJoin(semesters, eq(semesters.id, r.semesterId))
    .where(and(...conditions))
    .orderBy(asc(semesters.number));
}

/** Groups a teacher gives a discipline to in a half-year and semester (or, for a group, itself). */
export async function groupsOf(db: Db, who: { teacherId: number } | { groupId: number }, half: Half, disciplineId: number, semesterId: number) {
  const r = reached(db);
  const whom = 'teacherId' in who ? eq(r.teacherId, who.teacherId) : eq(r.groupId, who.groupId);
  return db
    .selectDistinct({ id: groups.id, name: groups.name })
    .from(r)
    .innerJoin(groups, eq(groups.id, r.groupId))
    .where(and(whom, eq(r.yearId, half.year), eq(r.wsId, half.ws), eq(r.disciplineId, disciplineId), eq(r.semesterId, semesterId)))
    .orderBy(asc(groups.name));
}

/** Does the teacher teach the group (this discipline, when given) in any year? */
export async function teachesGroup(db: Db, teacherId: number, groupId: number, disciplineId?: number): Promise<boolean> {
  const r = reached(db);
  const conditions: SQL[] = [eq(r.teacherId, teacherId), eq(r.groupId, groupId)];
  if (disciplineId !== undefined) conditions.push(eq(r.disciplineId, disciplineId));
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(r)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

/** Is the discipline taught to the group (by anyone, in any year)? */
export async function groupStudiesDiscipline(db: Db, groupId: number, disciplineId: number): Promise<boolean> {
  const r = reached(db);
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(r)
    .where(and(eq(r.groupId, groupId), eq(r.disciplineId, disciplineId)))
    .limit(1);
  return rows.length > 0;
}

/** Teachers of a discipline in a group in a half-year, with their accounts. */
export async function teachersOfGroup(db: Db, groupId: number, disciplineId: number, half: Half) {
  const r = reached(db);
  return db
    .selectDistinct({ id: teachers.id, userId: users.id, ...personNameColumns(teachers) })
    .from(r)
    .innerJoin(teachers, eq(teachers.id, r.teacherId))
    .innerJoin(users, eq(users.teacherId, teachers.id))
    .where(and(eq(r.groupId, groupId), eq(r.disciplineId, disciplineId), eq(r.yearId, half.year), eq(r.wsId, half.ws)))
    .orderBy(asc(teachers.surname), asc(teachers.name), asc(teachers.id));
}

/** Account ids of every teacher who teaches the discipline to the group (any year). */
export async function teacherUsersOfGroupDiscipline(db: Db, groupId: number, disciplineId: number): Promise<number[]> {
  const r = reached(db);
  const rows = await db
    .selectDistinct({ userId: users.id })
    .from(r)
    .innerJoin(users, eq(users.teacherId, r.teacherId))
    .where(and(eq(r.groupId, groupId), eq(r.disciplineId, disciplineId)));
  return rows.map((x) => x.userId);
}

/** The students of a group with their accounts, by name. */
export async function studentsOfGroup(db: Db, groupId: number) {
  return db
    .select({ id: students.id, userId: users.id, ...personNameColumns(students) })
    .from(students)
    .innerJoin(users, eq(users.studentId, students.id))
    .where(eq(students.groupId, groupId))
    .orderBy(asc(students.surname), asc(students.name), asc(students.id));
}

/** The student's group (its name and the year it was admitted), its speciality and faculty, and his form of study (undefined: no such student). */
export async function studentPlace(db: Db, studentId: number) {
  const [row] = await db
    .select({
      groupId: groups.id,
      group: groups.name,
      admissionYear: groups.admissionYear,
      specialityId: groups.specialityId,
      speciality: nameColumns(specialities),
      facultyId: specialities.facultyId,
      educationFormId: students.educationFormId,
    })
    .from(students)
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .where(eq(students.id, studentId));
  return row;
}

export async function groupOfStudent(db: Db, studentId: number): Promise<number | undefined> {
  const [row] = await db.select({ groupId: students.groupId }).from(students).where(eq(students.id, studentId));
  return row?.groupId;
}

/** (group, discipline) pairs of the group chats a teacher belongs to: what he teaches to whom, any year. */
export async function groupChatsOfTeacher(db: Db, teacherId: number) {
  const r = reached(db);
  return db.selectDistinct({ groupId: r.groupId, disciplineId: r.disciplineId }).from(r).where(eq(r.teacherId, teacherId));
}

/** Account, role, person id and name of accounts. */
export async function accounts(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return joinAccountPerson(
    db
      .select({ userId: users.id, role: users.role, personId: accountPersonId, ...accountPersonName })
      .from(users)
      .$dynamic(),
  ).where(inArray(users.id, userIds));
}

/** The account of a person (a teacher id for ROLE_TEACHER, a student id for ROLE_STUDENT). */
export async function accountOfPerson(db: Db, role: Role, personId: number) {
  const [row] = await db
    .select({ userId: users.id, disabled: users.disabled })
    .from(users)
    .where(role === ROLE_TEACHER ? eq(users.teacherId, personId) : eq(users.studentId, personId));
  return row;
}

export async function workingSemesterNames(db: Db, id: number) {
  const [row] = await db.select(nameColumns(workingSemesters)).from(workingSemesters).where(eq(workingSemesters.id, id));
  return row;
}

/** Disciplines taught to a group by anyone in any year (its group chats). */
export async function disciplinesTaughtToGroup(db: Db, groupId: number): Promise<number[]> {
  const r = reached(db);
  const rows = await db.selectDistinct({ id: r.disciplineId }).from(r).where(eq(r.groupId, groupId));
  return rows.map((x) => x.id);
}

/** Faculties that have groups studying in the academic year starting in `year`. */
export async function facultiesStudyingIn(db: Db, year: number) {
  return db
    .selectDistinct({ id: faculties.id, ...nameColumns(faculties) })
    .from(faculties)
    .innerJoin(specialities, eq(specialities.facultyId, faculties.id))
    .innerJoin(groups, eq(groups.specialityId, specialities.id))
    .where(and(lte(groups.admissionYear, year), gt(sql`${groups.admissionYear} + ${specialities.durationYears}`, year)))
    .orderBy(asc(faculties.id));
}

/** Is there an academic year with this id? */
export async function academicYearExists(db: Db, id: number): Promise<boolean> {
  const [year] = await db.select({ id: academicYears.id }).from(academicYears).where(eq(academicYears.id, id));
  return year !== undefined;
}
