/**
 * /api/testing/ sheets.json and to-sheet.json: a test's counted results written as exam points
 * (examPointsOfPercent of contract/pure/test-marks.ts, of EXAM_POINTS_MAX) into the teacher's open
 * grading sheet through the sheet's own exam write, with its history; a student not admitted, not
 * on the sheet or without a result named and skipped; points a line holds kept unless the teacher
 * overwrites, the same points left as they are; the same call several times at once writes each
 * once; another teacher's test or sheet, a signed sheet, a sheet of another discipline and a test
 * without results refused with nothing written. On PGlite and, in the server-pg project, on PostgreSQL.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STUDENT, ROLE_TEACHER } from '@contract/common';
import { EXAM_POINTS_MAX, type Sheet } from '@contract/gradingsheet';
import { examPointsOfPercent, type Paper, type Test, type TestSheets, type ToSheetResult } from '@contract/testing';
import { rowsOf } from '../../db/client';
import { students } from '../../db/schema';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';
import { errorOf, makeBank, post, settings, type Bank } from './testing.fixture';
import { testingAttempts } from './testing.schema';

/** In the half-year of the seeded test's journals (2026-27 spring). */
const clock = testClock(new Date(2027, 2, 20, 12, 0));
const fx = useTestApp({ now: clock.now });
const d = () => fx.db.database.db;
const DEVICE = 'device-sheet-1';

let bank: Bank;
let test: Test;
let classmate: SignedIn;
/** The first sheet of the test's discipline for the demo student's group: he admitted (his marks at the top), the classmate not (no marks). */
let sheet: Sheet;
let good: number;
let weak: number;

/** A finished attempt of `who` whose score is `score` of its paper's 13 points. */
async function takeWith(who: SignedIn, score: number) {
  const paper = await post<Paper>(who, 'start.json', { id_test: test.id, device: DEVICE });
  await post(who, 'submit.json', { id_attempt: paper.id_attempt, device: DEVICE });
  await d().update(testingAttempts).set({ score, state: 'graded' }).where(eq(testingAttempts.id, paper.id_attempt));
}

const send = (who: SignedIn, id_sheet: number, overwrite = false, id_test = test.id) =>
  who.post('/api/testing/to-sheet.json', { id_test, id_sheet, overwrite });
/** The grading sheet's tables are its own area's (read here by SQL). */
const examOf = async (studentId: number, sheetId = sheet.id) =>
  (
    await rowsOf<{ exam: number | null }>(
      d(),
      sql`select exam_points as exam from grading_sheet_lines where sheet_id = ${sheetId} and student_id = ${studentId}`,
    )
  )[0]?.exam;
const clearExams = () => d().execute(sql`update grading_sheet_lines set exam_points = null where sheet_id = ${sheet.id}`);
const setSigned = (signed: boolean) => d().execute(sql`update grading_sheets set signed = ${signed} where id = ${sheet.id}`);
type HistoryRow = { action: string; studentId: number | null; oldPoints: number | null; newPoints: number | null; userId: number | null };
/** What a refusal must leave as it was: the sheets, their lines and history. */
const stored = async () => ({
  sheets: await rowsOf(d(), sql`select * from grading_sheets order by id`),
  lines: await rowsOf<{ sheet_id: number }>(d(), sql`select * from grading_sheet_lines order by id`),
  history: await rowsOf<HistoryRow>(
    d(),
    sql`select action, student_id as "studentId", old_points as "oldPoints", new_points as "newPoints", user_id as "userId" from grading_sheet_history order by id`,
  ),
});
const sheetCall = (url: string, payload: object) => fx.post(`/api/gradingsheet/${url}`, fx.teacher, payload);

beforeAll(async () => {
  bank = await makeBank(fx, 'В ведомость');
  test = await post<Test>(fx.teacher, 'test-save.json', settings(bank, clock.now()));
  good = fx.student.user.uid;
  classmate = await fx.signInUnused('sheet-classmate', ROLE_STUDENT, and(eq(students.groupId, bank.groupId), ne(students.id, good)));
  weak = classmate.user.uid;
  await takeWith(fx.student, 12); // 92 % → 37 points
  await takeWith(classmate, 9.5); // 73 % → 29 points, but not admitted
  // The demo teacher's journal of the discipline for the group in the half-year.
  const [journal] = await rowsOf<{ id: number }>(
    d(),
    sql`select a.id from teaching_assignments a
         where a.teacher_id = ${fx.teacher.user.uid} and a.discipline_id = ${bank.disciplineId} and a.academic_year_id = 2026 and a.working_semester_id = 2
           and (a.group_id = ${bank.groupId} or a.stream_id in (select stream_id from stream_groups where group_id = ${bank.groupId}))
         order by a.id limit 1`,
  );
  const opened = await sheetCall('open.json', { id_journal: journal.id, id_group: bank.groupId });
  expect(opened.statusCode, opened.body).toBe(200);
  // The module points held on the lines, as a sheet keeps them (the half-year's journals have no marks yet): all 60 for the demo student, none for the classmate.
  const held = (studentId: number, points: number) =>
    d().execute(
      sql`update grading_sheet_lines set modules = ${JSON.stringify([{ id_module: 0, points }])}::jsonb, module_points = ${points}
           where sheet_id = ${(opened.json().data as Sheet).id} and student_id = ${studentId}`,
    );
  await held(good, 60);
  await held(weak, 0);
  sheet = (await sheetCall('sheet.json', { id_sheet: (opened.json().data as Sheet).id })).json().data as Sheet;
  expect(sheet.lines.find((l) => l.id_student === good)).toMatchObject({ admitted: true, exam: null });
  expect(sheet.lines.find((l) => l.id_student === weak)).toMatchObject({ admitted: false });
});

