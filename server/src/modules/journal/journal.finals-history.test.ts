/**
 * /api/visitlog/final/history.json: each change of a final result made in a journal is recorded with
 * it (who, when, points before and after), in the write's own transaction; only the journal's teacher
 * reads it.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FinalHistoryEntry } from '@contract/journal';
import type { TestSession } from '../../test/helpers';
import { db, lecture, post, storedFinals, student, teacher, useJournalApp } from './journal.test-fixture';

useJournalApp();

const history = async (who: TestSession = teacher) =>
  (await post(who, 'final/history.json', { id_journal: lecture.id_journal, id_student: student.user.uid })).json().data as FinalHistoryEntry[];

describe('final result history', () => {
  it('records each set and clear (who, when, old → new), newest first; writing the same points again records nothing', async () => {
    expect(await history()).toEqual([]);
    const set = (points: number | null) => post(teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: student.user.uid, points });
    expect((await set(70)).statusCode).toBe(200);
    expect((await set(87)).statusCode).toBe(200);
    expect((await set(87)).statusCode).toBe(200);
    expect((await set(null)).statusCode).toBe(200);
    expect((await set(null)).statusCode).toBe(200);
    const entries = await history();
    expect(entries.map((e) => [e.action, e.oldPoints, e.newPoints])).toEqual([
      ['delete', 87, null],
      ['update', 70, 87],
      ['insert', null, 70],
    ]);
    for (const e of entries) expect(e.who).toBe(lecture.teacher);
    // The test clock's day.
    expect(entries.every((e) => e.at.startsWith('2026-11-30'))).toBe(true);
  });

  it('writes the result and its history together: a history row that cannot be written leaves the result as it was', async () => {
    const set = (points: number) => post(teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: student.user.uid, points });
    expect((await set(60)).statusCode).toBe(200);
    const before = (await history()).length;
    await db.database.db.execute(sql`alter table final_result_history add constraint final_history_test_ck check (new_points is distinct from 55) not valid`);
    try {
      expect((await set(55)).statusCode).not.toBe(200);
      expect((await storedFinals(student.user.uid)).map((r) => ({ points: r.points }))).toEqual([{ points: 60 }]);
      expect(await history()).toHaveLength(before);
    } finally {
      await db.database.db.execute(sql`alter table final_result_history drop constraint final_history_test_ck`);
    }
  });

  it("is the journal's teacher's only: a student is refused (403)", async () => {
    expect((await post(student, 'final/history.json', { id_journal: lecture.id_journal, id_student: student.user.uid })).statusCode).toBe(403);
  });
});

describe('final results written at the same moment', () => {
  it('two first writes of the same result record one insert and one update from it, never two inserts', async () => {
    const data = (await post(teacher, 'journal.json', { id_journal: lecture.id_journal })).json().data as { students: { id_student: number }[] };
    const ids = data.students
      .map((s) => s.id_student)
      .filter((id) => id !== student.user.uid)
      .slice(0, 6);
    expect(ids.length).toBeGreaterThan(1);
    const set = (id: number, points: number) => post(teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: id, points });
    const replies = await Promise.all(ids.flatMap((id) => [set(id, 61), set(id, 62)]));
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
    for (const id of ids) {
      const entries = (await post(teacher, 'final/history.json', { id_journal: lecture.id_journal, id_student: id })).json().data as FinalHistoryEntry[];
      const [later, first] = entries.map((e) => [e.action, e.oldPoints, e.newPoints]);
      expect(entries).toHaveLength(2);
      expect(first).toEqual(['insert', null, first[2]]);
      // The later write starts from what the first one stored.
      expect(later).toEqual(['update', first[2], first[2] === 61 ? 62 : 61]);
    }
  });
});
