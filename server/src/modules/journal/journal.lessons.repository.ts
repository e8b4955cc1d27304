/**
 * SQL of a journal's lessons and setup: added lessons and lesson topics, the journal's weekly
 * timetable, its subgroups, planned topics and mark scale.
 */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type Db } from '../../db/client';
import {
  auditoria,
  journalPlanTopics,
  scheduleEntries,
  journalLessonTopics,
  journalLessons,
  journalSubgroupStudents,
  journalSubgroups,
  journalVisits,
  lessonTimes,
  teachingAssignments,
} from '../../db/schema';
import { ofJournal, type Occurrence } from './journal.occurrence';

export async function deleteLessonTopics(db: Db, assignmentId: number, occurrence: Occurrence | null): Promise<number> {
  const rows = await db
    .delete(journalLessonTopics)
    .where(ofJournal(journalLessonTopics, assignmentId, occurrence))
    .returning({ id: journalLessonTopics.id });
  return rows.length;
}

/** Adds a lesson to a journal (nothing when it is there already). */
export async function insertLesson(db: Db, row: typeof journalLessons.$inferInsert): Promise<void> {
  await db.insert(journalLessons).values(row).onConflictDoNothing();
}

/** Deletes a journal's added lessons: one occurrence, or all of them. */
export async function deleteLessons(db: Db, assignmentId: number, occurrence: Occurrence | null): Promise<void> {
  await db.delete(journalLessons).where(ofJournal(journalLessons, assignmentId, occurrence));
}

export async function upsertLessonTopic(db: Db, row: typeof journalLessonTopics.$inferInsert) {
  const [out] = await db
    .insert(journalLessonTopics)
    .values(row)
    .onConflictDoUpdate({
      target: [journalLessonTopics.teachingAssignmentId, journalLessonTopics.visitDate, journalLessonTopics.lessonTimeId],
      set: {
        topic: row.topic,
        lessonNumber: row.lessonNumber,
        hours: row.hours,
        moduleId: row.moduleId,
        planTopicId: row.planTopicId,
        updatedByUserId: row.updatedByUserId,
        updatedAt: row.updatedAt,
      },
    })
    .returning();
  return out;
}

/** The journal's weekly lessons in the timetable. */
export async function timetableOf(db: Db, assignmentId: number) {
  return db
    .select({
      id: scheduleEntries.id,
      dayNumber: scheduleEntries.dayNumber,
      timeId: scheduleEntries.lessonTimeId,
      startsAt: lessonTimes.startsAt,
      room: auditoria.name,
      building: auditoria.building,
    })
    .from(scheduleEntries)
    .innerJoin(lessonTimes, eq(lessonTimes.id, scheduleEntries.lessonTimeId))
    .innerJoin(auditoria, eq(auditoria.id, scheduleEntries.auditoriumId))
    .where(eq(scheduleEntries.teachingAssignmentId, assignmentId))
    .orderBy(asc(scheduleEntries.dayNumber), asc(scheduleEntries.lessonTimeId));
}

export async function subgroupsOf(db: Db, assignmentId: number) {
  const groups_ = await db.select().from(journalSubgroups).where(eq(journalSubgroups.teachingAssignmentId, assignmentId)).orderBy(asc(journalSubgroups.number));
  if (groups_.length === 0) return [];
  const members = await db
    .select()
    .from(journalSubgroupStudents)
    .where(
      inArray(
        journalSubgroupStudents.subgroupId,
        groups_.map((g) => g.id),
      ),
    );
  return groups_.map((g) => ({ number: g.number, name: g.name, students: members.filter((m) => m.subgroupId === g.id).map((m) => m.studentId) }));
}

/** Replaces the journal's subgroups and their members. */
export async function replaceSubgroups(db: Db, assignmentId: number, list: { number: number; name: string; students: number[] }[]): Promise<void> {
  await db.delete(journalSubgroups).where(eq(journalSubgroups.teachingAssignmentId, assignmentId));
  for (const g of list) {
    const [row] = await db
      .insert(journalSubgroups)
      .values({ teachingAssignmentId: assignmentId, number: g.number, name: g.name })
      .returning({ id: journalSubgroups.id });
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
export async function replacePlanTopics(
  db: Db,
  assignmentId: number,
  list: { number: number; topic: string; hours: number; moduleId: number | null }[],
): Promise<void> {
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
    .where(
      and(
        eq(journalVisits.teachingAssignmentId, assignmentId),
        sql`${journalVisits.mark} ~ '^[0-9]+$'`,
        sql`(${journalVisits.mark}::int < ${min} or ${journalVisits.mark}::int > ${max})`,
      ),
    );
  return row?.n ?? 0;
}

/** Sets a journal's mark scale. */
export async function setMarkScale(db: Db, assignmentId: number, scale: string): Promise<void> {
  await db.update(teachingAssignments).set({ markScale: scale }).where(eq(teachingAssignments.id, assignmentId));
}