describe('sending results to the grading sheet', () => {
  it('makes exam points of a whole percent, rounded, never outside 0..max', () => {
    expect([100, 92, 73, 50, 2, 1, 0, 120, -5].map((p) => examPointsOfPercent(p, EXAM_POINTS_MAX))).toEqual([40, 37, 29, 20, 1, 0, 0, 40, 0]);
  });

  it("lists the teacher's open sheets of the test's discipline holding its students; refuses others", async () => {
    const list = await post<TestSheets>(fx.teacher, 'sheets.json', { id_test: test.id });
    expect(list.examMax).toBe(EXAM_POINTS_MAX);
    expect(list.sheets).toContainEqual({ id: sheet.id, group: sheet.group, year: 2026, ws: 2, attempt: 1, student: null });
    const other = await fx.signInUnused('sheet-other-teacher', ROLE_TEACHER);
    expect((await errorOf(other, 'sheets.json', { id_test: test.id })).status).toBe(403);
    expect((await errorOf(fx.student, 'sheets.json', { id_test: test.id })).status).toBe(403);
    expect((await send(other, sheet.id)).statusCode).toBe(403);
    expect((await send(fx.student, sheet.id)).statusCode).toBe(403);
  });

  it('writes each admitted student’s points with their history; names the one not admitted and those without a result', async () => {
    const before = (await stored()).history.length;
    const res = await send(fx.teacher, sheet.id);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().data as ToSheetResult;
    expect(out).toMatchObject({ written: 1, kept: 0, unchanged: 0 });
    expect(out.refused.find((r) => r.id_student === weak)?.reason).toBe('notAdmitted');
    expect(out.refused.filter((r) => r.reason === 'noResult')).toHaveLength(out.noResult);
    expect(out.refused.map((r) => r.id_student)).not.toContain(good);
    expect([await examOf(good), await examOf(weak)]).toEqual([37, null]);
    const history = (await stored()).history;
    expect(history).toHaveLength(before + 1);
    expect(history.at(-1)).toMatchObject({ action: 'exam', studentId: good, oldPoints: null, newPoints: 37, userId: fx.teacher.user.id });
    // The sheet shows them, totalled.
    const shown = (await sheetCall('sheet.json', { id_sheet: sheet.id })).json().data as Sheet;
    expect(shown.lines.find((l) => l.id_student === good)).toMatchObject({ exam: 37 });
  });

  it('the same call again, or several at once, writes nothing twice', async () => {
    const before = (await stored()).history.length;
    for (const overwrite of [false, true])
      expect((await send(fx.teacher, sheet.id, overwrite)).json().data).toMatchObject({ written: 0, kept: 0, unchanged: 1 });
    await clearExams();
    const replies = await Promise.all(Array.from({ length: 4 }, (_, i) => send(fx.teacher, sheet.id, i % 2 === 0)));
    const outcomes = replies.map((r) => r.json().data as ToSheetResult);
    expect(outcomes.reduce((n, o) => n + o.written, 0)).toBe(1);
    expect(outcomes.reduce((n, o) => n + o.unchanged, 0)).toBe(3);
    expect((await stored()).history).toHaveLength(before + 1);
  });

  it('keeps exam points a line holds unless the teacher overwrites them', async () => {
    const typed = await sheetCall('exam.json', { id_sheet: sheet.id, points: [{ id_student: good, exam: 20 }] });
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await send(fx.teacher, sheet.id)).json().data).toMatchObject({ written: 0, kept: 1, unchanged: 0 });
    expect(await examOf(good)).toBe(20);
    expect((await send(fx.teacher, sheet.id, true)).json().data).toMatchObject({ written: 1, kept: 0, unchanged: 0 });
    expect(await examOf(good)).toBe(37);
    expect((await stored()).history.at(-1)).toMatchObject({ action: 'exam', studentId: good, oldPoints: 20, newPoints: 37 });
  });

  it("a resit's sheet takes its one student (admitted there) and names the others as not on it", async () => {
    const [resit] = await rowsOf<{ id: number }>(
      d(),
      sql`insert into grading_sheets (discipline_id, group_id, academic_year_id, working_semester_id, semester_id, credits, control_form_id, teaching_assignment_id, teacher_id, attempt, student_id, parent_id, created_at)
          select discipline_id, group_id, academic_year_id, working_semester_id, semester_id, credits, control_form_id, teaching_assignment_id, teacher_id, 2, ${weak}, id, created_at
            from grading_sheets where id = ${sheet.id}
          returning id`,
    );
    await d().execute(
      sql`insert into grading_sheet_lines (sheet_id, student_id, modules, module_points) values (${resit.id}, ${weak}, '[{"id_module":0,"points":0}]'::jsonb, 0)`,
    );
    const listed = (await post<TestSheets>(fx.teacher, 'sheets.json', { id_test: test.id })).sheets.find((s) => s.id === resit.id);
    expect(listed).toMatchObject({ attempt: 2, student: expect.any(String) });
    const out = (await send(fx.teacher, resit.id)).json().data as ToSheetResult;
    expect(out).toMatchObject({ written: 1, kept: 0, unchanged: 0 });
    expect(out.refused.find((r) => r.id_student === good)?.reason).toBe('notOnSheet');
    expect(await examOf(weak, resit.id)).toBe(29);
  });

  it('refuses a signed sheet, another teacher’s sheet, one of another discipline, an unknown one and a test without results, writing nothing', async () => {
    const before = await stored();
    await setSigned(true);
    try {
      const signed = await send(fx.teacher, sheet.id, true);
      expect([signed.statusCode, signed.json().error.code]).toEqual([409, 'SHEET_SIGNED']);
      expect((await post<TestSheets>(fx.teacher, 'sheets.json', { id_test: test.id })).sheets.map((s) => s.id)).not.toContain(sheet.id);
    } finally {
      await setSigned(false);
    }
    expect((await send(fx.teacher, 999999)).statusCode).toBe(404);
    // The same discipline's sheet of a group the demo teacher does not teach, holding the demo student.
    const [foreign] = await rowsOf<{ id: number }>(
      d(),
      sql`insert into grading_sheets (discipline_id, group_id, academic_year_id, working_semester_id, semester_id, credits, control_form_id, teaching_assignment_id, teacher_id, attempt, created_at)
          select s.discipline_id, g.id, s.academic_year_id, s.working_semester_id, s.semester_id, s.credits, s.control_form_id, s.teaching_assignment_id, s.teacher_id, 1, s.created_at
            from grading_sheets s, groups g
           where s.id = ${sheet.id} and not exists (select 1 from teaching_assignments a where a.teacher_id = ${fx.teacher.user.uid} and a.discipline_id = s.discipline_id
                   and a.academic_year_id = 2026 and a.working_semester_id = 2
                   and (a.group_id = g.id or a.stream_id in (select stream_id from stream_groups where group_id = g.id)))
           order by g.id limit 1
          returning id`,
    );
    await d().execute(sql`insert into grading_sheet_lines (sheet_id, student_id) values (${foreign.id}, ${good})`);
    expect((await send(fx.teacher, foreign.id, true)).statusCode).toBe(403);
    // A sheet of another discipline the demo teacher teaches (in any half-year).
    const [elsewhere] = await rowsOf<{ id: number; group: number }>(
      d(),
      sql`select a.id, coalesce(a.group_id, (select min(group_id) from stream_groups where stream_id = a.stream_id)) as group from teaching_assignments a
           where a.teacher_id = ${fx.teacher.user.uid} and a.discipline_id <> ${bank.disciplineId}
           order by a.id limit 1`,
    );
    const other = (await sheetCall('open.json', { id_journal: elsewhere.id, id_group: elsewhere.group })).json().data as Sheet;
    const mismatch = await send(fx.teacher, other.id, true);
    expect([mismatch.statusCode, mismatch.json().error.code]).toEqual([400, 'TEST_SHEET_MISMATCH']);
    const empty = await post<Test>(fx.teacher, 'test-save.json', settings(bank, clock.now(), { title: 'Без попыток' }));
    const none = await send(fx.teacher, sheet.id, true, empty.id);
    expect([none.statusCode, none.json().error.code]).toEqual([409, 'TEST_NO_RESULTS']);
    const after = await stored();
    expect(after.lines.filter((l) => l.sheet_id === sheet.id)).toEqual(before.lines.filter((l) => l.sheet_id === sheet.id));
    expect(after.history).toEqual(before.history);
  });

  it('the sheet’s write refuses points out of range for everyone, half of them written never', async () => {
    const before = await stored();
    const exams = fx.app.ctx.areas.sheetExams!;
    const auth = { uid: fx.teacher.user.uid, userId: fx.teacher.user.id, role: ROLE_TEACHER } as Parameters<typeof exams.giveExams>[0];
    await clearExams();
    const cleared = await stored();
    await expect(
      exams.giveExams(auth, {
        sheetId: sheet.id,
        points: [
          { studentId: good, exam: 30 },
          { studentId: weak, exam: EXAM_POINTS_MAX + 1 },
        ],
        overwrite: true,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_POINTS' });
    expect(await stored()).toEqual(cleared);
    expect(cleared.history).toEqual(before.history);
  });
});
