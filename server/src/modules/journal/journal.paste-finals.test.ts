/**
 * /api/visitlog/visit/paste.json with final results: a block pasted over lessons and the
 * final-result column is one write. Every row is checked first (points whole 0–100, the half-year
 * open); then the cells, the results and the results' history are written in one transaction, or
 * nothing is.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PastedBlock } from '@contract/journal';
import type { App } from '../../app';
import { finalResultHistory, finalResults, journalVisitChanges, journalVisits } from '../../db/schema';
import { appOn, session, testClock, type TestSession } from '../../test/helpers';
import { requestsTo } from '../../test/requests';
import { app, db, lecture, post, teacher, TIME, useJournalApp } from './journal.test-fixture';

let listed: number[];

useJournalApp();

/** A block pasted into the lecture's journal (through `on`, as `who`). */
const paste = (block: { cells: object[]; finals?: object[] }, { lang, on = app, who = teacher }: { lang?: string; on?: App; who?: TestSession } = {}) =>
  requestsTo(() => on, '/api/visitlog/').post('visit/paste.json', who, { id_journal: lecture.id_journal, ...block }, lang);

/** The journal's records and their audit rows at a lesson (TIME on the date). */
async function cellsOn(date: string) {
  const [{ visits }] = await db.database.db
    .select({ visits: count() })
    .from(journalVisits)
    .where(and(eq(journalVisits.teachingAssignmentId, lecture.id_journal), eq(journalVisits.visitDate, date), eq(journalVisits.lessonTimeId, TIME)));
  const [{ changes }] = await db.database.db
    .select({ changes: count() })
    .from(journalVisitChanges)
    .where(
      and(
        eq(journalVisitChanges.teachingAssignmentId, lecture.id_journal),
        eq(journalVisitChanges.visitDate, date),
        eq(journalVisitChanges.lessonTimeId, TIME),
      ),
    );
  return { visits, changes };
}

/** The students' final results of the journal's discipline and half-year, and their history rows. */
async function finalsOf(studentIds: number[]) {
  const same = (t: typeof finalResults | typeof finalResultHistory) =>
    and(
      inArray(t.studentId, studentIds),
      eq(t.disciplineId, lecture.id_discipline),
      eq(t.academicYearId, lecture.id_a_year),
      eq(t.workingSemesterId, lecture.id_w_s),
    );
  const results = await db.database.db
    .select({ studentId: finalResults.studentId, points: finalResults.points })
    .from(finalResults)
    .where(same(finalResults))
    .orderBy(finalResults.studentId);
  const history = await db.database.db
    .select({ studentId: finalResultHistory.studentId, action: finalResultHistory.action, newPoints: finalResultHistory.newPoints })
    .from(finalResultHistory)
    .where(same(finalResultHistory))
    .orderBy(finalResultHistory.studentId);
  return { results, history };
}

beforeAll(async () => {
  const students = (await post(teacher, 'students.json', { id_journal: lecture.id_journal })).json().data as { id_student: number }[];
  listed = students.map((s) => s.id_student);
  // No final results of this journal's students to begin with.
  await db.database.db.delete(finalResults).where(inArray(finalResults.studentId, listed.slice(0, 3)));
  await db.database.db.delete(finalResultHistory).where(inArray(finalResultHistory.studentId, listed.slice(0, 3)));
});

