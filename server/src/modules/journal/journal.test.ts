/**
 * /api/visitlog/*: the teacher's journals, one journal with its totals, cell writes and their audit
 * trail, concurrent edits (the later write wins, both recorded), a paste that fails halfway (nothing
 * written), mark all present, deletions, topics, the Excel export and the student's own journal,
 * with every refusal (docs/security.md#access).
 */
import ExcelJS from 'exceljs';
import { moduleSubtotals, modulesOf } from '../../../../contract/pure/journal-totals';
import { and, count, eq, ne } from 'drizzle-orm';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JournalReply,
  JournalStartReply,
  type JournalData,
  type JournalInfo,
  type HiddenStudent,
  type JournalStart,
  type StudentJournalItem,
  type VisitRow,
} from '../../../../contract/journal';
import type { App } from '../../app';
import { journalPlanTopics, journalVisitChanges, journalVisits, scheduleEntries, students, teachingAssignments, users } from '../../db/schema';
import { appOn, cookieHeader, DEMO, quickPasswordHash, session, signedInApp, signIn, testClock, type TestDatabase, type TestSession } from '../../test/helpers';
import { journalStreamEvent } from './journal.live';
import { parseMark, totals } from './journal.marks';

let db: TestDatabase;
let app: App;
let teacher: TestSession;
let student: TestSession;
let journals: JournalInfo[];
/** The Web Programming lecture of the stream the demo student belongs to. */
let lecture: JournalInfo;

const post = (who: TestSession, url: string, payload: object) => app.inject({ method: 'POST', url: `/api/visitlog/${url}`, headers: who.headers, payload });
const journalOf = async (id: number) => (await post(teacher, 'journal.json', { id_journal: id })).json().data as JournalData;
/** A student's stored mark at a lesson, from the reply's raw records (undefined: no record). */
const markIn = (data: JournalData, student: number, key: string) => {
  const v = data.journal[0].find((r) => r.id_student === student && `${r.visitDate}|${r.id_time}` === key);
  return v ? v.otsenka : undefined;
};
/** A lesson no seeded record uses: the last pair (17:30) of a day in the demo half-year. */
const DATE = '2026-11-24';
const TIME = 7;
/** Today for this file: late in the demo half-year (2026-27 autumn), after every date the tests write marks on. */
const TODAY = new Date(2026, 10, 30, 12, 0);

