/**
 * Two rules of the grading sheet (docs/areas/gradingsheet.md#for-users), on the demo teacher's Web
 * Programming for the demo student's group (ПИ-1-24, 2026-27 autumn): an unsigned sheet follows its
 * group (a student who joins gets a line; the line of one who leaves is marked and kept with its
 * points; a signed sheet never changes), and the module points come from every journal of the
 * discipline for the group (the stream's lecture and the subgroups' laboratory work), weighted by
 * their lessons.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Sheet, SheetListItem } from '@contract/gradingsheet';
import { rowsOf } from '../../db/client';
import { students } from '../../db/schema';
import { testClock } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import { downloadedWorkbook } from '../../test/workbook';
import { gradingSheetHistory, gradingSheetLines } from './gradingsheet.schema';
import { demoHalfFinals } from './gradingsheet.test-fixture';

const clock = testClock(new Date(2026, 10, 30, 12, 0));
const fx = useTestApp({ now: clock.now });
const d = () => fx.db.database.db;

const call = (url: string, payload: object) =>
  fx.app.inject({ method: 'POST', url: `/api/gradingsheet/${url}`, payload, headers: { ...fx.teacher.headers, 'accept-language': 'en' } });
const sheetOf = async (url: string, payload: object) => {
  const res = await call(url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Sheet;
};

/** The demo teacher's list item of Web Programming for the demo student's group. */
async function webItem(): Promise<SheetListItem> {
  const [me] = await d().select({ groupId: students.groupId }).from(students).where(eq(students.id, fx.student.user.uid));
  const res = await fx.app.inject({
    method: 'POST',
    url: '/api/gradingsheet/list.json',
    payload: { id_a_year: 2026, id_w_s: 1 },
    headers: { ...fx.teacher.headers, 'accept-language': 'ru' },
  });
  const item = (res.json().data as SheetListItem[]).find((i) => i.discipline === 'Веб-программирование' && i.id_group === me.groupId);
  expect(item).toBeDefined();
  return item!;
}

/** A new student of the group given, made as the demo student's copy. */
async function newStudent(groupId: number, code: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    d(),
    sql`insert into students (surname, name, patronymic, gender, group_id, code, admission_year, education_form_id, subgroup)
        select 'Абдыкеримов', 'Нурлан', null, 'm', ${groupId}, ${code}, admission_year, education_form_id, subgroup from students where id = ${fx.student.user.uid}
        returning id`,
  );
  return row.id;
}

const finalsOf = async (studentId: number, disciplineId: number) => (await demoHalfFinals(d(), studentId, disciplineId)).map((f) => ({ points: f.points }));

