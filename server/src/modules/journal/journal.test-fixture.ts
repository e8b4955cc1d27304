/**
 * What the journal's server tests (journal.*.test.ts) share: a fresh database with the demo
 * university and one app on it whose clock stands at TODAY, the demo teacher and student signed in,
 * the teacher's journals of the demo half-year with the Web Programming lecture among them, and the
 * calls and payloads the tests make. A test file calls useJournalApp() once at its top level: the
 * bindings below are set before its first test and the app and database closed after its last.
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { JournalData, JournalInfo } from '@contract/journal';
import type { App } from '../../app';
import { finalResults, teachingAssignments } from '../../db/schema';
import { lessonDeletion, signedInApp, testClock, type TestDatabase, type TestSession } from '../../test/helpers';

/** A lesson no seeded record uses: the last pair (17:30) of a day in the demo half-year. */
export const DATE = '2026-11-24';
export const TIME = 7;
/** Today for these files: late in the demo half-year (2026-27 autumn), after every date the tests write marks on. */
export const TODAY = new Date(2026, 10, 30, 12, 0);

export let db: TestDatabase;
export let app: App;
export let teacher: TestSession;
export let student: TestSession;
export let journals: JournalInfo[];
/** The Web Programming lecture of the stream the demo student belongs to. */
export let lecture: JournalInfo;

/** The app, its database, the sessions and the journals for the tests of the calling file. */
export function useJournalApp(): void {
  beforeAll(async () => {
    ({ db, app, teacher, student } = await signedInApp({ now: testClock(TODAY).now }));
    const res = await post(teacher, 'journals.json', { id_a_year: 2026, id_w_s: 1 });
    expect(res.statusCode).toBe(200);
    journals = res.json().data;
    lecture = journals.find((j) => j.discipline === 'Веб-программирование' && j.id_vid_zaniatiy === 1)!;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });
}

export const post = (who: TestSession, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/visitlog/${url}`, headers: who.headers, payload });
export const journalOf = async (id: number) => (await post(teacher, 'journal.json', { id_journal: id })).json().data as JournalData;

/** A student's stored mark at a lesson, from the reply's raw records (undefined: no record). */
export const markIn = (data: JournalData, student: number, key: string) => {
  const v = data.journal[0].find((r) => r.id_student === student && `${r.visitDate}|${r.id_time}` === key);
  return v ? v.otsenka : undefined;
};

/** The teacher's Web Programming laboratory journal of a subgroup. */
export const webLab = (subgroup: 1 | 2) => journals.find((j) => j.discipline === 'Веб-программирование' && j.id_vid_zaniatiy === 3 && j.subgroup === subgroup)!;

/** A journal another teacher teaches. */
export async function othersJournal(): Promise<{ id: number }> {
  const [other] = await db.database.db
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .where(ne(teachingAssignments.teacherId, lecture.id_teacher))
    .limit(1);
  return other;
}

/** The stored final result of a student in a journal's discipline and half-year (none, or one row). */
export async function storedFinals(studentId: number, j: JournalInfo = lecture) {
  return db.database.db
    .select()
    .from(finalResults)
    .where(
      and(
        eq(finalResults.studentId, studentId),
        eq(finalResults.disciplineId, j.id_discipline),
        eq(finalResults.academicYearId, j.id_a_year),
        eq(finalResults.workingSemesterId, j.id_w_s),
      ),
    );
}

/** journal/delete.json's payload that deletes the lecture's lesson at TIME on `date`. */
export const lectureLessonDeletion = (date: string) => lessonDeletion(lecture, date, TIME);
