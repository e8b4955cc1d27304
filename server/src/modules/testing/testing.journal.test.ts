/**
 * /api/testing/ journals.json and to-journal.json: a test's counted results written as marks into
 * one lesson of the teacher's journal through the journal's own write, on the journal's scale (a
 * whole percent on 0–100, TEST_MARK_THRESHOLDS of contract/pure/test-marks.ts on 2–5), with its
 * history, shown by the journal's kept reply; a record holding a mark kept unless the teacher
 * overwrites; the same call again, or several at once, writes nothing twice; a closed half-year, a
 * date after today, another's journal, a journal of another discipline and a test without results
 * refused with nothing written. On PGlite and, in the server-pg project, on PostgreSQL.
 */
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STUDENT, ROLE_TEACHER } from '@contract/common';
import type { HistoryEntry, JournalData } from '@contract/journal';
import { markOfPercent, type Paper, type Test, type TestJournals, type ToJournalResult } from '@contract/testing';
import { journalVisitChanges, journalVisits, registrationPeriods, students, teachingAssignments } from '../../db/schema';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';
import { errorOf, makeBank, post, settings, type Bank } from './testing.fixture';
import { testingAttempts } from './testing.schema';

/** In the half-year of the seeded test's journals (2026-27 spring), after the lessons the marks go to. */
const clock = testClock(new Date(2027, 2, 20, 12, 0));
const fx = useTestApp({ now: clock.now });
const d = () => fx.db.database.db;
const DEVICE = 'device-journal-1';

let bank: Bank;
let test: Test;
let classmate: SignedIn;
let list: TestJournals;
/** The 2–5 journal of the half-year holding both students, and another of the discipline set to 0–100 with the students on its list. */
let fivePoint: TestJournals['journals'][number];
let hundred: TestJournals['journals'][number];
let hundredListed: Set<number>;

/** A finished attempt of `who` whose score is `score` of its paper's 13 points. */
async function takeWith(who: SignedIn, score: number) {
  const paper = await post<Paper>(who, 'start.json', { id_test: test.id, device: DEVICE });
  await post(who, 'submit.json', { id_attempt: paper.id_attempt, device: DEVICE });
  await d().update(testingAttempts).set({ score, state: 'graded' }).where(eq(testingAttempts.id, paper.id_attempt));
}

const marksAt = async (journal: number, date: string, time: number) =>
  new Map(
    (
      await d()
        .select({ studentId: journalVisits.studentId, mark: journalVisits.mark })
        .from(journalVisits)
        .where(and(eq(journalVisits.teachingAssignmentId, journal), eq(journalVisits.visitDate, date), eq(journalVisits.lessonTimeId, time)))
    ).map((r) => [r.studentId, r.mark]),
  );
const historyCount = async (journal: number) =>
  (await d().select().from(journalVisitChanges).where(eq(journalVisitChanges.teachingAssignmentId, journal))).length;
const send = (who: SignedIn, journal: number, date: string, overwrite = false, time = 7) =>
  who.post('/api/testing/to-journal.json', { id_test: test.id, id_journal: journal, visitDate: date, id_time: time, overwrite });

beforeAll(async () => {
  bank = await makeBank(fx, 'В журнал');
  test = await post<Test>(fx.teacher, 'test-save.json', settings(bank, clock.now()));
  classmate = await fx.signInUnused('journal-classmate', ROLE_STUDENT, and(eq(students.groupId, bank.groupId), ne(students.id, fx.student.user.uid)));
  await takeWith(fx.student, 12); // 92 % → 5
  await takeWith(classmate, 9.5); // 73 % → 4
  list = await post<TestJournals>(fx.teacher, 'journals.json', { id_test: test.id });
  const listed = async (id: number) => {
    const res = await fx.post('/api/visitlog/journal.json', fx.teacher, { id_journal: id });
    return new Set((res.json().data.students as { id_student: number }[]).map((s) => s.id_student));
  };
  const current = list.journals.filter((j) => j.year === 2026 && j.ws === 2);
  for (const j of current) {
    const ids = await listed(j.id);
    if (!fivePoint && ids.has(fx.student.user.uid) && ids.has(classmate.user.uid)) fivePoint = j;
    else if (!hundred) [hundred, hundredListed] = [j, ids];
  }
  expect(fivePoint.scale).toBe('2-5');
  expect((await fx.post('/api/visitlog/scale.json', fx.teacher, { id_journal: hundred.id, scale: '0-100' })).statusCode).toBe(200);
});

