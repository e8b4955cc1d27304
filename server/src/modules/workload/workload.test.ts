/**
 * /api/workload/: the demo teacher's workload of the current half-year, its sums checked against the
 * journal's and the timetable's rows counted here; the week view; another teacher and a student
 * refused; an administrator choosing a department's teacher; bad input; the workbook's totals.
 */
import ExcelJS from 'exceljs';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HOURS_PER_PAIR, WORKLOAD_TEACHING_WEEKS, type Workload, type WorkloadOptions } from '@contract/workload';
import type { IdName } from '@contract/common';
import { journalLessonTopics, journalVisits, scheduleEntries, teachingAssignments } from '../../db/schema';
import { currentPeriod } from '../../lib/academic-year';
import { localDate } from '../../shared/lesson-clock';
import { halfYearDates } from '../../shared/academic/journal-period';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';

const clock = testClock();
const fx = useTestApp({ now: clock.now, signIn: ['teacher', 'student', 'admin'] });

/** The half-year the demo journal history was seeded in: the current one when the demo teacher teaches in it. */
async function seededHalfYear(): Promise<{ year: number; ws: 1 | 2 }> {
  const { year, ws } = currentPeriod(clock.now());
  const [row] = await fx.db.database.db
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .where(
      and(eq(teachingAssignments.teacherId, fx.teacher.user.uid), eq(teachingAssignments.academicYearId, year), eq(teachingAssignments.workingSemesterId, ws)),
    );
  return row ? { year, ws } : { year: 2026, ws: 1 };
}

const load = async (who: SignedIn, body: object, lang = 'en') => fx.post('/api/workload/workload.json', who, body, lang);

