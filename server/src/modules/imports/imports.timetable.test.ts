/**
 * The timetable import into the seeded database (docs/areas/imports.md#the-kinds): weekly lessons
 * matched by year, half-year, group, subgroup, day and lesson time; their journals found or made
 * from the study plan; clashes refused; an imported lesson shown as a seeded one is.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '@contract/schedule';
import { auditoria, curriculum, disciplines, groups, scheduleEntries, teachers, teachingAssignments, users } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { exportFile, templateFile } from './imports.files';
import { previewLines } from './imports.preview';
import { ImportService, type ImportOptions } from './imports.service';
import { counts, xlsxFile, type TestCell } from './imports.test-files';

const fx = useTestApp();
const db = () => fx.db.database.db;
const run = async (rows: TestCell[][], options: Partial<ImportOptions> = {}) =>
  new ImportService(fx.app.ctx).run('timetable', await xlsxFile(rows), 'timetable.xlsx', { lang: 'en', ...options });

const header = [
  'Academic year',
  'Half-year',
  'Group or stream',
  'Subgroup',
  'Day',
  'Lesson time',
  'Discipline code',
  'Lesson type',
  'Teacher code',
  'Building',
  'Room',
];
const GROUP = 'ПИ-1-24';
const YEAR = 2026;
const entryRows = async () => (await db().select().from(scheduleEntries).orderBy(asc(scheduleEntries.id))).map(({ id: _, ...e }) => e);

/** What the file's rows name: the demo group, a discipline of its plan for 2026-27 autumn, the demo teacher, rooms. */
async function fixture() {
  const [g] = await db().select().from(groups).where(eq(groups.name, GROUP));
  const semester = (YEAR - g.admissionYear) * 2 + 1;
  const plan = await db()
    .select({ code: disciplines.code, id: disciplines.id, credits: curriculum.credits, controlFormId: curriculum.controlFormId })
    .from(curriculum)
    .innerJoin(disciplines, eq(disciplines.id, curriculum.disciplineId))
    .where(
      and(
        eq(curriculum.specialityId, g.specialityId),
        eq(curriculum.educationFormId, g.educationFormId),
        eq(curriculum.admissionYear, g.admissionYear),
        eq(curriculum.semesterId, semester),
      ),
    )
    .orderBy(asc(disciplines.code));
  const [teacher] = await db()
    .select({ id: teachers.id, code: teachers.code, surname: teachers.surname })
    .from(users)
    .innerJoin(teachers, eq(teachers.id, users.teacherId))
    .where(eq(users.login, 'teacher'));
  const rooms = await db().select().from(auditoria).orderBy(asc(auditoria.id));
  return { group: g, semester, plan, teacher, rooms };
}