describe('a paste over lessons and the final-result column', () => {
  it('with points out of 0–100 on one row writes neither the cells nor any final result (INVALID_POINTS, translated)', async () => {
    const [s1, s2] = listed;
    const date = '2026-11-23';
    expect(await cellsOn(date)).toEqual({ visits: 0, changes: 0 });
    for (const bad of [101, -1, 87.5]) {
      const res = await paste(
        {
          cells: [
            { id_student: s1, visitDate: date, id_time: TIME, otsenka: '5' },
            { id_student: s2, visitDate: date, id_time: TIME, otsenka: '4' },
          ],
          finals: [
            { id_student: s1, points: 90 },
            { id_student: s2, points: bad },
          ],
        },
        { lang: 'en' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_POINTS', message: 'The final result is a whole number of points from 0 to 100' });
    }
    expect(await cellsOn(date)).toEqual({ visits: 0, changes: 0 });
    expect(await finalsOf([s1, s2])).toEqual({ results: [], history: [] });
  });

  it('writes the cells, the final results and their history together; the reply has the results as stored, with their equivalents', async () => {
    const [s1, s2] = listed;
    const date = '2026-11-24';
    const res = await paste({
      cells: [
        { id_student: s1, visitDate: date, id_time: TIME, otsenka: '5' },
        { id_student: s2, visitDate: date, id_time: TIME, otsenka: 'н/б' },
      ],
      finals: [
        { id_student: s1, points: 87 },
        { id_student: s2, points: 70 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const block = res.json().data as PastedBlock;
    expect(block.cells.map((c) => [c.id_student, c.visitDate, c.id_time, c.cell?.otsenka])).toEqual([
      [s1, date, TIME, '5'],
      [s2, date, TIME, 'н/б'],
    ]);
    expect(block.finals).toEqual([
      { id_student: s1, result: { id_student: s1, points: 87, ekv_num: 3.67, ekv_bukv: 'A-' } },
      { id_student: s2, result: { id_student: s2, points: 70, ekv_num: 2.67, ekv_bukv: 'B-' } },
    ]);
    expect(await cellsOn(date)).toEqual({ visits: 2, changes: 2 });
    const stored = await finalsOf([s1, s2]);
    expect(stored.results).toEqual([
      { studentId: Math.min(s1, s2), points: s1 < s2 ? 87 : 70 },
      { studentId: Math.max(s1, s2), points: s1 < s2 ? 70 : 87 },
    ]);
    expect(stored.history).toHaveLength(2);
    expect(stored.history.every((h) => h.action === 'insert')).toBe(true);

    // Final results alone (no cells): a deletion is written with its history row, and its reply is null.
    const cleared = await paste({ cells: [], finals: [{ id_student: s2, points: null }] });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toEqual({ cells: [], finals: [{ id_student: s2, result: null }] });
    expect((await finalsOf([s2])).history.map((h) => [h.action, h.newPoints])).toEqual([
      ['insert', 70],
      ['delete', null],
    ]);
  });

  it('refuses a paste with nothing in it, a student twice in its final results, and one not on the list, writing nothing', async () => {
    const [s1, s3] = [listed[0], listed[2]];
    const date = '2026-11-25';
    const cell = { id_student: s3, visitDate: date, id_time: TIME, otsenka: '5' };
    expect((await paste({ cells: [] })).statusCode).toBe(400);
    const withFinals = (...finals: { id_student: number; points: number }[]) => paste({ cells: [cell], finals });
    expect((await withFinals({ id_student: s3, points: 50 }, { id_student: s3, points: 60 })).statusCode).toBe(400);
    const unlisted = await withFinals({ id_student: s3, points: 50 }, { id_student: Math.max(...listed) + 100_000, points: 60 });
    expect(unlisted.statusCode).toBe(404);
    expect(await cellsOn(date)).toEqual({ visits: 0, changes: 0 });
    expect((await finalsOf([s3])).results).toEqual([]);
    expect((await finalsOf([s1])).results).toEqual([{ studentId: s1, points: 87 }]);
  });

  it('in a closed half-year is refused whole (PERIOD_CLOSED): the final results stay as they were', async () => {
    const [s1] = listed;
    const late = await appOn(db, { now: testClock(new Date(2027, 1, 20, 12, 0)).now });
    try {
      const them = await session(late, 'teacher');
      const res = await paste({ cells: [], finals: [{ id_student: s1, points: 10 }] }, { on: late, who: them });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('PERIOD_CLOSED');
    } finally {
      await late.close();
    }
    expect((await finalsOf([s1])).results).toEqual([{ studentId: s1, points: 87 }]);
  });
});