describe('sending results to the journal', () => {
  it("lists the teacher's journals of the test's discipline with their lessons and the lesson times; refuses others", async () => {
    expect(list.times.map((t) => t.id)).toContain(7);
    const other = await fx.signInUnused('journal-other-teacher', ROLE_TEACHER);
    expect((await errorOf(other, 'journals.json', { id_test: test.id })).status).toBe(403);
    expect((await errorOf(fx.student, 'journals.json', { id_test: test.id })).status).toBe(403);
  });

  it('converts a percent to the 2–5 scale by the thresholds and keeps it on 0–100', () => {
    expect([100, 85, 84, 70, 69, 55, 54, 0].map((p) => markOfPercent(p, '2-5'))).toEqual([5, 5, 4, 4, 3, 3, 2, 2]);
    expect(markOfPercent(73, '0-100')).toBe(73);
  });

  it("writes each counted result on the journal's scale, with its history, into a new lesson", async () => {
    const before = await historyCount(fivePoint.id);
    const res = await send(fx.teacher, fivePoint.id, '2027-03-16');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ written: 2, kept: 0, unchanged: 0, refused: [] });
    const marks = await marksAt(fivePoint.id, '2027-03-16', 7);
    expect(marks.get(fx.student.user.uid)).toBe('5');
    expect(marks.get(classmate.user.uid)).toBe('4');
    expect(await historyCount(fivePoint.id)).toBe(before + 2);
    // The journal's kept reply (read in beforeAll) shows them: its caches learn of the write.
    const grid = (await fx.post('/api/visitlog/journal.json', fx.teacher, { id_journal: fivePoint.id })).json().data as JournalData;
    const shown = grid.journal[0].filter((r) => r.visitDate === '2027-03-16' && r.id_time === 7).map((r) => [r.id_student, r.otsenka]);
    expect(shown.sort()).toEqual(
      [
        [fx.student.user.uid, '5'],
        [classmate.user.uid, '4'],
      ].sort(),
    );
    const again = await post<TestJournals>(fx.teacher, 'journals.json', { id_test: test.id });
    expect(again.journals.find((j) => j.id === fivePoint.id)!.lessons).toContainEqual({ visitDate: '2027-03-16', id_time: 7 });

    // The other journal's list may hold only one of them: the other is refused by name, the rest written.
    const onHundred = (await send(fx.teacher, hundred.id, '2027-03-16')).json().data as ToJournalResult;
    const expected = new Map([
      [fx.student.user.uid, '92'],
      [classmate.user.uid, '73'],
    ]);
    const percents = await marksAt(hundred.id, '2027-03-16', 7);
    for (const [id, mark] of expected) expect(percents.get(id)).toBe(hundredListed.has(id) ? mark : undefined);
    expect(onHundred.written).toBe([...expected.keys()].filter((id) => hundredListed.has(id)).length);
    expect(onHundred.refused.map((r) => [r.id_student, r.reason]).sort()).toEqual(
      [...expected.keys()]
        .filter((id) => !hundredListed.has(id))
        .map((id) => [id, 'notListed'])
        .sort(),
    );
  });

  it('the same call again writes nothing twice', async () => {
    const before = await historyCount(fivePoint.id);
    for (const overwrite of [false, true]) {
      const again = (await send(fx.teacher, fivePoint.id, '2027-03-16', overwrite)).json().data as ToJournalResult;
      expect(again).toMatchObject({ written: 0, kept: 0, unchanged: 2 });
    }
    expect(await historyCount(fivePoint.id)).toBe(before);
    const rows = await d()
      .select()
      .from(journalVisits)
      .where(and(eq(journalVisits.teachingAssignmentId, fivePoint.id), eq(journalVisits.visitDate, '2027-03-16'), eq(journalVisits.lessonTimeId, 7)));
    expect(rows).toHaveLength(2);
  });

  it('sends at once to a new lesson write each mark once', async () => {
    const before = await historyCount(fivePoint.id);
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => send(fx.teacher, fivePoint.id, '2027-03-12', i % 2 === 0)));
    const outcomes = replies.map((r) => r.json().data as ToJournalResult);
    expect(outcomes.reduce((n, o) => n + o.written, 0)).toBe(2);
    expect(outcomes.reduce((n, o) => n + o.unchanged, 0)).toBe(10);
    expect(await historyCount(fivePoint.id)).toBe(before + 2);
  });

  it('keeps a mark a record holds unless the teacher overwrites it', async () => {
    const set = await fx.post('/api/visitlog/visit/set.json', fx.teacher, {
      id_journal: fivePoint.id,
      id_student: fx.student.user.uid,
      visitDate: '2027-03-15',
      id_time: 7,
      otsenka: '3',
    });
    expect(set.statusCode, set.body).toBe(200);
    const kept = (await send(fx.teacher, fivePoint.id, '2027-03-15')).json().data as ToJournalResult;
    expect(kept).toMatchObject({ written: 1, kept: 1, unchanged: 0 });
    expect((await marksAt(fivePoint.id, '2027-03-15', 7)).get(fx.student.user.uid)).toBe('3');
    const over = (await send(fx.teacher, fivePoint.id, '2027-03-15', true)).json().data as ToJournalResult;
    expect(over).toMatchObject({ written: 1, kept: 0, unchanged: 1 });
    expect((await marksAt(fivePoint.id, '2027-03-15', 7)).get(fx.student.user.uid)).toBe('5');
    const [last] = await d()
      .select()
      .from(journalVisitChanges)
      .where(
        and(
          eq(journalVisitChanges.teachingAssignmentId, fivePoint.id),
          eq(journalVisitChanges.studentId, fx.student.user.uid),
          eq(journalVisitChanges.visitDate, '2027-03-15'),
        ),
      )
      .orderBy(journalVisitChanges.id)
      .then((rows) => rows.slice(-1));
    expect(last).toMatchObject({ action: 'update', oldMark: '3', newMark: '5', source: 'test', sourceTitle: test.title });
    // The cell's history names the test the mark came from; the hand-written mark before it, the journal.
    const cell = { id_journal: fivePoint.id, id_student: fx.student.user.uid, visitDate: '2027-03-15', id_time: 7 };
    const history = (await fx.post('/api/visitlog/visit/history.json', fx.teacher, cell)).json().data as HistoryEntry[];
    expect(history.map((h) => [h.newMark, h.source, h.sourceTitle])).toEqual([
      ['5', 'test', test.title],
      ['3', 'journal', null],
    ]);
  });

  it('refuses a closed half-year, a date after today and another teacher’s journal, writing nothing', async () => {
    const before = await historyCount(fivePoint.id);
    const setLastDay = (marksClosedAfter: string | null) =>
      d()
        .insert(registrationPeriods)
        .values({ academicYearId: 2026, workingSemesterId: 2, closesAt: new Date(2027, 1, 20), creditLimit: 30, marksClosedAfter })
        .onConflictDoUpdate({ target: [registrationPeriods.academicYearId, registrationPeriods.workingSemesterId], set: { marksClosedAfter } });
    await setLastDay('2027-03-17');
    try {
      const closed = await send(fx.teacher, fivePoint.id, '2027-03-10', true);
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error.code).toBe('PERIOD_CLOSED');
    } finally {
      await setLastDay(null);
    }
    expect((await send(fx.teacher, fivePoint.id, '2027-03-25')).json().error.code).toBe('FUTURE_DATE');
    const [others] = await d()
      .select({ id: teachingAssignments.id })
      .from(teachingAssignments)
      .where(ne(teachingAssignments.teacherId, fx.teacher.user.uid))
      .limit(1);
    expect((await send(fx.teacher, others.id, '2027-03-10')).statusCode).toBe(403);
    expect(await historyCount(fivePoint.id)).toBe(before);
    expect(await marksAt(fivePoint.id, '2027-03-10', 7)).toEqual(new Map());
  });

  it('refuses a journal of another discipline and a test without a counted result', async () => {
    const [elsewhere] = await d()
      .select({ id: teachingAssignments.id })
      .from(teachingAssignments)
      .where(and(eq(teachingAssignments.teacherId, fx.teacher.user.uid), ne(teachingAssignments.disciplineId, bank.disciplineId)))
      .limit(1);
    const mismatch = await send(fx.teacher, elsewhere.id, '2027-03-10');
    expect([mismatch.statusCode, mismatch.json().error.code]).toEqual([400, 'TEST_JOURNAL_MISMATCH']);
    const empty = await post<Test>(fx.teacher, 'test-save.json', settings(bank, clock.now(), { title: 'Без попыток' }));
    const none = await fx.post('/api/testing/to-journal.json', fx.teacher, {
      id_test: empty.id,
      id_journal: fivePoint.id,
      visitDate: '2027-03-10',
      id_time: 7,
      overwrite: false,
    });
    expect([none.statusCode, none.json().error.code]).toEqual([409, 'TEST_NO_RESULTS']);
    expect(await marksAt(fivePoint.id, '2027-03-10', 7)).toEqual(new Map());
  });
});
