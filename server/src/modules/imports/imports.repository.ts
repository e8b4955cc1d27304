/** SQL of the imports: the records a file is compared with, and its additions and changes. */
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { ROLE_STUDENT, ROLE_TEACHER } from '@contract/common';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  academicYears,
  auditoria,
  controlForms,
  curriculum,
  departments,
  disciplines,
  educationForms,
  faculties,
  groups,
  lessonTimes,
  lessonTypes,
  scheduleEntries,
  semesters,
  specialities,
  streamGroups,
  streams,
  students,
  teachers,
  teachingAssignments,
  users,
  workingSemesters,
} from '../../db/schema';
import { chunks } from '../../shared/staff.repository';

// The staff's lists, logins and teacher codes are shared with the administration's new account.
export { allDepartments, allPositions, takenLogins, teachersByCodes } from '../../shared/staff.repository';

// Faculties

export type FacultyRow = typeof faculties.$inferSelect;
export type FacultyValues = Omit<FacultyRow, 'id'>;

export async function allFaculties(db: Db): Promise<FacultyRow[]> {
  return db.select().from(faculties).orderBy(asc(faculties.id));
}

export async function insertFaculties(db: Db, rows: FacultyValues[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(faculties).values(part);
}

export async function updateFaculty(db: Db, id: number, values: Partial<FacultyValues>): Promise<void> {
  await db.update(faculties).set(values).where(eq(faculties.id, id));
}

// Departments and specialities

export type DepartmentRow = typeof departments.$inferSelect;
export type DepartmentValues = Omit<DepartmentRow, 'id'>;

/** Every department with its faculty's id, by id. */
export async function allDepartmentRows(db: Db): Promise<DepartmentRow[]> {
  return db.select().from(departments).orderBy(asc(departments.id));
}

export async function insertDepartments(db: Db, rows: DepartmentValues[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(departments).values(part);
}

export async function updateDepartment(db: Db, id: number, values: Partial<DepartmentValues>): Promise<void> {
  await db.update(departments).set(values).where(eq(departments.id, id));
}

export type SpecialityRow = typeof specialities.$inferSelect;
export type SpecialityValues = Omit<SpecialityRow, 'id'>;

/** Every speciality, by code. */
export async function allSpecialityRows(db: Db): Promise<SpecialityRow[]> {
  return db.select().from(specialities).orderBy(asc(specialities.code));
}

export async function insertSpecialities(db: Db, rows: SpecialityValues[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(specialities).values(part);
}

export async function updateSpeciality(db: Db, id: number, values: Partial<SpecialityValues>): Promise<void> {
  await db.update(specialities).set(values).where(eq(specialities.id, id));
}

// Groups and the lists they refer to

export async function allEducationForms(db: Db) {
  return db.select().from(educationForms).orderBy(asc(educationForms.id));
}

export async function allSpecialities(db: Db) {
  return db.select({ id: specialities.id, code: specialities.code }).from(specialities);
}

export type GroupRow = typeof groups.$inferSelect;
export type GroupValues = Omit<GroupRow, 'id'>;

export async function allGroups(db: Db): Promise<GroupRow[]> {
  return db.select().from(groups).orderBy(asc(groups.id));
}

export async function insertGroups(db: Db, rows: GroupValues[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(groups).values(part);
}

export async function updateGroup(db: Db, id: number, values: Partial<GroupValues>): Promise<void> {
  await db.update(groups).set(values).where(eq(groups.id, id));
}

// Students and their accounts

export type StudentRow = typeof students.$inferSelect;
export type StudentValues = Omit<StudentRow, 'id' | 'photoId' | 'nationality' | 'citizenship' | 'taxId' | 'education'>;

/** Every student, by student number. */
export async function allStudents(db: Db): Promise<StudentRow[]> {
  return db.select().from(students).orderBy(asc(students.code));
}

/** The students with these numbers. */
export async function studentsByCodes(db: Db, codes: readonly string[]): Promise<StudentRow[]> {
  const out: StudentRow[] = [];
  for (const part of chunks(codes)) out.push(...(await db.select().from(students).where(inArray(students.code, part))));
  return out;
}

/** The students of these groups (the file's groups: whom it does not name is listed). */
export async function studentsOfGroups(db: Db, groupIds: readonly number[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ code: students.code, surname: students.surname, name: students.name, patronymic: students.patronymic, groupId: students.groupId })
    .from(students)
    .where(inArray(students.groupId, [...groupIds]))
    .orderBy(asc(students.groupId), asc(students.surname), asc(students.name));
}

export async function insertStudents(db: Db, rows: StudentValues[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(rows)) {
    for (const r of await db.insert(students).values(part).returning({ id: students.id, code: students.code })) ids.set(r.code, r.id);
  }
  return ids;
}

export async function updateStudent(db: Db, id: number, values: Partial<StudentValues>): Promise<void> {
  await db.update(students).set(values).where(eq(students.id, id));
}

/** Student accounts that must change their login and password at first sign-in. */
export async function insertStudentAccounts(db: Db, rows: { studentId: number; login: string; passwordHash: string }[], now: Date): Promise<void> {
  for (const part of chunks(rows)) {
    await db.insert(users).values(part.map((r) => ({ ...r, role: ROLE_STUDENT, mustUpdateCredentials: true, passwordChangedAt: now })));
  }
}

// The departments (teachers and disciplines name them)

// Teachers, the lists they refer to, and their accounts

export type TeacherRow = typeof teachers.$inferSelect;
export type TeacherValues = Omit<TeacherRow, 'id' | 'photoId' | 'nationality' | 'citizenship' | 'taxId' | 'education' | 'code'> & { code: string };

/** The teachers with these codes. */
/** The teachers a file can name: those with a teacher code, by code. */
export async function allTeachers(db: Db): Promise<TeacherRow[]> {
  return db.select().from(teachers).where(isNotNull(teachers.code)).orderBy(asc(teachers.code));
}

export async function insertTeachers(db: Db, rows: TeacherValues[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(rows)) {
    for (const r of await db.insert(teachers).values(part).returning({ id: teachers.id, code: teachers.code })) ids.set(r.code!, r.id);
  }
  return ids;
}

export async function updateTeacher(db: Db, id: number, values: Partial<TeacherValues>): Promise<void> {
  await db.update(teachers).set(values).where(eq(teachers.id, id));
}

/** Teacher accounts that must change their login and password at first sign-in. */
export async function insertTeacherAccounts(db: Db, rows: { teacherId: number; login: string; passwordHash: string }[], now: Date): Promise<void> {
  for (const part of chunks(rows)) {
    await db.insert(users).values(part.map((r) => ({ ...r, role: ROLE_TEACHER, mustUpdateCredentials: true, passwordChangedAt: now })));
  }
}

// Rooms

export type RoomRow = typeof auditoria.$inferSelect;
export type RoomValues = Omit<RoomRow, 'id' | 'qrNetworks'>;

export async function allRooms(db: Db): Promise<RoomRow[]> {
  return db.select().from(auditoria).orderBy(asc(auditoria.id));
}

export async function insertRooms(db: Db, rows: RoomValues[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(auditoria).values(part);
}

export async function updateRoom(db: Db, id: number, values: Partial<RoomValues>): Promise<void> {
  await db.update(auditoria).set(values).where(eq(auditoria.id, id));
}

// Disciplines and the study plans

export type DisciplineRow = typeof disciplines.$inferSelect;
export type DisciplineValues = Omit<DisciplineRow, 'id'>;

export async function allDisciplines(db: Db): Promise<DisciplineRow[]> {
  return db.select().from(disciplines).orderBy(asc(disciplines.code));
}

export async function insertDisciplines(db: Db, rows: DisciplineValues[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(disciplines).values(part);
}

export async function updateDiscipline(db: Db, id: number, values: Partial<DisciplineValues>): Promise<void> {
  await db.update(disciplines).set(values).where(eq(disciplines.id, id));
}

export async function allControlForms(db: Db) {
  return db.select().from(controlForms).orderBy(asc(controlForms.id));
}

/** The semesters of study by their number. */
export async function allSemesters(db: Db) {
  return db.select({ id: semesters.id, number: semesters.number }).from(semesters).orderBy(asc(semesters.number));
}

export async function academicYearIds(db: Db): Promise<Set<number>> {
  return new Set((await db.select({ id: academicYears.id }).from(academicYears)).map((y) => y.id));
}

/** The specialities with the number of years their study lasts (its semesters: twice as many). */
export async function specialityDurations(db: Db) {
  return db.select({ id: specialities.id, code: specialities.code, durationYears: specialities.durationYears }).from(specialities);
}

export type PlanRow = typeof curriculum.$inferSelect;
export type PlanValues = Omit<PlanRow, 'id'>;

export async function allPlanRows(db: Db): Promise<PlanRow[]> {
  return db
    .select()
    .from(curriculum)
    .orderBy(
      asc(curriculum.specialityId),
      asc(curriculum.educationFormId),
      asc(curriculum.admissionYear),
      asc(curriculum.semesterId),
      asc(curriculum.disciplineId),
    );
}

export async function insertPlanRows(db: Db, rows: PlanValues[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(curriculum).values(part);
}

export async function updatePlanRow(db: Db, id: number, values: Partial<PlanValues>): Promise<void> {
  await db.update(curriculum).set(values).where(eq(curriculum.id, id));
}

// The timetable (schedule_entries) and the teaching assignments (journals) its rows belong to

export async function allAcademicYears(db: Db) {
  return db.select({ id: academicYears.id, name: academicYears.name }).from(academicYears).orderBy(asc(academicYears.id));
}

export async function allWorkingSemesters(db: Db) {
  return db.select().from(workingSemesters).orderBy(asc(workingSemesters.id));
}

export async function allLessonTypes(db: Db) {
  return db.select().from(lessonTypes).orderBy(asc(lessonTypes.id));
}

/** The pairs with their start and end as 'HH:MM'. */
export async function allLessonTimes(db: Db) {
  return db
    .select({
      id: lessonTimes.id,
      startsAt: sql<string>`to_char(${lessonTimes.startsAt}, 'HH24:MI')`,
      endsAt: sql<string>`to_char(${lessonTimes.endsAt}, 'HH24:MI')`,
    })
    .from(lessonTimes)
    .orderBy(asc(lessonTimes.id));
}

/** The streams with their groups (by id). */
export async function allStreams(db: Db) {
  const list = await db.select().from(streams).orderBy(asc(streams.id));
  const members = await db.select().from(streamGroups).orderBy(asc(streamGroups.groupId));
  return list.map((s) => ({ ...s, groupIds: members.filter((m) => m.streamId === s.id).map((m) => m.groupId) }));
}

/** A half-year: its academic year and working semester. */
export interface HalfYear {
  year: number;
  ws: number;
}

const inHalfYears = (t: { academicYearId: AnyPgColumn; workingSemesterId: AnyPgColumn }, halves: readonly HalfYear[]) =>
  or(...halves.map((h) => and(eq(t.academicYearId, h.year), eq(t.workingSemesterId, h.ws))));

export type EntryRow = typeof scheduleEntries.$inferSelect;
export type EntryValues = Omit<EntryRow, 'id'>;

/** The timetable's entries of these half-years (every half-year when none is given), by id. */
export async function timetableEntries(db: Db, halves?: readonly HalfYear[]): Promise<EntryRow[]> {
  if (halves?.length === 0) return [];
  return db
    .select()
    .from(scheduleEntries)
    .where(halves ? inHalfYears(scheduleEntries, halves) : undefined)
    .orderBy(asc(scheduleEntries.id));
}

export async function insertEntries(db: Db, rows: EntryValues[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(scheduleEntries).values(part);
}

export async function updateEntry(db: Db, id: number, values: Partial<EntryValues>): Promise<void> {
  await db.update(scheduleEntries).set(values).where(eq(scheduleEntries.id, id));
}

export type AssignmentRow = typeof teachingAssignments.$inferSelect;
export type AssignmentValues = Omit<AssignmentRow, 'id' | 'markScale'>;

/** The teaching assignments of these half-years, by id. */
export async function assignmentsOf(db: Db, halves: readonly HalfYear[]): Promise<AssignmentRow[]> {
  if (halves.length === 0) return [];
  return db.select().from(teachingAssignments).where(inHalfYears(teachingAssignments, halves)).orderBy(asc(teachingAssignments.id));
}

/** New teaching assignments (their journals' mark scale is the default), as written. */
export async function insertAssignments(db: Db, rows: AssignmentValues[]): Promise<AssignmentRow[]> {
  const out: AssignmentRow[] = [];
  for (const part of chunks(rows)) out.push(...(await db.insert(teachingAssignments).values(part).returning()));
  return out;
}

/** Whether the account is an enabled administrator's (the admin right, docs/areas/admin.md). */
export async function isActiveAdmin(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ admin: users.admin, disabled: users.disabled }).from(users).where(eq(users.id, userId));
  return !!row?.admin && !row.disabled;
}
