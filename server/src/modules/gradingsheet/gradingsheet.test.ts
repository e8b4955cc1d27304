/**
 * /api/gradingsheet/: the demo teacher's sheet of Web Programming for the demo student's group, made
 * from the journal; each rule refused with nothing written; signing writes the final results the
 * transcript shows; the dean's office of the group's faculty alone reopens it; a failed student's
 * resit replaces his result and keeps the history; the printed sheet (PDF text, workbook) and its
 * verification page.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { EXAM_POINTS_MAX, type Sheet, type SheetListItem } from '@contract/gradingsheet';
import type { Transcript } from '@contract/transcript';
import { rowsOf } from '../../db/client';
import { finalResultHistory, finalResults, students, users } from '../../db/schema';
import { signingKey } from '../../shared/signing-keys';
import { expectTaggedArchivable, pdfTextOf } from '../../test/pdf-checks';
import { quickPasswordHash, session, testClock } from '../../test/helpers';
import { signedIn } from '../../test/requests';
import { useTestApp } from '../../test/fixture';
import { downloadedWorkbook } from '../../test/workbook';
import { gradingSheetHistory, gradingSheetLines, gradingSheets } from './gradingsheet.schema';
import { fingerprint, SHEET_KEY } from './gradingsheet.service';
import { demoHalfFinals } from './gradingsheet.test-fixture';

/** Late in the demo half-year (2026-27 autumn); the transcript shows its results once it is closed. */
const TODAY = new Date(2026, 10, 30, 12, 0);
const CLOSED = new Date(2027, 2, 1, 12, 0);
const clock = testClock(TODAY);
const fx = useTestApp({ now: clock.now, env: { PUBLIC_URL: 'https://lms.example.edu' } });
const d = () => fx.db.database.db;

type Who = { headers: Record<string, string> } | null;
const call = (who: Who, url: string, payload: object, lang = 'en') =>
  fx.app.inject({ method: 'POST', url: `/api/gradingsheet/${url}`, payload, headers: { ...(who?.headers ?? {}), 'accept-language': lang } });
const sheetOf = async (who: Who, url: string, payload: object) => {
  const res = await call(who, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Sheet;
};

/** What a refusal must leave as it was: the sheets, their lines, their history and the final results. */
async function stored() {
  return {
    sheets: await d().select().from(gradingSheets).orderBy(gradingSheets.id),
    lines: await d().select().from(gradingSheetLines).orderBy(gradingSheetLines.id),
    history: await d().select().from(gradingSheetHistory).orderBy(gradingSheetHistory.id),
    finals: await d().select().from(finalResults).orderBy(finalResults.id),
  };
}

/** A teacher's account (not the demo teacher's) given a login and password, and the dean's office of `facultyId`. */
async function deanOf(facultyId: number, login: string) {
  const [demo] = await d().select({ id: users.teacherId }).from(users).where(eq(users.id, fx.teacher.user.id));
  const [other] = await d()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 1), ne(users.teacherId, demo.id!), eq(users.admin, false)))
    .orderBy(users.id)
    .offset(login === 'dean-own' ? 0 : 1)
    .limit(1);
  await d()
    .update(users)
    .set({ login, passwordHash: quickPasswordHash('Dean-Pass-2026'), deanFacultyId: facultyId, mustUpdateCredentials: false })
    .where(eq(users.id, other.id));
  return signedIn(fx.app, login, 'Dean-Pass-2026');
}

let sheet: Sheet;
let item: SheetListItem;
/** The demo student (admitted: all his marks at the scale's top) and a classmate with no marks (not admitted). */
let good: number;
let weak: number;

async function facultyOfGroup(groupId: number): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    d(),
    sql`select sp.faculty_id as id from groups g join specialities sp on sp.id = g.speciality_id where g.id = ${groupId}`,
  );
  return row.id;
}

