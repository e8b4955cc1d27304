/**
 * A group's attendance in one discipline from every source (/api/qr/report/*): a QR mark and the
 * journal record it wrote count once, an absence typed only in the journal counts, an excused one
 * is neither present nor absent, the per-date records name their source, another teacher's group
 * and a student are refused, and the Excel workbook holds the same figures.
 */
import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrAttendanceReport } from '../../../../contract/qr';
import type { App } from '../../app';
import { journalVisits, qrSessions, scheduleEntries, students } from '../../db/schema';
import { rowsOf } from '../../db/client';
import { appOn, createTestDatabase, session, testClock, type TestDatabase, type TestSession } from '../../test/helpers';
import * as timetable from '../../shared/timetable.repository';
import { DEVICE_COOKIE } from './qr.routes';

let db: TestDatabase;
let app: App;
const clock = testClock(new Date(2026, 9, 5, 7, 0)); // Monday 5 October 2026, 07:00
let teacher: TestSession;
let student: TestSession;
let lesson: timetable.EntryRow;
let groupId: number;
let mateId: number;

const query = () => `year=2026&ws=1&group=${groupId}&discipline=${lesson.disciplineId}`;
const get = (url: string, who: TestSession) => app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, who: TestSession, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: '10.9.0.1',
    headers: { cookie: `${who.headers.cookie}; ${DEVICE_COOKIE}=${'report-phone'.padEnd(32, 'x')}` },
  });

