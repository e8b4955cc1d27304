/**
 * /api/visitlog/* reads: the teacher's journals and the screen's first view, one journal with its
 * totals as the contract gives it, the lists, the live events, the timetable and QR marks, and the
 * student's own journal.
 */
import { eq } from 'drizzle-orm';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { JournalReply, JournalStartReply, type JournalData, type JournalStart, type StudentJournalItem } from '@contract/journal';
import { journalVisits, scheduleEntries, students, teachingAssignments } from '../../db/schema';
import type { TestSession } from '../../test/helpers';
import { journalStreamEvent } from './journal.live';
import { totals } from './journal.marks';
import { app, DATE, db, journalOf, journals, lecture, post, student, teacher, TIME, useJournalApp } from './journal.test-fixture';

useJournalApp();

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

describe('live events', () => {
  it("sends a journal change as 'journal', a change too large to travel as 'resync', and nothing of other areas", () => {
    const data = { id_journal: 1, cells: [], reload: true };
    expect(journalStreamEvent({ event: 'journal.changed', data })).toEqual({ event: 'journal', data });
    expect(journalStreamEvent({ event: 'journal.changed', data: null })).toEqual({ event: 'resync', data: {} });
    expect(journalStreamEvent({ event: 'chat.message', data })).toBeNull();
  });
});

describe('timetable, QR marks', () => {
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
