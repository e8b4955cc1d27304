/** /api/qr/*: undecided marks expiring into absences. The shared setup: qr.testing.ts. */
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { journalVisitChanges, journalVisits, qrMarks } from '../../db/schema';
import { db, app, teacher, student, mates, lesson, post, moveTo, openLesson, tokenOf, visitBody, device, visitsOf, useQrApp } from './qr.testing';

useQrApp();

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
