/**
 * /api/visitlog/* setup of a journal: its mark scale, its subgroups (one split for the journals of
 * both subgroups of a group) and its planned topics, with every refusal.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { journalPlanTopics } from '../../db/schema';
import { app, db, journalOf, journals, lecture, post, student, teacher, TIME, useJournalApp, webLab } from './journal.test-fixture';

useJournalApp();

describe("the journal's mark scale", () => {
  const get = async (url: string) => app.inject({ method: 'GET', url: `/api/visitlog/${url}`, headers: teacher.headers });

  it("2..5 by default: listed by assessments.json for the journal, '44' refused in a cell and in a paste, writing nothing", async () => {
    expect(lecture.scale).toBe('2-5');
    expect((await get(`assessments.json?id_journal=${lecture.id_journal}`)).json().data.map((x: { name: string }) => x.name)).toEqual([
      '+',
      'н/б',
      'ув',
      '2',
      '3',
      '4',
      '5',
    ]);
    const data = await journalOf(lecture.id_journal);
    const [s1, s2] = data.students.map((s) => s.id_student);
    const date = '2026-11-23';
    const paste = await post(teacher, 'visit/paste.json', {
      id_journal: lecture.id_journal,
      cells: [
        { id_student: s1, visitDate: date, id_time: TIME, otsenka: '5' },
        { id_student: s2, visitDate: date, id_time: TIME, otsenka: '44' },
      ],
    });
    expect(paste.statusCode).toBe(400);
    expect(paste.json().error).toMatchObject({ code: 'INVALID_MARK', message: 'Недопустимая отметка: «н/б», «ув», «+» или целое число от 2 до 5' });
    expect((await journalOf(lecture.id_journal)).journal[0].some((v) => v.visitDate === date && v.id_time === TIME)).toBe(false);
  });

  it("a journal set to 0..100 takes '44' and lists 0..100; back to 2..5 is refused while a mark does not fit (SCALE_IN_USE)", async () => {
    const lab = webLab(2);
    const s = (await journalOf(lab.id_journal)).students[0].id_student;
    const cell = { id_journal: lab.id_journal, id_student: s, visitDate: '2026-11-23', id_time: TIME };
    expect((await post(teacher, 'visit/set.json', { ...cell, otsenka: '44' })).json().error.code).toBe('INVALID_MARK');
    expect((await post(student, 'scale.json', { id_journal: lab.id_journal, scale: '0-100' })).statusCode).toBe(403);
    expect((await post(teacher, 'scale.json', { id_journal: lab.id_journal, scale: '1-10' })).statusCode).toBe(400);
    // The seeded marks (2..5) fit 0..100.
    expect((await post(teacher, 'scale.json', { id_journal: lab.id_journal, scale: '0-100' })).json().data).toEqual({ scale: '0-100' });
    expect((await journalOf(lab.id_journal)).info.scale).toBe('0-100');
    const marks = (await get(`assessments.json?id_journal=${lab.id_journal}`)).json().data.map((x: { name: string }) => x.name);
    expect(marks.slice(0, 4)).toEqual(['+', 'н/б', 'ув', '0']);
    expect(marks.at(-1)).toBe('100');
    expect((await post(teacher, 'visit/set.json', { ...cell, otsenka: '44' })).json().data.otsenka).toBe('44');
    const back = await post(teacher, 'scale.json', { id_journal: lab.id_journal, scale: '2-5' });
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toMatchObject({ code: 'SCALE_IN_USE', params: { count: 1 } });
    expect((await journalOf(lab.id_journal)).info.scale).toBe('0-100');
    await post(teacher, 'visit/set.json', { ...cell, otsenka: null });
    expect((await post(teacher, 'scale.json', { id_journal: lab.id_journal, scale: '2-5' })).statusCode).toBe(200);
    expect((await post(teacher, 'visit/set.json', { ...cell, otsenka: '44' })).json().error.code).toBe('INVALID_MARK');
  });
});

describe('subgroups, planned topics', () => {
  it('creates and edits subgroups: the journal of subgroup 1 then lists exactly its members; bad lists change nothing', async () => {
    const lab = webLab(1);
    const before = (await post(teacher, 'subgroup/students.json', { id_journal: lab.id_journal })).json().data;
    expect(before.subgroups).toEqual([]);
    const everyone = before.students.map((s: { id_student: number }) => s.id_student);
    expect(everyone.length).toBeGreaterThan((await journalOf(lab.id_journal)).students.length);
    const [x, y, z] = everyone;
    const ok = await post(teacher, 'subgroup/update.json', {
      id_journal: lab.id_journal,
      subgroups: [
        { number: 1, name: 'Первая', students: [x, z] },
        { number: 2, name: 'Вторая', students: [y] },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect((await journalOf(lab.id_journal)).students.map((s) => s.id_student).sort()).toEqual([x, z].sort());
    // A student in two subgroups, a number twice, a student of another group: 400, nothing changed.
    for (const subgroups of [
      [
        { number: 1, name: 'A', students: [x] },
        { number: 2, name: 'B', students: [x] },
      ],
      [
        { number: 1, name: 'A', students: [x] },
        { number: 1, name: 'B', students: [y] },
      ],
      [{ number: 1, name: 'A', students: [2_000_000_000] }],
    ])
      expect((await post(teacher, 'subgroup/update.json', { id_journal: lab.id_journal, subgroups })).statusCode).toBe(400);
    expect((await post(teacher, 'subgroup/students.json', { id_journal: lab.id_journal })).json().data.subgroups.map((g: { name: string }) => g.name)).toEqual([
      'Первая',
      'Вторая',
    ]);
    // Back to the group's own halves.
    await post(teacher, 'subgroup/update.json', { id_journal: lab.id_journal, subgroups: [] });
    expect((await journalOf(lab.id_journal)).students.length).toBeGreaterThan(2);
  });

  it("one split serves the teacher's journals of both subgroups of that group; a journal of the whole group keeps everyone with his subgroup", async () => {
    const lab1 = webLab(1);
    const lab2 = journals.find(
      (j) => j.id_discipline === lab1.id_discipline && j.id_vid_zaniatiy === 3 && j.subgroup === 2 && j.id_groupOrPotok === lab1.id_groupOrPotok,
    )!;
    expect(lab2).toBeDefined();
    const everyone = (await post(teacher, 'subgroup/students.json', { id_journal: lab2.id_journal }))
      .json()
      .data.students.map((s: { id_student: number }) => s.id_student) as number[];
    const [x, y, z, w] = everyone;
    const split = [
      { number: 1, name: 'Бэкенд', students: [x, y] },
      { number: 2, name: 'Фронтенд', students: [z] },
    ];
    expect((await post(teacher, 'subgroup/update.json', { id_journal: lab1.id_journal, subgroups: split })).statusCode).toBe(200);
    // Read back through the other journal: the same split, and each journal lists its own half of it (w is in neither).
    expect((await post(teacher, 'subgroup/students.json', { id_journal: lab2.id_journal })).json().data.subgroups).toEqual(split);
    expect((await journalOf(lab1.id_journal)).students.map((s) => [s.id_student, s.subgroup])).toEqual(
      [x, y].sort((p, q) => everyone.indexOf(p) - everyone.indexOf(q)).map((id) => [id, 1]),
    );
    expect((await journalOf(lab2.id_journal)).students.map((s) => [s.id_student, s.subgroup])).toEqual([[z, 2]]);
    expect((await journalOf(lab2.id_journal)).students.map((s) => s.id_student)).not.toContain(w);
    // Another teacher's or a student's write is refused and changes nothing.
    expect((await post(student, 'subgroup/update.json', { id_journal: lab1.id_journal, subgroups: [] })).statusCode).toBe(403);
    expect((await post(teacher, 'subgroup/students.json', { id_journal: lab1.id_journal })).json().data.subgroups).toEqual(split);
    expect((await post(teacher, 'subgroup/update.json', { id_journal: lab2.id_journal, subgroups: [] })).statusCode).toBe(200);
    expect((await post(teacher, 'subgroup/students.json', { id_journal: lab1.id_journal })).json().data.subgroups).toEqual([]);

    // The stream's lecture (subgroup 0): everyone stays on the list, each with his subgroup number or 0.
    const before = (await journalOf(lecture.id_journal)).students.map((s) => s.id_student);
    const [first] = before;
    expect(
      (await post(teacher, 'subgroup/update.json', { id_journal: lecture.id_journal, subgroups: [{ number: 1, name: 'A', students: [first] }] })).statusCode,
    ).toBe(200);
    const after = (await journalOf(lecture.id_journal)).students;
    expect(after.map((s) => s.id_student)).toEqual(before);
    expect(after.map((s) => s.subgroup)).toEqual(before.map((id) => (id === first ? 1 : 0)));
    await post(teacher, 'subgroup/update.json', { id_journal: lecture.id_journal, subgroups: [] });
  });

  it('refuses a subgroup without a name and an unknown journal, changing nothing', async () => {
    const lab = journals.find((j) => j.id_vid_zaniatiy === 3 && j.subgroup === 1)!;
    expect(
      (await post(teacher, 'subgroup/update.json', { id_journal: lab.id_journal, subgroups: [{ number: 1, name: '   ', students: [] }] })).statusCode,
    ).toBe(400);
    expect((await post(teacher, 'subgroup/update.json', { id_journal: 2_000_000_000, subgroups: [] })).statusCode).toBe(404);
    expect((await post(teacher, 'subgroup/students.json', { id_journal: lab.id_journal })).json().data.subgroups).toEqual([]);
  });

  it('saves and replaces planned topics; a module that does not exist is refused', async () => {
    const topics = [
      { number: 1, topic: 'HTTP', hours: 2, id_module: 1 },
      { number: 2, topic: 'HTML', hours: 2, id_module: null },
    ];
    expect((await post(teacher, 'inputtopics/save.json', { id_journal: lecture.id_journal, topics })).json().data).toEqual(topics);
    expect(
      (await post(teacher, 'inputtopics/save.json', { id_journal: lecture.id_journal, topics: [{ number: 1, topic: 'x', hours: 2, id_module: 99 }] }))
        .statusCode,
    ).toBe(400);
    expect((await post(teacher, 'inputtopics.json', { id_journal: lecture.id_journal })).json().data).toEqual(topics);
  });

  it('saving the planned topics again keeps the rows of the numbers that stay and drops the others', async () => {
    const rowsOf = () =>
      db.database.db.select().from(journalPlanTopics).where(eq(journalPlanTopics.teachingAssignmentId, lecture.id_journal)).orderBy(journalPlanTopics.number);
    await post(teacher, 'inputtopics/save.json', {
      id_journal: lecture.id_journal,
      topics: [
        { number: 1, topic: 'HTTP', hours: 2, id_module: null },
        { number: 2, topic: 'HTML', hours: 2, id_module: null },
      ],
    });
    const [first] = await rowsOf();
    const edited = [{ number: 1, topic: 'HTTP and TLS', hours: 4, id_module: 1 }];
    expect((await post(teacher, 'inputtopics/save.json', { id_journal: lecture.id_journal, topics: edited })).json().data).toEqual(edited);
    const after = await rowsOf();
    expect(after.map((r) => [r.id, r.number, r.topic, r.hours, r.moduleId])).toEqual([[first.id, 1, 'HTTP and TLS', 4, 1]]);
    expect((await post(teacher, 'inputtopics/save.json', { id_journal: lecture.id_journal, topics: [] })).json().data).toEqual([]);
    expect(await rowsOf()).toEqual([]);
  });
});