describe('timetable', () => {
  it('a first import adds lessons (their journal made from the plan) and keeps a seeded one; the same file again changes nothing', async () => {
    const { group, semester, plan, teacher, rooms } = await fixture();
    const [seeded] = await db()
      .select()
      .from(scheduleEntries)
      .where(
        and(
          eq(scheduleEntries.groupId, group.id),
          eq(scheduleEntries.subgroup, 0),
          eq(scheduleEntries.academicYearId, YEAR),
          eq(scheduleEntries.workingSemesterId, 1),
        ),
      )
      .orderBy(asc(scheduleEntries.id));
    const [sd] = await db().select().from(disciplines).where(eq(disciplines.id, seeded.disciplineId));
    const [st] = await db().select().from(teachers).where(eq(teachers.id, seeded.teacherId));
    const sr = rooms.find((r) => r.id === seeded.auditoriumId)!;
    const assignmentsBefore = (await db().select({ n: count() }).from(teachingAssignments))[0].n;
    // The seed may have given the demo teacher subgroup 1's laboratory work of that discipline already: then it is found.
    const [labBefore] = await db()
      .select({ id: teachingAssignments.id })
      .from(teachingAssignments)
      .where(
        and(
          eq(teachingAssignments.teacherId, teacher.id),
          eq(teachingAssignments.disciplineId, plan[0].id),
          eq(teachingAssignments.groupId, group.id),
          eq(teachingAssignments.lessonTypeId, 3),
          eq(teachingAssignments.subgroup, 1),
          eq(teachingAssignments.academicYearId, YEAR),
          eq(teachingAssignments.workingSemesterId, 1),
        ),
      );
    // Pairs 6 and 7 (from 16:00) are free in the demo timetable; the values as people write them.
    const rows: TestCell[][] = [
      header,
      ['2026-27', 'Autumn', GROUP, 0, 'Mon', '16:00', plan[0].code, 'Lecture', teacher.code, rooms[0].building, rooms[0].name],
      [2026, 1, GROUP, 1, 'вторник', 7, plan[0].code, 'Лабораторная работа', teacher.code, rooms[1].building, rooms[1].name],
      [
        '2026-2027',
        'Осеннее полугодие',
        GROUP,
        null,
        seeded.dayNumber,
        seeded.lessonTimeId,
        sd.code,
        String(seeded.lessonTypeId),
        st.code,
        sr.building,
        sr.name,
      ],
    ];
    const report = await run(rows);
    expect(report).toMatchObject({ written: true, refused: [], changed: [], unchanged: 1 });
    expect(report.added.map((r) => [r.line, r.key])).toEqual([
      [2, `${GROUP}: Monday, 16:00, 2026-27, Autumn half-year`],
      [3, `${GROUP} (subgroup 1): Tuesday, 17:30, 2026-27, Autumn half-year`],
    ]);
    // The group's other lessons of that half-year are listed, not deleted.
    expect(report.missing.length).toBeGreaterThan(0);
    expect(report.missing.some((m) => m.group === GROUP)).toBe(true);
    expect(previewLines(report, 'timetable.xlsx', 'en')).toContain(
      `Lessons of these half-years not in the file: ${report.missing.length}. They stay as they are: nothing is deleted`,
    );

    const added = await db()
      .select({ e: scheduleEntries, a: teachingAssignments })
      .from(scheduleEntries)
      .innerJoin(teachingAssignments, eq(teachingAssignments.id, scheduleEntries.teachingAssignmentId))
      .where(and(eq(scheduleEntries.groupId, group.id), eq(scheduleEntries.academicYearId, YEAR), eq(scheduleEntries.lessonTimeId, 6)));
    expect(added).toHaveLength(1);
    expect(added[0].e).toMatchObject({
      dayNumber: 1,
      workingSemesterId: 1,
      semesterId: semester,
      subgroup: 0,
      teacherId: teacher.id,
      auditoriumId: rooms[0].id,
      isSelect: false,
    });
    expect(added[0].e.educationFormId).toBe(group.educationFormId);
    expect(added[0].a).toMatchObject({
      teacherId: teacher.id,
      disciplineId: plan[0].id,
      academicYearId: YEAR,
      workingSemesterId: 1,
      semesterId: semester,
      lessonTypeId: 1,
      groupId: group.id,
      streamId: null,
      subgroup: 0,
      credits: plan[0].credits,
      controlFormId: plan[0].controlFormId,
    });
    // New journals: the lecture's, and subgroup 1's laboratory work unless the seed had it.
    expect((await db().select({ n: count() }).from(teachingAssignments))[0].n).toBe(assignmentsBefore + (labBefore ? 1 : 2));

    const before = await entryRows();
    const again = await run(rows);
    expect(counts(again)).toEqual({ added: 0, changed: 0, unchanged: 3, written: false });
    expect(await entryRows()).toEqual(before);
  });

  it("an imported lesson shows in the group's student timetable and the teacher's, as a seeded one does", async () => {
    const { rooms } = await fixture();
    const body = (who: typeof fx.student) => ({ year: YEAR, ws: 1, uid: who.user.uid, role: who.user.role, isWeeklyUpdated: false });
    const s = (await fx.post('/api/schedule/student.json', fx.student, body(fx.student))).json().data as Schedule;
    const monday = s.days.find((d) => d.day_number === 1)!;
    const lesson = monday.lessons.find((l) => l.startsAt === '16:00')!;
    expect(lesson).toMatchObject({
      id_time: 6,
      endsAt: '17:20',
      id_vid_zaniatiy: 1,
      subgroup: 0,
      room: `${rooms[0].name}, ${rooms[0].building}`,
      who: 'Асанов Бакыт Кубанычбекович',
    });
    // Ordered by time after the seeded lessons of that day, in the same shape.
    expect(monday.lessons.at(-1)).toBe(lesson);
    expect(Object.keys(lesson).sort()).toEqual(Object.keys(monday.lessons[0]).sort());
    const t = (await fx.post('/api/schedule/teacher.json', fx.teacher, body(fx.teacher))).json().data as Schedule;
    const taught = t.days.flatMap((d) => d.lessons).find((l) => l.idShed === lesson.idShed)!;
    expect(taught.who).toBe(GROUP);
  });

  it('a corrected file changes exactly the corrected lesson, naming the changed field', async () => {
    const { plan, teacher, rooms } = await fixture();
    const before = await entryRows();
    const report = await run(
      [
        ['Учебный год', 'Полугодие', 'Группа', 'Подгруппа', 'День недели', 'Пара', 'Код дисциплины', 'Вид занятия', 'Код преподавателя', 'Корпус', 'Аудитория'],
        ['2026-27', 'осень', GROUP, 0, 'Понедельник', '16:00', plan[0].code, 'Лекция', teacher.code, rooms[2].building, rooms[2].name],
        ['2026-27', 'осень', GROUP, 1, 'Вт', '17:30', plan[0].code, 'Лабораторная работа', teacher.code, rooms[1].building, rooms[1].name],
      ],
      { lang: 'ru' },
    );
    expect(report.changed).toEqual([
      {
        line: 2,
        key: `${GROUP}: Понедельник, 16:00, 2026-27, Осеннее полугодие`,
        changes: [{ field: 'Аудитория', before: `${rooms[0].building} / ${rooms[0].name}`, after: `${rooms[2].building} / ${rooms[2].name}` }],
      },
    ]);
    expect(report).toMatchObject({ added: [], refused: [], unchanged: 1, written: true });
    const changed = before.find((e) => e.groupId !== null && e.dayNumber === 1 && e.lessonTimeId === 6 && e.auditoriumId === rooms[0].id)!;
    expect(await entryRows()).toEqual(before.map((e) => (e === changed ? { ...e, auditoriumId: rooms[2].id } : e)));
  });

  it('two lessons of one slot swapping their rooms are written (the room of a slot is unique at every step)', async () => {
    const { plan, teacher, rooms } = await fixture();
    const row = (group: string, who: TestCell, room: (typeof rooms)[number]): TestCell[] => [
      '2026-27',
      1,
      group,
      0,
      1,
      6,
      plan[0].code,
      group === GROUP ? 'Lecture' : 'Practice',
      who,
      room.building,
      room.name,
    ];
    expect(await run([header, row(GROUP, teacher.code, rooms[2]), row('ПИ-2-24', 'T0001', rooms[3])])).toMatchObject({
      added: [{ line: 3 }],
      unchanged: 1,
      written: true,
    });
    const swapped = await run([header, row(GROUP, teacher.code, rooms[3]), row('ПИ-2-24', 'T0001', rooms[2])]);
    expect(swapped).toMatchObject({ refused: [], written: true });
    expect(swapped.changed.map((c) => c.line)).toEqual([2, 3]);
    const monday = await db()
      .select({ group: groups.name, room: scheduleEntries.auditoriumId })
      .from(scheduleEntries)
      .innerJoin(groups, eq(groups.id, scheduleEntries.groupId))
      .where(and(eq(scheduleEntries.academicYearId, YEAR), eq(scheduleEntries.dayNumber, 1), eq(scheduleEntries.lessonTimeId, 6)))
      .orderBy(asc(groups.name));
    expect(monday).toEqual([
      { group: GROUP, room: rooms[3].id },
      { group: 'ПИ-2-24', room: rooms[2].id },
    ]);
  });

  it('unknown values, a day 7, a room or a teacher taken twice are refused with line and reason, and nothing is written', async () => {
    const { group, plan, teacher, rooms } = await fixture();
    // A seeded lesson of another group at a slot where the demo group is free: its room is taken there.
    const ours = await db()
      .select()
      .from(scheduleEntries)
      .where(and(eq(scheduleEntries.academicYearId, YEAR), eq(scheduleEntries.workingSemesterId, 1)));
    const mine = (e: (typeof ours)[number]) => e.groupId === group.id || e.teacherId === teacher.id || e.streamId !== null;
    const busy = new Set(ours.filter(mine).map((e) => `${e.dayNumber}:${e.lessonTimeId}`));
    const other = ours.find((e) => !mine(e) && !busy.has(`${e.dayNumber}:${e.lessonTimeId}`))!;
    const taken = rooms.find((r) => r.id === other.auditoriumId)!;
    const before = await entryRows();
    const lecture = (day: TestCell, time: TestCell, who: TestCell, room = rooms[3]): TestCell[] => [
      '2026-27',
      1,
      GROUP,
      0,
      day,
      time,
      plan[1].code,
      'Lecture',
      who,
      room.building,
      room.name,
    ];
    const rows: TestCell[][] = [
      header,
      lecture('Wednesday', 6, 'T9999'),
      lecture('Sunday', 6, teacher.code),
      lecture(7, 6, teacher.code),
      lecture('Thursday', 6, teacher.code),
      ['2026-27', 1, 'ПИ-2-24', 0, 'Thursday', 6, plan[1].code, 'Lecture', 'T0001', rooms[3].building, rooms[3].name],
      lecture('Friday', 6, teacher.code),
      ['2026-27', 1, 'ПИ-2-24', 0, 'Friday', 6, plan[1].code, 'Lecture', teacher.code, rooms[4].building, rooms[4].name],
      lecture(other.dayNumber, other.lessonTimeId, teacher.code, taken),
      ['2025-26', 3, 'Нет-такой', 0, 'Monday', '09:00', 'NO-SUCH', 'Seminar', teacher.code, 'Нет', '1'],
    ];
    const report = await run(rows);
    expect(report.written).toBe(false);
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const slot = `${days[other.dayNumber - 1]}, ${['08:00', '09:30', '11:00', '13:00', '14:30'][other.lessonTimeId - 1]}`;
    expect(report.refused).toEqual([
      { line: 2, column: 'Teacher code', reason: 'there is no teacher with the code "T9999": import the teachers first' },
      { line: 3, column: 'Day', reason: '"Sunday" is not a teaching day: 1 (Monday) to 6 (Saturday) or its name' },
      { line: 4, column: 'Day', reason: '"7" is not a teaching day: 1 (Monday) to 6 (Saturday) or its name' },
      { line: 6, column: 'Room', reason: `the room ${rooms[3].building} / ${rooms[3].name} is already taken at that time: line 5 of this file` },
      { line: 8, column: 'Teacher code', reason: `the teacher ${teacher.code} already has a lesson at that time: line 7 of this file` },
      {
        line: 9,
        column: 'Room',
        reason: expect.stringMatching(
          new RegExp(
            `^the room ${taken.building} / ${taken.name} is already taken at that time: .*: ${slot}, 2026-27, Autumn half-year — .* \\(in the portal\\)$`,
          ),
        ),
      },
      { line: 10, column: 'Half-year', reason: '"3" is not a half-year: 1 (autumn) or 2 (spring)' },
      { line: 10, column: 'Group or stream', reason: 'there is no group or stream "Нет-такой": import the groups first' },
      {
        line: 10,
        column: 'Lesson time',
        reason: expect.stringMatching(/^there is no lesson time "09:00": write its number or its start: 1 \(08:00\), 2 \(09:30\)/),
      },
      { line: 10, column: 'Discipline code', reason: 'there is no discipline with the code "NO-SUCH": import the disciplines first' },
      { line: 10, column: 'Lesson type', reason: '"Seminar" is not a lesson type: "Lecture", "Practice", "Laboratory work"' },
      { line: 10, column: 'Room', reason: 'there is no room "Нет / 1": import the rooms first' },
    ]);
    expect(await entryRows()).toEqual(before);
    const kg = previewLines(await run(rows, { lang: 'kg' }), 'timetable.xlsx', 'kg');
    expect(kg).toContain('  ! 4-сап, «Day» мамычасы: «7» — окуу күнү эмес: 1ден (дүйшөмбү) 6га (ишемби) чейин же анын аталышы');
    const ru = await run(rows, { lang: 'ru' });
    expect(ru.refused[0]).toEqual({ line: 2, column: 'Teacher code', reason: 'нет преподавателя с кодом «T9999»: сначала импортируйте преподавателей' });
  });

  it('the export imports back unchanged; the template has the headers and an example row', async () => {
    const { bytes, records } = await exportFile(db(), 'timetable', 'en');
    expect(records).toBe((await db().select({ n: count() }).from(scheduleEntries))[0].n);
    const report = await new ImportService(fx.app.ctx).run('timetable', bytes, 'timetable.xlsx', { lang: 'en' });
    expect(report).toMatchObject({ rows: records, added: [], changed: [], refused: [], missing: [], unchanged: records, written: false });

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await templateFile('timetable', 'kg')) as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      'Окуу жылы',
      'Жарым жыл',
      'Топ же агым',
      'Кичи топ',
      'Аптанын күнү',
      'Пара',
      'Сабактын коду',
      'Сабактын түрү',
      'Окутуучунун коду',
      'Корпус',
      'Аудитория',
    ]);
    expect((book.worksheets[0].getRow(2).values as unknown[]).slice(1)).toEqual([
      '2026-27',
      1,
      'ПИ-1-26',
      0,
      'Понедельник',
      '08:00',
      'PI-101',
      'Лекция',
      'T0101',
      'Главный корпус',
      '101',
    ]);
  });
});