describe('the workload', () => {
  it('sums the planned hours from the timetable and the hours given from the journal, as counted here', async () => {
    const { year, ws } = await seededHalfYear();
    const res = await load(fx.teacher, { id_a_year: year, id_w_s: ws });
    expect(res.statusCode).toBe(200);
    const w = res.json().data as Workload;
    expect(w.teacher.name).toBe('Асанов Бакыт Кубанычбекович');
    expect(w.rows.length).toBeGreaterThan(0);

    const teacherId = fx.teacher.user.uid;
    const db = fx.db.database.db;
    const assignments = await db
      .select({ id: teachingAssignments.id })
      .from(teachingAssignments)
      .where(and(eq(teachingAssignments.teacherId, teacherId), eq(teachingAssignments.academicYearId, year), eq(teachingAssignments.workingSemesterId, ws)));
    const ids = assignments.map((a) => a.id);
    expect(w.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));

    // Planned: each timetable entry is a pair a week over the teaching weeks.
    const entries = await db
      .select({ id: scheduleEntries.id, a: scheduleEntries.teachingAssignmentId })
      .from(scheduleEntries)
      .where(inArray(scheduleEntries.teachingAssignmentId, ids));
    expect(w.totals.planned).toBe(entries.length * WORKLOAD_TEACHING_WEEKS * HOURS_PER_PAIR);
    for (const r of w.rows) expect(r.planned).toBe(entries.filter((e) => e.a === r.id).length * WORKLOAD_TEACHING_WEEKS * HOURS_PER_PAIR);

    // Given: each lesson (a topic or a record, up to today) once, with its topic's hours or a pair's.
    const today = localDate(clock.now());
    const { startsOn } = halfYearDates(year, ws);
    const topics = await db
      .select({
        a: journalLessonTopics.teachingAssignmentId,
        d: journalLessonTopics.visitDate,
        t: journalLessonTopics.lessonTimeId,
        h: journalLessonTopics.hours,
      })
      .from(journalLessonTopics)
      .where(and(inArray(journalLessonTopics.teachingAssignmentId, ids), lte(journalLessonTopics.visitDate, today)));
    const visits = await db
      .selectDistinct({ a: journalVisits.teachingAssignmentId, d: journalVisits.visitDate, t: journalVisits.lessonTimeId })
      .from(journalVisits)
      .where(and(inArray(journalVisits.teachingAssignmentId, ids), lte(journalVisits.visitDate, today)));
    const hours = new Map<string, number>();
    for (const v of visits) if (v.d >= startsOn) hours.set(`${v.a}|${v.d}|${v.t}`, HOURS_PER_PAIR);
    for (const t of topics) if (t.d >= startsOn) hours.set(`${t.a}|${t.d}|${t.t}`, t.h);
    const given = [...hours.values()].reduce((n, h) => n + h, 0);
    expect(given).toBeGreaterThan(0);
    expect(w.totals.given).toBe(given);
    for (const r of w.rows) {
      const own = [...hours].filter(([k]) => k.startsWith(`${r.id}|`)).reduce((n, [, h]) => n + h, 0);
      expect(r.given).toBe(own);
      expect(r.difference).toBe(r.planned - r.given);
      expect(r.byWeek.reduce((n, h) => n + h, 0)).toBe(r.given);
    }
    expect(w.totals.difference).toBe(w.totals.planned - w.totals.given);
    expect(w.totals.byWeek.reduce((n, h) => n + h, 0)).toBe(w.totals.given);
  });

  it('lays the half-year out in weeks from Monday to Sunday, with the lessons of each week', async () => {
    const { year, ws } = await seededHalfYear();
    const w = (await load(fx.teacher, { id_a_year: year, id_w_s: ws })).json().data as Workload;
    const { startsOn, endsOn } = halfYearDates(year, ws);
    expect(w.weeks[0].from <= startsOn && startsOn <= w.weeks[0].to).toBe(true);
    expect(w.weeks.at(-1)!.from <= endsOn && endsOn <= w.weeks.at(-1)!.to).toBe(true);
    expect(new Date(`${w.weeks[0].from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(w.weeks.map((x) => x.number)).toEqual(w.weeks.map((_, i) => i + 1));
    for (const r of w.rows) expect(r.byWeek).toHaveLength(w.weeks.length);
    // A weekly lesson: the first full week of the seeded history has every row's weekly pairs.
    const second = w.rows.filter((r) => r.weeklyPairs > 0).every((r) => r.byWeek[1] === r.weeklyPairs * HOURS_PER_PAIR);
    expect(second).toBe(true);
  });

  it('is empty but for the weeks in a half-year the teacher gives nothing', async () => {
    const w = (await load(fx.teacher, { id_a_year: 2001, id_w_s: 2 })).json().data as Workload;
    expect(w.rows).toEqual([]);
    expect(w.totals).toMatchObject({ planned: 0, given: 0, difference: 0 });
    expect(w.weeks.length).toBeGreaterThan(20);
  });

  it("refuses another teacher's workload to a teacher, and any to a student or a caller without a session", async () => {
    const { year, ws } = await seededHalfYear();
    const other = await fx.signInUnused('otherteacher', 1);
    const res = await load(other, { id_a_year: year, id_w_s: ws, id_teacher: fx.teacher.user.uid }, 'kg');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Кирүүгө уруксат жок' });
    expect((await fx.get(`/api/workload/export.xlsx?id_a_year=${year}&id_w_s=${ws}&id_teacher=${fx.teacher.user.uid}`, other)).statusCode).toBe(403);
    expect((await fx.post('/api/workload/teachers.json', other, { id_department: 1 })).statusCode).toBe(403);
    // His own is his.
    expect((await load(other, { id_a_year: year, id_w_s: ws, id_teacher: other.user.uid })).statusCode).toBe(200);
    const student = await load(fx.student, { id_a_year: year, id_w_s: ws }, 'ru');
    expect(student.statusCode).toBe(403);
    expect(student.json().error.message).toBe('Доступ запрещён');
    expect((await fx.post('/api/workload/options.json', fx.student, {})).statusCode).toBe(403);
    expect((await fx.post('/api/workload/workload.json', null, { id_a_year: year, id_w_s: ws })).statusCode).toBe(401);
  });

  it("lets an administrator choose a department's teacher and read his workload", async () => {
    const { year, ws } = await seededHalfYear();
    const options = (await fx.post('/api/workload/options.json', fx.admin, {})).json().data as WorkloadOptions;
    expect(options.admin).toBe(true);
    expect(options.departments.length).toBeGreaterThan(1);
    const teachers = (await fx.post('/api/workload/teachers.json', fx.admin, { id_department: options.teacher.id_department })).json().data as IdName[];
    expect(teachers.map((t) => t.id)).toContain(fx.teacher.user.uid);
    const own = (await load(fx.teacher, { id_a_year: year, id_w_s: ws })).json().data as Workload;
    const res = await load(fx.admin, { id_a_year: year, id_w_s: ws, id_teacher: fx.teacher.user.uid });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Workload).totals).toEqual(own.totals);
    expect((await load(fx.admin, { id_a_year: year, id_w_s: ws, id_teacher: 2147483647 })).statusCode).toBe(404);
    const mine = (await fx.post('/api/workload/options.json', fx.teacher, {})).json().data as WorkloadOptions;
    expect(mine).toMatchObject({ admin: false, departments: [] });
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ id_a_year: 2026, id_w_s: 3 }, 'id_w_s'],
      [{ id_a_year: 'x', id_w_s: 1 }, 'id_a_year'],
      [{ id_a_year: 2026, id_w_s: 1, id_teacher: 0 }, 'id_teacher'],
    ] as const) {
      const res = await load(fx.teacher, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', params: { field } });
    }
    const res = await fx.get('/api/workload/export.xlsx?id_a_year=2026&id_w_s=5', fx.teacher);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.params).toMatchObject({ field: 'id_w_s' });
  });

  it('exports the workbook with the same rows and totals', async () => {
    const { year, ws } = await seededHalfYear();
    const w = (await load(fx.teacher, { id_a_year: year, id_w_s: ws })).json().data as Workload;
    const res = await fx.get(`/api/workload/export.xlsx?id_a_year=${year}&id_w_s=${ws}`, fx.teacher, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getCell('A1').value).toBe("Teacher's workload");
    const header = (sheet.getRow(5).values as unknown[]).slice(1);
    expect(header).toEqual([
      'No.',
      'Code',
      'Discipline',
      'Lesson type',
      'Group / stream',
      'Subgroup',
      'Pairs a week',
      'Planned, h',
      'Given, h',
      'Difference, h',
    ]);
    const body = Array.from({ length: w.rows.length }, (_, i) => sheet.getRow(6 + i));
    const sum = (col: number) => body.reduce((n, r) => n + Number(r.getCell(col).value), 0);
    const total = sheet.getRow(6 + w.rows.length);
    expect(total.getCell(3).value).toBe('Total');
    expect([total.getCell(8).value, total.getCell(9).value, total.getCell(10).value]).toEqual([w.totals.planned, w.totals.given, w.totals.difference]);
    expect([sum(8), sum(9), sum(10)]).toEqual([w.totals.planned, w.totals.given, w.totals.difference]);
    const weeks = wb.worksheets[1];
    const weeksTotal = weeks.getRow(6 + w.rows.length);
    expect((weeksTotal.values as unknown[]).slice(5, 5 + w.weeks.length)).toEqual(w.totals.byWeek);
    expect(weeksTotal.getCell(5 + w.weeks.length).value).toBe(w.totals.given);
  });
});
