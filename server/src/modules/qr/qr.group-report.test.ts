/**
 * A group's attendance in one discipline from every source (/api/qr/report/*): a QR mark and the
 * journal record it wrote count once, an absence typed only in the journal counts, an excused one
 * is neither present nor absent, each lesson of a double pair counts (records by date and time), the records name their source, another teacher's group
 * and a student are refused, and the Excel workbook holds the same figures.
 */
import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QrAttendanceReport } from '@contract/qr';
import { journalVisits, qrSessions, scheduleEntries, students } from '../../db/schema';
import { rowsOf } from '../../db/client';
import type { TestSession } from '../../test/helpers';
import * as timetable from '../../shared/timetable.repository';
import { app, db, device, lesson, post as postAs, student, teacher, useQrApp } from './qr.testing';

let groupId: number;
let mateId: number;

const query = () => `year=2026&ws=1&group=${groupId}&discipline=${lesson.disciplineId}`;
const get = (url: string, who: TestSession) => app.inject({ method: 'GET', url, headers: who.headers });
/** Every call from one phone at one address: the teacher's and the student's alike. */
const post = (url: string, who: TestSession, payload: object) => postAs(url, who, payload, device('report-phone'), '10.9.0.1');

useQrApp();
beforeAll(async () => {
  const d = db.database.db;
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
    const time = lesson.startsAt;
    expect(report.lessons).toEqual([
      { date: '2026-10-02', time },
      { date, time },
    ]);
    const me = report.students.find((s) => s.id === student.user.uid);
    expect(me).toMatchObject({ lessons: 2, present: 1, absent: 0, excused: 1, rate: 50 });
    const mate = report.students.find((s) => s.id === mateId);
    expect(mate).toMatchObject({ lessons: 2, present: 0, absent: 2, excused: 0, rate: 0 });
    const recordsOf = (id: number) => report.records.filter((r) => r.studentId === id);
    expect(recordsOf(student.user.uid)).toEqual([
      { studentId: student.user.uid, date: '2026-10-02', time, status: 'excused', sources: ['journal'] },
      { studentId: student.user.uid, date, time, status: 'present', sources: ['qr'] },
    ]);
    expect(recordsOf(mateId)).toEqual([
      { studentId: mateId, date: '2026-10-02', time, status: 'absent', sources: ['journal'] },
      { studentId: mateId, date, time, status: 'absent', sources: ['qr'] },
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

  it('counts the same records at every level: a group and a student without any QR lesson are there, and each level adds up the report by date', async () => {
    type Rate = { id: number; name: string; expected: number; present: number; rate: number };
    const level = async (call: string, q: string) => {
      const res = await get(`/api/misc/${call}?year=2026&ws=1${q}`, teacher);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Rate[];
    };
    const [place] = await rowsOf<{ faculty: number; speciality: number }>(
      db.database.db,
      sql`select sp.faculty_id as faculty, sp.id as speciality from groups g join specialities sp on sp.id = g.speciality_id where g.id = ${groupId}`,
    );
    // A lesson of another discipline typed only in the journal, never with QR attendance.
    const [other] = await rowsOf<{ ta: number; discipline: number; time: number }>(
      db.database.db,
      sql`select e.teaching_assignment_id as ta, e.discipline_id as discipline, e.lesson_time_id as time from schedule_entries e
           where e.teacher_id = ${teacher.user.uid} and e.group_id = ${groupId} and e.discipline_id <> ${lesson.disciplineId}
             and e.academic_year_id = 2026 and e.working_semester_id = 1 and e.subgroup = 0
             and not exists (select 1 from qr_sessions qs join schedule_entries x on x.id = qs.schedule_entry_id where x.discipline_id = e.discipline_id)
           limit 1`,
    );
    if (other) {
      const set = await post('/api/visitlog/visit/set.json', teacher, {
        id_journal: other.ta,
        visitDate: '2026-10-01',
        id_time: other.time,
        id_student: mateId,
        otsenka: 'н/б',
      });
      expect(set.statusCode, set.body).toBe(200);
    }

    // The group's rows by date, over every discipline, are what the levels count.
    const disciplines = (await get(`/api/qr/report/disciplines.json?year=2026&ws=1&group=${groupId}`, teacher)).json().data as { id: number }[];
    const byStudent = new Map<number, { expected: number; present: number }>();
    for (const d of disciplines) {
      const report = (await get(`/api/qr/report/attendance.json?year=2026&ws=1&group=${groupId}&discipline=${d.id}`, teacher)).json()
        .data as QrAttendanceReport;
      for (const s of report.students) {
        const known = byStudent.get(s.id) ?? { expected: 0, present: 0 };
        byStudent.set(s.id, { expected: known.expected + s.lessons, present: known.present + s.present });
      }
    }
    const total = [...byStudent.values()].reduce((a, b) => ({ expected: a.expected + b.expected, present: a.present + b.present }), {
      expected: 0,
      present: 0,
    });

    const students = await level('getqrforreportstudent', `&group=${groupId}`);
    for (const row of students) expect(row, row.name).toMatchObject(byStudent.get(row.id) ?? { expected: 0, present: 0 });
    expect(students.find((r) => r.id === mateId)?.expected).toBe(byStudent.get(mateId)?.expected);
    const groups = await level('getstudentqrrate', `&speciality=${place.speciality}`);
    expect(groups.find((g) => g.id === groupId)).toMatchObject(total);
    const specialities = await level('getspecrepqr', `&faculty=${place.faculty}`);
    expect(specialities.find((r) => r.id === place.speciality)!.expected).toBeGreaterThanOrEqual(total.expected);
    expect((await level('getstudentqrfaculty', '')).find((r) => r.id === place.faculty)!.expected).toBeGreaterThanOrEqual(total.expected);

    // A group of the teacher's with no lesson ever held with QR attendance is reachable from the top.
    const [plain] = await rowsOf<{ id: number; speciality: number; faculty: number }>(
      db.database.db,
      sql`select g.id, sp.id as speciality, sp.faculty_id as faculty from groups g join specialities sp on sp.id = g.speciality_id
           where exists (select 1 from schedule_entries te where te.teacher_id = ${teacher.user.uid} and te.group_id = g.id and te.academic_year_id = 2026 and te.working_semester_id = 1)
             and exists (select 1 from journal_visits v where v.group_id = g.id and v.academic_year_id = 2026 and v.working_semester_id = 1)
             and not exists (select 1 from qr_sessions qs join schedule_entries e on e.id = qs.schedule_entry_id join students st on st.group_id = g.id and st.group_id = e.group_id)
           order by g.id limit 1`,
    );
    expect(plain, 'a group with journal records and no QR lesson').toBeTruthy();
    expect((await level('getstudentqrfaculty', '')).map((r) => r.id)).toContain(plain.faculty);
    expect((await level('getspecrepqr', `&faculty=${plain.faculty}`)).map((r) => r.id)).toContain(plain.speciality);
    const row = (await level('getstudentqrrate', `&speciality=${plain.speciality}`)).find((r) => r.id === plain.id);
    expect(row?.expected).toBeGreaterThan(0);

    // The level's rows as a workbook: the same names and figures, in the same order.
    const xlsx = await get(`/api/qr/report/levels.xlsx?level=student&year=2026&ws=1&group=${groupId}`, teacher);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const [sheet] = wb.worksheets;
    expect(sheet.getRow(4).values).toEqual([undefined, '№', 'ФИО студента', 'Студенто-занятий', 'Присутствовал', '% присутствия']);
    expect(Array.from({ length: sheet.rowCount - 4 }, (_, k) => sheet.getRow(5 + k).values)).toEqual(
      students.map((r, i) => [undefined, i + 1, r.name, r.expected, r.present, r.rate]),
    );
    expect((await get(`/api/qr/report/levels.xlsx?level=faculty&year=2026&ws=1`, student)).statusCode).toBe(403);
    expect((await get(`/api/qr/report/levels.xlsx?level=nation&year=2026&ws=1`, teacher)).statusCode).toBe(400);
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
    expect(byDate.getRow(4).values).toEqual([undefined, 'Дата', 'Время', 'ФИО студента', 'Отметка', 'Источник']);
    expect(rows).toContainEqual([undefined, '02.10.2026', lesson.startsAt, mine.name, 'ув', 'журнал']);
    expect(rows).toContainEqual([undefined, '05.10.2026', lesson.startsAt, mine.name, 'присутствовал', 'QR, журнал']);
  });

  it('counts each lesson of a double pair: present in the first half and absent in the second is one of each, in the report, its records, the workbook and every level', async () => {
    // The pair after the lesson's own on 30 September, typed in the journal: the mate present, then absent.
    const [next] = await rowsOf<{ id: number; startsAt: string }>(
      db.database.db,
      sql`select id, to_char(starts_at, 'HH24:MI') as "startsAt" from lesson_times where starts_at > (select starts_at from lesson_times where id = ${lesson.lessonTimeId})
           order by starts_at limit 1`,
    );
    expect(next).toBeTruthy();
    const before = (await get(`/api/qr/report/attendance.json?${query()}`, teacher)).json().data as QrAttendanceReport;
    const mateBefore = before.students.find((s) => s.id === mateId)!;
    const levelBefore = (
      (await get(`/api/misc/getqrforreportstudent?year=2026&ws=1&group=${groupId}`, teacher)).json().data as { id: number; expected: number; present: number }[]
    ).find((r) => r.id === mateId)!;
    for (const [time, mark] of [
      [lesson.lessonTimeId, '5'],
      [next.id, 'н/б'],
    ] as const) {
      const set = await post('/api/visitlog/visit/set.json', teacher, {
        id_journal: lesson.teachingAssignmentId,
        visitDate: '2026-09-30',
        id_time: time,
        id_student: mateId,
        otsenka: mark,
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    const report = (await get(`/api/qr/report/attendance.json?${query()}`, teacher)).json().data as QrAttendanceReport;
    expect(report.lessons.slice(0, 2)).toEqual([
      { date: '2026-09-30', time: lesson.startsAt },
      { date: '2026-09-30', time: next.startsAt },
    ]);
    expect(report.students.find((s) => s.id === mateId)).toMatchObject({
      lessons: mateBefore.lessons + 2,
      present: mateBefore.present + 1,
      absent: mateBefore.absent + 1,
    });
    expect(report.records.filter((r) => r.studentId === mateId && r.date === '2026-09-30')).toEqual([
      { studentId: mateId, date: '2026-09-30', time: lesson.startsAt, status: 'present', sources: ['journal'] },
      { studentId: mateId, date: '2026-09-30', time: next.startsAt, status: 'absent', sources: ['journal'] },
    ]);
    const level = (
      (await get(`/api/misc/getqrforreportstudent?year=2026&ws=1&group=${groupId}`, teacher)).json().data as { id: number; expected: number; present: number }[]
    ).find((r) => r.id === mateId)!;
    expect(level).toMatchObject({ expected: levelBefore.expected + 2, present: levelBefore.present + 1 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await get(`/api/qr/report/attendance.xlsx?${query()}`, teacher)).rawPayload as unknown as ArrayBuffer);
    const byDate = wb.worksheets[1];
    const mate = report.students.find((s) => s.id === mateId)!.name;
    const rows = Array.from({ length: byDate.rowCount - 4 }, (_, k) => byDate.getRow(5 + k).values);
    expect(rows).toContainEqual([undefined, '30.09.2026', lesson.startsAt, mate, 'присутствовал', 'журнал']);
    expect(rows).toContainEqual([undefined, '30.09.2026', next.startsAt, mate, 'н/б', 'журнал']);
  });
});
