/** /api/qr/*: typed codes and their lockout, and the receipts and holds that keep honest students from being refused. The shared setup: qr.testing.ts. */
import { describe, expect, it } from 'vitest';
import { QR_CODE_TRIES, QR_CODE_TRIES_WINDOW_MS } from '@contract/qr';
import { type TestSession } from '../../test/helpers';
import { app, clock, teacher, student, mates, outsider, lesson, post, moveTo, openLesson, tokenOf, visitBody, device, visitsOf, useQrApp } from './qr.testing';

useQrApp();

describe('typed codes', () => {
  it(`are offered for the lessons open now (a make-up one too); after ${QR_CODE_TRIES} wrong ones a student is refused (429), even the right code, until they leave the window`, async () => {
    await moveTo(new Date(2026, 9, 14, 21, 30)); // a Wednesday evening: a make-up session
    const s = await openLesson(lesson, true);
    // The lessons a code can be typed for are those whose attendance is open now, this make-up one
    // (out of its time) too; none for a student of another group; not a teacher's call.
    const open = await post('/api/qr/student/lessons.json', student, {});
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toEqual([
      {
        idShed: lesson.id,
        idAud: lesson.auditoriumId,
        discipline: expect.any(String),
        room: expect.any(String),
        startsAt: lesson.startsAt,
        lessonType: lesson.lessonType.nameRu,
        marked: false,
        waiting: false,
      },
    ]);
    expect((await post('/api/qr/student/lessons.json', outsider, {})).json().data).toEqual([]);
    expect((await post('/api/qr/student/lessons.json', teacher, {})).statusCode).toBe(403);
    const typed = (who: TestSession, code: string, phone: string) =>
      post('/api/qr/student/visit.json', who, { ...visitBody(who, ''), token: undefined, code }, device(phone));
    const { code } = await tokenOf(s);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < QR_CODE_TRIES; i++) {
      const res = await typed(student, wrong, 'phone-typing');
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.params).toEqual({ reason: 'token' });
    }
    const blocked = await typed(student, code, 'phone-typing');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(0);

    // Another student of the group types the right code meanwhile: accepted (a right code does not count).
    const mate = await typed(mates[0], code, 'phone-mate');
    expect(mate.statusCode, mate.body).toBe(200);
    expect(mate.json().data.status).toBe('accepted');
    // The mate's typed-code form then names the lesson as marked (and offers no second code for it).
    expect((await post('/api/qr/student/lessons.json', mates[0], {})).json().data).toEqual([expect.objectContaining({ idShed: lesson.id, marked: true })]);

    // Once the wrong codes have left the window, the student types the code of that moment.
    await moveTo(new Date(clock.now().getTime() + QR_CODE_TRIES_WINDOW_MS));
    const now = await typed(student, (await tokenOf(s)).code, 'phone-typing');
    expect(now.statusCode, now.body).toBe(200);
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(1);
  });
});

