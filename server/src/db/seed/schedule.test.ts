/** Seed step 0006-schedule: the demo teacher's and demo groups' weekly timetable, free of clashes. */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { groups, scheduleEntries, streamGroups, students, teachingAssignments, users } from '../schema';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

/** The demo student's group and subgroup, and whether a timetable entry is his (his group's or one of its streams', for all or his subgroup). */
async function demoStudent() {
  const d = db.database.db;
  const [student] = await d
    .select({ groupId: students.groupId, subgroup: students.subgroup })
    .from(students)
    .innerJoin(users, eq(users.studentId, students.id))
    .where(eq(users.login, 'student'));
  const streams = (await d.select({ id: streamGroups.streamId }).from(streamGroups).where(eq(streamGroups.groupId, student.groupId))).map((s) => s.id);
  const attends = (e: typeof scheduleEntries.$inferSelect) =>
    (e.groupId === student.groupId || (e.streamId !== null && streams.includes(e.streamId))) && (e.subgroup === 0 || e.subgroup === student.subgroup);
  return { student, attends };
}

describe('seed 0006-schedule', () => {
  it('the demo teacher has a lesson every working day of 2026-27 autumn, each entry matching its assignment', async () => {
    const d = db.database.db;
    const [teacher] = await d.select({ id: users.teacherId }).from(users).where(eq(users.login, 'teacher'));
    const rows = await d
      .select({ entry: scheduleEntries, assignment: teachingAssignments })
      .from(scheduleEntries)
      .innerJoin(teachingAssignments, eq(teachingAssignments.id, scheduleEntries.teachingAssignmentId))
      .where(and(eq(scheduleEntries.teacherId, teacher.id!), eq(scheduleEntries.academicYearId, 2026), eq(scheduleEntries.workingSemesterId, 1)));
    const assigned = await d
      .select({ id: teachingAssignments.id })
      .from(teachingAssignments)
      .where(and(eq(teachingAssignments.teacherId, teacher.id!), eq(teachingAssignments.academicYearId, 2026), eq(teachingAssignments.workingSemesterId, 1)));
    expect(rows.map((r) => r.assignment.id).sort()).toEqual(assigned.map((a) => a.id).sort());
    expect(new Set(rows.map((r) => r.entry.dayNumber))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    for (const { entry, assignment } of rows) {
      expect(entry).toMatchObject({
        disciplineId: assignment.disciplineId,
        lessonTypeId: assignment.lessonTypeId,
        groupId: assignment.groupId,
        streamId: assignment.streamId,
        subgroup: assignment.subgroup,
        semesterId: assignment.semesterId,
      });
    }
  });

  it('the demo student has lessons on at least five days, and no student, teacher or room is in two places at once', async () => {
    const d = db.database.db;
    const { student, attends } = await demoStudent();
    const all = await d
      .select()
      .from(scheduleEntries)
      .where(and(eq(scheduleEntries.academicYearId, 2026), eq(scheduleEntries.workingSemesterId, 1)));
    const mine = all.filter(attends);
    expect(new Set(mine.map((e) => e.dayNumber)).size).toBeGreaterThanOrEqual(5);
    const slots = mine.map((e) => `${e.dayNumber}:${e.lessonTimeId}`);
    expect(new Set(slots).size).toBe(slots.length);
    const teacherSlots = all.map((e) => `${e.teacherId}:${e.dayNumber}:${e.lessonTimeId}`);
    expect(new Set(teacherSlots).size).toBe(teacherSlots.length);
    const [group] = await d
      .select({ name: groups.name })
      .from(groups)
      .where(inArray(groups.id, [student.groupId]));
    expect(group.name).toBe('ПИ-1-24');
  });

  it('the demo teacher and the demo student share lessons in both half-years of every history year (0011-spring-lessons)', async () => {
    const d = db.database.db;
    const [teacher] = await d.select({ id: users.teacherId }).from(users).where(eq(users.login, 'teacher'));
    const { attends } = await demoStudent();
    const taught = await d.select().from(scheduleEntries).where(eq(scheduleEntries.teacherId, teacher.id!));
    for (const year of [2025, 2026])
      for (const ws of [1, 2]) {
        const mine = taught.filter((e) => e.academicYearId === year && e.workingSemesterId === ws);
        const shared = mine.filter(attends);
        expect(shared.length, `${year}/${ws}`).toBeGreaterThan(0);
        const slots = mine.map((e) => `${e.dayNumber}:${e.lessonTimeId}`);
        expect(new Set(slots).size, `${year}/${ws}`).toBe(slots.length);
      }
    // Each spring lesson's assignment names him too.
    const spring = taught.filter((e) => e.workingSemesterId === 2);
    const assignments = await d
      .select()
      .from(teachingAssignments)
      .where(
        inArray(
          teachingAssignments.id,
          spring.map((e) => e.teachingAssignmentId),
        ),
      );
    expect(assignments.every((a) => a.teacherId === teacher.id)).toBe(true);
  });
});