describe('the grading sheet', () => {
  it("lists the teacher's disciplines and groups, and opens the sheet made from the journal", async () => {
    const list = await call(fx.teacher, 'list.json', { id_a_year: 2026, id_w_s: 1 }, 'ru');
    expect(list.statusCode).toBe(200);
    const [me] = await d().select({ groupId: students.groupId }).from(students).where(eq(students.id, fx.student.user.uid));
    item = (list.json().data as SheetListItem[]).find((i) => i.discipline === 'Веб-программирование' && i.id_group === me.groupId)!;
    expect(item).toBeDefined();
    expect(item.sheets).toEqual([]);
    // The demo student's marks at the scale's top; a classmate's deleted (no module points).
    good = fx.student.user.uid;
    const [mate] = await d()
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.groupId, me.groupId), ne(students.id, good)))
      .orderBy(students.id)
      .limit(1);
    weak = mate.id;
    // In every journal of the discipline for the group (the stream's lecture, the subgroups' laboratory work).
    const journals = sql`(select a.id from teaching_assignments a, teaching_assignments f where f.id = ${item.id_journal} and a.discipline_id = f.discipline_id
                            and a.academic_year_id = f.academic_year_id and a.working_semester_id = f.working_semester_id)`;
    await d()
      .execute(sql`update journal_visits set mark = case (select mark_scale from teaching_assignments t where t.id = teaching_assignment_id) when '0-100' then '100' else '5' end
                          where teaching_assignment_id in ${journals} and student_id = ${good}`);
    await d().execute(sql`delete from journal_visits where teaching_assignment_id in ${journals} and student_id = ${weak}`);

    sheet = await sheetOf(fx.teacher, 'open.json', { id_journal: item.id_journal, id_group: item.id_group });
    expect(sheet).toMatchObject({ attempt: 1, signed: false, canWrite: true, canReopen: false, examMax: EXAM_POINTS_MAX, admissionMin: 30 });
    expect(sheet.modules.reduce((n, m) => n + m.max, 0)).toBe(60);
    const mine = sheet.lines.find((l) => l.id_student === good)!;
    expect(mine).toMatchObject({ modulePoints: 60, admitted: true, exam: null, total: null });
    expect(sheet.lines.find((l) => l.id_student === weak)).toMatchObject({ modulePoints: 0, admitted: false, total: 0, letter: 'F', passed: false });
    // Opening again gives the same sheet.
    expect((await sheetOf(fx.teacher, 'open.json', { id_journal: item.id_journal, id_group: item.id_group })).id).toBe(sheet.id);
  });

  it('refuses bad exam points, a student not admitted, another teacher and a student, with nothing written', async () => {
    const before = await stored();
    for (const [exam, code] of [
      [EXAM_POINTS_MAX + 1, 'INVALID_POINTS'],
      [-1, 'INVALID_POINTS'],
      [10.5, 'INVALID_POINTS'],
    ] as const) {
      const res = await call(fx.teacher, 'exam.json', {
        id_sheet: sheet.id,
        points: [
          { id_student: good, exam: 20 },
          { id_student: good, exam },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code, params: { field: 'points.1.exam', max: EXAM_POINTS_MAX } });
      expect(res.json().error.message).toContain(String(EXAM_POINTS_MAX));
    }
    const notAdmitted = await call(fx.teacher, 'exam.json', { id_sheet: sheet.id, points: [{ id_student: weak, exam: 30 }] }, 'ru');
    expect(notAdmitted.statusCode).toBe(400);
    expect(notAdmitted.json().error).toMatchObject({ code: 'NOT_ADMITTED', params: { field: 'points.0.exam', min: 30 } });
    expect(notAdmitted.json().error.message).toMatch(/не допущен/);
    const stranger = await call(fx.teacher, 'exam.json', { id_sheet: sheet.id, points: [{ id_student: 999999, exam: 30 }] });
    expect(stranger.json().error).toMatchObject({ code: 'BAD_REQUEST', params: { field: 'points.0.id_student' } });
    expect((await call(fx.student, 'exam.json', { id_sheet: sheet.id, points: [{ id_student: good, exam: 30 }] })).statusCode).toBe(403);
    const other = await deanOf(await facultyOfGroup(item.id_group), 'dean-own');
    // The dean's office reads the sheet but does not write it.
    expect((await call(other, 'sheet.json', { id_sheet: sheet.id })).statusCode).toBe(200);
    expect((await call(other, 'exam.json', { id_sheet: sheet.id, points: [{ id_student: good, exam: 30 }] })).statusCode).toBe(403);
    expect((await call(null, 'exam.json', { id_sheet: sheet.id, points: [{ id_student: good, exam: 30 }] })).statusCode).toBe(401);
    expect((await call(fx.teacher, 'exam.json', { id_sheet: 999999, points: [{ id_student: good, exam: 30 }] })).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('refuses to sign with an admitted student without exam points, nothing written', async () => {
    const before = await stored();
    const res = await call(fx.teacher, 'sign.json', { id_sheet: sheet.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SHEET_INCOMPLETE');
    expect(res.json().error.params.count).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
  });

  it('takes a pasted column in one write, computes totals and grades, and signs: the totals become the final results', async () => {
    const admitted = sheet.lines.filter((l) => l.admitted);
    sheet = await sheetOf(fx.teacher, 'exam.json', { id_sheet: sheet.id, points: admitted.map((l, i) => ({ id_student: l.id_student, exam: (i * 7) % 41 })) });
    for (const l of sheet.lines.filter((x) => x.admitted)) {
      expect(l.total).toBe(l.modulePoints + l.exam!);
      expect(l.letter).toBeTruthy();
    }
    sheet = await sheetOf(fx.teacher, 'exam.json', { id_sheet: sheet.id, points: [{ id_student: good, exam: 33 }] });
    expect(sheet.lines.find((l) => l.id_student === good)).toMatchObject({ exam: 33, total: 93, letter: 'A', passed: true });
    expect(sheet.history[0]).toMatchObject({ action: 'exam', newPoints: 33 });

    sheet = await sheetOf(fx.teacher, 'sign.json', { id_sheet: sheet.id });
    expect(sheet).toMatchObject({ signed: true, canWrite: false, canResit: true });
    const finals = await d()
      .select()
      .from(finalResults)
      .where(
        and(
          eq(finalResults.disciplineId, (await d().select().from(gradingSheets).where(eq(gradingSheets.id, sheet.id)))[0].disciplineId),
          eq(finalResults.academicYearId, 2026),
          eq(finalResults.workingSemesterId, 1),
        ),
      );
    for (const l of sheet.lines) expect(finals.find((f) => f.studentId === l.id_student)?.points).toBe(l.total);
  });

  it('refuses every write to a signed sheet (409, translated), nothing written', async () => {
    const before = await stored();
    for (const lang of ['en', 'ru', 'kg']) {
      const res = await call(fx.teacher, 'exam.json', { id_sheet: sheet.id, points: [{ id_student: good, exam: 10 }] }, lang);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('SHEET_SIGNED');
      expect(res.json().error.message).toMatch(lang === 'en' ? /signed/ : /кол коюлган|подписана/);
    }
    expect((await call(fx.teacher, 'sign.json', { id_sheet: sheet.id })).statusCode).toBe(409);
    expect(await stored()).toEqual(before);
  });

  it("shows the student his own line, and the transcript then shows the sheet's total", async () => {
    expect((await call(fx.teacher, 'my.json', {})).statusCode).toBe(403);
    const mine = (await call(fx.student, 'my.json', {})).json().data;
    expect(mine).toEqual([expect.objectContaining({ id_sheet: sheet.id, attempt: 1, modulePoints: 60, exam: 33, total: 93, letter: 'A' })]);
    clock.set(CLOSED);
    try {
      // A new session: the one from November has expired by March.
      const student = await session(fx.app, 'student');
      const t = (
        await fx.app.inject({ method: 'POST', url: '/api/misc/transcript.json', payload: {}, headers: { ...student.headers, 'accept-language': 'en' } })
      ).json().data as Transcript;
      const web = t.groups[0].years
        .flatMap((y) => y.semesters)
        .filter((s) => s.id_w_s === 1)
        .flatMap((s) => s.disciplines)
        .find((x) => x.discipline === sheet.discipline && x.points !== null);
      expect(web?.points).toBe(93);
      expect(web?.ekv_bukv).toBe('A');
    } finally {
      clock.set(TODAY);
    }
  });

  it("is reopened by the dean's office of the group's faculty only, with a reason kept in the history", async () => {
    const faculty = await facultyOfGroup(item.id_group);
    const [otherFaculty] = await rowsOf<{ id: number }>(d(), sql`select id from faculties where id <> ${faculty} order by id limit 1`);
    const stranger = await deanOf(otherFaculty.id, 'dean-other');
    const before = await stored();
    expect((await call(stranger, 'reopen.json', { id_sheet: sheet.id, reason: 'typo' })).statusCode).toBe(403);
    expect((await call(fx.teacher, 'reopen.json', { id_sheet: sheet.id, reason: 'typo' })).statusCode).toBe(403);
    const dean = await signedIn(fx.app, 'dean-own', 'Dean-Pass-2026');
    // The dean's office finds the faculty's sheets in its list; another faculty's does not.
    const listOf = async (who: Who) => (await call(who, 'list.json', { id_a_year: 2026, id_w_s: 1 })).json().data as SheetListItem[];
    expect((await listOf(dean)).find((i) => i.id_group === item.id_group && i.sheets.some((x) => x.id === sheet.id))).toBeDefined();
    expect((await listOf(stranger)).some((i) => i.sheets.some((x) => x.id === sheet.id))).toBe(false);
    const empty = await call(dean, 'reopen.json', { id_sheet: sheet.id, reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.params).toEqual({ field: 'reason' });
    expect(await stored()).toEqual(before);
    const reopened = await sheetOf(dean, 'reopen.json', { id_sheet: sheet.id, reason: 'Wrong exam points of one student' });
    expect(reopened).toMatchObject({ signed: false, canReopen: false });
    expect(reopened.history[0]).toMatchObject({ action: 'reopen', reason: 'Wrong exam points of one student' });
    sheet = await sheetOf(fx.teacher, 'exam.json', { id_sheet: sheet.id, points: [{ id_student: good, exam: 31 }] });
    sheet = await sheetOf(fx.teacher, 'sign.json', { id_sheet: sheet.id });
    const [f] = await d()
      .select()
      .from(finalResults)
      .where(and(eq(finalResults.studentId, good), eq(finalResults.academicYearId, 2026), eq(finalResults.workingSemesterId, 1)));
    expect(f.points).toBe(91);
  });

  it('gives a failed student a resit of his own, whose signature replaces his result; both stay in the history', async () => {
    const passed = await call(fx.teacher, 'resit.json', { id_sheet: sheet.id, id_student: good });
    expect(passed.statusCode).toBe(409);
    expect(passed.json().error.code).toBe('NO_RESIT');
    const resit = await sheetOf(fx.teacher, 'resit.json', { id_sheet: sheet.id, id_student: weak });
    expect(resit).toMatchObject({ attempt: 2, parentId: sheet.id, signed: false, canWrite: true });
    expect(resit.lines).toEqual([expect.objectContaining({ id_student: weak, modulePoints: 0, admitted: true, exam: null })]);
    // Asked again: the same resit.
    expect((await sheetOf(fx.teacher, 'resit.json', { id_sheet: sheet.id, id_student: weak })).id).toBe(resit.id);
    await sheetOf(fx.teacher, 'exam.json', { id_sheet: resit.id, points: [{ id_student: weak, exam: 40 }] });
    const signed = await sheetOf(fx.teacher, 'sign.json', { id_sheet: resit.id });
    expect(signed.lines[0]).toMatchObject({ total: 40, letter: 'F' });
    const [{ disciplineId }] = await d().select().from(gradingSheets).where(eq(gradingSheets.id, resit.id));
    const [web] = await demoHalfFinals(d(), weak, disciplineId);
    expect(web.points).toBe(40);
    const history = await d()
      .select()
      .from(finalResultHistory)
      .where(and(eq(finalResultHistory.studentId, weak), eq(finalResultHistory.disciplineId, disciplineId)));
    expect(history.map((h) => h.newPoints)).toEqual(expect.arrayContaining([0, 40]));
    // The first sheet still shows his first result and the resit made from it; a commission follows.
    const first = await sheetOf(fx.teacher, 'sheet.json', { id_sheet: sheet.id });
    expect(first.lines.find((l) => l.id_student === weak)).toMatchObject({ total: 0, resitId: resit.id });
    const commission = await sheetOf(fx.teacher, 'resit.json', { id_sheet: resit.id, id_student: weak });
    expect(commission.attempt).toBe(3);
    expect((await call(fx.teacher, 'resit.json', { id_sheet: commission.id, id_student: weak })).statusCode).toBe(409);
  });

  it('prints tagged for screen readers (PDF/UA-1) and archivable (PDF/A-3a) in the language asked for: a heading, the lines as a table', async (ctx) => {
    const mine = sheet.lines.find((l) => l.id_student === good)!;
    for (const [lang, tag, title] of [
      ['ru', 'ru', 'Экзаменационная ведомость'],
      ['kg', 'ky', 'Экзамендик ведомость'],
      ['en', 'en', 'Grading sheet'],
    ]) {
      const pdf = await fx.app.inject({
        method: 'GET',
        url: `/api/gradingsheet/sheet.pdf?id_sheet=${sheet.id}`,
        headers: { ...fx.teacher.headers, 'accept-language': lang },
      });
      expect(pdf.statusCode).toBe(200);
      const r = expectTaggedArchivable(ctx, new Uint8Array(pdf.rawPayload), tag);
      expect(r.info).toContain(`Title:           ${title}`);
      // The texts in the tree once (poppler reads a tree's text slowly); its shape in every language.
      if (lang === 'ru') {
        expect(r.structure).toContain(`  H1 (block)\n    "${title}"`);
        expect(r.structure).toContain(`      TD\n        "${mine.fio}"`);
      }
      expect(r.tree).toMatch(/^ {2}H1 \(block\)$/m);
      expect(r.tree).toMatch(/^ {2}Table \(block\)\n {4}TR\n {6}TH:\n {9}\/Scope \/Column$/m);
      expect(r.tree).toMatch(/^ {2}Figure$/m);
      expect(r.raw).toMatch(/\/S \/Figure\n\/Alt \(/);
      expect(r.text).toContain(title);
      // The names' column is narrower under the Kyrgyz titles: a name may take two lines there.
      if (lang === 'ru') expect(r.text).toContain(mine.fio);
    }
  });

  it("prints as a PDF with the sheet's data and as a workbook; its verification page says genuine, then changed", async () => {
    const pdf = await fx.app.inject({
      method: 'GET',
      url: `/api/gradingsheet/sheet.pdf?id_sheet=${sheet.id}`,
      headers: { ...fx.teacher.headers, 'accept-language': 'ru' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfTextOf(new Uint8Array(pdf.rawPayload));
    expect(text).toContain('Экзаменационная ведомость');
    expect(text).toContain(sheet.group);
    expect(text).toContain('Веб-программирование');
    const mine = sheet.lines.find((l) => l.id_student === good)!;
    expect(text).toContain(mine.fio);
    expect(text).toMatch(/Преподаватель\s+_+/);
    expect(text).toMatch(/Декан\s+_+/);
    expect((await fx.app.inject({ method: 'GET', url: `/api/gradingsheet/sheet.pdf?id_sheet=${sheet.id}`, headers: fx.student.headers })).statusCode).toBe(403);

    const wb = await downloadedWorkbook(await fx.get(`/api/gradingsheet/sheet.xlsx?id_sheet=${sheet.id}`, fx.teacher, 'en'));
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0][0]).toBe('Grading sheet');
    const row = rows.find((r) => r[1] === mine.fio)!;
    expect(row.slice(-5)).toEqual([60, 31, 91, 'A', 'excellent']);

    const token = await new SignJWT({ h: fingerprint(sheet) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(sheet.id))
      .setIssuedAt()
      .sign(await signingKey(fx.db.database.db, SHEET_KEY));
    const page = await fx.app.inject({ method: 'GET', url: `/api/gradingsheet/verify.html?t=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-verdict="genuine"');
    const forged = await fx.app.inject({ method: 'GET', url: `/api/gradingsheet/verify.html?t=${token.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(400);
    await d()
      .update(gradingSheetLines)
      .set({ examPoints: 1 })
      .where(and(eq(gradingSheetLines.sheetId, sheet.id), eq(gradingSheetLines.studentId, good)));
    await d()
      .update(gradingSheetLines)
      .set({ total: 61 })
      .where(and(eq(gradingSheetLines.sheetId, sheet.id), eq(gradingSheetLines.studentId, good)));
    expect((await fx.app.inject({ method: 'GET', url: `/api/gradingsheet/verify.html?t=${token}` })).body).toContain('data-verdict="changed"');
  });
});