describe('honest students are not refused', () => {
  it('a reading too imprecise for the room (150 m, an inner room) goes to review with its reason; the teacher accepts it the next day, after the session closed', async () => {
    await moveTo(new Date(2027, 0, 5, 21, 30)); // Tuesday 5 January 2027: a make-up session
    const s = await openLesson(lesson, true);
    const res = await post('/api/qr/student/visit.json', student, visitBody(student, (await tokenOf(s)).token, { accuracy: 150 }), device('inner-room'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'review', reason: 'accuracy' });
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(0);
    expect((await post('/api/qr/session/close.json', teacher, { sessionId: s.sessionId })).statusCode).toBe(200);

    await moveTo(new Date(2027, 0, 6, 10, 0)); // the next day
    const list = await post('/api/qr/review/list.json', teacher, {});
    expect(list.statusCode, list.body).toBe(200);
    const waiting = (list.json().data as { marks: { id: number; idStud: number; reason: string; date: string }[] }).marks.find(
      (m) => m.idStud === student.user.uid && m.date === s.date,
    )!;
    expect(waiting).toMatchObject({ reason: 'accuracy' });
    expect((await post('/api/qr/review/list.json', student, {})).statusCode).toBe(403);
    const decided = await post('/api/qr/review/decide.json', teacher, { markId: waiting.id, accept: true });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(1);
    const after = (await post('/api/qr/review/list.json', teacher, {})).json().data.marks as { id: number }[];
    expect(after.map((m) => m.id)).not.toContain(waiting.id);
  });

  it('a scan earns a receipt: the mark it carries is accepted after the token itself has expired; a receipt of another student or too old is refused', async () => {
    await moveTo(new Date(2027, 0, 12, 21, 30)); // Tuesday 12 January 2027: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const scan = await post('/api/qr/student/lesson.json', student, { token });
    expect(scan.statusCode, scan.body).toBe(200);
    const { receipt } = scan.json().data as { receipt: string };
    const mateScan = (await post('/api/qr/student/lesson.json', mates[0], { token })).json().data as { receipt: string };
    clock.advance(45_000); // a slow position fix: the token's window and its grace are over
    expect((await post('/api/qr/student/visit.json', student, visitBody(student, token), device('receipt'))).json().error.params).toEqual({ reason: 'token' });
    const stolen = await post(
      '/api/qr/student/visit.json',
      student,
      { ...visitBody(student, ''), token: undefined, receipt: mateScan.receipt },
      device('receipt'),
    );
    expect(stolen.statusCode).toBe(403);
    const res = await post('/api/qr/student/visit.json', student, { ...visitBody(student, ''), token: undefined, receipt }, device('receipt'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('accepted');
    clock.advance(60_000); // 105 s after the scan
    const old = await post(
      '/api/qr/student/visit.json',
      mates[0],
      { ...visitBody(mates[0], ''), token: undefined, receipt: mateScan.receipt },
      device('receipt-old'),
    );
    expect(old.statusCode).toBe(403);
    expect(old.json().error.params).toEqual({ reason: 'token' });
  });

  it('a scan made signed out is kept through sign-in on the same device for a few minutes: the mark is accepted though the token expired meanwhile', async () => {
    await moveTo(new Date(2027, 0, 14, 21, 30)); // Thursday 14 January 2027: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const signedOut = (body: object, phone: string) =>
      app.inject({ method: 'POST', url: '/api/qr/scan/hold.json', payload: body, remoteAddress: '10.9.0.1', headers: { cookie: device(phone).slice(2) } });
    const held = await signedOut({ token }, 'held-phone');
    expect(held.statusCode, held.body).toBe(200);
    const { hold } = held.json().data as { hold: string };
    // A forged token is not kept.
    expect((await signedOut({ token: `${token}x` }, 'held-phone')).statusCode).toBe(403);
    // Signing in on a phone takes a while: the token's window and grace are long over.
    clock.advance(3 * 60_000);
    const scan = (who: TestSession, body: object, phone: string) => post('/api/qr/student/lesson.json', who, body, device(phone));
    expect((await scan(student, { token }, 'held-phone')).json().error.params).toEqual({ reason: 'token' });
    // The hold on another phone proves nothing.
    expect((await scan(student, { token, hold }, 'other-phone')).json().error.params).toEqual({ reason: 'token' });
    const kept = await scan(student, { token, hold }, 'held-phone');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ idShed: lesson.id });
    const { receipt } = kept.json().data as { receipt: string };
    const res = await post('/api/qr/student/visit.json', student, { ...visitBody(student, ''), token: undefined, receipt }, device('held-phone'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('accepted');
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(1);
    // A student not of the lesson gets nothing from it.
    expect((await scan(outsider, { token, hold }, 'held-phone')).json().error.params).toEqual({ reason: 'notYours' });
    // After QR_HOLD_MS (5 minutes) the hold is over.
    clock.advance(2 * 60_000 + 1000);
    expect((await scan(mates[0], { token, hold }, 'held-phone')).json().error.params).toEqual({ reason: 'token' });
  });

  it("a typed code earns a receipt when typed; a previous window's correct code is late ('stale'), never a wrong try toward the lockout", async () => {
    await moveTo(new Date(2027, 0, 13, 21, 30)); // Wednesday 13 January 2027: a make-up session
    const s = await openLesson(lesson, true);
    const { code } = await tokenOf(s);
    clock.advance(25_000); // the code's window and its grace are over
    for (let i = 0; i <= QR_CODE_TRIES; i++) {
      const late = await post('/api/qr/student/code.json', student, { idShed: lesson.id, code });
      expect(late.statusCode, late.body).toBe(403);
      expect(late.json().error.params).toEqual({ reason: 'stale' });
    }
    const fresh = await tokenOf(s);
    const typed = await post('/api/qr/student/code.json', student, { idShed: lesson.id, code: fresh.code });
    expect(typed.statusCode, typed.body).toBe(200);
    clock.advance(40_000);
    const res = await post(
      '/api/qr/student/visit.json',
      student,
      { ...visitBody(student, ''), token: undefined, receipt: typed.json().data.receipt },
      device('typed'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('accepted');
  });
});
