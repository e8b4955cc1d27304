/** /api/qr/*: marks that arrive together (group commit) and a second tap while the first mark is on its way. The shared setup: qr.testing.ts. */
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type QrSession, type QrVisitBody } from '@contract/qr';
import { AppError } from '../../app-error';
import { journalVisitChanges, journalVisits, qrMarks } from '../../db/schema';
import { type TestSession } from '../../test/helpers';
import { qrAttendance } from './qr.parts';
import { db, app, teacher, student, mates, lesson, post, moveTo, openLesson, tokenOf, visitBody, useQrApp } from './qr.testing';

useQrApp();

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
    const service = qrAttendance(app.ctx).marks;
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
    const service = qrAttendance(app.ctx).scans;
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
    const service = qrAttendance(app.ctx).marks;
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
