/**
 * The teacher's journal kept in the server process (modules/journal/journal.teacher-cache.ts over
 * plugins/reply-cache.ts): reused while nothing it shows changes, and every change that alters it
 * shows at once on every server process on the database, whichever wrote it: a mark, a topic, a
 * lesson added or deleted, a final result, a hidden student, the scale. A change to another journal's
 * records keeps it (its rows are announced per journal, migration 0024_journal_reply_cache).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalData, JournalInfo } from '@contract/journal';
import type { App } from '../app';
import { lessonDeletion } from '../test/helpers';
import { heardChanges, silently } from '../test/processes';
import { ReplyCache } from './reply-cache';
import { a, b, db, lecture, post, processes, student, teacher, TIME, useJournalProcesses } from './reply-cache.journal.test-fixture';

/** Another journal of the demo teacher. */
let another: JournalInfo;

useJournalProcesses();
beforeAll(() => {
  another = processes.journals.find((j) => j.id_journal !== lecture.id_journal)!;
});

/** journal.json as `app` answers it: the text and the data. */
async function journal(app: App, id = lecture.id_journal): Promise<{ body: string; data: JournalData }> {
  const res = await post(app, teacher, 'journal.json', { id_journal: id });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, data: res.json().data as JournalData };
}

const markOf = (data: JournalData, id_student: number, visitDate: string) =>
  data.journal[0].find((v) => v.id_student === id_student && v.visitDate === visitDate && v.id_time === TIME)?.otsenka;

const mark = (id_journal: number, id_student: number, visitDate: string, otsenka: string | null) =>
  post(a, teacher, 'visit/set.json', { id_journal, id_student, visitDate, id_time: TIME, otsenka });

describe("the teacher's journal", () => {
  it('a kept journal is answered without reading it again, the same bytes as read afresh, and only to its teacher', async () => {
    expect((await mark(lecture.id_journal, student.user.uid, '2026-11-23', '4')).statusCode).toBe(200);
    const fresh = await journal(a);
    const first = await journal(b);
    expect(first.body).toBe(fresh.body);
    expect(markOf(first.data, student.user.uid, '2026-11-23')).toBe('4');
    await silently(
      db,
      sql`update journal_visits set mark = '3' where student_id = ${student.user.uid} and visit_date = '2026-11-23' and lesson_time_id = ${TIME}`,
    );
    expect((await journal(b)).body).toBe(first.body);
    expect((await post(b, student, 'journal.json', { id_journal: lecture.id_journal })).statusCode).toBe(403);
    // A mark in another journal keeps this one's kept reply.
    const other = (await journal(a, another.id_journal)).data.students[0].id_student;
    expect((await mark(another.id_journal, other, '2026-11-23', '5')).statusCode).toBe(200);
    expect((await journal(b)).body).toBe(first.body);
    expect((await mark(another.id_journal, other, '2026-11-23', null)).statusCode).toBe(200);
    expect((await mark(lecture.id_journal, student.user.uid, '2026-11-23', null)).statusCode).toBe(200);
  });

  it('a mark shows at once on every process, with the totals, whichever wrote it', async () => {
    for (const app of [a, b]) await journal(app);
    expect((await mark(lecture.id_journal, student.user.uid, '2026-11-24', 'н/б')).statusCode).toBe(200);
    for (const app of [b, a]) {
      const { data } = await journal(app);
      expect(markOf(data, student.user.uid, '2026-11-24')).toBe('н/б');
      expect(data.resArray.find((r) => r.id_student === student.user.uid)!.nb_Count).toBeGreaterThan(0);
    }
    expect((await mark(lecture.id_journal, student.user.uid, '2026-11-24', null)).statusCode).toBe(200);
    for (const app of [a, b]) expect(markOf((await journal(app)).data, student.user.uid, '2026-11-24')).toBeUndefined();
  });

  it("a lesson's topic shows at once", async () => {
    await journal(b);
    const topic = { id_journal: lecture.id_journal, visitDate: '2026-11-25', id_time: TIME, topic: 'Кэш ответов', lessonNumber: 1, hours: 2, id_module: null };
    expect((await post(a, teacher, 'topictime/update.json', topic)).statusCode).toBe(200);
    const { data } = await journal(b);
    expect(data.journal[1].find((t) => t.visitDate === '2026-11-25' && t.id_time === TIME)?.topic).toBe('Кэш ответов');
    expect(data.dates.some((d) => d.visitDate === '2026-11-25' && d.id_time === TIME)).toBe(true);
  });

  it('a lesson added and deleted shows at once', async () => {
    const has = (data: JournalData) => data.dates.some((d) => d.visitDate === '2026-11-26' && d.id_time === TIME);
    expect(has((await journal(b)).data)).toBe(false);
    expect((await post(a, teacher, 'lesson/add.json', { id_journal: lecture.id_journal, visitDate: '2026-11-26', id_time: TIME })).statusCode).toBe(200);
    expect(has((await journal(b)).data)).toBe(true);
    const deleted = await post(a, teacher, 'journal/delete.json', lessonDeletion(lecture, '2026-11-26', TIME));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(has((await journal(b)).data)).toBe(false);
  });

  it('a final result shows at once', async () => {
    await journal(b);
    expect((await post(a, teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: student.user.uid, points: 88 })).statusCode).toBe(200);
    expect((await journal(b)).data.finals.find((f) => f.id_student === student.user.uid)?.points).toBe(88);
    expect((await post(a, teacher, 'final/set.json', { id_journal: lecture.id_journal, id_student: student.user.uid, points: null })).statusCode).toBe(200);
    expect((await journal(b)).data.finals.some((f) => f.id_student === student.user.uid)).toBe(false);
  });

  it('a student hidden and shown again shows at once', async () => {
    const listed = async () => (await journal(b)).data.students.some((s) => s.id_student === student.user.uid);
    expect(await listed()).toBe(true);
    expect((await post(a, teacher, 'student/delete.json', { id_journal: lecture.id_journal, id_student: student.user.uid })).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    expect((await post(a, teacher, 'student/restore.json', { id_journal: lecture.id_journal, id_student: student.user.uid })).statusCode).toBe(200);
    expect(await listed()).toBe(true);
  });

  it('the scale shows at once', async () => {
    expect((await journal(b)).data.info.scale).toBe('2-5');
    expect((await post(a, teacher, 'scale.json', { id_journal: lecture.id_journal, scale: '0-100' })).statusCode).toBe(200);
    expect((await journal(b)).data.info.scale).toBe('0-100');
    expect((await post(a, teacher, 'scale.json', { id_journal: lecture.id_journal, scale: '2-5' })).statusCode).toBe(200);
    expect((await journal(b)).data.info.scale).toBe('2-5');
  });
});

