/** /api/qr/*: relayed codes: shared addresses, the university's and the rooms' networks, typed-in positions, and accepting a lesson's marks at once. The shared setup: qr.testing.ts. */
import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { type QrSession, type QrVisitBody } from '@contract/qr';
import { auditoria, notifications, qrMarks } from '../../db/schema';
import { appOn, type TestSession } from '../../test/helpers';
import { qrAttendance } from './qr.parts';
import { db, clock, teacher, student, mates, lesson, post, moveTo, openLesson, tokenOf, visitBody, device, markFrom, visitsOf, useQrApp } from './qr.testing';

useQrApp();

describe('relayed codes are caught', () => {
  const markOf = async (sessionId: number, studentId: number) =>
    (
      await db.database.db
        .select()
        .from(qrMarks)
        .where(and(eq(qrMarks.sessionId, sessionId), eq(qrMarks.studentId, studentId)))
    )[0];

  it("records the mark's address; students of one lesson on one Wi-Fi (one public address) are accepted by default, a shared address goes to review ('address') only with another sign", async () => {
    await moveTo(new Date(2027, 0, 19, 21, 30)); // Tuesday 19 January 2027: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const first = await post('/api/qr/student/visit.json', student, visitBody(student, token), device('home-a'), '198.51.100.7');
    expect(first.json().data).toMatchObject({ status: 'accepted' });
    const classmate = await post('/api/qr/student/visit.json', mates[0], visitBody(mates[0], token), device('home-b'), '198.51.100.7');
    expect(classmate.statusCode, classmate.body).toBe(200);
    expect(classmate.json().data).toMatchObject({ status: 'accepted', reason: null });
    // The same address and a position far from the room: a relayed code.
    const far = await post('/api/qr/student/visit.json', mates[1], visitBody(mates[1], token, { x: lesson.latitude + 0.05 }), device('home-c'), '198.51.100.7');
    expect(far.json().data).toMatchObject({ status: 'review', reason: 'address' });
    expect((await markOf(s.sessionId, student.user.uid)).ip).toBe('198.51.100.7');
    expect((await markOf(s.sessionId, mates[0].user.uid)).ip).toBe('198.51.100.7');
    // The student's check-in page says which of the open lessons waits for the teacher.
    const open = (await post('/api/qr/student/lessons.json', mates[1], {})).json().data as { idShed: number; marked: boolean; waiting: boolean }[];
    expect(open.find((l) => l.idShed === lesson.id)).toMatchObject({ marked: true, waiting: true });
  });

  it('with QR_SHARED_ADDRESS=always a shared address goes to review on its own; with off, never; a bad value stops the start', async () => {
    const strict = await appOn(db, { now: clock.now, env: { QR_SHARED_ADDRESS: 'always' } });
    const lax = await appOn(db, { now: clock.now, env: { QR_SHARED_ADDRESS: 'off' } });
    try {
      await moveTo(new Date(2027, 0, 26, 21, 30)); // Tuesday 26 January 2027: a make-up session
      const s = await openLesson(lesson, true);
      const { token } = await tokenOf(s);
      expect((await markFrom(strict, student, token, '198.51.100.8', 'nat-a')).json().data).toMatchObject({ status: 'accepted' });
      expect((await markFrom(strict, mates[0], token, '198.51.100.8', 'nat-b')).json().data).toMatchObject({ status: 'review', reason: 'address' });
      expect((await markFrom(lax, mates[1], token, '198.51.100.8', 'nat-c')).json().data).toMatchObject({ status: 'accepted', reason: null });
    } finally {
      await strict.close();
      await lax.close();
    }
    await expect(appOn(db, { now: clock.now, env: { QR_SHARED_ADDRESS: 'sometimes' } })).rejects.toThrow(/QR_SHARED_ADDRESS/);
  });

  it('the teacher accepts every undecided mark of one lesson at once: all go to the journal, the list empties; another teacher or a student may not', async () => {
    const strict = await appOn(db, { now: clock.now, env: { QR_SHARED_ADDRESS: 'always' } });
    try {
      await moveTo(new Date(2027, 0, 27, 21, 30)); // Wednesday 27 January 2027: a make-up session
      const s = await openLesson(lesson, true);
      const { token } = await tokenOf(s);
      await markFrom(strict, student, token, '198.51.100.9', 'all-a');
      for (const [i, m] of mates.entries()) expect((await markFrom(strict, m, token, '198.51.100.9', `all-${i}`)).json().data.status).toBe('review');
      const listed = (await post('/api/qr/review/list.json', teacher, {})).json().data.marks as { sessionId: number }[];
      expect(listed.filter((m) => m.sessionId === s.sessionId)).toHaveLength(mates.length);
      expect((await post('/api/qr/review/accept-lesson.json', student, { sessionId: s.sessionId })).statusCode).toBe(403);
      const res = await post('/api/qr/review/accept-lesson.json', teacher, { sessionId: s.sessionId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ accepted: mates.length });
      for (const m of mates) expect(await visitsOf(m.user.uid, s.date)).toHaveLength(1);
      const after = (await post('/api/qr/review/list.json', teacher, {})).json().data.marks as { sessionId: number }[];
      expect(after.filter((m) => m.sessionId === s.sessionId)).toEqual([]);
      const state = (await post('/api/qr/session/state.json', teacher, { sessionId: s.sessionId })).json().data as QrSession;
      expect(state.count).toBe(mates.length + 1);
      // Nothing left: a second call accepts none.
      expect((await post('/api/qr/review/accept-lesson.json', teacher, { sessionId: s.sessionId })).json().data).toEqual({ accepted: 0 });
    } finally {
      await strict.close();
    }
  });

  it('a class behind one address (QR_SHARED_ADDRESS=always) marking at once: the teacher gets one notification for the batch, naming the students, not one per mark', async () => {
    const strict = await appOn(db, { now: clock.now, env: { QR_SHARED_ADDRESS: 'always' } });
    try {
      await moveTo(new Date(2027, 0, 28, 21, 30)); // Thursday 28 January 2027: a make-up session
      const s = await openLesson(lesson, true);
      const { token } = await tokenOf(s);
      const d = db.database.db;
      const before = await d.select({ n: count() }).from(notifications).where(eq(notifications.userId, teacher.user.id));
      const service = qrAttendance(strict.ctx).marks;
      const who = [student, ...mates];
      const auths = await Promise.all(who.map(async (w) => (await strict.ctx.sessions.lookup(w.token))!));
      const answers = await Promise.all(
        who.map((w, i) => service.visit(auths[i], { ...(visitBody(w, token) as QrVisitBody), device: `nat-${i}`.padEnd(32, 'x'), ip: '198.51.100.20' }, 'ru')),
      );
      expect(answers.map((a) => a.status).sort()).toEqual(['accepted', ...mates.map(() => 'review')]);
      // The notifications are written after the marks are answered: wait until every student waiting is named.
      const added = async () =>
        (await d.select().from(notifications).where(eq(notifications.userId, teacher.user.id)).orderBy(notifications.id)).slice(before[0].n);
      const named = async () => (await added()).flatMap((n) => String((n.params as { student?: string }).student ?? '').split(', ')).length;
      await expect.poll(named, { timeout: 10_000 }).toBe(mates.length);
      expect(await added()).toEqual([expect.objectContaining({ kind: 'qr.review', link: '/qrreview' })]);
    } finally {
      await strict.close();
    }
  });

  it("a position at the room's exact point with an accuracy of 3 m is flagged for review ('precision'), never refused", async () => {
    await moveTo(new Date(2027, 0, 20, 21, 30)); // Wednesday 20 January 2027: a make-up session
    const s = await openLesson(lesson, true);
    const res = await post('/api/qr/student/visit.json', student, visitBody(student, (await tokenOf(s)).token, { accuracy: 3 }), device('exact'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'review', reason: 'precision' });
  });

  it("a room's own networks override the university's: a mark from outside the room's list goes to review ('network'), one from inside it is accepted", async () => {
    const d = db.database.db;
    await d
      .update(auditoria)
      .set({ qrNetworks: ['192.0.2.0/24'] })
      .where(eq(auditoria.id, lesson.auditoriumId));
    const campus = await appOn(db, { now: clock.now, env: { QR_ALLOWED_NETWORKS: '10.0.0.0/16' } });
    try {
      await moveTo(new Date(2027, 0, 31, 21, 30)); // Sunday 31 January 2027: a make-up session
      const s = await openLesson(lesson, true);
      const { token } = await tokenOf(s);
      const via = (who: TestSession, ip: string, phone: string) => markFrom(campus, who, token, ip, phone);
      // On the campus's network, but not the room's.
      expect((await via(student, '10.0.3.9', 'room-a')).json().data).toMatchObject({ status: 'review', reason: 'network' });
      // The room's network, outside the campus's list.
      expect((await via(mates[0], '192.0.2.5', 'room-b')).json().data).toMatchObject({ status: 'accepted', reason: null });
      const listed = (await post('/api/qr/review/list.json', teacher, {})).json().data.marks as { idStud: number; sessionId: number; reason: string }[];
      expect(listed.find((m) => m.sessionId === s.sessionId && m.idStud === student.user.uid)).toMatchObject({ reason: 'network' });
    } finally {
      await campus.close();
      await d.update(auditoria).set({ qrNetworks: null }).where(eq(auditoria.id, lesson.auditoriumId));
    }
  });

  it("with the university's networks listed (QR_ALLOWED_NETWORKS), a mark from another address goes to review ('network'); off by default", async () => {
    const campus = await appOn(db, { now: clock.now, env: { QR_ALLOWED_NETWORKS: '10.0.0.0/16, 2001:db8::/32' } });
    try {
      await moveTo(new Date(2027, 0, 10, 21, 30)); // Sunday 10 January 2027: a make-up session
      const s = await openLesson(lesson, true);
      const { token } = await tokenOf(s);
      const via = (who: TestSession, ip: string, phone: string) => markFrom(campus, who, token, ip, phone);
      expect((await via(student, '203.0.113.9', 'net-a')).json().data).toMatchObject({ status: 'review', reason: 'network' });
      expect((await via(mates[0], '10.0.3.4', 'net-b')).json().data).toMatchObject({ status: 'accepted', reason: null });
      expect((await via(mates[1], '2001:db8::5', 'net-c')).json().data).toMatchObject({ status: 'accepted', reason: null });
      // The same address from the default server: no list, no review.
      expect((await post('/api/qr/student/visit.json', mates[2], visitBody(mates[2], token), device('net-d'), '203.0.113.10')).json().data.status).toBe(
        'accepted',
      );
      // The teacher sees how many marks came from outside the listed networks; without a list, that none are listed.
      const listedState = (
        await campus.inject({ method: 'POST', url: '/api/qr/session/state.json', payload: { sessionId: s.sessionId }, headers: teacher.headers })
      ).json().data as QrSession;
      expect(listedState.networksListed).toBe(true);
      expect(listedState.marks.filter((m) => m.outside).map((m) => m.idStud)).toEqual([mates[2].user.uid, student.user.uid]);
      const plainState = (await post('/api/qr/session/state.json', teacher, { sessionId: s.sessionId })).json().data as QrSession;
      expect(plainState.networksListed).toBe(false);
      expect(plainState.marks.filter((m) => m.outside)).toEqual([]);
    } finally {
      await campus.close();
    }
  });
});
