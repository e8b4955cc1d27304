/**
 * Seed step 0011-spring-lessons: the demo teacher also teaches in the spring half-years. In every
 * history year he takes over, in the demo student's group, the spring discipline of his own
 * department (Databases in 2025-26, Software Testing in 2026-27): its lecture and the laboratory work
 * of the demo student's half of the group. The assignments, their weekly lessons (placed by
 * 0006-schedule, so free of clashes for the group, and the demo teacher had no spring lesson to clash
 * with), and the journal and QR rows written for them name him from then on.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { journalVisits, qrSessions, scheduleEntries, streamGroups, students, teachers, teachingAssignments, users } from '../schema';
import { DEMO_STUDENT, DEMO_TEACHER, HISTORY_YEARS, LAB, LECTURE } from './data';
import type { SeedContext } from './index';

/** The spring half-year. */
const SPRING = 2;

export async function seedSpringLessons(db: Db, ctx: SeedContext): Promise<void> {
  const [teacher] = await db.select({ id: users.teacherId }).from(users).where(eq(users.login, DEMO_TEACHER.login));
  const [student] = await db
    .select({ groupId: students.groupId, subgroup: students.subgroup })
    .from(students)
    .innerJoin(users, eq(users.studentId, students.id))
    .where(eq(users.login, DEMO_STUDENT.login));
  if (!teacher?.id || !student) throw new Error('seed 0011-spring-lessons: no demo teacher or student');
  const [{ departmentId }] = await db.select({ departmentId: teachers.departmentId }).from(teachers).where(eq(teachers.id, teacher.id));
  const streamIds = (await db.select({ id: streamGroups.streamId }).from(streamGroups).where(eq(streamGroups.groupId, student.groupId))).map((s) => s.id);
  const candidates = await db
    .select({
      id: teachingAssignments.id,
      year: teachingAssignments.academicYearId,
      disciplineId: teachingAssignments.disciplineId,
      lessonTypeId: teachingAssignments.lessonTypeId,
      subgroup: teachingAssignments.subgroup,
      groupId: teachingAssignments.groupId,
      streamId: teachingAssignments.streamId,
      departmentId: teachers.departmentId,
    })
    .from(teachingAssignments)
    .innerJoin(teachers, eq(teachers.id, teachingAssignments.teacherId))
    .where(and(inArray(teachingAssignments.academicYearId, [...HISTORY_YEARS]), eq(teachingAssignments.workingSemesterId, SPRING)))
    .orderBy(teachingAssignments.id);
  const ofGroup = candidates.filter((a) => a.groupId === student.groupId || (a.streamId !== null && streamIds.includes(a.streamId)));
  const taken: number[] = [];
  for (const year of HISTORY_YEARS) {
    // His department's discipline of the group that half-year (the first by id, when there are several).
    const lecture = ofGroup.find((a) => a.year === year && a.lessonTypeId === LECTURE && a.departmentId === departmentId);
    if (!lecture) continue;
    const same = ofGroup.filter((a) => a.year === year && a.disciplineId === lecture.disciplineId);
    const lab = same.find((a) => a.lessonTypeId === LAB && a.subgroup === student.subgroup);
    taken.push(...[lecture, ...(lab ? [lab] : [])].map((a) => a.id));
  }
  if (taken.length === 0) throw new Error("seed 0011-spring-lessons: no spring discipline of the demo teacher's department in the demo group");
  await db.update(teachingAssignments).set({ teacherId: teacher.id }).where(inArray(teachingAssignments.id, taken));
  const entries = await db
    .update(scheduleEntries)
    .set({ teacherId: teacher.id })
    .where(inArray(scheduleEntries.teachingAssignmentId, taken))
    .returning({ id: scheduleEntries.id });
  await db.update(journalVisits).set({ teacherId: teacher.id }).where(inArray(journalVisits.teachingAssignmentId, taken));
  if (entries.length)
    await db
      .update(qrSessions)
      .set({ teacherId: teacher.id })
      .where(
        inArray(
          qrSessions.scheduleEntryId,
          entries.map((e) => e.id),
        ),
      );
  ctx.log(`spring lessons: the demo teacher takes ${taken.length} spring assignments (${entries.length} weekly lessons)`);
}
