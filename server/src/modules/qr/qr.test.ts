/**
 * /api/qr/*: opening attendance, the rotating token, the student's mark with every refusal (stale,
 * forged or another lesson's token, lesson not open, past lesson, wrong group, wrong room, poor
 * accuracy, second mark, twenty marks at once, a double tap while the first is written), the review
 * list (outside the radius, one device for two students) and the teacher's decision, marks in the
 * journal, and the public QR card.
 */
import { and, count, eq, gte, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QR_CODE_TRIES, QR_CODE_TRIES_WINDOW_MS, type QrSession, type QrToken, type QrVisitBody } from '../../../../contract/qr';
import { buildApp, type App } from '../../app';
import { AppError } from '../../app-error';
import { auditoria, journalVisitChanges, journalVisits, qrMarks, qrSessions, scheduleEntries, students, users } from '../../db/schema';
import * as timetable from '../../shared/timetable.repository';
import {
  appOn,
  cookieHeader,
  createTestDatabase,
  quickPasswordHash,
  session,
  signIn,
  testClock,
  testConfig,
  type TestDatabase,
  type TestSession,
} from '../../test/helpers';
import { otherProcess } from '../../test/processes';
import { DEVICE_COOKIE } from './qr.routes';
import { QrMarks } from './qr.marks';

let db: TestDatabase;
let app: App;
const clock = testClock(new Date(2026, 9, 5, 7, 0)); // Monday 5 October 2026, 07:00
let teacher: TestSession;
let student: TestSession;
const mates: TestSession[] = [];
let outsider: TestSession; // a student of a group the lesson is not for
let lesson: timetable.EntryRow; // a lesson of the demo teacher for the demo student's group
let other: timetable.EntryRow; // another lesson of the demo student

/** The local instant of the lesson's weekday in the week of 5 October 2026 at 'HH:mm' plus minutes. */
function at(entry: timetable.EntryRow, hhmm: string, plusMinutes = 0): Date {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(2026, 9, 4 + entry.dayNumber, h, m + plusMinutes);
}

/** Each student's phone has a network address of its own (10.0.x.y from the student's id) unless `ip` names one. */
const addressOf = (who: TestSession | null) => (who ? `10.0.${(who.user.uid >> 8) & 255}.${who.user.uid & 255}` : '10.255.255.1');

const post = (url: string, who: TestSession | null, payload: object, extraCookie = '', ip = addressOf(who)) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: who ? { cookie: `${cookieHeader(who.token).cookie}${extraCookie}` } : {} });

const logins = new Map<TestSession, string>();

async function signInAs(login: string): Promise<TestSession> {
  const { res, token, body } = await signIn(app, login, `${login}-Pass-2026`);
  if (res.statusCode !== 200 || !token) throw new Error(`sign-in as ${login} failed: ${res.body}`);
  return { token, user: body.data, headers: cookieHeader(token) };
}

/** Moves the clock and signs everyone in again (sessions expire when the clock jumps). */
async function moveTo(date: Date): Promise<void> {
  clock.set(date);
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
  for (const [i, m] of mates.entries()) mates[i] = Object.assign(m, await signInAs(logins.get(m)!));
  outsider = Object.assign(outsider, await signInAs(logins.get(outsider)!));
}

async function signInStudent(studentId: number, login: string): Promise<TestSession> {
  const d = db.database.db;
  const password = `${login}-Pass-2026`;
  await d
    .update(users)
    .set({ login, passwordHash: quickPasswordHash(password) })
    .where(eq(users.studentId, studentId));
  const { res, token, body } = await signIn(app, login, password);
  if (res.statusCode !== 200 || !token) throw new Error(`sign-in as ${login} failed: ${res.body}`);
  const who = { token, user: body.data, headers: cookieHeader(token) };
  logins.set(who, login);
  return who;
}

