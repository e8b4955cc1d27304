/**
 * A lesson's attendance opened (a make-up session here) or closed reaches the streams of its students,
 * and of nobody else, as `qrAttendance`: their check-in entry shows without a reload.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { appOn, createTestDatabase, session, testClock, type TestDatabase, type TestSession } from '../../test/helpers';
import * as timetable from '../../shared/timetable.repository';
import { qrStreamEvent } from './qr.live';
import { QR_ATTENDANCE_EVENT } from './qr.service';

let db: TestDatabase;
let app: App;
const clock = testClock(new Date(2026, 9, 5, 7, 0)); // Monday 5 October 2026, 07:00
let teacher: TestSession;
let student: TestSession;
let lesson: timetable.EntryRow;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await appOn(db, { now: clock.now });
  teacher = await session(app, 'teacher');
  student = await session(app, 'student');
  const mine = await timetable.entriesOfStudent(db.database.db, student.user.uid, 2026, 1);
  lesson = mine.find((e) => e.teacherId === teacher.user.uid && e.subgroup === 0)!;
  expect(lesson).toBeTruthy();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('attendance opened and closed, live to the students', () => {
  it("sends qrAttendance to the lesson's students' accounts when it opens and when it closes", async () => {
    const published = vi.spyOn(app.ctx.live, 'publish');
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: teacher.headers });
    const opened = await post('/api/qr/session/open.json', { idShed: lesson.id, makeup: true });
    expect(opened.statusCode, opened.body).toBe(200);
    const closed = await post('/api/qr/session/close.json', { sessionId: opened.json().data.sessionId });
    expect(closed.statusCode, closed.body).toBe(200);
    const sent = published.mock.calls.filter(([, event]) => event === QR_ATTENDANCE_EVENT);
    published.mockRestore();
    expect(sent.map(([, , , data]) => data)).toEqual([
      { idShed: lesson.id, open: true },
      { idShed: lesson.id, open: false },
    ]);
    const to = sent[0][2];
    const members = await timetable.studentsOfEntry(db.database.db, lesson.id);
    expect(to).toHaveLength(members.length);
    expect(to).toContain(student.user.id);
    expect(to).not.toContain(teacher.user.id);
    expect(qrStreamEvent({ event: QR_ATTENDANCE_EVENT, data: sent[0][3] })).toEqual({ event: 'qrAttendance', data: { idShed: lesson.id, open: true } });
  });
});
