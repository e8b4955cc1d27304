/**
 * /api/visitlog/* lessons of a journal: a lesson's topic, adding a lesson, deleting and restoring
 * one, deleting the journal's records, hiding a student and showing him again, and the Excel export.
 */
import ExcelJS from 'exceljs';
import { moduleSubtotals, modulesOf } from '@contract/pure/journal-totals';
import { describe, expect, it } from 'vitest';
import type { JournalData, HiddenStudent, StudentJournalItem } from '@contract/journal';
import {
  app,
  DATE,
  journalOf,
  lecture,
  lectureLessonDeletion,
  markIn,
  othersJournal,
  post,
  student,
  teacher,
  TIME,
  useJournalApp,
} from './journal.test-fixture';

useJournalApp();

describe('topics, deletions, export', () => {
  it("saves a lesson's topic, number, hours and module", async () => {
    const res = await post(teacher, 'topictime/update.json', {
      id_journal: lecture.id_journal,
      visitDate: DATE,
      id_time: TIME,
      topic: 'WebSocket',
      lessonNumber: 2,
      hours: 2,
      id_module: 2,
    });
    expect(res.json().data).toMatchObject({ topic: 'WebSocket', lessonNumber: 2, id_module: 2 });
    expect(
      (
        await post(teacher, 'topictime/update.json', {
          id_journal: lecture.id_journal,
          visitDate: DATE,
          id_time: TIME,
          topic: 'x',
          lessonNumber: 6,
          hours: 2,
          id_module: null,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("exports the journal as an .xlsx workbook with its marks, the lessons' topics, module subtotals, final results, the average over lessons attended and the mean mark", async () => {
    const first = (await journalOf(lecture.id_journal)).students[0];
    expect((await post(teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: first.id_student, points: 87 })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: `/api/visitlog/export.xlsx?id_journal=${lecture.id_journal}`, headers: teacher.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('Журнал посещаемости и успеваемости');
    const data = await journalOf(lecture.id_journal);
    expect(sheet.getRow(6).getCell(2).value).toBe(data.resArray[0].s_fio);
    // After the lessons: an average and a mean per module its topics carry, then the final result's points and letter.
    const modules = modulesOf(data.journal[1]);
    expect(modules.length).toBeGreaterThan(0);
    const extra = 2 * modules.length + 2;
    const n = data.dates.length + extra;
    expect(sheet.getRow(5).getCell(3 + data.dates.length).value).toMatch(/^Модуль \d+: ср\. \(\+ = 0\)$/);
    expect([sheet.getRow(5).getCell(1 + n).value, sheet.getRow(5).getCell(2 + n).value]).toEqual(['Итог (баллы)', 'Буква']);
    const firstRow = data.resArray.findIndex((r) => r.id_student === first.id_student);
    expect([sheet.getRow(6 + firstRow).getCell(1 + n).value, sheet.getRow(6 + firstRow).getCell(2 + n).value]).toEqual([87, 'A-']);
    const marks = data.journal[0].filter((v) => v.id_student === first.id_student);
    const [m1] = moduleSubtotals(marks, data.journal[1], modules);
    expect(sheet.getRow(6 + firstRow).getCell(3 + data.dates.length).value).toBe(m1.ball_average);
    expect([5, 6, 7, 8].map((c) => sheet.getRow(5).getCell(2 + n + c - 4).value)).toEqual(['н/б', 'Сумма', 'Средний за посещённые (+ = 0)', 'Средняя оценка']);
    data.resArray.forEach((r, i) => {
      const row = sheet.getRow(6 + i);
      expect([row.getCell(3 + n).value, row.getCell(4 + n).value, row.getCell(5 + n).value, row.getCell(6 + n).value]).toEqual([
        r.nb_Count,
        r.ball_Count,
        r.ball_average,
        r.ball_mean ?? '',
      ]);
    });
    // The topics above their lessons.
    expect(sheet.getRow(4).getCell(2).value).toBe('Тема занятия');
    const topics = new Map(data.journal[1].map((t) => [`${t.visitDate}|${t.id_time}`, t.topic]));
    data.dates.forEach((d, c) => expect(sheet.getRow(4).getCell(3 + c).value ?? '').toBe(topics.get(`${d.visitDate}|${d.id_time}`) ?? ''));
    expect(data.journal[1].length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: `/api/visitlog/export.xlsx?id_journal=${lecture.id_journal}`, headers: student.headers })).statusCode).toBe(
      403,
    );
  });

  it('adds a lesson at once: its column is there without a record, takes a topic and mark all present, and goes with its deletion', async () => {
    const lesson = { id_journal: lecture.id_journal, visitDate: '2026-10-30', id_time: TIME };
    const has = (data: JournalData) => data.dates.some((d) => d.visitDate === lesson.visitDate && d.id_time === TIME);
    expect(has(await journalOf(lecture.id_journal))).toBe(false);
    const res = await post(teacher, 'lesson/add.json', lesson);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ visitDate: lesson.visitDate, id_time: TIME, time: '17:30' });
    // Saved: a new read of the journal has the lesson, with no record on it; adding it again changes nothing.
    let data = await journalOf(lecture.id_journal);
    expect(data.dates.filter((d) => d.visitDate === lesson.visitDate && d.id_time === TIME)).toEqual([
      { visitDate: lesson.visitDate, id_time: TIME, time: '17:30' },
    ]);
    expect(data.journal[0].some((v) => v.visitDate === lesson.visitDate && v.id_time === TIME)).toBe(false);
    expect((await post(teacher, 'lesson/add.json', lesson)).statusCode).toBe(200);
    expect((await journalOf(lecture.id_journal)).dates.filter((d) => d.visitDate === lesson.visitDate && d.id_time === TIME)).toHaveLength(1);
    // Its topic and mark all present land on it.
    expect((await post(teacher, 'topictime/update.json', { ...lesson, topic: 'Формы', lessonNumber: 1, hours: 2, id_module: null })).statusCode).toBe(200);
    const marked = await post(teacher, 'visit/insertall.json', lesson);
    expect(marked.json().data.inserted).toBe(data.students.length);
    data = await journalOf(lecture.id_journal);
    expect(data.journal[1].find((t) => t.visitDate === lesson.visitDate && t.id_time === TIME)?.topic).toBe('Формы');
    expect(data.journal[0].filter((v) => v.visitDate === lesson.visitDate && v.id_time === TIME)).toHaveLength(data.students.length);
    // Deleted with its records and topic: the column goes too.
    const deleted = await post(teacher, 'journal/delete.json', lectureLessonDeletion(lesson.visitDate));
    expect(deleted.json().data.deleted).toBe(data.students.length);
    expect(has(await journalOf(lecture.id_journal))).toBe(false);
  });

  it('restores a deleted lesson from the history: its column and each record with the mark it held; not another teacher, not twice over a record written since', async () => {
    const lesson = { id_journal: lecture.id_journal, visitDate: '2026-10-23', id_time: TIME };
    expect((await post(teacher, 'visit/insertall.json', lesson)).statusCode).toBe(200);
    let data = await journalOf(lecture.id_journal);
    const [first, second] = data.students.map((s) => s.id_student);
    expect((await post(teacher, 'visit/set.json', { ...lesson, id_student: first, otsenka: '4' })).statusCode).toBe(200);
    expect((await post(teacher, 'visit/set.json', { ...lesson, id_student: second, otsenka: 'н/б' })).statusCode).toBe(200);
    const before = (await journalOf(lecture.id_journal)).journal[0]
      .filter((v) => v.visitDate === lesson.visitDate && v.id_time === TIME)
      .map((v) => [v.id_student, v.otsenka])
      .sort();
    // Nothing deleted yet: nothing to restore.
    expect((await post(teacher, 'lesson/restore.json', lesson)).statusCode).toBe(404);
    const deleted = await post(teacher, 'journal/delete.json', lectureLessonDeletion(lesson.visitDate));
    expect(deleted.json().data.deleted).toBe(before.length);
    // A record written after the deletion stays as it is.
    expect((await post(teacher, 'visit/set.json', { ...lesson, id_student: second, otsenka: '5' })).statusCode).toBe(200);
    expect((await post(student, 'lesson/restore.json', lesson)).statusCode).toBe(403);
    const restored = await post(teacher, 'lesson/restore.json', lesson);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.restored).toBe(before.length - 1);
    data = await journalOf(lecture.id_journal);
    expect(data.dates.some((d) => d.visitDate === lesson.visitDate && d.id_time === TIME)).toBe(true);
    const after = data.journal[0]
      .filter((v) => v.visitDate === lesson.visitDate && v.id_time === TIME)
      .map((v) => [v.id_student, v.otsenka])
      .sort();
    expect(after).toEqual(before.map(([id, mark]) => (id === second ? [id, '5'] : [id, mark])));
    expect(markIn(data, first, `${lesson.visitDate}|${TIME}`)).toBe('4');
  });

  it("refuses a lesson outside the journal's half-year, at an unknown time, in another teacher's journal or by a student, adding nothing", async () => {
    const other = await othersJournal();
    const before = (await journalOf(lecture.id_journal)).dates;
    expect((await post(teacher, 'lesson/add.json', { id_journal: lecture.id_journal, visitDate: '2025-06-02', id_time: TIME })).statusCode).toBe(400);
    expect((await post(teacher, 'lesson/add.json', { id_journal: lecture.id_journal, visitDate: '2027-09-01', id_time: TIME })).statusCode).toBe(400);
    // Inside the academic year but in the spring half-year: not this autumn journal's lesson.
    const spring = await post(teacher, 'lesson/add.json', { id_journal: lecture.id_journal, visitDate: '2027-04-01', id_time: TIME });
    expect(spring.statusCode).toBe(400);
    expect(spring.json().error.code).toBe('OUTSIDE_PERIOD');
    expect((await post(teacher, 'lesson/add.json', { id_journal: lecture.id_journal, visitDate: '2026-02-30', id_time: TIME })).statusCode).toBe(400);
    expect((await post(teacher, 'lesson/add.json', { id_journal: lecture.id_journal, visitDate: DATE, id_time: 15 })).statusCode).toBe(400);
    expect((await post(teacher, 'lesson/add.json', { id_journal: other.id, visitDate: DATE, id_time: TIME })).statusCode).toBe(403);
    expect((await post(student, 'lesson/add.json', { id_journal: lecture.id_journal, visitDate: DATE, id_time: TIME })).statusCode).toBe(403);
    expect((await journalOf(lecture.id_journal)).dates).toEqual(before);
  });

  it('deletes one lesson by its delete payload, takes a student off the list, and refuses another teacher id', async () => {
    const payload = lectureLessonDeletion('2026-11-30');
    const first = (await journalOf(lecture.id_journal)).students[0].id_student;
    expect(
      (await post(teacher, 'visit/set.json', { id_journal: lecture.id_journal, id_student: first, visitDate: payload.date, id_time: TIME, otsenka: '4' }))
        .statusCode,
    ).toBe(200);
    // That lesson (the date and the pair): the seeded lessons of the date at other pairs stay.
    const isIt = (d: { visitDate: string; id_time: number }) => d.visitDate === payload.date && d.id_time === TIME;
    expect((await journalOf(lecture.id_journal)).dates.some(isIt)).toBe(true);
    expect((await post(teacher, 'journal/delete.json', { ...payload, id_teacher: lecture.id_teacher + 1 })).statusCode).toBe(403);
    const res = await post(teacher, 'journal/delete.json', payload);
    expect(res.json().data.deleted).toBeGreaterThan(0);
    expect((await journalOf(lecture.id_journal)).dates.some(isIt)).toBe(false);

    const before = await journalOf(lecture.id_journal);
    const gone = before.students.filter((s) => s.id_student !== student.user.uid).at(-1)!.id_student;
    expect((await post(teacher, 'student/delete.json', { id_journal: lecture.id_journal, id_student: gone })).statusCode).toBe(200);
    const after = await journalOf(lecture.id_journal);
    expect(after.students.map((s) => s.id_student)).not.toContain(gone);
    expect(after.resArray.map((r) => r.id_student)).not.toContain(gone);
  });

  it('hides a student in the journal keeping his records, lists him with who hid him, and restores him with them', async () => {
    const id_journal = lecture.id_journal;
    const me = student.user.uid;
    expect((await post(teacher, 'visit/set.json', { id_journal, id_student: me, visitDate: '2026-11-27', id_time: TIME, otsenka: '4' })).statusCode).toBe(200);
    // A lesson only he has a record on: hidden, he takes it (and his records) out of journal.json.
    const ONLY_HIS = '2026-11-29';
    expect((await post(teacher, 'visit/set.json', { id_journal, id_student: me, visitDate: ONLY_HIS, id_time: TIME, otsenka: '5' })).statusCode).toBe(200);
    const hide = await post(teacher, 'student/delete.json', { id_journal, id_student: me });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().data).toEqual({ deleted: 0 });

    const hidden = await journalOf(id_journal);
    expect(hidden.students.map((s) => s.id_student)).not.toContain(me);
    expect(hidden.resArray.map((r) => r.id_student)).not.toContain(me);
    expect(hidden.journal[0].some((v) => v.id_student === me)).toBe(false);
    expect(hidden.dates.some((d) => d.visitDate === ONLY_HIS)).toBe(false);
    const list = (await post(teacher, 'student/hidden.json', { id_journal })).json().data as HiddenStudent[];
    expect(list.find((h) => h.id_student === me)).toEqual({
      id_student: me,
      s_fio: expect.stringContaining(' '),
      hiddenAt: expect.any(String),
      hiddenBy: expect.stringContaining(' '),
    });
    // His records stay: he still reads them, and the cell keeps its value and history.
    const own = (await post(student, 'student/journal.json', { id_a_year: 2026, id_w_s: 1 })).json().data as StudentJournalItem[];
    expect(own.find((i) => i.id_journal === id_journal)!.visits).toContainEqual({ visitDate: '2026-11-27', id_time: TIME, otsenka: '4' });
    expect(own.find((i) => i.id_journal === id_journal)!.visits).toContainEqual({ visitDate: ONLY_HIS, id_time: TIME, otsenka: '5' });
    // Hidden twice is still hidden once; a student who is not listed is not found.
    expect((await post(teacher, 'student/delete.json', { id_journal, id_student: me })).statusCode).toBe(404);
    expect((await post(student, 'student/restore.json', { id_journal, id_student: me })).statusCode).toBe(403);

    const back = await post(teacher, 'student/restore.json', { id_journal, id_student: me });
    expect(back.json().data).toEqual({ restored: 1 });
    const restored = await journalOf(id_journal);
    expect(restored.students.map((s) => s.id_student)).toContain(me);
    expect(markIn(restored, me, `2026-11-27|${TIME}`)).toBe('4');
    expect(restored.dates.some((d) => d.visitDate === ONLY_HIS)).toBe(true);
    expect(((await post(teacher, 'student/hidden.json', { id_journal })).json().data as HiddenStudent[]).map((h) => h.id_student)).not.toContain(me);
    expect((await post(teacher, 'student/restore.json', { id_journal, id_student: me })).statusCode).toBe(404);
  });
});
