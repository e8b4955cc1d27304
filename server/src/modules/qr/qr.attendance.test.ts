/**
 * A lesson's attendance opened (a make-up session here) or closed reaches the streams of its students,
 * and of nobody else, as `qrAttendance`: their check-in entry shows without a reload.
 */
import { describe, expect, it, vi } from 'vitest';
import * as timetable from '../../shared/timetable.repository';
import { qrStreamEvent } from './qr.live';
import { QR_ATTENDANCE_EVENT } from './qr.service';
import { app, db, lesson, student, teacher, useQrApp } from './qr.testing';

useQrApp();

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
