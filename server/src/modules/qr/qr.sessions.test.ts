/** /api/qr/*: opening attendance (in the lesson's time, or as a make-up session at any hour, within the journal's period) and closing it. The shared setup: qr.testing.ts. */
import { describe, expect, it } from 'vitest';
import { and, count, eq, gte, ne } from 'drizzle-orm';
import { qrMarks, qrSessions, scheduleEntries } from '../../db/schema';
import { db, app, clock, teacher, student, lesson, at, post, moveTo, openLesson, tokenOf, visitBody, device, visitsOf, useQrApp } from './qr.testing';

useQrApp();

describe('time and opening attendance', () => {
  it('time.json tells the server clock and the rotation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/qr/time.json', headers: student.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ rotateMs: 15000, graceMs: 5000 });
    expect(Math.abs(Date.parse(res.json().data.now) - clock.now().getTime())).toBeLessThan(5000);
  });

  it('refuses a session outside the lesson time (unless make-up), to a student and to another teacher', async () => {
    await moveTo(at(lesson, lesson.startsAt, -60));
    const early = await post('/api/qr/session/open.json', teacher, { idShed: lesson.id, makeup: false });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.params).toEqual({ reason: 'notNow' });
    expect((await post('/api/qr/session/open.json', student, { idShed: lesson.id, makeup: true })).statusCode).toBe(403);
    const [foreign] = await db.database.db
      .select({ id: scheduleEntries.id })
      .from(scheduleEntries)
      .where(ne(scheduleEntries.teacherId, teacher.user.uid))
      .limit(1);
    expect((await post('/api/qr/session/open.json', teacher, { idShed: foreign.id, makeup: true })).statusCode).toBe(403);
    expect((await post('/api/qr/session/open.json', teacher, { idShed: 2147483647, makeup: true })).statusCode).toBe(404);
  });
});

describe('a make-up session at any hour', () => {
  it('opens now for one pair, and twenty marks of one student at once store exactly one', async () => {
    await moveTo(new Date(2026, 9, 11, 21, 30)); // a Sunday evening: no lesson is scheduled
    const s = await openLesson(lesson, true);
    expect(s).toMatchObject({ makeup: true, closed: false, date: '2026-10-11', count: 0 });
    const { token } = await tokenOf(s);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/qr/student/visit.json', student, visitBody(student, token), device('phone-z'))),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((c) => c === 200)).toHaveLength(1);
    expect(statuses.filter((c) => c === 409)).toHaveLength(19);
    const [{ n }] = await db.database.db
      .select({ n: count() })
      .from(qrMarks)
      .where(and(eq(qrMarks.sessionId, s.sessionId), eq(qrMarks.studentId, student.user.uid)));
    expect(n).toBe(1);
    const visits = (await visitsOf(student.user.uid)).filter((v) => v.visitDate === '2026-10-11');
    expect(visits).toHaveLength(1);
    expect(visits[0].dayNumber).toBe(7);
  });
});

describe("the journal's period", () => {
  it('opens attendance only for a lesson of the current half-year: OUTSIDE_PERIOD in the next one, PERIOD_CLOSED once its half-year is closed, opening nothing', async () => {
    // Sunday 7 February 2027: the spring half-year, inside the autumn journal's grace period (open, but not its dates).
    await moveTo(new Date(2027, 1, 7, 21, 30));
    const outside = await post('/api/qr/session/open.json', teacher, { idShed: lesson.id, makeup: true });
    expect(outside.statusCode, outside.body).toBe(400);
    expect(outside.json().error).toMatchObject({ code: 'OUTSIDE_PERIOD', message: 'Дата вне полугодия журнала (01.09.2026 – 31.01.2027)' });

    // Sunday 21 February 2027: the autumn half-year closed on 15 February (31 January and 14 days of grace).
    await moveTo(new Date(2027, 1, 21, 21, 30));
    const late = await post('/api/qr/session/open.json', teacher, { idShed: lesson.id, makeup: true });
    expect(late.statusCode, late.body).toBe(403);
    expect(late.json().error.code).toBe('PERIOD_CLOSED');

    const [sessions] = await db.database.db.select({ n: count() }).from(qrSessions).where(gte(qrSessions.lessonDate, '2027-02-01'));
    expect(sessions.n).toBe(0);
    expect(await visitsOf(student.user.uid, '2027-02-07')).toEqual([]);
    const [marks] = await db.database.db
      .select({ n: count() })
      .from(qrMarks)
      .where(and(eq(qrMarks.studentId, student.user.uid), gte(qrMarks.createdAt, new Date(2027, 1, 1))));
    expect(marks.n).toBe(0);
  });
});

describe('closing attendance', () => {
  it('stops the code and the marks; shown again, the projector finds it closed until its teacher opens it again', async () => {
    const [h, m] = lesson.startsAt.split(':').map(Number);
    await moveTo(new Date(2026, 9, 18 + lesson.dayNumber, h, m + 5)); // the same lesson two weeks on
    const s = await openLesson();
    const { token } = await tokenOf(s);
    const closed = await post('/api/qr/session/close.json', teacher, { sessionId: s.sessionId });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ sessionId: s.sessionId, closed: true });

    // No more codes, and the last one marks nobody.
    const noToken = await post('/api/qr/session/token.json', teacher, { sessionId: s.sessionId });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.params).toEqual({ reason: 'notOpen' });
    const late = await post('/api/qr/student/visit.json', student, visitBody(student, token), device('phone-close'));
    expect(late.statusCode).toBe(403);
    expect(late.json().error.params).toEqual({ reason: 'notOpen' });
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(0);

    // The projector shown again (a reload, a second visit) finds the session closed, not opened anew.
    expect(await openLesson()).toMatchObject({ sessionId: s.sessionId, closed: true });
    expect((await post('/api/qr/session/token.json', teacher, { sessionId: s.sessionId })).statusCode).toBe(403);

    // Its teacher opens it again: codes and marks are taken again.
    const reopened = await post('/api/qr/session/open.json', teacher, { idShed: lesson.id, makeup: false, reopen: true });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ sessionId: s.sessionId, closed: false });
    const mark = await post('/api/qr/student/visit.json', student, visitBody(student, (await tokenOf(s)).token), device('phone-close'));
    expect(mark.statusCode, mark.body).toBe(200);
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(1);
  });
});