describe('the grading sheet follows its group while unsigned', () => {
  it('adds a student who joined, marks (and keeps) the line of one who left; signing gives the leaver no result; a signed sheet never changes', async () => {
    const item = await webItem();
    let sheet = await sheetOf('open.json', { id_journal: item.id_journal, id_group: item.id_group });
    const [{ disciplineId }] = await rowsOf<{ disciplineId: number }>(
      d(),
      sql`select discipline_id as "disciplineId" from teaching_assignments where id = ${item.id_journal}`,
    );
    // Every line admitted, so that exam points can be typed for anyone.
    await d()
      .execute(sql`update journal_visits set mark = case (select mark_scale from teaching_assignments t where t.id = teaching_assignment_id) when '0-100' then '100' else '5' end
                           where teaching_assignment_id in (select id from teaching_assignments where discipline_id = ${disciplineId} and academic_year_id = 2026 and working_semester_id = 1)`);
    sheet = await sheetOf('sheet.json', { id_sheet: sheet.id });
    const leaver = sheet.lines.find((l) => l.id_student !== fx.student.user.uid && l.admitted)!;
    sheet = await sheetOf('exam.json', { id_sheet: sheet.id, points: [{ id_student: leaver.id_student, exam: 25 }] });
    expect(sheet.lines.every((l) => !l.left)).toBe(true);

    // He moves to another group; a new student joins.
    const [other] = await rowsOf<{ id: number }>(d(), sql`select id from groups where id <> ${item.id_group} order by id limit 1`);
    await d().update(students).set({ groupId: other.id }).where(eq(students.id, leaver.id_student));
    const joined = await newStudent(item.id_group, 'GS-RULES-1');
    sheet = await sheetOf('sheet.json', { id_sheet: sheet.id });
    expect(sheet.lines.find((l) => l.id_student === leaver.id_student)).toMatchObject({ left: true, exam: 25, total: leaver.modulePoints + 25 });
    expect(sheet.lines.find((l) => l.id_student === joined)).toMatchObject({ left: false, exam: null });
    expect(sheet.lines.filter((l) => l.left)).toHaveLength(1);

    // The leaver's points take no change, nothing written.
    const before = await d().select().from(gradingSheetHistory).orderBy(gradingSheetHistory.id);
    const refused = await call('exam.json', { id_sheet: sheet.id, points: [{ id_student: leaver.id_student, exam: 30 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'STUDENT_LEFT', params: { field: 'points.0.id_student' } });
    expect(refused.json().error.message).toMatch(/left the group/);
    expect(await d().select().from(gradingSheetHistory).orderBy(gradingSheetHistory.id)).toEqual(before);

    // Signed once every student in the group has exam points: the leaver's line kept as it is, with no result of his written.
    const leaverFinals = await finalsOf(leaver.id_student, disciplineId);
    sheet = await sheetOf('exam.json', {
      id_sheet: sheet.id,
      points: sheet.lines.filter((l) => !l.left && l.admitted).map((l, i) => ({ id_student: l.id_student, exam: 10 + i })),
    });
    sheet = await sheetOf('sign.json', { id_sheet: sheet.id });
    expect(sheet.lines.find((l) => l.id_student === leaver.id_student)).toMatchObject({ left: true, exam: 25 });
    expect(await finalsOf(leaver.id_student, disciplineId)).toEqual(leaverFinals);
    const mine = sheet.lines.find((l) => l.id_student === joined)!;
    expect(await finalsOf(joined, disciplineId)).toEqual([{ points: mine.total }]);
    // The workbook (and the printed sheet, from the same rows) names him as the screen does.
    const wb = await downloadedWorkbook(await fx.get(`/api/gradingsheet/sheet.xlsx?id_sheet=${sheet.id}`, fx.teacher, 'en'));
    const names: unknown[] = [];
    wb.worksheets[0].eachRow((r) => names.push((r.values as unknown[])[2]));
    const leaverFio = sheet.lines.find((l) => l.id_student === leaver.id_student)!.fio;
    expect(names).toContain(`${leaverFio} (left the group)`);
    expect(names).toContain(mine.fio);
    expect(names.filter((n) => typeof n === 'string' && n.endsWith('(left the group)'))).toHaveLength(1);

    // Signed, it never changes: another student leaves, another joins, the leaver comes back.
    const stored = await d().select().from(gradingSheetLines).where(eq(gradingSheetLines.sheetId, sheet.id)).orderBy(gradingSheetLines.id);
    const second = sheet.lines.find((l) => !l.left && l.id_student !== joined)!;
    await d().update(students).set({ groupId: other.id }).where(eq(students.id, second.id_student));
    await d().update(students).set({ groupId: item.id_group }).where(eq(students.id, leaver.id_student));
    await newStudent(item.id_group, 'GS-RULES-2');
    expect(await sheetOf('sheet.json', { id_sheet: sheet.id })).toEqual(sheet);
    expect(await d().select().from(gradingSheetLines).where(eq(gradingSheetLines.sheetId, sheet.id)).orderBy(gradingSheetLines.id)).toEqual(stored);
  });
});

describe("the grading sheet's module points", () => {
  it('come from every journal of the discipline for the group, weighted by their lessons, by module; a journal a student was taken off does not count', async () => {
    const res = await fx.app.inject({
      method: 'POST',
      url: '/api/gradingsheet/list.json',
      payload: { id_a_year: 2026, id_w_s: 1 },
      headers: { ...fx.teacher.headers, 'accept-language': 'ru' },
    });
    // The stream's lecture and the group's two laboratory subgroups, all the demo teacher's.
    const item = (res.json().data as SheetListItem[]).find((i) => i.discipline === 'Объектно-ориентированное программирование' && i.group === 'ПИ-1-25')!;
    const journals = await rowsOf<{ id: number; subgroup: number }>(
      d(),
      sql`select a.id, a.subgroup from teaching_assignments a, teaching_assignments f
           where f.id = ${item.id_journal} and a.discipline_id = f.discipline_id and a.academic_year_id = 2026 and a.working_semester_id = 1
             and (a.group_id = ${item.id_group} or a.stream_id in (select stream_id from stream_groups where group_id = ${item.id_group}))`,
    );
    const lecture = journals.find((j) => j.subgroup === 0)!;
    const labs = journals.filter((j) => j.subgroup > 0).map((j) => j.id);
    expect(lecture).toBeDefined();
    expect(labs.length).toBeGreaterThan(0);
    // A student of the group with entries in the lecture and in a laboratory journal, and that journal.
    const [who] = await rowsOf<{ studentId: number; lab: number }>(
      d(),
      sql`select v.student_id as "studentId", min(v.teaching_assignment_id) as lab from journal_visits v join students s on s.id = v.student_id
           where s.group_id = ${item.id_group} and v.teaching_assignment_id in (${sql.join(
             labs.map((id) => sql`${id}`),
             sql`, `,
           )})
             and exists (select 1 from journal_visits l where l.teaching_assignment_id = ${lecture.id} and l.student_id = v.student_id)
           group by v.student_id order by v.student_id limit 1`,
    );
    const all = sql.join(
      journals.map((j) => sql`${j.id}`),
      sql`, `,
    );
    // Every lesson without a module; the 0..100 scale; his marks 100 at the lecture, 50 in the laboratory.
    await d().execute(sql`delete from journal_lesson_topics where teaching_assignment_id in (${all})`);
    await d().execute(sql`update teaching_assignments set mark_scale = '0-100' where id in (${all})`);
    await d().execute(sql`update journal_visits set mark = '100' where teaching_assignment_id = ${lecture.id} and student_id = ${who.studentId}`);
    await d().execute(sql`update journal_visits set mark = '50' where teaching_assignment_id = ${who.lab} and student_id = ${who.studentId}`);
    const lessons = async (id: number) =>
      (
        await rowsOf<{ n: number }>(
          d(),
          sql`select count(distinct (visit_date, lesson_time_id))::int as n from journal_visits where teaching_assignment_id = ${id}`,
        )
      )[0].n;
    const [atLecture, atLab] = [await lessons(lecture.id), await lessons(who.lab)];
    expect(atLecture * atLab).toBeGreaterThan(0);

    let sheet = await sheetOf('open.json', { id_journal: item.id_journal, id_group: item.id_group });
    const lineOf = (s: Sheet) => s.lines.find((l) => l.id_student === who.studentId)!;
    const weighted = Math.round((60 * (atLecture * 1 + atLab * 0.5)) / (atLecture + atLab));
    expect(sheet.modules).toHaveLength(1);
    expect(lineOf(sheet)).toMatchObject({ modules: [weighted], modulePoints: weighted });

    // The lecture's lessons in one module, the laboratory's in another: a column each, 30 points each.
    const [m1, m2] = await rowsOf<{ id: number }>(d(), sql`select id from journal_modules order by id limit 2`);
    const topics = (journal: number, module: number) =>
      d().execute(sql`insert into journal_lesson_topics (teaching_assignment_id, visit_date, lesson_time_id, topic, module_id)
                       select distinct teaching_assignment_id, visit_date, lesson_time_id, 'Тема', ${module}::int from journal_visits where teaching_assignment_id = ${journal}`);
    await topics(lecture.id, m1.id);
    await topics(who.lab, m2.id);
    sheet = await sheetOf('sheet.json', { id_sheet: sheet.id });
    expect(sheet.modules.map((m) => [m.id_module, m.max])).toEqual([
      [m1.id, 30],
      [m2.id, 30],
    ]);
    expect(lineOf(sheet)).toMatchObject({ modules: [30, 15], modulePoints: 45 });

    // Taken off the laboratory journal's list, he has no laboratory points.
    await d().execute(sql`insert into journal_removed_students (teaching_assignment_id, student_id) values (${who.lab}, ${who.studentId})`);
    sheet = await sheetOf('sheet.json', { id_sheet: sheet.id });
    expect(lineOf(sheet)).toMatchObject({ modules: [30, 0], modulePoints: 30 });
  });
});
