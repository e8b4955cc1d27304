/** The one condition for a journal's rows, or one lesson's of it, in the tables keyed by journal, date and time. */
import { and, eq, type SQL } from 'drizzle-orm';
import { journalLessons, journalLessonTopics, journalVisitChanges, journalVisits } from '../../db/schema';

/** A lesson of a journal: its date and its time. */
export interface Occurrence {
  date: string;
  timeId: number;
}

type LessonKeyed = typeof journalVisits | typeof journalVisitChanges | typeof journalLessons | typeof journalLessonTopics;

/** The rows of journal `assignmentId`, only those of `occurrence` when one is given. */
export function ofJournal(table: LessonKeyed, assignmentId: number, occurrence: Occurrence | null): SQL | undefined {
  return and(
    eq(table.teachingAssignmentId, assignmentId),
    occurrence ? and(eq(table.visitDate, occurrence.date), eq(table.lessonTimeId, occurrence.timeId)) : undefined,
  );
}
