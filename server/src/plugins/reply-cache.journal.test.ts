/**
 * The student's own journal kept in the server process (modules/journal/journal.student-cache.ts over
 * plugins/reply-cache.ts): reused while none of his records changes, and every change shows at once,
 * on every server process on the database; a record written for another student keeps his kept
 * journal (journal_visits is announced with the students it wrote, migration 0021_student_journal_reply_cache).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalData, StudentJournalItem } from '@contract/journal';
import type { App } from '../app';
import { rowsOf } from '../db/client';
import { heardChanges, silently } from '../test/processes';
import { ReplyCache } from './reply-cache';
import { a, b, db, lecture, post, student, teacher, TIME, useJournalProcesses } from './reply-cache.journal.test-fixture';

/** Another student of the lecture. */
let other: number;

useJournalProcesses();
beforeAll(async () => {
  const data = (await post(a, teacher, 'journal.json', { id_journal: lecture.id_journal })).json().data as JournalData;
  expect(data.students.map((s) => s.id_student)).toContain(student.user.uid);
  other = data.students.find((s) => s.id_student !== student.user.uid)!.id_student;
});

async function own(app: App): Promise<{ body: string; marks: Map<string, string | null> }> {
  const res = await post(app, student, 'student/journal.json', { id_a_year: 2026, id_w_s: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json().data as StudentJournalItem[];
  const lecture_ = items.find((i) => i.id_journal === lecture.id_journal);
  return { body: res.body, marks: new Map((lecture_?.visits ?? []).map((v) => [`${v.visitDate}|${v.id_time}`, v.otsenka])) };
}

const mark = (id_student: number, visitDate: string, otsenka: string | null) =>
  post(a, teacher, 'visit/set.json', { id_journal: lecture.id_journal, id_student, visitDate, id_time: TIME, otsenka });

describe("the student's own journal", () => {
  it('a kept journal is answered without reading it again, the same bytes as read afresh', async () => {
    expect((await mark(student.user.uid, '2026-11-23', '4')).statusCode).toBe(200);
    const first = await own(b);
    expect(first.marks.get(`2026-11-23|${TIME}`)).toBe('4');
    // Changed behind the server's back (no announcement): the kept reply still answers.
    await silently(
      db,
      sql`update journal_visits set mark = '3' where student_id = ${student.user.uid} and visit_date = '2026-11-23' and lesson_time_id = ${TIME}`,
    );
    expect((await own(b)).body).toBe(first.body);
    expect((await mark(student.user.uid, '2026-11-23', null)).statusCode).toBe(200);
  });

  it('a mark of his shows at once on every process, whichever wrote it', async () => {
    for (const app of [a, b]) await own(app);
    expect((await mark(student.user.uid, '2026-11-24', '5')).statusCode).toBe(200);
    for (const app of [b, a]) expect((await own(app)).marks.get(`2026-11-24|${TIME}`)).toBe('5');
    expect((await mark(student.user.uid, '2026-11-24', 'н/б')).statusCode).toBe(200);
    for (const app of [a, b]) expect((await own(app)).marks.get(`2026-11-24|${TIME}`)).toBe('н/б');
    expect((await mark(student.user.uid, '2026-11-24', null)).statusCode).toBe(200);
    for (const app of [b, a]) expect((await own(app)).marks.has(`2026-11-24|${TIME}`)).toBe(false);
  });

  it("another student's mark keeps his kept journal, and his own next mark still shows at once", async () => {
    expect((await mark(student.user.uid, '2026-11-25', '4')).statusCode).toBe(200);
    const first = await own(b);
    await silently(
      db,
      sql`update journal_visits set mark = '2' where student_id = ${student.user.uid} and visit_date = '2026-11-25' and lesson_time_id = ${TIME}`,
    );
    // Another student's record written (and announced with his id only): the kept journal stays.
    expect((await mark(other, '2026-11-25', '5')).statusCode).toBe(200);
    expect((await own(b)).body).toBe(first.body);
    expect((await mark(student.user.uid, '2026-11-26', '3')).statusCode).toBe(200);
    const after = await own(b);
    expect(after.marks.get(`2026-11-26|${TIME}`)).toBe('3');
    expect(after.marks.get(`2026-11-25|${TIME}`)).toBe('2');
    for (const [who, date] of [
      [student.user.uid, '2026-11-25'],
      [student.user.uid, '2026-11-26'],
      [other, '2026-11-25'],
    ] as const)
      expect((await mark(who, date, null)).statusCode).toBe(200);
  });

  it("a change to the names it shows (the discipline's) shows at once", async () => {
    await own(b);
    const [row] = await rowsOf<{ id: number; name_ru: string }>(
      db.database.db,
      sql`select d.id, d.name_ru from disciplines d join teaching_assignments ta on ta.discipline_id = d.id where ta.id = ${lecture.id_journal}`,
    );
    await mark(student.user.uid, '2026-11-27', '+');
    try {
      await db.database.db.execute(sql`update disciplines set name_ru = 'Веб-программирование II' where id = ${row.id}`);
      const res = await post(b, student, 'student/journal.json', { id_a_year: 2026, id_w_s: 1 });
      const items = res.json().data as StudentJournalItem[];
      expect(items.find((i) => i.id_journal === lecture.id_journal)!.discipline).toBe('Веб-программирование II');
    } finally {
      await db.database.db.execute(sql`update disciplines set name_ru = ${row.name_ru} where id = ${row.id}`);
      await mark(student.user.uid, '2026-11-27', null);
    }
  });
});

describe("the student's own journal and the journal's topics", () => {
  it("a topic's module shows at once in his subtotals", async () => {
    const topic = { id_journal: lecture.id_journal, visitDate: '2026-11-19', id_time: TIME, topic: 'Модули', lessonNumber: 1, hours: 2 };
    const subtotals = async () => {
      const res = await post(b, student, 'student/journal.json', { id_a_year: 2026, id_w_s: 1 });
      return (res.json().data as StudentJournalItem[]).find((i) => i.id_journal === lecture.id_journal)!.modules.map((m) => m.id_module);
    };
    expect((await mark(student.user.uid, '2026-11-19', '5')).statusCode).toBe(200);
    expect((await post(a, teacher, 'topictime/update.json', { ...topic, id_module: null })).statusCode).toBe(200);
    const before = await subtotals();
    // A module none of the journal's topics carries yet.
    const [module] = await rowsOf<{ id: number }>(
      db.database.db,
      sql`select id from journal_modules where id <> all(${`{${before.join(',')}}`}::int[]) order by number limit 1`,
    );
    expect(before).not.toContain(module.id);
    expect((await post(a, teacher, 'topictime/update.json', { ...topic, id_module: module.id })).statusCode).toBe(200);
    expect(await subtotals()).toContain(module.id);
    expect((await post(a, teacher, 'topictime/update.json', { ...topic, id_module: null })).statusCode).toBe(200);
    expect(await subtotals()).not.toContain(module.id);
    expect((await mark(student.user.uid, '2026-11-19', null)).statusCode).toBe(200);
  });
});

describe('replies kept per owner', () => {
  it('a change announced with owners drops only their replies; one without drops them all', async () => {
    const c = heardChanges();
    const cache = new ReplyCache<string>(c, { tables: ['journal_visits', 'teachers'], ownedTables: ['journal_visits'], ttlMs: 60_000, maxEntries: 10 });
    for (const owner of [1, 2, 3]) cache.set(`k${owner}`, `v${owner}`, (await cache.get(`k${owner}`, 0)).mark, { from: 0, owner });
    expect(cache.size).toBe(3);
    c.changed('journal_visits', [2, 5]);
    expect([(await cache.get('k1', 0)).value, (await cache.get('k2', 0)).value, (await cache.get('k3', 0)).value]).toEqual(['v1', undefined, 'v3']);
    c.changed('teachers', [1]);
    expect(cache.size).toBe(0);
  });

  it("a read that began before its owner's change does not keep its answer; another owner's read does", async () => {
    const c = heardChanges();
    const cache = new ReplyCache<string>(c, { tables: ['journal_visits'], ownedTables: ['journal_visits'], ttlMs: 60_000, maxEntries: 10 });
    const [one, two] = [await cache.get('k1', 0), await cache.get('k2', 0)];
    c.changed('journal_visits', [1]);
    cache.set('k1', 'stale', one.mark, { from: 0, owner: 1 });
    cache.set('k2', 'v2', two.mark, { from: 0, owner: 2 });
    expect((await cache.get('k1', 0)).value).toBeUndefined();
    expect((await cache.get('k2', 0)).value).toBe('v2');
  });
});