beforeAll(async () => {
  ({ db, app, teacher, student } = await signedInApp({ now: testClock(TODAY).now }));
  const res = await post(teacher, 'journals.json', { id_a_year: 2026, id_w_s: 1 });
  expect(res.statusCode).toBe(200);
  journals = res.json().data;
  lecture = journals.find((j) => j.discipline === 'Веб-программирование' && j.id_vid_zaniatiy === 1)!;
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('marks and totals', () => {
  it("accepts '+', 'н/б', 'ув' and the whole numbers of the journal's scale (2..5 by default, or 0..100), refuses the rest", () => {
    expect(parseMark('+')).toBeNull();
    expect(parseMark(' Н/Б ')).toBe('н/б');
    expect(parseMark('нб')).toBe('н/б');
    expect(parseMark('ув')).toBe('ув');
    expect(parseMark('05')).toBe('5');
    expect(parseMark('2')).toBe('2');
    expect(parseMark(null)).toBeUndefined();
    for (const bad of ['44', '1', '0', '6', '100', '-1', '4.5', 'abc', '', '5+']) expect(() => parseMark(bad)).toThrow('INVALID_MARK');
    expect(parseMark('0', '0-100')).toBe('0');
    expect(parseMark('44', '0-100')).toBe('44');
    expect(parseMark('100', '0-100')).toBe('100');
    for (const bad of ['101', '-1', '4.5']) expect(() => parseMark(bad, '0-100')).toThrow('INVALID_MARK');
  });

  it("counts 'н/б' as an absence, a present mark without a grade as 0 in the average, and gives the mean of the marks beside it, to 2 decimals", () => {
    expect(totals(['5', 'н/б', null, '4', 'ув', '3'])).toEqual({ nb_Count: 1, ball_Count: 12, ball_average: 3, ball_mean: 4 });
    expect(totals(['5', '4', '4'])).toEqual({ nb_Count: 0, ball_Count: 13, ball_average: 4.33, ball_mean: 4.33 });
    expect(totals([])).toEqual({ nb_Count: 0, ball_Count: 0, ball_average: 0, ball_mean: null });
    // A student whose only mark is a 4, present at six more lessons: his grade reads 4, not 0.57.
    expect(totals(['4', null, null, null, null, null, null])).toEqual({ nb_Count: 0, ball_Count: 4, ball_average: 0.57, ball_mean: 4 });
  });
});

describe('live events', () => {
  it("sends a journal change as 'journal', a change too large to travel as 'resync', and nothing of other areas", () => {
    const data = { id_journal: 1, cells: [], reload: true };
    expect(journalStreamEvent({ event: 'journal.changed', data })).toEqual({ event: 'journal', data });
    expect(journalStreamEvent({ event: 'journal.changed', data: null })).toEqual({ event: 'resync', data: {} });
    expect(journalStreamEvent({ event: 'chat.message', data })).toBeNull();
  });
});

describe('journals and one journal', () => {
  it("lists the teacher's journals of the half-year: lectures to a stream, laboratory work per subgroup", () => {
    expect(lecture).toMatchObject({ isPotok: true, vid_zaniatiy: 'Лекция', subgroup: 0 });
    const labs = journals.filter((j) => j.discipline === 'Веб-программирование' && j.id_vid_zaniatiy === 3);
    expect(labs.map((j) => j.subgroup).sort()).toEqual([1, 1, 2, 2]);
  });

  it('gives the seeded semester: students, lessons with topics, ~85 % attendance, totals per student', async () => {
    const data = await journalOf(lecture.id_journal);
    expect(data.students.length).toBeGreaterThanOrEqual(8);
    expect(data.dates.length).toBeGreaterThanOrEqual(8);
    const [visits, topics] = data.journal;
    // Every seeded lesson has its topic (other tests add lessons of their own at TIME, untitled).
    const seeded = data.dates.filter((d) => d.id_time !== TIME && d.visitDate < DATE);
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    for (const d of seeded) expect(topics.some((t) => t.visitDate === d.visitDate && t.id_time === d.id_time)).toBe(true);
    const absent = visits.filter((v) => v.otsenka === 'н/б' || v.otsenka === 'ув').length;
    expect(absent / visits.length).toBeGreaterThan(0.03);
    expect(absent / visits.length).toBeLessThan(0.35);
    for (const row of data.resArray) {
      const own = visits.filter((v) => v.id_student === row.id_student);
      expect(row.nb_Count).toBe(own.filter((v) => v.otsenka === 'н/б').length);
      expect(row.ball_Count).toBe(own.reduce((s, v) => s + (v.otsenka && /^\d+$/.test(v.otsenka) ? Number(v.otsenka) : 0), 0));
      expect(row).toEqual({
        id_student: row.id_student,
        s_fio: data.students.find((s) => s.id_student === row.id_student)!.s_fio,
        ...totals(own.map((v) => v.otsenka)),
      });
    }
  });

  it("answers with the contract: each listed student's record once, in lesson order, lessons with their start times", async () => {
    const res = await post(teacher, 'journal.json', { id_journal: lecture.id_journal });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const reply = res.json();
    expect(Value.Errors(JournalReply, reply)).toEqual([]);
    const data = reply.data as JournalData;
    expect(data.resArray.map((r) => r.id_student)).toEqual(data.students.map((s) => s.id_student));
    const listed = new Set(data.students.map((s) => s.id_student));
    const [visits, topics] = data.journal;
    expect(visits.every((v) => listed.has(v.id_student))).toBe(true);
    expect(new Set(visits.map((v) => `${v.id_student}|${v.visitDate}|${v.id_time}`)).size).toBe(visits.length);
    const order = (x: { visitDate: string; id_time: number }) => `${x.visitDate}|${String(x.id_time).padStart(2, '0')}`;
    expect(visits.map(order)).toEqual([...visits.map(order)].sort());
    expect(data.dates.map(order)).toEqual([...new Set([...visits, ...topics].map(order))].sort());
    expect(data.dates.every((d) => /^\d\d:\d\d$/.test(d.time))).toBe(true);
    expect(visits.every((v) => new Date(v.updatedAt).toISOString() === v.updatedAt)).toBe(true);
    expect((await post(teacher, 'dates.json', { id_journal: lecture.id_journal })).json().data).toEqual(data.dates);
  });

  it("gives the screen's first view in one reply, each part exactly the reply of its own call", async () => {
    const get = async (who: TestSession, url: string) => app.inject({ method: 'GET', url: `/api/${url}`, headers: who.headers });
    const res = await get(teacher, 'visitlog/start.json');
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(Value.Errors(JournalStartReply, reply)).toEqual([]);
    const start = reply.data as JournalStart;
    const year = (await get(teacher, 'misc/defaultyear.json')).json().data;
    const ws = (await get(teacher, 'discipline/current/ws.json')).json().data;
    expect(start).toEqual({
      years: (await get(teacher, 'misc/years.json')).json().data,
      half: { id_a_year: year.id, id_w_s: ws.id },
      journals: (await post(teacher, 'journals.json', { id_a_year: year.id, id_w_s: ws.id })).json().data,
      times: (await get(teacher, 'visitlog/times.json')).json().data,
      modules: (await get(teacher, 'visitlog/modules.json')).json().data,
    });
    expect(start.journals.length).toBeGreaterThan(0);
    expect(start.journals.every((j) => j.id_teacher === lecture.id_teacher)).toBe(true);
  });

  it('gives a student nothing of it (403), and another teacher only his own journals', async () => {
    const refused = await app.inject({ method: 'GET', url: '/api/visitlog/start.json', headers: student.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data ?? null).toBeNull();
    const d = db.database.db;
    const [other] = await d
      .select({ userId: users.id, teacherId: users.teacherId })
      .from(users)
      .where(and(eq(users.role, 1), ne(users.teacherId, lecture.id_teacher)))
      .limit(1);
    await d
      .update(users)
      .set({ login: 'other-teacher', passwordHash: quickPasswordHash('Other-Teacher-2026') })
      .where(eq(users.id, other.userId));
    const { token } = await signIn(app, 'other-teacher', 'Other-Teacher-2026');
    const res = await app.inject({ method: 'GET', url: '/api/visitlog/start.json', headers: cookieHeader(token!) });
    expect(res.statusCode).toBe(200);
    const theirs = (res.json().data as JournalStart).journals;
    expect(theirs.every((j) => j.id_teacher === other.teacherId)).toBe(true);
    const mine = new Set(journals.map((j) => j.id_journal));
    expect(theirs.some((j) => mine.has(j.id_journal))).toBe(false);
  });

  it("refuses another teacher's journal (403), an unknown one (404) and students (403)", async () => {
    const [other] = await db.database.db
      .select({ id: teachingAssignments.id })
      .from(teachingAssignments)
      .where(ne(teachingAssignments.teacherId, lecture.id_teacher))
      .limit(1);
    expect((await post(teacher, 'journal.json', { id_journal: other.id })).statusCode).toBe(403);
    expect((await post(teacher, 'visit/set.json', { id_journal: other.id, id_student: 1, visitDate: DATE, id_time: TIME, otsenka: '5' })).statusCode).toBe(403);
    expect((await post(teacher, 'journal.json', { id_journal: 2_000_000_000 })).statusCode).toBe(404);
    expect((await post(student, 'journals.json', { id_a_year: 2026, id_w_s: 1 })).statusCode).toBe(403);
    expect((await post(student, 'journal.json', { id_journal: lecture.id_journal })).statusCode).toBe(403);
  });

  it('lists lesson types, education forms, modules, marks, semesters, groups and teachers', async () => {
    const get = async (url: string) => (await app.inject({ method: 'GET', url: `/api/visitlog/${url}`, headers: teacher.headers })).json().data;
    expect((await get('lessontypes.json')).map((x: { name: string }) => x.name)).toEqual(['Лекция', 'Практическое занятие', 'Лабораторная работа']);
    expect((await get('educforms.json')).length).toBeGreaterThanOrEqual(2);
    expect((await get('modules.json')).length).toBe(3);
    expect((await get('assessments.json')).map((x: { name: string }) => x.name)).toContain('н/б');
    const semesters = (await post(teacher, 'semesters.json', { id_a_year: 2026, id_w_s: 1 })).json().data;
    expect(semesters.map((s: { name: string }) => s.name)).toEqual(['1', '3', '5']);
    const groups = (await post(teacher, 'groups.json', { id_a_year: 2026, id_w_s: 1, id_semester: lecture.id_semester })).json().data;
    expect(groups.map((g: { name: string }) => g.name)).toContain(lecture.groupOrPotok);
    expect((await post(teacher, 'teachers.json', { id_a_year: 2026, id_w_s: 1 })).json().data).toEqual([{ id: lecture.id_teacher, name: lecture.teacher }]);
  });
});

describe('writing cells', () => {
  it('sets, changes and clears a mark, each change in the history with who and the old and new value', async () => {
    const data = await journalOf(lecture.id_journal);
    const s = data.students[0].id_student;
    const cell = { id_journal: lecture.id_journal, id_student: s, visitDate: DATE, id_time: TIME };
    const first = await post(teacher, 'visit/set.json', { ...cell, otsenka: '4' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ otsenka: '4', source: 'journal' });
    // The journal sends the record exactly as the write answered it (members, their order, the time to the millisecond).
    const stored = (await post(teacher, 'journal.json', { id_journal: lecture.id_journal })).body;
    expect(stored).toContain(JSON.stringify(first.json().data));
    expect((await post(teacher, 'visit/set.json', { ...cell, otsenka: 'н/б' })).json().data.otsenka).toBe('н/б');
    expect((await post(teacher, 'visit/set.json', { ...cell, otsenka: null })).json().data).toBeNull();
    const history = (await post(teacher, 'visit/history.json', cell)).json().data;
    expect(history.map((h: { action: string; oldMark: string | null; newMark: string | null }) => [h.action, h.oldMark, h.newMark])).toEqual([
      ['delete', 'н/б', null],
      ['update', '4', 'н/б'],
      ['insert', null, '4'],
    ]);
    expect(history[0].who).toBe(lecture.teacher);
  });

  it('refuses a mark outside the allowed values with INVALID_MARK and a translated message, changing nothing', async () => {
    const data = await journalOf(lecture.id_journal);
    const s = data.students[1].id_student;
    const cell = { id_journal: lecture.id_journal, id_student: s, visitDate: DATE, id_time: TIME };
    await post(teacher, 'visit/set.json', { ...cell, otsenka: '3' });
    for (const bad of ['101', 'x', '2.5', '44', '1']) {
      const res = await post(teacher, 'visit/set.json', { ...cell, otsenka: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_MARK', params: { min: 2, max: 5 } });
    }
    const en = await app.inject({
      method: 'POST',
      url: '/api/visitlog/visit/set.json',
      headers: { ...teacher.headers, 'accept-language': 'en' },
      payload: { ...cell, otsenka: '44' },
    });
    expect(en.json().error.message).toBe("Invalid mark: 'н/б', 'ув', '+' or a whole number from 2 to 5");
    expect(markIn(await journalOf(lecture.id_journal), s, `${DATE}|${TIME}`)).toBe('3');
  });

  it('refuses a student writing (403), a date outside the half-year and an unknown lesson time (400)', async () => {
    const data = await journalOf(lecture.id_journal);
    const cell = { id_journal: lecture.id_journal, id_student: data.students[0].id_student, otsenka: '5' };
    expect((await post(student, 'visit/set.json', { ...cell, visitDate: DATE, id_time: TIME })).statusCode).toBe(403);
    expect((await post(student, 'visit/insertall.json', { id_journal: lecture.id_journal, visitDate: DATE, id_time: TIME })).statusCode).toBe(403);
    expect((await post(teacher, 'visit/set.json', { ...cell, visitDate: '2025-05-05', id_time: TIME })).statusCode).toBe(400);
    expect((await post(teacher, 'visit/set.json', { ...cell, visitDate: DATE, id_time: 15 })).statusCode).toBe(400);
    expect((await post(teacher, 'visit/set.json', { ...cell, visitDate: '2026-02-30', id_time: TIME })).statusCode).toBe(400);
  });

  it('two concurrent edits of one cell: both succeed, the later one stays, both are in the audit trail', async () => {
    const data = await journalOf(lecture.id_journal);
    const s = data.students[2].id_student;
    const cell = { id_journal: lecture.id_journal, id_student: s, visitDate: '2026-11-25', id_time: TIME };
    const [a, b] = await Promise.all([post(teacher, 'visit/set.json', { ...cell, otsenka: '2' }), post(teacher, 'visit/set.json', { ...cell, otsenka: '5' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const history = (await post(teacher, 'visit/history.json', cell)).json().data as { newMark: string; oldMark: string | null }[];
    expect(history.map((h) => h.newMark).sort()).toEqual(['2', '5']);
    const stored = markIn(await journalOf(lecture.id_journal), s, `2026-11-25|${TIME}`);
    expect(stored).toBe(history[0].newMark);
    expect(history[0].oldMark).toBe(history[1].newMark);
  });

  it('a paste that fails halfway writes nothing', async () => {
    const data = await journalOf(lecture.id_journal);
    const date = '2026-11-26';
    const [s1, s2] = data.students.map((s) => s.id_student);
    const res = await post(teacher, 'visit/paste.json', {
      id_journal: lecture.id_journal,
      cells: [
        { id_student: s1, visitDate: date, id_time: TIME, otsenka: '5' },
        { id_student: s2, visitDate: date, id_time: TIME, otsenka: '4' },
        { id_student: 2_000_000_000, visitDate: date, id_time: TIME, otsenka: '3' },
      ],
    });
    expect(res.statusCode).toBe(404);
    const [{ n }] = await db.database.db
      .select({ n: count() })
      .from(journalVisits)
      .where(and(eq(journalVisits.teachingAssignmentId, lecture.id_journal), eq(journalVisits.visitDate, date)));
    expect(n).toBe(0);
    const [{ c }] = await db.database.db
      .select({ c: count() })
      .from(journalVisitChanges)
      .where(and(eq(journalVisitChanges.teachingAssignmentId, lecture.id_journal), eq(journalVisitChanges.visitDate, date)));
    expect(c).toBe(0);

    const ok = await post(teacher, 'visit/paste.json', {
      id_journal: lecture.id_journal,
      cells: [
        { id_student: s1, visitDate: date, id_time: TIME, otsenka: '5' },
        { id_student: s2, visitDate: date, id_time: TIME, otsenka: '4' },
      ],
    });
    expect(ok.json().data.cells.map((c: { cell: VisitRow }) => c.cell.otsenka)).toEqual(['5', '4']);
  });

  it('mark all present leaves absent, excused and marked students as they are', async () => {
    const data = await journalOf(lecture.id_journal);
    const date = '2026-11-27';
    const [s1, s2, s3] = data.students.map((s) => s.id_student);
    for (const [s, m] of [
      [s1, 'н/б'],
      [s2, 'ув'],
      [s3, '5'],
    ] as const)
      await post(teacher, 'visit/set.json', { id_journal: lecture.id_journal, id_student: s, visitDate: date, id_time: TIME, otsenka: m });
    const res = await post(teacher, 'visit/insertall.json', { id_journal: lecture.id_journal, visitDate: date, id_time: TIME });
    expect(res.json().data.inserted).toBe(data.students.length - 3);
    const after = await journalOf(lecture.id_journal);
    const key = `${date}|${TIME}`;
    expect(after.resArray.map((r) => markIn(after, r.id_student, key))).toEqual(
      data.students.map((s) => (s.id_student === s1 ? 'н/б' : s.id_student === s2 ? 'ув' : s.id_student === s3 ? '5' : null)),
    );
    expect((await post(teacher, 'visit/insertall.json', { id_journal: lecture.id_journal, visitDate: date, id_time: TIME })).json().data.inserted).toBe(0);
  });

  it('the visit update by record id changes a record by its id; another teacher id in the body is refused', async () => {
    const data = await journalOf(lecture.id_journal);
    const record = data.journal[0][0];
    const res = await post(teacher, 'visit/update.json', {
      id_studentJournalVisit: record.id_studentJournalVisit,
      id_otsenka: '3',
      id_teacher: lecture.id_teacher,
    });
    expect(res.json().data.otsenka).toBe('3');
    expect(
      (await post(teacher, 'visit/update.json', { id_studentJournalVisit: record.id_studentJournalVisit, id_otsenka: '3', id_teacher: lecture.id_teacher + 1 }))
        .statusCode,
    ).toBe(403);
  });
});

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
    const lab = journals.find((j) => j.discipline === 'Веб-программирование' && j.id_vid_zaniatiy === 3 && j.subgroup === 2)!;
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

describe("the journal's period", () => {
  const cellOf = async (journal: number, i = 0) => ({ id_journal: journal, id_student: (await journalOf(journal)).students[i].id_student, id_time: TIME });

  it('tells each journal its half-year: autumn 1 September to 31 January, spring 1 February to 31 August, read-only 14 days after', () => {
    expect(lecture).toMatchObject({ startsOn: '2026-09-01', endsOn: '2027-01-31', closesOn: '2027-02-15', readOnly: false });
  });

  it("refuses a mark dated outside the journal's half-year with OUTSIDE_PERIOD and its dates, in the caller's language, writing nothing", async () => {
    const cell = await cellOf(lecture.id_journal, 3);
    for (const visitDate of ['2027-04-01', '2027-08-31', '2026-08-31', '2027-02-01']) {
      const res = await post(teacher, 'visit/set.json', { ...cell, visitDate, otsenka: '5' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'OUTSIDE_PERIOD', message: 'Дата вне полугодия журнала (01.09.2026 – 31.01.2027)' });
    }
    const kg = await app.inject({
      method: 'POST',
      url: '/api/visitlog/visit/set.json?lang=kg',
      headers: { ...teacher.headers, cookie: `${teacher.headers.cookie}; lang=kg` },
      payload: { ...cell, visitDate: '2027-04-01', otsenka: '5' },
    });
    expect(kg.json().error.message).toBe('Күнү журналдын жарым жылдыгынан тышкары (01.09.2026 – 31.01.2027)');
    // Paste, mark all present, topic and lesson deletion are held to the same half-year.
    const paste = await post(teacher, 'visit/paste.json', {
      id_journal: lecture.id_journal,
      cells: [
        { ...cell, visitDate: DATE, otsenka: '4' },
        { ...cell, id_student: (await cellOf(lecture.id_journal, 4)).id_student, visitDate: '2027-04-01', otsenka: '4' },
      ].map(({ id_journal: _j, ...c }) => c),
    });
    expect(paste.json().error.code).toBe('OUTSIDE_PERIOD');
    expect((await post(teacher, 'visit/insertall.json', { id_journal: lecture.id_journal, visitDate: '2027-04-01', id_time: TIME })).json().error.code).toBe(
      'OUTSIDE_PERIOD',
    );
    expect(
      (
        await post(teacher, 'topictime/update.json', {
          id_journal: lecture.id_journal,
          visitDate: '2027-04-01',
          id_time: TIME,
          topic: 'Later',
          lessonNumber: 1,
          hours: 2,
          id_module: null,
        })
      ).json().error.code,
    ).toBe('OUTSIDE_PERIOD');
    const data = await journalOf(lecture.id_journal);
    expect(data.dates.some((d) => d.visitDate > '2027-01-31' || d.visitDate < '2026-09-01')).toBe(false);
    expect(markIn(data, cell.id_student, `${DATE}|${TIME}`)).toBeUndefined();
    // Nor does the student's autumn view show anything outside it.
    const own = (await post(student, 'student/journal.json', { id_a_year: 2026, id_w_s: 1 })).json().data as StudentJournalItem[];
    expect(own.flatMap((i) => i.visits).every((v) => v.visitDate >= '2026-09-01' && v.visitDate <= '2027-01-31')).toBe(true);
  });

  it('plans lessons and topics ahead inside the half-year, but refuses marks and attendance after today (FUTURE_DATE)', async () => {
    const cell = await cellOf(lecture.id_journal, 3);
    const ahead = '2026-12-15';
    const topic = await post(teacher, 'topictime/update.json', {
      id_journal: lecture.id_journal,
      visitDate: ahead,
      id_time: TIME,
      topic: 'Planned ahead',
      lessonNumber: 1,
      hours: 2,
      id_module: null,
    });
    expect(topic.statusCode).toBe(200);
    for (const [url, body] of [
      ['visit/set.json', { ...cell, visitDate: ahead, otsenka: '5' }],
      ['visit/set.json', { ...cell, visitDate: '2026-12-01', otsenka: '+' }],
      ['visit/insertall.json', { id_journal: lecture.id_journal, visitDate: ahead, id_time: TIME }],
    ] as const) {
      const res = await post(teacher, url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'FUTURE_DATE', message: 'Отметки и посещаемость нельзя ставить на будущую дату' });
    }
    const data = await journalOf(lecture.id_journal);
    expect(data.journal[0].some((v) => v.visitDate === ahead)).toBe(false);
    // Today is not the future.
    expect((await post(teacher, 'visit/set.json', { ...cell, visitDate: '2026-11-30', otsenka: '+' })).statusCode).toBe(200);
  });

  it("keeps last year's journals read-only (PERIOD_CLOSED): no mark, topic, deletion, subgroups or plan is written", async () => {
    const old = (await post(teacher, 'journals.json', { id_a_year: 2025, id_w_s: 1 })).json().data as JournalInfo[];
    expect(old.length).toBeGreaterThan(0);
    const j = old[0];
    expect(j).toMatchObject({ startsOn: '2025-09-01', endsOn: '2026-01-31', closesOn: '2026-02-15', readOnly: true });
    const cell = await cellOf(j.id_journal);
    const before = await journalOf(j.id_journal);
    const writes: [string, object][] = [
      ['visit/set.json', { ...cell, visitDate: '2025-11-24', otsenka: '5' }],
      ['visit/paste.json', { id_journal: j.id_journal, cells: [{ id_student: cell.id_student, visitDate: '2025-11-24', id_time: TIME, otsenka: '5' }] }],
      ['visit/insertall.json', { id_journal: j.id_journal, visitDate: '2025-11-24', id_time: TIME }],
      [
        'topictime/update.json',
        { id_journal: j.id_journal, visitDate: '2025-11-24', id_time: TIME, topic: 'Late', lessonNumber: 1, hours: 2, id_module: null },
      ],
      ['student/delete.json', { id_journal: j.id_journal, id_student: cell.id_student }],
      ['student/restore.json', { id_journal: j.id_journal, id_student: cell.id_student }],
      ['subgroup/update.json', { id_journal: j.id_journal, subgroups: [] }],
      ['inputtopics/save.json', { id_journal: j.id_journal, topics: [] }],
      ['teacherjournal/delete.json', { id_journal: j.id_journal }],
    ];
    for (const [url, body] of writes) {
      const res = await post(teacher, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'PERIOD_CLOSED', message: 'Полугодие закрыто с 15.02.2026: журнал только для чтения' });
    }
    expect(await journalOf(j.id_journal)).toEqual(before);
  });

  it('closes a half-year JOURNAL_GRACE_DAYS after its end, and lets the accounts of JOURNAL_REOPEN_LOGINS write into it', async () => {
    const cell = { ...(await cellOf(lecture.id_journal, 5)), visitDate: '2027-01-20' };
    const clock = testClock(new Date(2027, 1, 14, 23, 50));
    const late = await appOn(db, { now: clock.now });
    const reopen = await appOn(db, { now: clock.now, env: { JOURNAL_REOPEN_LOGINS: `someone, ${DEMO.teacher.login.toUpperCase()}`, JOURNAL_GRACE_DAYS: '3' } });
    try {
      const them = await session(late, 'teacher');
      const set = (on: App, who: TestSession, otsenka: string) =>
        on.inject({ method: 'POST', url: '/api/visitlog/visit/set.json', headers: who.headers, payload: { ...cell, otsenka } });
      // The last day of grace: still open.
      expect((await set(late, them, '4')).statusCode).toBe(200);
      clock.set(new Date(2027, 1, 15, 0, 5));
      const closed = await set(late, them, '2');
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error.code).toBe('PERIOD_CLOSED');
      expect(markIn(await journalOf(lecture.id_journal), cell.id_student, `${cell.visitDate}|${TIME}`)).toBe('4');
      const listed = (
        await late.inject({ method: 'POST', url: '/api/visitlog/journals.json', headers: them.headers, payload: { id_a_year: 2026, id_w_s: 1 } })
      ).json().data as JournalInfo[];
      expect(listed.every((j) => j.readOnly)).toBe(true);
      // A listed login writes (the grace period aside), and sees the journal open.
      const dean = await session(reopen, 'teacher');
      expect((await set(reopen, dean, '5')).statusCode).toBe(200);
      const open = (
        await reopen.inject({ method: 'POST', url: '/api/visitlog/journals.json', headers: dean.headers, payload: { id_a_year: 2026, id_w_s: 1 } })
      ).json().data as JournalInfo[];
      expect(open.find((j) => j.id_journal === lecture.id_journal)).toMatchObject({ closesOn: '2027-02-04', readOnly: false });
      expect(markIn(await journalOf(lecture.id_journal), cell.id_student, `${cell.visitDate}|${TIME}`)).toBe('5');
    } finally {
      await late.close();
      await reopen.close();
    }
    // Two more apps on the same database, each with its sign-in: slower than one call on a loaded machine.
  }, 120_000);
});

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
    const deleted = await post(teacher, 'journal/delete.json', {
      id_year: 2026,
      id_ws: 1,
      id_semesterOrWs: lecture.id_semester,
      id_groupOrPorok: lecture.id_groupOrPotok,
      id_vid_zaniatiy: lecture.id_vid_zaniatiy,
      id_teacher: lecture.id_teacher,
      id_discipline: lecture.id_discipline,
      kredit: lecture.credits,
      id_time: TIME,
      date: lesson.visitDate,
      isSelect: 0,
    });
    expect(deleted.json().data.deleted).toBe(data.students.length);
    expect(has(await journalOf(lecture.id_journal))).toBe(false);
  });

  it("refuses a lesson outside the journal's half-year, at an unknown time, in another teacher's journal or by a student, adding nothing", async () => {
    const [other] = await db.database.db
      .select({ id: teachingAssignments.id })
      .from(teachingAssignments)
      .where(ne(teachingAssignments.teacherId, lecture.id_teacher))
      .limit(1);
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
    const payload = {
      id_year: 2026,
      id_ws: 1,
      id_semesterOrWs: lecture.id_semester,
      id_groupOrPorok: lecture.id_groupOrPotok,
      id_vid_zaniatiy: lecture.id_vid_zaniatiy,
      id_teacher: lecture.id_teacher,
      id_discipline: lecture.id_discipline,
      kredit: lecture.credits,
      id_time: TIME,
      date: '2026-11-30',
      isSelect: 0,
    };
    const first = (await journalOf(lecture.id_journal)).students[0].id_student;
    expect(
      (await post(teacher, 'visit/set.json', { id_journal: lecture.id_journal, id_student: first, visitDate: payload.date, id_time: TIME, otsenka: '4' }))
        .statusCode,
    ).toBe(200);
    expect((await journalOf(lecture.id_journal)).dates.some((d) => d.visitDate === payload.date)).toBe(true);
    expect((await post(teacher, 'journal/delete.json', { ...payload, id_teacher: lecture.id_teacher + 1 })).statusCode).toBe(403);
    const res = await post(teacher, 'journal/delete.json', payload);
    expect(res.json().data.deleted).toBeGreaterThan(0);
    expect((await journalOf(lecture.id_journal)).dates.some((d) => d.visitDate === payload.date)).toBe(false);

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

describe('timetable, QR marks, subgroups, planned topics', () => {
  it("gives the journal's weekly lessons and the students marked present by QR", async () => {
    const times = (await post(teacher, 'teachertimes.json', { id_journal: lecture.id_journal })).json().data;
    expect(times.length).toBe(1);
    expect(times[0]).toMatchObject({ day_number: expect.any(Number), id_time: expect.any(Number) });
    const data = await journalOf(lecture.id_journal);
    const s = data.students[0];
    const [entry] = await db.database.db.select().from(scheduleEntries).where(eq(scheduleEntries.teachingAssignmentId, lecture.id_journal));
    const [a] = await db.database.db.select().from(teachingAssignments).where(eq(teachingAssignments.id, lecture.id_journal));
    await db.database.db.insert(journalVisits).values({
      teachingAssignmentId: a.id,
      studentId: s.id_student,
      visitDate: '2026-12-01',
      lessonTimeId: entry.lessonTimeId,
      mark: null,
      teacherId: a.teacherId,
      academicYearId: a.academicYearId,
      workingSemesterId: a.workingSemesterId,
      semesterId: a.semesterId,
      disciplineId: a.disciplineId,
      credits: a.credits,
      lessonTypeId: a.lessonTypeId,
      groupId: (await db.database.db.select({ g: students.groupId }).from(students).where(eq(students.id, s.id_student)))[0].g,
      streamId: a.streamId,
      subgroup: 0,
      dayNumber: 2,
      educationFormId: 1,
      scheduleEntryId: entry.id,
      source: 'qr',
    });
    const qr = (await post(teacher, 'qrstudents.json', { id_journal: lecture.id_journal, visitDate: '2026-12-01', id_time: entry.lessonTimeId })).json().data;
    expect(qr.map((q: { id_student: number }) => q.id_student)).toEqual([s.id_student]);
    expect((await post(student, 'qrstudents.json', { id_journal: lecture.id_journal, visitDate: '2026-12-01', id_time: entry.lessonTimeId })).statusCode).toBe(
      403,
    );
  });

  it('creates and edits subgroups: the journal of subgroup 1 then lists exactly its members; bad lists change nothing', async () => {
    const lab = journals.find((j) => j.discipline === 'Веб-программирование' && j.id_vid_zaniatiy === 3 && j.subgroup === 1)!;
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
    const lab1 = journals.find((j) => j.discipline === 'Веб-программирование' && j.id_vid_zaniatiy === 3 && j.subgroup === 1)!;
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

describe("the student's own journal", () => {
  it('shows his records by discipline with totals, and nothing of anyone else', async () => {
    const data = await journalOf(lecture.id_journal);
    const me = data.students.find((s) => s.id_student === student.user.uid)!;
    expect(me).toBeDefined();
    await post(teacher, 'visit/set.json', { id_journal: lecture.id_journal, id_student: me.id_student, visitDate: '2026-11-28', id_time: TIME, otsenka: '5' });
    const res = await post(student, 'student/journal.json', { id_a_year: 2026, id_w_s: 1, id_student: me.id_student });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as StudentJournalItem[];
    const web = items.find((i) => i.id_journal === lecture.id_journal)!;
    expect(web.visits).toContainEqual({ visitDate: '2026-11-28', id_time: TIME, otsenka: '5' });
    expect(web.ball_Count).toBeGreaterThanOrEqual(5);
    expect(web).toMatchObject(totals(web.visits.map((v) => v.otsenka)));
    expect(web.ball_mean).toBeGreaterThanOrEqual(2);
    const other = data.students.find((s) => s.id_student !== me.id_student)!;
    expect((await post(student, 'student/journal.json', { id_a_year: 2026, id_w_s: 1, id_student: other.id_student })).statusCode).toBe(403);
    expect((await post(teacher, 'student/journal.json', { id_a_year: 2026, id_w_s: 1 })).statusCode).toBe(403);
  });

  it('the journal has its weekly lesson in the timetable, with its teacher', async () => {
    const [entry] = await db.database.db.select().from(scheduleEntries).where(eq(scheduleEntries.teachingAssignmentId, lecture.id_journal));
    expect(entry).toBeDefined();
    expect(entry.teacherId).toBe(lecture.id_teacher);
  });
});
