/** /api/qr/*: the student's mark during the lesson with every refusal, refused marks in the log, and a record already in the journal. The shared setup: qr.testing.ts. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type QrSession, type QrToken } from '@contract/qr';
import { buildApp } from '../../app';
import { journalVisitChanges, journalVisits, qrMarks, students } from '../../db/schema';
import { cookieHeader, testConfig, type TestSession } from '../../test/helpers';
import {
  db,
  app,
  clock,
  teacher,
  student,
  mates,
  outsider,
  lesson,
  other,
  at,
  post,
  moveTo,
  openLesson,
  tokenOf,
  visitBody,
  device,
  visitsOf,
  useQrApp,
} from './qr.testing';

useQrApp();

// One lesson's timeline, in the order it happens: the clock moves forward (the token goes stale, the
// lesson ends) and each step builds on the marks before it, so its tests keep their order.
describe('marks during the lesson', { shuffle: false }, () => {
  let s: QrSession;
  let token: QrToken;

  beforeAll(async () => {
    await moveTo(at(lesson, lesson.startsAt, 5));
    s = await openLesson();
    token = await tokenOf(s);
  });

  it('a session opened in the lesson time shows the lesson and 0 of M', () => {
    expect(s).toMatchObject({ idShed: lesson.id, date: '2026-10-0' + (4 + lesson.dayNumber), makeup: false, closed: false, count: 0, group: lesson.target });
    expect(s.total).toBeGreaterThanOrEqual(4);
    expect(token.code).toMatch(/^\d{6}$/);
  });

  it('nothing marks through GET', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/qr/student/visit.json', headers: student.headers });
    expect(res.statusCode).toBe(404);
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(0);
  });

  it('refuses a forged token, a token of another lesson, the wrong room and another student id', async () => {
    const forged = token.token.slice(0, -4) + (token.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const cases: [object, number, string | undefined][] = [
      [visitBody(student, forged), 403, 'token'],
      [visitBody(student, 'not-a-token'), 403, 'token'],
      [visitBody(student, token.token, { idShed: other.id, idAud: other.auditoriumId }), 403, 'token'],
      [visitBody(student, token.token, { idAud: lesson.auditoriumId + 1 }), 403, 'room'],
      [visitBody(student, token.token, { idStud: mates[0].user.uid }), 403, undefined],
    ];
    for (const [body, status, reason] of cases) {
      const res = await post('/api/qr/student/visit.json', student, body);
      expect(res.statusCode, res.body).toBe(status);
      if (reason) expect(res.json().error.params).toEqual({ reason });
    }
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(0);
  });

  it("refuses a student who is not in the lesson's group", async () => {
    const res = await post('/api/qr/student/visit.json', outsider, visitBody(outsider, token.token));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.params).toEqual({ reason: 'notYours' });
  });

  it('accepts a current token in the room: the journal holds the presence, the teacher sees 1 of M', async () => {
    // A mark sends its events after its commit (publishCommitted): the same tuples as publish(db, event, to, data).
    const published = vi.spyOn(app.ctx.live, 'publishCommitted');
    const res = await post('/api/qr/student/visit.json', student, visitBody(student, token.token), device('phone-a'));
    const calls = published.mock.calls.flatMap(([events]) => events.map((e) => [null, e.event, e.to, e.data] as const));
    published.mockRestore();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'accepted', reason: null });
    const visits = await visitsOf(student.user.uid, s.date);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({
      mark: null,
      scheduleEntryId: lesson.id,
      teachingAssignmentId: lesson.teachingAssignmentId,
      lessonTimeId: lesson.lessonTimeId,
    });
    // The teacher's open journal gets the presence live, as the journal's own writes do.
    const journal = calls.find(([, event]) => event === 'journal.changed');
    expect(journal?.[2]).toEqual([teacher.user.id]);
    expect(journal?.[3]).toMatchObject({
      id_journal: lesson.teachingAssignmentId,
      reload: false,
      cells: [
        {
          id_student: student.user.uid,
          visitDate: visits[0].visitDate,
          id_time: lesson.lessonTimeId,
          cell: { id_studentJournalVisit: visits[0].id, otsenka: null, source: 'qr' },
        },
      ],
    });
    const state = (await post('/api/qr/session/state.json', teacher, { sessionId: s.sessionId })).json().data as QrSession;
    expect(state.count).toBe(1);
    expect(state.marks[0]).toMatchObject({ idStud: student.user.uid, status: 'accepted' });
  });

  it('a second mark answers 409 and changes nothing', async () => {
    const res = await post('/api/qr/student/visit.json', student, visitBody(student, token.token), device('phone-a'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.params).toEqual({ reason: 'marked' });
    // Said as it is, in the user's language, not as the general "changed by another request".
    expect(res.json().error.message).toBe('Вы уже отмечены на этом занятии');
    const kg = await post('/api/qr/student/visit.json', student, visitBody(student, token.token), `; lang=kg${device('phone-a')}`);
    expect(kg.json().error.message).toBe('Сиз бул сабакта буга чейин белгилендиңиз');
    const en = await post('/api/qr/student/visit.json', student, visitBody(student, token.token), `; lang=en${device('phone-a')}`);
    expect(en.json().error.message).toBe('You are already marked for this lesson');
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(1);
  });

  it('the same phone marking for a second student goes to the review list; the teacher accepts it into the journal', async () => {
    const res = await post('/api/qr/student/visit.json', mates[0], visitBody(mates[0], token.token), device('phone-a'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'review', reason: 'device' });
    expect(await visitsOf(mates[0].user.uid, s.date)).toHaveLength(0);
    const state = (await post('/api/qr/session/state.json', teacher, { sessionId: s.sessionId })).json().data as QrSession;
    const pending = state.marks.find((m) => m.idStud === mates[0].user.uid)!;
    expect(pending).toMatchObject({ status: 'review', reason: 'device' });
    expect(state.count).toBe(1);
    expect((await post('/api/qr/review/decide.json', student, { markId: pending.id, accept: true })).statusCode).toBe(403);
    const decided = await post('/api/qr/review/decide.json', teacher, { markId: pending.id, accept: true });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data.count).toBe(2);
    expect(await visitsOf(mates[0].user.uid, s.date)).toHaveLength(1);
    expect((await post('/api/qr/review/decide.json', teacher, { markId: pending.id, accept: false })).statusCode).toBe(409);
  });

  it('a position outside the room goes to the review list; a rejected one stays out of the journal', async () => {
    const res = await post('/api/qr/student/visit.json', mates[1], visitBody(mates[1], token.token, { x: lesson.latitude + 0.01 }), device('phone-b'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'review', reason: 'distance' });
    const [mark] = await db.database.db
      .select()
      .from(qrMarks)
      .where(and(eq(qrMarks.sessionId, s.sessionId), eq(qrMarks.studentId, mates[1].user.uid)));
    expect(mark.distanceM).toBeGreaterThan(1000);
    expect((await post('/api/qr/review/decide.json', teacher, { markId: mark.id, accept: false })).statusCode).toBe(200);
    expect(await visitsOf(mates[1].user.uid, s.date)).toHaveLength(0);
  });

  it('a stale token (older than its window and the grace) is refused; the typed code of the current window works', async () => {
    clock.advance(25_000);
    const stale = await post('/api/qr/student/visit.json', mates[2], visitBody(mates[2], token.token), device('phone-c'));
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.params).toEqual({ reason: 'token' });
    const wrongCode = await post('/api/qr/student/visit.json', mates[2], { ...visitBody(mates[2], ''), token: undefined, code: token.code }, device('phone-c'));
    expect(wrongCode.statusCode).toBe(403);
    const fresh = await tokenOf(s);
    expect(fresh.token).not.toBe(token.token);
    const res = await post('/api/qr/student/visit.json', mates[2], { ...visitBody(mates[2], ''), token: undefined, code: fresh.code }, device('phone-c'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('accepted');
  });

  it('a lesson not open now (a later lesson of the day) is refused', async () => {
    const res = await post('/api/qr/student/visit.json', student, {
      ...visitBody(student, ''),
      token: undefined,
      code: '123456',
      idShed: other.id,
      idAud: other.auditoriumId,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.params).toEqual({ reason: 'notOpen' });
  });

  it('after the lesson (past) the token is refused and the teacher gets no more tokens', async () => {
    const fresh = await tokenOf(s);
    await moveTo(at(lesson, lesson.endsAt, 1));
    const late = await post('/api/qr/student/visit.json', outsider, visitBody(outsider, fresh.token));
    expect(late.statusCode).toBe(403);
    expect(late.json().error.params).toEqual({ reason: 'notOpen' });
    expect((await post('/api/qr/session/token.json', teacher, { sessionId: s.sessionId })).statusCode).toBe(403);
  });
});

describe('refused marks', () => {
  it('are logged with who, which lesson and why (they store nothing); an accepted one is not', async () => {
    await moveTo(new Date(2026, 9, 15, 21, 30)); // a Thursday evening: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    // A server of its own on the same database, its request logger watched.
    const logged: unknown[] = [];
    const watched = await buildApp({ config: testConfig(), database: db.database, now: clock.now, distDir: '/nonexistent' });
    watched.addHook('onRequest', async (req) => {
      vi.spyOn(req.log, 'info').mockImplementation((...args: unknown[]) => void logged.push(args));
    });
    await watched.ready();
    try {
      const mark = (body: object) =>
        watched.inject({
          method: 'POST',
          url: '/api/qr/student/visit.json',
          payload: body,
          headers: { cookie: `${cookieHeader(student.token).cookie}${device('phone-logged')}` },
        });
      expect((await mark(visitBody(student, token))).statusCode).toBe(200);
      expect((await mark(visitBody(student, token))).statusCode).toBe(409);
      expect((await mark(visitBody(student, 'not-a-token'))).statusCode).toBe(403);
    } finally {
      await watched.close();
    }
    const refusals = logged.filter((args) => (args as unknown[])[1] === 'QR mark refused').map((args) => (args as [{ qrRefused: unknown }])[0].qrRefused);
    expect(refusals).toEqual([
      { uid: student.user.uid, idShed: lesson.id, status: 409, reason: 'marked', typed: false },
      { uid: student.user.uid, idShed: lesson.id, status: 403, reason: 'token', typed: false },
    ]);
  });
});

describe('a record already in the journal', () => {
  /** The teacher's own record in `who`'s cell of the lesson on `date` (a Sunday), copied from the demo student's QR record there. */
  async function writtenByHand(who: TestSession, date: string, mark: string) {
    const d = db.database.db;
    const [model] = await visitsOf(student.user.uid, date);
    const [row] = await d.select({ groupId: students.groupId, educationFormId: students.educationFormId }).from(students).where(eq(students.id, who.user.uid));
    const { id: _id, createdAt: _c, updatedAt: _u, ...cell } = model;
    const [written] = await d
      .insert(journalVisits)
      .values({
        ...cell,
        studentId: who.user.uid,
        groupId: row.groupId,
        educationFormId: row.educationFormId,
        visitDate: date,
        dayNumber: 7,
        mark,
        source: 'journal',
      })
      .returning({ id: journalVisits.id });
    return written;
  }

  it("a mark turns the teacher's 'н/б' into presence, with its history line", async () => {
    await moveTo(new Date(2026, 9, 18, 21, 30)); // another Sunday evening: a make-up session
    const s = await openLesson(lesson, true);
    const mate = mates[2];
    const d = db.database.db;
    const { token: first } = await tokenOf(s);
    // The demo student's check-in gives a journal record to copy for the mate's absence.
    expect((await post('/api/qr/student/visit.json', student, visitBody(student, first), device('phone-m'))).json().data.status).toBe('accepted');
    const absent = await writtenByHand(mate, '2026-10-18', 'н/б');
    const { token } = await tokenOf(s);
    const res = await post('/api/qr/student/visit.json', mate, visitBody(mate, token), device('phone-n'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'accepted' });
    const [row] = await d.select().from(journalVisits).where(eq(journalVisits.id, absent.id));
    expect(row).toMatchObject({ mark: null, source: 'qr' });
    const [changed] = await d.select().from(journalVisitChanges).where(eq(journalVisitChanges.visitId, absent.id));
    expect(changed).toMatchObject({ action: 'update', oldMark: 'н/б', newMark: null, source: 'qr' });
    const [mark] = await d
      .select()
      .from(qrMarks)
      .where(and(eq(qrMarks.sessionId, s.sessionId), eq(qrMarks.studentId, mate.user.uid)));
    expect(mark).toMatchObject({ status: 'accepted', visitId: absent.id });
    const state = (await post('/api/qr/session/state.json', teacher, { sessionId: s.sessionId })).json().data as QrSession;
    expect(state.count).toBe(2);
  });

  it('a mark that would wait for review, for a student the journal already holds as present, answers 409 and stores nothing', async () => {
    await moveTo(new Date(2026, 10, 8, 21, 30)); // a Sunday evening in November: a make-up session
    const s = await openLesson(lesson, true);
    const mate = mates[1];
    const d = db.database.db;
    const { token: first } = await tokenOf(s);
    expect((await post('/api/qr/student/visit.json', student, visitBody(student, first), device('phone-p'))).json().data.status).toBe('accepted');
    // The teacher has written a grade in the mate's cell by hand.
    await writtenByHand(mate, '2026-11-08', '5');
    const { token } = await tokenOf(s);
    const res = await post('/api/qr/student/visit.json', mate, visitBody(mate, token, { x: lesson.latitude + 0.01 }), device('phone-q'));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.params).toEqual({ reason: 'marked' });
    expect(
      await d
        .select()
        .from(qrMarks)
        .where(and(eq(qrMarks.sessionId, s.sessionId), eq(qrMarks.studentId, mate.user.uid))),
    ).toHaveLength(0);
    const cells = await d
      .select()
      .from(journalVisits)
      .where(and(eq(journalVisits.studentId, mate.user.uid), eq(journalVisits.visitDate, '2026-11-08')));
    expect(cells).toEqual([expect.objectContaining({ mark: '5', source: 'journal' })]);
  });
});
