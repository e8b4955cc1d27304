/**
 * What the QR tests (qr.*.test.ts) share: a database and app made before each file's tests, the
 * demo teacher and student with three classmates and an outsider, and the steps they take.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { and, eq, gte, isNull, ne } from 'drizzle-orm';
import { type QrSession, type QrToken } from '@contract/qr';
import { type App } from '../../app';
import { journalVisits, students, users } from '../../db/schema';
import * as timetable from '../../shared/timetable.repository';
import {
  appOn,
  cookieHeader,
  createTestDatabase,
  quickPasswordHash,
  session,
  signIn,
  testClock,
  type TestDatabase,
  type TestSession,
} from '../../test/helpers';
import { DEVICE_COOKIE } from './qr.routes';

export let db: TestDatabase;
export let app: App;
const START = new Date(2026, 9, 5, 7, 0); // Monday 5 October 2026, 07:00
export const clock = testClock(START);
export let teacher: TestSession;
export let student: TestSession;
export const mates: TestSession[] = [];
export let outsider: TestSession; // a student of a group the lesson is not for
export let lesson: timetable.EntryRow; // a lesson of the demo teacher for the demo student's group
export let other: timetable.EntryRow; // another lesson of the demo student

/** The local instant of the lesson's weekday in the week of 5 October 2026 at 'HH:mm' plus minutes. */
export function at(entry: timetable.EntryRow, hhmm: string, plusMinutes = 0): Date {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(2026, 9, 4 + entry.dayNumber, h, m + plusMinutes);
}

/** Each student's phone has a network address of its own (10.0.x.y from the student's id) unless `ip` names one. */
export const addressOf = (who: TestSession | null) => (who ? `10.0.${(who.user.uid >> 8) & 255}.${who.user.uid & 255}` : '10.255.255.1');

export const post = (url: string, who: TestSession | null, payload: object, extraCookie = '', ip = addressOf(who)) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: who ? { cookie: `${cookieHeader(who.token).cookie}${extraCookie}` } : {} });

export const logins = new Map<TestSession, string>();

export async function signInAs(login: string): Promise<TestSession> {
  const { res, token, body } = await signIn(app, login, `${login}-Pass-2026`);
  if (res.statusCode !== 200 || !token) throw new Error(`sign-in as ${login} failed: ${res.body}`);
  return { token, user: body.data, headers: cookieHeader(token) };
}

/** Moves the clock and signs everyone in again (sessions expire when the clock jumps). */
export async function moveTo(date: Date): Promise<void> {
  clock.set(date);
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
  for (const [i, m] of mates.entries()) mates[i] = Object.assign(m, await signInAs(logins.get(m)!));
  outsider = Object.assign(outsider, await signInAs(logins.get(outsider)!));
}

export async function signInStudent(studentId: number, login: string): Promise<TestSession> {
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

export async function openLesson(entry = lesson, makeup = false): Promise<QrSession> {
  const res = await post('/api/qr/session/open.json', teacher, { idShed: entry.id, makeup });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export async function tokenOf(s: QrSession): Promise<QrToken> {
  const res = await post('/api/qr/session/token.json', teacher, { sessionId: s.sessionId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The body of `who`'s mark of `entry` with `token`, from the room's own place (`over` changes fields). */
export const visitOf = (entry: timetable.EntryRow, who: TestSession, token: string, over: Partial<Record<string, unknown>> = {}) => ({
  idShed: entry.id,
  idStud: who.user.uid,
  idAud: entry.auditoriumId,
  x: entry.latitude,
  y: entry.longitude,
  accuracy: 12,
  token,
  ...over,
});

export const visitBody = (who: TestSession, token: string, over: Partial<Record<string, unknown>> = {}) => visitOf(lesson, who, token, over);

export const device = (id: string) => `; ${DEVICE_COOKIE}=${id.padEnd(32, 'x')}`;

/** A mark with `token` sent to `on` (a server with its own settings) from the network address `ip` and the phone `phone`. */
export const markFrom = (on: App, who: TestSession, token: string, ip: string, phone: string) =>
  on.inject({
    method: 'POST',
    url: '/api/qr/student/visit.json',
    payload: visitBody(who, token),
    remoteAddress: ip,
    headers: { cookie: `${cookieHeader(who.token).cookie}${device(phone)}` },
  });

/** The student's QR records in the journal (of one date when given). */
export async function visitsOf(studentId: number, date?: string) {
  return db.database.db
    .select()
    .from(journalVisits)
    .where(and(eq(journalVisits.studentId, studentId), eq(journalVisits.source, 'qr'), date ? eq(journalVisits.visitDate, date) : undefined));
}

/** The app and the people of these tests, made before each file's tests (the server's test files share modules: see vite.config.ts). */
export function useQrApp(): void {
  beforeAll(async () => {
    clock.set(START);
    mates.length = 0;
    logins.clear();
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
}
