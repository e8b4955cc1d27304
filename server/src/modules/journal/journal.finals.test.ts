/**
 * /api/visitlog/final/set.json: the journal's final-result column written into final_results (the
 * transcript's source), with the scale's equivalents in journal.json and the student's own view,
 * and every refusal: points out of range, another teacher's journal, a student not on the list, a
 * closed half-year.
 */
import { describe, expect, it } from 'vitest';
import type { JournalData, StudentJournalItem } from '@contract/journal';
import type { Transcript } from '@contract/transcript';
import { appOn, session, testClock } from '../../test/helpers';
import { app, db, lecture, othersJournal, post, storedFinals, student, teacher, useJournalApp } from './journal.test-fixture';

useJournalApp();

describe('final results', () => {
  it('writes a final result (upsert, with the teacher), shows it with its equivalents in the journal and to the student', async () => {
    const uid = student.user.uid;
    const first = await post(teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: uid, points: 70 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ id_student: uid, points: 70, ekv_num: 2.67, ekv_bukv: 'B-' });
    const res = await post(teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: uid, points: 87 });
    expect(res.json().data).toEqual({ id_student: uid, points: 87, ekv_num: 3.67, ekv_bukv: 'A-' });
    const rows = await storedFinals(uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ points: 87, teacherId: lecture.id_teacher, semesterId: lecture.id_semester, controlFormId: lecture.id_examination });
    const data = (await post(teacher, 'journal.json', { id_journal: lecture.id_journal })).json().data as JournalData;
    expect(data.finals).toContainEqual({ id_student: uid, points: 87, ekv_num: 3.67, ekv_bukv: 'A-' });
    const own = (await post(student, 'student/journal.json', { id_a_year: 2026, id_w_s: 1 })).json().data as StudentJournalItem[];
    expect(own.find((i) => i.id_journal === lecture.id_journal)?.final).toEqual({ id_student: uid, points: 87, ekv_num: 3.67, ekv_bukv: 'A-' });
  });

  it('refuses points out of 0..100 or not whole (INVALID_POINTS, translated) and changes nothing', async () => {
    const uid = student.user.uid;
    await post(teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: uid, points: 60 });
    for (const points of [101, -1, 87.5]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/visitlog/final/set.json',
        headers: { ...teacher.headers, 'accept-language': 'en' },
        payload: { id_journal: lecture.id_journal, id_student: uid, points },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_POINTS', message: 'The final result is a whole number of points from 0 to 100' });
    }
    expect((await storedFinals(uid))[0].points).toBe(60);
  });

  it("refuses another teacher's journal (403), a student not on the list (404) and a student (403)", async () => {
    const other = await othersJournal();
    expect((await post(teacher, 'final/set.json', { id_journal: other.id, id_student: student.user.uid, points: 90 })).statusCode).toBe(403);
    const listed = (await post(teacher, 'students.json', { id_journal: lecture.id_journal })).json().data as { id_student: number }[];
    const stranger = Math.max(...listed.map((s) => s.id_student)) + 100_000;
    expect((await post(teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: stranger, points: 90 })).statusCode).toBe(404);
    expect((await post(student, 'final/set.json', { id_journal: lecture.id_journal, id_student: student.user.uid, points: 90 })).statusCode).toBe(403);
  });

  it('refuses a closed half-year (PERIOD_CLOSED); the transcript shows the result entered only then, and the seeded past ones', async () => {
    const uid = student.user.uid;
    expect((await post(teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: uid, points: 92 })).statusCode).toBe(200);
    // While the half-year is open, the transcript shows it in progress: the result is not yet the transcript's.
    const open = (await app.inject({ method: 'POST', url: '/api/misc/transcript.json', payload: {}, headers: student.headers })).json().data as Transcript;
    const openAutumn = open.groups
      .flatMap((g) => g.years)
      .flatMap((y) => y.semesters.map((s) => ({ year: y.id_a_year, ...s })))
      .find((s) => s.year === 2026 && s.id_w_s === 1);
    expect(openAutumn?.disciplines.find((d) => d.discipline === lecture.discipline)?.points ?? null).toBeNull();
    const late = await appOn(db, { now: testClock(new Date(2027, 1, 20, 12, 0)).now });
    try {
      const them = await session(late, 'teacher');
      const closed = await late.inject({
        method: 'POST',
        url: '/api/visitlog/final/set.json',
        headers: them.headers,
        payload: { id_journal: lecture.id_journal, id_student: uid, points: 10 },
      });
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error.code).toBe('PERIOD_CLOSED');
      expect((await storedFinals(uid))[0].points).toBe(92);
      const me = await session(late, 'student');
      const transcript = (await late.inject({ method: 'POST', url: '/api/misc/transcript.json', payload: {}, headers: me.headers })).json().data as Transcript;
      const all = transcript.groups.flatMap((g) => g.years).flatMap((y) => y.semesters.map((s) => ({ year: y.id_a_year, ...s })));
      const autumn = all.find((s) => s.year === 2026 && s.id_w_s === 1);
      expect(autumn?.disciplines.find((d) => d.discipline === lecture.discipline)).toMatchObject({ points: 92, ekv_bukv: 'A', ekv_num: 4 });
      // The seeded past half-years keep their results.
      expect(all.filter((s) => s.year < 2026 && s.disciplines.some((d) => d.points !== null)).length).toBeGreaterThan(0);
    } finally {
      await late.close();
    }
  });
});
