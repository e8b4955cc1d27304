/**
 * /api/visitlog/*: who reads and writes a journal (only its own teacher; a student only his own
 * records) and when (the journal's half-year, closed after the last day of marks set for it, else
 * JOURNAL_GRACE_DAYS after its end, dates after today refused for marks), with every refusal
 * (docs/security.md#access).
 */
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JournalInfo, JournalStart, StudentJournalItem } from '@contract/journal';
import type { App } from '../../app';
import { registrationPeriods, users } from '../../db/schema';
import { appOn, cookieHeader, DEMO, quickPasswordHash, session, signIn, testClock, type TestSession } from '../../test/helpers';
import { app, DATE, db, journalOf, journals, lecture, markIn, othersJournal, post, student, teacher, TIME, useJournalApp } from './journal.test-fixture';

useJournalApp();

describe('who reads and writes a journal', () => {
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
    const other = await othersJournal();
    expect((await post(teacher, 'journal.json', { id_journal: other.id })).statusCode).toBe(403);
    expect((await post(teacher, 'visit/set.json', { id_journal: other.id, id_student: 1, visitDate: DATE, id_time: TIME, otsenka: '5' })).statusCode).toBe(403);
    expect((await post(teacher, 'journal.json', { id_journal: 2_000_000_000 })).statusCode).toBe(404);
    expect((await post(student, 'journals.json', { id_a_year: 2026, id_w_s: 1 })).statusCode).toBe(403);
    expect((await post(student, 'journal.json', { id_journal: lecture.id_journal })).statusCode).toBe(403);
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

  it('closes a half-year after the last day of marks set for it instead of the grace days, and after the grace days again once it is unset', async () => {
    const cell = { ...(await cellOf(lecture.id_journal, 6)), visitDate: '2027-01-21' };
    const clock = testClock(new Date(2027, 1, 5, 23, 50));
    const late = await appOn(db, { now: clock.now });
    const reopen = await appOn(db, { now: clock.now, env: { JOURNAL_REOPEN_LOGINS: DEMO.teacher.login } });
    const d = db.database.db;
    const setLastDay = (marksClosedAfter: string | null) =>
      d
        .insert(registrationPeriods)
        .values({ academicYearId: 2026, workingSemesterId: 1, closesAt: new Date(2026, 8, 20), creditLimit: 30, marksClosedAfter })
        .onConflictDoUpdate({ target: [registrationPeriods.academicYearId, registrationPeriods.workingSemesterId], set: { marksClosedAfter } });
    try {
      const them = await session(late, 'teacher');
      const set = (on: App, who: TestSession, otsenka: string) =>
        on.inject({ method: 'POST', url: '/api/visitlog/visit/set.json', headers: who.headers, payload: { ...cell, otsenka } });
      const info = async () =>
        (await late.inject({ method: 'POST', url: '/api/visitlog/journal.json', headers: them.headers, payload: { id_journal: lecture.id_journal } })).json()
          .data.info as JournalInfo;
      await setLastDay('2027-02-05');
      // Its last day: still open, and the journal says when it closes.
      expect((await set(late, them, '4')).statusCode).toBe(200);
      expect(await info()).toMatchObject({ closesOn: '2027-02-06', readOnly: false });
      // The next day: closed, though the 14 grace days after 31 January are not over.
      clock.set(new Date(2027, 1, 6, 0, 5));
      const closed = await set(late, them, '2');
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error).toMatchObject({ code: 'PERIOD_CLOSED', message: 'Полугодие закрыто с 06.02.2027: журнал только для чтения' });
      expect(await info()).toMatchObject({ readOnly: true });
      expect(markIn(await journalOf(lecture.id_journal), cell.id_student, `${cell.visitDate}|${TIME}`)).toBe('4');
      // A login of JOURNAL_REOPEN_LOGINS still writes into it.
      expect((await set(reopen, await session(reopen, 'teacher'), '5')).statusCode).toBe(200);
      // Unset: the grace days again (closed from 15 February).
      await setLastDay(null);
      expect((await set(late, them, '3')).statusCode).toBe(200);
      expect(await info()).toMatchObject({ closesOn: '2027-02-15', readOnly: false });
      // A later last day keeps it open past the grace days.
      await setLastDay('2027-03-01');
      clock.set(new Date(2027, 1, 20, 10, 0));
      // Two weeks on, the session has lapsed: signed in again.
      expect((await set(late, await session(late, 'teacher'), '2')).statusCode).toBe(200);
      expect(markIn(await journalOf(lecture.id_journal), cell.id_student, `${cell.visitDate}|${TIME}`)).toBe('2');
    } finally {
      await setLastDay(null);
      await late.close();
      await reopen.close();
    }
  }, 120_000);
});