async function openLesson(entry = lesson, makeup = false): Promise<QrSession> {
  const res = await post('/api/qr/session/open.json', teacher, { idShed: entry.id, makeup });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function tokenOf(s: QrSession): Promise<QrToken> {
  const res = await post('/api/qr/session/token.json', teacher, { sessionId: s.sessionId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const visitBody = (who: TestSession, token: string, over: Partial<Record<string, unknown>> = {}) => ({
  idShed: lesson.id,
  idStud: who.user.uid,
  idAud: lesson.auditoriumId,
  x: lesson.latitude,
  y: lesson.longitude,
  accuracy: 12,
  token,
  ...over,
});

const device = (id: string) => `; ${DEVICE_COOKIE}=${id.padEnd(32, 'x')}`;

/** A mark with `token` sent to `on` (a server with its own settings) from the network address `ip` and the phone `phone`. */
const markFrom = (on: App, who: TestSession, token: string, ip: string, phone: string) =>
  on.inject({
    method: 'POST',
    url: '/api/qr/student/visit.json',
    payload: visitBody(who, token),
    remoteAddress: ip,
    headers: { cookie: `${cookieHeader(who.token).cookie}${device(phone)}` },
  });

/** The student's QR records in the journal (of one date when given). */
async function visitsOf(studentId: number, date?: string) {
  return db.database.db
    .select()
    .from(journalVisits)
    .where(and(eq(journalVisits.studentId, studentId), eq(journalVisits.source, 'qr'), date ? eq(journalVisits.visitDate, date) : undefined));
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = await appOn(db, { now: clock.now });
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
  const d = db.database.db;
  const mine = await timetable.entriesOfStudent(d, student.user.uid, 2026, 1);
  const taught = mine.filter((e) => e.teacherId === teacher.user.uid && e.subgroup === 0);
  expect(taught.length).toBeGreaterThan(0);
  lesson = taught[0];
  other = mine.find((e) => e.id !== lesson.id && e.dayNumber !== lesson.dayNumber)!;
  expect(other).toBeTruthy();
  const [me] = await d.select({ groupId: students.groupId }).from(students).where(eq(students.id, student.user.uid));
  const groupMates = await d
    .select({ id: students.id })
    .from(students)
    .innerJoin(users, eq(users.studentId, students.id))
    .where(and(eq(students.groupId, me.groupId), ne(students.id, student.user.uid), isNull(users.passwordHash), eq(users.mustUpdateCredentials, false)))
    .orderBy(students.id)
    .limit(3);
  for (const [i, m] of groupMates.entries()) mates.push(await signInStudent(m.id, `qr-mate-${i}`));
  const members = new Set((await timetable.studentsOfEntry(d, lesson.id)).map((s) => s.id));
  const [stranger] = await d.select({ id: students.id }).from(students).where(ne(students.groupId, me.groupId)).orderBy(students.id).limit(50);
  expect(members.has(stranger.id)).toBe(false);
  outsider = await signInStudent(stranger.id, 'qr-outsider');
  // The seeded journal history runs up to the day the database was made: the lessons these tests
  // hold (from 5 October 2026 on) start with nothing in the journal.
  await d.delete(journalVisits).where(gte(journalVisits.visitDate, '2026-10-05'));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

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

describe('typed codes', () => {
  it(`are offered for the lessons open now (a make-up one too); after ${QR_CODE_TRIES} wrong ones a student is refused (429), even the right code, until they leave the window`, async () => {
    await moveTo(new Date(2026, 9, 14, 21, 30)); // a Wednesday evening: a make-up session
    const s = await openLesson(lesson, true);
    // The lessons a code can be typed for are those whose attendance is open now, this make-up one
    // (out of its time) too; none for a student of another group; not a teacher's call.
    const open = await post('/api/qr/student/lessons.json', student, {});
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toEqual([
      { idShed: lesson.id, idAud: lesson.auditoriumId, discipline: expect.any(String), room: expect.any(String), startsAt: lesson.startsAt, marked: false },
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

describe('QR reports', () => {
  it('rates by faculty down to student count the held lessons; a student sees only his own row', async () => {
    type Rate = { id: number; present: number; expected: number; rate: number };
    const get = (url: string, who: TestSession) => app.inject({ method: 'GET', url, headers: who.headers });
    const [me] = await db.database.db.select({ groupId: students.groupId }).from(students).where(eq(students.id, student.user.uid));
    const faculties = async () => (await get('/api/misc/getstudentqrfaculty?year=2026&ws=1', teacher)).json().data as Rate[];
    const byStudent = async () => (await get(`/api/misc/getqrforreportstudent?year=2026&ws=1&group=${me.groupId}`, teacher)).json().data as Rate[];
    const present = (rows: Rate[]) => rows.reduce((n, f) => n + f.present, 0);
    const rowOf = (rows: Rate[], id: number) => rows.find((r) => r.id === id) ?? { id, present: 0, expected: 0, rate: 0 };
    const [facultiesBefore, studentsBefore] = [await faculties(), await byStudent()];

    // A held lesson (a make-up session on a Sunday of its own) where the demo student checks in and a mate does not.
    await moveTo(new Date(2026, 10, 1, 21, 30));
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    expect((await post('/api/qr/student/visit.json', student, visitBody(student, token), device('phone-r'))).json().data.status).toBe('accepted');

    const facultiesAfter = await faculties();
    expect(facultiesAfter.length).toBeGreaterThan(0);
    expect(present(facultiesAfter)).toBe(present(facultiesBefore) + 1);
    const rows = await byStudent();
    const [mineBefore, mine] = [rowOf(studentsBefore, student.user.uid), rowOf(rows, student.user.uid)];
    expect(mine).toMatchObject({ present: mineBefore.present + 1, expected: mineBefore.expected + 1 });
    expect(mine.rate).toBe(Math.round((mine.present / mine.expected) * 1000) / 10);
    const [mateBefore, mate] = [rowOf(studentsBefore, mates[1].user.uid), rowOf(rows, mates[1].user.uid)];
    expect(mate).toMatchObject({ present: mateBefore.present, expected: mateBefore.expected + 1 });
    const own = (await get(`/api/misc/getqrforreportstudent?year=2026&ws=1&group=${me.groupId}`, student)).json().data;
    expect(own).toEqual([mine]);
    expect((await get('/api/misc/getstudentqrfaculty?year=2026&ws=1', student)).statusCode).toBe(403);
    expect((await get('/api/misc/getstudentqrfaculty?year=2026&ws=3', teacher)).statusCode).toBe(400);
  });
});

describe('the QR card', () => {
  it('a student gets an unguessable link; the card opens without a session; a revoked or unknown token is 404', async () => {
    expect((await post('/api/qr/card.json', teacher, {})).statusCode).toBe(403);
    const link = (await post('/api/qr/card.json', student, {})).json().data;
    expect(link.data).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.path).toBe(`/lms/studentqr?data=${link.data}`);
    expect((await post('/api/qr/card.json', student, {})).json().data.data).toBe(link.data);
    const card = await app.inject({ method: 'GET', url: `/api/misc/getstudentqrinfo?data=${link.data}` });
    expect(card.statusCode, card.body).toBe(200);
    const data = card.json().data;
    expect(data.code).toBeTruthy();
    expect(data.fio).toContain(' ');
    expect(data.orders.length).toBeGreaterThan(0);
    expect(data.photo).toMatch(/^data:image\//);
    expect(JSON.stringify(data)).not.toContain(String(student.user.uid) + ',');
    expect((await app.inject({ method: 'GET', url: `/api/misc/getstudentqrinfo?data=${String(student.user.uid)}` })).statusCode).toBe(404);
    const renewed = (await post('/api/qr/card/revoke.json', student, {})).json().data;
    expect(renewed.data).not.toBe(link.data);
    expect((await app.inject({ method: 'GET', url: `/api/misc/getstudentqrinfo?data=${link.data}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/misc/getstudentqrinfo?data=${renewed.data}` })).statusCode).toBe(200);
  });

  it('too many look-ups from one address answer 429', async () => {
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++)
      last = (await app.inject({ method: 'GET', url: '/api/misc/getstudentqrinfo?data=x', remoteAddress: '10.9.9.9' })).statusCode;
    expect(last).toBe(429);
  });

  it('30 look-ups a minute per address, counted across server processes: the 31st is 429 whichever process it reaches', async () => {
    // A second process on the same database (on PostgreSQL its own pool).
    const second = await otherProcess(db, { now: clock.now });
    const other = second.app;
    try {
      const lookUp = (via: App, ip: string) => via.inject({ method: 'GET', url: '/api/misc/getstudentqrinfo?data=x', remoteAddress: ip });
      for (let i = 0; i < 30; i++) expect((await lookUp(i % 2 === 0 ? app : other, '10.7.7.7')).statusCode, `look-up ${i + 1}`).toBe(404);
      for (const via of [app, other]) {
        const res = await lookUp(via, '10.7.7.7');
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toMatchObject({ result: true, error: { code: 'TOO_MANY_REQUESTS' }, data: null });
      }
      // Another address is not affected.
      expect((await lookUp(other, '10.7.7.8')).statusCode).toBe(404);
    } finally {
      await second.close();
    }
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

/** A row of a write of marks, as the statement's JSON parameter carries it. */
type WriteRow = { student_id: number; day_number: number };

/**
 * Passes every write of marks through `intercept(rows, n)` (n: the write's number, from 0), which lets
 * it through ('ok'), has changed a row to a value the database refuses ('refused'), or has the
 * database be unreachable for it ('unreachable'). The write is a named statement, which db/client.ts
 * rowsOf hands to the session's prepareQuery. `seen` lists the writes: 'failing' or 'ok'.
 */
function interceptWrites(intercept: (rows: WriteRow[], n: number) => 'ok' | 'refused' | 'unreachable') {
  const session = (app.ctx.db as unknown as { session: { prepareQuery: (query: { sql: string; params: unknown[] }, ...rest: unknown[]) => unknown } }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  const seen: string[] = [];
  const spy = vi.spyOn(session, 'prepareQuery').mockImplementation((query, ...rest) => {
    const at = query.params.findIndex((p) => typeof p === 'string' && p.includes('"by_user_id"'));
    if (at >= 0) {
      const rows = JSON.parse(query.params[at] as string) as WriteRow[];
      const what = intercept(rows, seen.length);
      seen.push(what === 'ok' ? 'ok' : 'failing');
      if (what === 'unreachable') return { execute: () => Promise.reject(new Error('Connection terminated unexpectedly')) };
      if (what === 'refused') query = { ...query, params: query.params.map((p, k) => (k === at ? JSON.stringify(rows) : p)) };
    }
    return prepareQuery(query, ...rest);
  });
  return { seen, restore: () => spy.mockRestore() };
}

/**
 * Has the database refuse writes of marks: `refuse(students, n)` gets the students of the n-th write
 * and names the one whose journal record carries a value the database refuses, or null.
 */
const refuseWrites = (refuse: (students: number[], n: number) => number | null) =>
  interceptWrites((rows, n) => {
    const who = refuse(
      rows.map((r) => r.student_id),
      n,
    );
    if (who === null) return 'ok';
    for (const r of rows) if (r.student_id === who) r.day_number = 9;
    return 'refused';
  });

/** Refuses the first `count` writes of marks (in the last mark of each) and lets the later ones through. */
const failWrites = (count: number) => refuseWrites((students, n) => (n < count ? students[students.length - 1] : null));

describe('marks that arrive together (group commit)', () => {
  /** The class's marks sent in one turn of the event loop, so that they form one batch (see below). */
  async function markTogether(token: string, who: TestSession[]) {
    // The marks reach the service in one turn of the event loop, so they form one batch whatever
    // the timing of the requests' own steps (HTTP parsing, session look-ups) would have been.
    const service = new QrMarks(app.ctx);
    const auths = await Promise.all(who.map(async (w) => (await app.ctx.sessions.lookup(w.token))!));
    const replies = await Promise.allSettled(
      who.map((w, i) =>
        service.visit(auths[i], { ...(visitBody(w, token) as QrVisitBody), device: `phone-g${i}`.padEnd(32, 'x'), ip: `10.1.0.${i + 1}` }, 'ru'),
      ),
    );
    return replies.map((r) => (r.status === 'fulfilled' ? r.value.status : 'refused'));
  }

  /** The student's mark alone, through the API, while `writes` intercepts the writes (then restored). */
  async function markAlone(token: string, writes: ReturnType<typeof interceptWrites>) {
    try {
      return Object.assign(await post('/api/qr/student/visit.json', student, visitBody(student, token)), { writes: writes.seen });
    } finally {
      writes.restore();
    }
  }

  it('are written in one statement; when it fails, nothing of it stays and the batch is tried once more', async () => {
    await moveTo(new Date(2026, 9, 25, 21, 30)); // a Sunday evening: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const who = [student, ...mates];
    const d = db.database.db;
    // The batch's write carries a value the database refuses in its last journal record, so the
    // statement fails after writing the marks and records before it: none of them may stay.
    const writes = failWrites(1);
    const answers = await markTogether(token, who);
    writes.restore();
    expect(answers).toEqual(who.map(() => 'accepted'));
    // One failed write for the whole batch, then the batch again.
    expect(writes.seen).toEqual(['failing', 'ok']);
    const marks = await d.select().from(qrMarks).where(eq(qrMarks.sessionId, s.sessionId));
    expect(marks.map((m) => m.studentId).sort()).toEqual(who.map((w) => w.user.uid).sort());
    expect(marks.every((m) => m.status === 'accepted' && m.visitId !== null)).toBe(true);
    const visits = await d
      .select()
      .from(journalVisits)
      .where(and(eq(journalVisits.visitDate, '2026-10-25'), eq(journalVisits.source, 'qr')));
    expect(visits.map((v) => v.studentId).sort()).toEqual(who.map((w) => w.user.uid).sort());
    const changes = await d.select().from(journalVisitChanges).where(eq(journalVisitChanges.visitDate, '2026-10-25'));
    expect(changes).toHaveLength(who.length);
    const state = (await post('/api/qr/session/state.json', teacher, { sessionId: s.sessionId })).json().data as QrSession;
    expect(state.count).toBe(who.length);
  });

  it('are written in the order of their key, whatever order they came in (two batches with the same students never deadlock)', async () => {
    await moveTo(new Date(2026, 11, 6, 21, 30)); // a Sunday evening: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const who = [student, ...mates].sort((a, b) => b.user.uid - a.user.uid);
    expect(await markTogether(token, who)).toEqual(who.map(() => 'accepted'));
    // Mark ids are taken as rows are written: they rise with the student.
    const marks = await db.database.db.select().from(qrMarks).where(eq(qrMarks.sessionId, s.sessionId)).orderBy(qrMarks.id);
    expect(marks.map((m) => m.studentId)).toEqual(who.map((w) => w.user.uid).reverse());
  });

  it('a mark the database refuses every time answers alone: the others of its batch are written one by one', async () => {
    await moveTo(new Date(2026, 10, 29, 21, 30)); // a Sunday evening: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const who = [student, ...mates];
    const bad = mates[0].user.uid;
    const writes = refuseWrites((students) => (students.includes(bad) ? bad : null));
    const answers = await markTogether(token, who);
    writes.restore();
    expect(answers).toEqual(who.map((w) => (w.user.uid === bad ? 'refused' : 'accepted')));
    // The batch, the batch again, then each mark alone.
    expect(writes.seen).toEqual(['failing', 'failing', ...who.map((w) => (w.user.uid === bad ? 'failing' : 'ok'))]);
    const marks = await db.database.db.select().from(qrMarks).where(eq(qrMarks.sessionId, s.sessionId));
    expect(marks.map((m) => m.studentId).sort()).toEqual(
      who
        .filter((w) => w.user.uid !== bad)
        .map((w) => w.user.uid)
        .sort(),
    );
    const visits = await db.database.db
      .select()
      .from(journalVisits)
      .where(and(eq(journalVisits.visitDate, '2026-11-29'), eq(journalVisits.source, 'qr')));
    expect(visits.map((v) => v.studentId).sort()).toEqual(
      who
        .filter((w) => w.user.uid !== bad)
        .map((w) => w.user.uid)
        .sort(),
    );
  });

  it("a token naming a session beyond the database's ids is a wrong code, alone: the classmates scanning with it in one batch see their lesson", async () => {
    await moveTo(new Date(2026, 11, 13, 21, 30)); // a Sunday evening: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const [, , window, mac] = token.split('.');
    const beyond = `q1.${2 ** 31}.${window}.${mac}`;
    const service = new QrMarks(app.ctx);
    const who = [student, ...mates];
    const auths = await Promise.all(who.map(async (w) => (await app.ctx.sessions.lookup(w.token))!));
    // In one turn of the event loop: one batch.
    const scans = await Promise.allSettled(who.map((_, i) => service.lesson(auths[i], { token: i === 1 ? beyond : token }, 'ru')));
    expect(scans.map((r) => (r.status === 'fulfilled' ? r.value.idShed : r.reason.params?.reason))).toEqual(who.map((_, i) => (i === 1 ? 'token' : lesson.id)));
    const res = await post('/api/qr/student/visit.json', mates[0], visitBody(mates[0], beyond));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.params).toEqual({ reason: 'token' });
  });

  it('a database that cannot be reached answers the batch 503 at once, without trying again', async () => {
    await moveTo(new Date(2026, 10, 22, 21, 30)); // a Sunday evening: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const res = await markAlone(
      token,
      interceptWrites(() => 'unreachable'),
    );
    expect(res.statusCode, res.body).toBe(503);
    expect(res.writes).toEqual(['failing']);
    expect(await db.database.db.select().from(qrMarks).where(eq(qrMarks.sessionId, s.sessionId))).toHaveLength(0);
  });

  it('a mark that came alone is tried once more when its write fails: accepted, one mark, one journal record', async () => {
    await moveTo(new Date(2026, 10, 15, 21, 30)); // a Sunday evening: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const res = await markAlone(token, failWrites(1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('accepted');
    expect(res.writes).toEqual(['failing', 'ok']);
    const d = db.database.db;
    const marks = await d.select().from(qrMarks).where(eq(qrMarks.sessionId, s.sessionId));
    expect(marks.map((m) => [m.studentId, m.status])).toEqual([[student.user.uid, 'accepted']]);
    const visits = await d
      .select()
      .from(journalVisits)
      .where(and(eq(journalVisits.visitDate, '2026-11-15'), eq(journalVisits.source, 'qr')));
    expect(visits.map((v) => v.studentId)).toEqual([student.user.uid]);
  });
});

describe('a second tap while the first mark is on its way', () => {
  /**
   * The student's mark, and a second one sent while the first's write is in the database (from
   * inside the write, through `intercept`'s answer for write n); the writes' outcomes are in `seen`.
   */
  async function tapTwice(token: string, second: Partial<QrVisitBody>, intercept: (n: number) => 'ok' | 'refused') {
    const service = new QrMarks(app.ctx);
    const auth = (await app.ctx.sessions.lookup(student.token))!;
    const phone = 'phone-tap'.padEnd(32, 'x');
    // A mark's answer as its status, or the error's status ('failed' when it is not an AppError),
    // taken as soon as the mark is sent: the second can be refused while the first is still waited for.
    const outcome = async (body: Partial<QrVisitBody>) => {
      try {
        return (await service.visit(auth, { ...(visitBody(student, token) as QrVisitBody), ...body, device: phone, ip: '127.0.0.1' }, 'ru')).status;
      } catch (err) {
        return err instanceof AppError ? err.status : 'failed';
      }
    };
    let again: Promise<string | number> | undefined;
    const writes = refuseWrites((students, n) => {
      if (n === 0) again = outcome(second);
      return intercept(n) === 'ok' ? null : students[0];
    });
    try {
      const first = await outcome({});
      return { first, second: await again, writes: writes.seen };
    } finally {
      writes.restore();
    }
  }

  it('waits for it and answers 409 without a write of its own', async () => {
    await moveTo(new Date(2026, 11, 13, 21, 30)); // a Sunday evening: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    expect(await tapTwice(token, {}, () => 'ok')).toEqual({ first: 'accepted', second: 409, writes: ['ok'] });
    const marks = await db.database.db.select().from(qrMarks).where(eq(qrMarks.sessionId, s.sessionId));
    expect(marks.map((m) => [m.studentId, m.status])).toEqual([[student.user.uid, 'accepted']]);
  });

  it('is checked on its own when it is not the same mark: another room, is refused for it', async () => {
    await moveTo(new Date(2026, 11, 20, 21, 30)); // a Sunday evening: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    // By the rules' order: the room is checked before the second mark is.
    expect(await tapTwice(token, { idAud: lesson.auditoriumId + 1 }, () => 'ok')).toEqual({ first: 'accepted', second: 403, writes: ['ok'] });
  });

  it('is the mark when the first one fails', async () => {
    await moveTo(new Date(2026, 11, 27, 21, 30)); // a Sunday evening: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    // The first's write fails, and again when it is tried once more.
    expect(await tapTwice(token, {}, (n) => (n < 2 ? 'refused' : 'ok'))).toEqual({ first: 'failed', second: 'accepted', writes: ['failing', 'failing', 'ok'] });
    const marks = await db.database.db.select().from(qrMarks).where(eq(qrMarks.sessionId, s.sessionId));
    expect(marks.map((m) => [m.studentId, m.status])).toEqual([[student.user.uid, 'accepted']]);
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

describe('undecided marks', () => {
  it("expire into absences after QR_REVIEW_EXPIRES_HOURS (168 by default): off the review list, undecidable, 'н/б' in the journal unless the teacher wrote the cell, and the student sees it", async () => {
    await moveTo(new Date(2027, 0, 17, 21, 30)); // Sunday 17 January 2027: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const res = await post('/api/qr/student/visit.json', student, visitBody(student, token, { accuracy: 3 }), device('expiring'));
    expect(res.json().data).toMatchObject({ status: 'review' });
    const mate = mates[1];
    const mateRes = await post('/api/qr/student/visit.json', mate, visitBody(mate, token, { accuracy: 3 }), device('expiring-m'));
    expect(mateRes.json().data).toMatchObject({ status: 'review' });
    // The teacher writes the mate's cell by hand while the mark waits: the expiry leaves it as it is.
    const cell = { id_journal: lesson.teachingAssignmentId, id_student: mate.user.uid, visitDate: s.date, id_time: lesson.lessonTimeId };
    const byHand = await post('/api/visitlog/visit/set.json', teacher, { ...cell, otsenka: '+' });
    expect(byHand.statusCode, byHand.body).toBe(200);
    const mine = async () => (await post('/api/qr/student/marks.json', student, {})).json().data as { id: number; date: string; status: string }[];
    const waiting = (await mine()).find((m) => m.date === s.date)!;
    expect(waiting).toMatchObject({ status: 'review', reason: 'precision' });
    const listed = async () =>
      ((await post('/api/qr/review/list.json', teacher, {})).json().data.marks as { id: number; expiresAt: string }[]).find((m) => m.id === waiting.id);
    const expiresAt = Date.parse((await listed())!.expiresAt) - new Date(2027, 0, 24, 21, 30).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(0);
    expect(expiresAt).toBeLessThan(60_000);

    await moveTo(new Date(2027, 0, 24, 21, 31)); // a week and a minute later
    const published = vi.spyOn(app.ctx.live, 'publish');
    expect(await listed()).toBeUndefined();
    expect((await mine()).find((m) => m.id === waiting.id)).toMatchObject({ status: 'expired', reason: 'precision' });
    const late = await post('/api/qr/review/decide.json', teacher, { markId: waiting.id, accept: true });
    expect(late.statusCode).toBe(409);
    const [absent] = await visitsOf(student.user.uid, s.date);
    expect(absent).toMatchObject({ mark: 'н/б', source: 'qr', teachingAssignmentId: lesson.teachingAssignmentId, lessonTimeId: lesson.lessonTimeId });
    const history = await db.database.db.select().from(journalVisitChanges).where(eq(journalVisitChanges.visitId, absent.id));
    expect(history).toEqual([expect.objectContaining({ action: 'insert', oldMark: null, newMark: 'н/б', source: 'qr' })]);
    // The expired mark names its journal record, and the teacher's open journal hears of the absence (sent at commit).
    const linked = async (studentId: number) =>
      (
        await db.database.db
          .select({ visitId: qrMarks.visitId })
          .from(qrMarks)
          .where(and(eq(qrMarks.sessionId, s.sessionId), eq(qrMarks.studentId, studentId)))
      )[0].visitId;
    expect(await linked(student.user.uid)).toBe(absent.id);
    const journalEvents = published.mock.calls.filter((c) => c[1] === 'journal.changed');
    expect(journalEvents).toEqual([
      [
        expect.anything(),
        'journal.changed',
        [teacher.user.id],
        expect.objectContaining({
          id_journal: lesson.teachingAssignmentId,
          cells: [
            expect.objectContaining({ id_student: student.user.uid, visitDate: s.date, cell: expect.objectContaining({ otsenka: 'н/б', source: 'qr' }) }),
          ],
        }),
      ],
    ]);
    published.mockRestore();
    const mateCells = await db.database.db
      .select()
      .from(journalVisits)
      .where(and(eq(journalVisits.studentId, mate.user.uid), eq(journalVisits.visitDate, s.date)));
    expect(mateCells).toEqual([expect.objectContaining({ mark: null, source: 'journal' })]);
    expect(await linked(mate.user.uid)).toBe(mateCells[0].id);
    // Read again: the absence is written once.
    await post('/api/qr/review/list.json', teacher, {});
    expect(await visitsOf(student.user.uid, s.date)).toHaveLength(1);
  });
});

describe('relayed codes are caught', () => {
  const markOf = async (sessionId: number, studentId: number) =>
    (
      await db.database.db
        .select()
        .from(qrMarks)
        .where(and(eq(qrMarks.sessionId, sessionId), eq(qrMarks.studentId, studentId)))
    )[0];

  it("records the mark's address; a second student from the same address within the session goes to review ('address')", async () => {
    await moveTo(new Date(2027, 0, 19, 21, 30)); // Tuesday 19 January 2027: a make-up session
    const s = await openLesson(lesson, true);
    const { token } = await tokenOf(s);
    const first = await post('/api/qr/student/visit.json', student, visitBody(student, token), device('home-a'), '198.51.100.7');
    expect(first.json().data).toMatchObject({ status: 'accepted' });
    const relayed = await post('/api/qr/student/visit.json', mates[0], visitBody(mates[0], token), device('home-b'), '198.51.100.7');
    expect(relayed.statusCode, relayed.body).toBe(200);
    expect(relayed.json().data).toMatchObject({ status: 'review', reason: 'address' });
    expect((await markOf(s.sessionId, student.user.uid)).ip).toBe('198.51.100.7');
    expect((await markOf(s.sessionId, mates[0].user.uid)).ip).toBe('198.51.100.7');
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
    } finally {
      await campus.close();
    }
  });
});