describe('reads afresh shared by the calls that miss at once', () => {
  /** A read that finishes when told, counting how often it ran. */
  const reads = () => {
    let count = 0;
    let finish: (v: string) => void = () => {};
    return {
      read: () => {
        count++;
        return new Promise<string>((resolve) => (finish = resolve));
      },
      finish: (v: string) => finish(v),
      get count() {
        return count;
      },
    };
  };

  it('calls that miss while a read runs share it; a change to its owner since it began makes the next call read again', async () => {
    const c = heardChanges();
    const cache = new ReplyCache<string>(c, { tables: ['journal_visits@journal'], ownedTables: ['journal_visits@journal'], ttlMs: 60_000, maxEntries: 10 });
    const r = reads();
    const first = cache.shared('j1', (await cache.get('j1', 0)).mark, 1, r.read);
    const second = cache.shared('j1', (await cache.get('j1', 0)).mark, 1, r.read);
    expect(r.count).toBe(1);
    // Another journal's change keeps the read under way good for this one.
    c.changed('journal_visits@journal', [2]);
    const third = cache.shared('j1', (await cache.get('j1', 0)).mark, 1, r.read);
    expect(r.count).toBe(1);
    r.finish('old');
    expect(await Promise.all([first, second, third])).toEqual(['old', 'old', 'old']);
    const again = cache.shared('j1', (await cache.get('j1', 0)).mark, 1, r.read);
    c.changed('journal_visits@journal', [1]);
    const after = cache.shared('j1', (await cache.get('j1', 0)).mark, 1, r.read);
    expect(r.count).toBe(3);
    r.finish('new');
    expect(await after).toBe('new');
    void again;
  });
});

describe('kept replies bounded by their size', () => {
  it('the oldest go to make room, a reply larger than the bound is not kept, and a drop frees its weight', async () => {
    const c = heardChanges();
    const cache = new ReplyCache<string>(c, {
      tables: ['journal_visits@journal'],
      ownedTables: ['journal_visits@journal'],
      ttlMs: 60_000,
      maxEntries: 10,
      maxWeight: { max: 10, of: (v) => v.length },
    });
    const keep = async (key: string, value: string, owner: number) => cache.set(key, value, (await cache.get(key, 0)).mark, { from: 0, owner });
    await keep('a', 'aaaa', 1);
    await keep('b', 'bbbb', 2);
    expect(cache.keptWeight).toBe(8);
    // Six more characters: the oldest goes.
    await keep('c', 'cccccc', 3);
    expect((await cache.get('a', 0)).value).toBeUndefined();
    expect((await cache.get('b', 0)).value).toBe('bbbb');
    expect(cache.keptWeight).toBe(10);
    // Heavier than the whole bound: not kept, nothing else dropped.
    await keep('d', 'd'.repeat(11), 4);
    expect((await cache.get('d', 0)).value).toBeUndefined();
    expect(cache.size).toBe(2);
    // A change to journal 3 drops its reply and frees its weight.
    c.changed('journal_visits@journal', [3]);
    expect(cache.keptWeight).toBe(4);
    c.changed(null);
    expect(cache.keptWeight).toBe(0);
  });
});