beforeAll(async () => {
  db = await createTestDatabase();
  app = await appOn(db, { now: clock.now });
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
  const d = db.database.db;
  const mine = await timetable.entriesOfStudent(d, student.user.uid, 2026, 1);
  lesson = mine.find((e) => e.teacherId === teacher.user.uid && e.subgroup === 0)!;
  expect(lesson).toBeTruthy();
  [{ groupId }] = await d.select({ groupId: students.groupId }).from(students).where(eq(students.id, student.user.uid));
  const members = (await timetable.studentsOfEntry(d, lesson.id)).map((s) => s.id).filter((id) => id !== student.user.uid);
  [{ id: mateId }] = await d
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.groupId, groupId), inArray(students.id, members)))
    .limit(1);
  // The group's records of the discipline in this half-year start empty: the seeded history is not these tests'.
  await d
    .delete(journalVisits)
    .where(and(eq(journalVisits.groupId, groupId), eq(journalVisits.disciplineId, lesson.disciplineId), eq(journalVisits.academicYearId, 2026)));
  const entries = await d.select({ id: scheduleEntries.id }).from(scheduleEntries).where(eq(scheduleEntries.disciplineId, lesson.disciplineId));
  await d.delete(qrSessions).where(
    inArray(
      qrSessions.scheduleEntryId,
      entries.map((e) => e.id),
    ),
  );
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe("a group's attendance in a discipline", { shuffle: false }, () => {
  it('merges QR marks and the journal: a mark and its journal record count once, a journal-only absence counts, an excused lesson is neither', async () => {
    // A QR lesson today (a make-up session): the student marks, the mate does not.
    const opened = await post('/api/qr/session/open.json', teacher, { idShed: lesson.id, makeup: true });
    expect(opened.statusCode, opened.body).toBe(200);
    const { sessionId, date } = opened.json().data as { sessionId: number; date: string };
    const { token } = (await post('/api/qr/session/token.json', teacher, { sessionId })).json().data as { token: string };
    const marked = await post('/api/qr/student/visit.json', student, {
      idShed: lesson.id,
      idStud: student.user.uid,
      idAud: lesson.auditoriumId,
      x: lesson.latitude,
      y: lesson.longitude,
      accuracy: 12,
      token,
    });
    expect(marked.json().data, marked.body).toMatchObject({ status: 'accepted' });
    // An earlier lesson typed only in the journal: the mate absent, the student excused.
    const cell = { id_journal: lesson.teachingAssignmentId, visitDate: '2026-10-02', id_time: lesson.lessonTimeId };
    for (const [id, mark] of [
      [mateId, 'н/б'],
      [student.user.uid, 'ув'],
    ] as const) {
      const set = await post('/api/visitlog/visit/set.json', teacher, { ...cell, id_student: id, otsenka: mark });
      expect(set.statusCode, set.body).toBe(200);
    }

    const res = await get(`/api/qr/report/attendance.json?${query()}`, teacher);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as QrAttendanceReport;
    expect(report.dates).toEqual(['2026-10-02', date]);
    const me = report.students.find((s) => s.id === student.user.uid);
    expect(me).toMatchObject({ lessons: 2, present: 1, absent: 0, excused: 1, rate: 50 });
    const mate = report.students.find((s) => s.id === mateId);
    expect(mate).toMatchObject({ lessons: 2, present: 0, absent: 2, excused: 0, rate: 0 });
    const recordsOf = (id: number) => report.records.filter((r) => r.studentId === id);
    expect(recordsOf(student.user.uid)).toEqual([
      { studentId: student.user.uid, date: '2026-10-02', status: 'excused', sources: ['journal'] },
      { studentId: student.user.uid, date, status: 'present', sources: ['qr'] },
    ]);
    expect(recordsOf(mateId)).toEqual([
      { studentId: mateId, date: '2026-10-02', status: 'absent', sources: ['journal'] },
      { studentId: mateId, date, status: 'absent', sources: ['qr'] },
    ]);

    // The teacher confirms the QR presence by hand: still one lesson, now from both sources.
    const typed = await post('/api/visitlog/visit/set.json', teacher, { ...cell, visitDate: date, id_student: student.user.uid, otsenka: '5' });
    expect(typed.statusCode, typed.body).toBe(200);
    const again = (await get(`/api/qr/report/attendance.json?${query()}`, teacher)).json().data as QrAttendanceReport;
    expect(again.students.find((s) => s.id === student.user.uid)).toMatchObject({ lessons: 2, present: 1 });
    expect(again.records.find((r) => r.studentId === student.user.uid && r.date === date)).toMatchObject({ status: 'present', sources: ['qr', 'journal'] });

    const disciplines = (await get(`/api/qr/report/disciplines.json?year=2026&ws=1&group=${groupId}`, teacher)).json().data as { id: number }[];
    expect(disciplines.map((d) => d.id)).toContain(lesson.disciplineId);
  });

  it("refuses another teacher's group and a student", async () => {
    const [other] = await rowsOf<{ id: number }>(
      db.database.db,
      sql`select g.id from groups g where not exists (select 1 from schedule_entries te left join stream_groups tsg on tsg.stream_id = te.stream_id
                                                       where te.teacher_id = ${teacher.user.uid} and te.academic_year_id = 2026 and te.working_semester_id = 1
                                                         and (te.group_id = g.id or tsg.group_id = g.id)) order by g.id limit 1`,
    );
    expect(other).toBeTruthy();
    const foreign = `year=2026&ws=1&group=${other.id}&discipline=${lesson.disciplineId}`;
    expect((await get(`/api/qr/report/attendance.json?${foreign}`, teacher)).statusCode).toBe(403);
    expect((await get(`/api/qr/report/attendance.xlsx?${foreign}`, teacher)).statusCode).toBe(403);
    expect((await get(`/api/qr/report/disciplines.json?year=2026&ws=1&group=${other.id}`, teacher)).statusCode).toBe(403);
    expect((await get(`/api/qr/report/attendance.json?${query()}`, student)).statusCode).toBe(403);
    expect((await get(`/api/qr/report/attendance.json?year=2026&ws=3&group=${groupId}&discipline=1`, teacher)).statusCode).toBe(400);
  });

  it('downloads as a workbook with the same figures: the summary sheet and the records by date', async () => {
    const res = await get(`/api/qr/report/attendance.xlsx?${query()}`, teacher);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const report = (await get(`/api/qr/report/attendance.json?${query()}`, teacher)).json().data as QrAttendanceReport;
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`${report.group} ${report.discipline}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Сводка', 'По датам']);
    const [summary, byDate] = wb.worksheets;
    expect(summary.getCell('A2').value).toContain(report.group);
    expect(summary.getRow(4).values).toEqual([
      undefined,
      '№',
      'ФИО студента',
      'Занятий',
      'Присутствовал',
      'Отсутствовал (н/б)',
      'Уважительно (ув)',
      '% присутствия',
    ]);
    const i = report.students.findIndex((s) => s.id === student.user.uid);
    const mine = report.students[i];
    expect(summary.getRow(5 + i).values).toEqual([undefined, i + 1, mine.name, 2, 1, 0, 1, 50]);
    expect(summary.rowCount).toBe(4 + report.students.length);
    const rows = Array.from({ length: byDate.rowCount - 4 }, (_, k) => byDate.getRow(5 + k).values);
    expect(rows).toHaveLength(report.records.length);
    expect(rows).toContainEqual([undefined, '02.10.2026', mine.name, 'ув', 'журнал']);
    expect(rows).toContainEqual([undefined, '05.10.2026', mine.name, 'присутствовал', 'QR, журнал']);
  });
});
