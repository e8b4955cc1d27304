/**
 * /api/visitlog/* writes of marks and attendance: a mark as written and a student's totals, cell
 * writes and their audit trail, concurrent edits (the later write wins, both recorded), a write sent
 * again with its Idempotency-Key, a paste that fails halfway (nothing written), mark all present and
 * the update by record id, with every refusal (docs/security.md#access).
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VisitRow } from '@contract/journal';
import { journalVisitChanges, journalVisits } from '../../db/schema';
import { parseMark, totals } from './journal.marks';
import { app, DATE, db, journalOf, lecture, markIn, post, student, teacher, TIME, useJournalApp } from './journal.test-fixture';

useJournalApp();

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

  it('a write sent again with its Idempotency-Key (a reply lost, the client retrying) is written once: a later write between them stays', async () => {
    const data = await journalOf(lecture.id_journal);
    const s = data.students[3].id_student;
    const cell = { id_journal: lecture.id_journal, id_student: s, visitDate: '2026-11-20', id_time: TIME };
    const keyed = (key: string, payload: object, url = 'visit/set.json') =>
      app.inject({ method: 'POST', url: `/api/visitlog/${url}`, headers: { ...teacher.headers, 'idempotency-key': key }, payload });
    const first = await keyed('outbox-cell-1', { ...cell, otsenka: '3' });
    expect(first.statusCode).toBe(200);
    expect((await keyed('outbox-cell-2', { ...cell, otsenka: '4' })).statusCode).toBe(200);
    const again = await keyed('outbox-cell-1', { ...cell, otsenka: '3' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    const history = (await post(teacher, 'visit/history.json', cell)).json().data as { newMark: string }[];
    expect(history.map((h) => h.newMark)).toEqual(['4', '3']);
    expect(markIn(await journalOf(lecture.id_journal), s, `2026-11-20|${TIME}`)).toBe('4');
    // A pasted block and a final result likewise.
    const block = { id_journal: lecture.id_journal, cells: [{ ...cell, otsenka: '5' }] };
    expect((await keyed('outbox-block', block, 'visit/paste.json')).statusCode).toBe(200);
    expect((await keyed('outbox-block', block, 'visit/paste.json')).headers['idempotent-replayed']).toBe('true');
    const final = { id_journal: lecture.id_journal, id_student: s, points: 81 };
    expect((await keyed('outbox-final', final, 'final/set.json')).statusCode).toBe(200);
    expect((await keyed('outbox-final', final, 'final/set.json')).headers['idempotent-replayed']).toBe('true');
    expect(((await post(teacher, 'visit/history.json', cell)).json().data as unknown[]).length).toBe(3);
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
