/**
 * QR attendance as the teacher runs it: opening a lesson's session (or a make-up one), its state with the
 * marks, the rotating token, closing it, and the decision on a mark under review (qr.service.ts: the shared rules).
 */
import type { AppContext } from '../../context';
import type { BlockList } from 'node:net';
import { type Language } from '@contract/common';
import {
  QR_GRACE_MS,
  QR_MAKEUP_MS,
  QR_ROTATE_MS,
  type QrAcceptLessonBody,
  type QrAcceptedLesson,
  type QrDecideBody,
  type QrLiveAttendance,
  type QrLiveMark,
  type QrMark,
  type QrMarkStatus,
  type QrOpenBody,
  type QrReviewReason,
  type QrSession,
  type QrSessionBody,
  type QrTime,
  type QrToken,
} from '@contract/qr';
import { forbidden, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import { asTeacher, type AuthInfo } from '../../shared/caller';
import { atLocalTime, dayNumber, localDate } from '../../shared/lesson-clock';
import { assertWritable, mayReopen } from '../../shared/academic/journal-period';
import { JOURNAL_CHANGED_EVENT, qrPresence } from '../../shared/journal-live';
import { writePresence } from '../../shared/journal-visits';
import * as timetable from '../../shared/timetable.repository';
import { bookedOfEntryOn } from '../../shared/room-bookings.repository';
import * as repo from './qr.session.repository';
import * as tokens from './qr.token';
import { isOpen, markVisitValues, QR_ATTENDANCE_EVENT, QR_MARK_EVENT, refused, type TokenSecret } from './qr.service';
import { studentAccountsOfEntry } from './qr.audience.repository';
import { blockListOf, outside } from '../../lib/networks';

/** Attendance can be opened this long before the pair starts. */
const OPEN_BEFORE_MS = 10 * 60_000;

/** A mark as the teacher's screens show it; `networks`: those marks are expected from (null: none listed). */
function presentMark(m: repo.MarkRow, networks: BlockList | null): QrMark {
  return {
    id: m.id,
    idStud: m.studentId,
    fio: fullName(m),
    status: m.status as QrMarkStatus,
    reason: (m.reason ?? null) as QrReviewReason,
    distanceM: Math.round(m.distanceM),
    at: m.createdAt.toISOString(),
    outside: networks !== null && m.ip !== null && outside(networks, m.ip),
  };
}

export class QrSessions {
  /** The university's networks (QR_ALLOWED_NETWORKS); null: none listed. */
  private readonly campusNetworks: BlockList | null;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'live'>,
    private readonly secret: TokenSecret,
  ) {
    this.campusNetworks = blockListOf(ctx.config.qrAllowedNetworks);
  }

  time(): QrTime {
    return { now: this.ctx.now().toISOString(), rotateMs: QR_ROTATE_MS, graceMs: QR_GRACE_MS };
  }

  /** The teacher's own session (403 for another teacher's, 404 for none). */
  private async ownSession(auth: AuthInfo, sessionId: number) {
    const teacherId = asTeacher(auth);
    const session = await repo.findSession(this.ctx.db, sessionId);
    if (!session) throw notFound();
    if (session.teacherId !== teacherId) throw forbidden();
    return session;
  }

  /** open.json: today's session of one of the teacher's lessons (see contract/qr.ts). */
  async open(auth: AuthInfo, input: QrOpenBody, lang: Language): Promise<QrSession> {
    const teacherId = asTeacher(auth);
    const entry = await timetable.findEntry(this.ctx.db, input.idShed);
    if (!entry) throw notFound();
    if (entry.teacherId !== teacherId) throw forbidden();
    const now = this.ctx.now();
    const today = localDate(now);
    // Only a lesson of the current half-year: the journal's period rule (shared/academic/journal-period.ts),
    // so that a make-up session never writes into a closed or a not-yet-started half-year's journal.
    assertWritable(entry, today, 'mark', {
      now,
      graceDays: this.ctx.config.journalGraceDays,
      mayReopen: mayReopen(auth.login, this.ctx.config.journalReopenLogins),
    });
    const existing = await repo.findSessionOf(this.ctx.db, entry.id, today);
    if (existing && isOpen(existing, now)) return this.present(existing, entry, lang);
    // Closed by its teacher: it stays closed when the projector is shown again (a reload, a second
    // visit) until the teacher asks for it to open again.
    if (existing?.closedAt && !input.reopen && !input.makeup) return this.present(existing, entry, lang);
    let opensAt: Date;
    let closesAt: Date;
    if (input.makeup) {
      opensAt = now;
      closesAt = new Date(now.getTime() + QR_MAKEUP_MS);
    } else {
      // The lesson's own time today, or a room booked for it today (a make-up lesson or a consultation, docs/areas/rooms.md).
      const times = [...(entry.dayNumber === dayNumber(now) ? [entry] : []), ...(await bookedOfEntryOn(this.ctx.db, entry.id, today))].map((t) => ({
        opensAt: new Date(atLocalTime(now, t.startsAt).getTime() - OPEN_BEFORE_MS),
        closesAt: atLocalTime(now, t.endsAt),
      }));
      const window = times.find((t) => now >= t.opensAt && now < t.closesAt);
      if (!window) throw refused(403, 'notNow');
      ({ opensAt, closesAt } = window);
    }
    const session = await repo.openSession(this.ctx.db, { scheduleEntryId: entry.id, lessonDate: today, teacherId, opensAt, closesAt, makeup: input.makeup });
    await this.publishAttendance(entry.id, true);
    return this.present(session, entry, lang);
  }

  /** state.json: the session with its marks and the "N of M" count. */
  async state(auth: AuthInfo, input: QrSessionBody, lang: Language): Promise<QrSession> {
    const session = await this.ownSession(auth, input.sessionId);
    const entry = await timetable.findEntry(this.ctx.db, session.scheduleEntryId);
    if (!entry) throw notFound();
    return this.present(session, entry, lang);
  }

  /** The networks marks of the room's lessons are expected from: the room's own list replaces the university's (as qr.mark.checks.ts reads them). */
  private async networksOf(entry: timetable.EntryRow): Promise<BlockList | null> {
    return blockListOf((await repo.roomNetworks(this.ctx.db, entry.auditoriumId)) ?? []) ?? this.campusNetworks;
  }

  private async present(session: repo.SessionRow, entry: timetable.EntryRow, lang: Language): Promise<QrSession> {
    const [marks, total, networks] = await Promise.all([
      repo.marksOf(this.ctx.db, session.id),
      timetable.countStudentsOfEntry(this.ctx.db, entry.id),
      this.networksOf(entry),
    ]);
    return {
      sessionId: session.id,
      idShed: entry.id,
      date: session.lessonDate,
      opensAt: session.opensAt.toISOString(),
      closesAt: session.closesAt.toISOString(),
      makeup: session.makeup,
      closed: !isOpen(session, this.ctx.now()),
      discipline: localName(entry.discipline, lang),
      lessonType: localName(entry.lessonType, lang),
      group: entry.target,
      room: `${entry.roomName}, ${entry.building}`,
      startsAt: entry.startsAt,
      endsAt: entry.endsAt,
      total,
      count: marks.filter((m) => m.status === 'accepted').length,
      marks: marks.map((m) => presentMark(m, networks)),
      networksListed: networks !== null,
    };
  }

  /** token.json: the token and code of the current window, while the session is open. */
  async token(auth: AuthInfo, input: QrSessionBody): Promise<QrToken> {
    const session = await this.ownSession(auth, input.sessionId);
    const now = this.ctx.now();
    if (!isOpen(session, now)) throw refused(403, 'notOpen');
    const issued = tokens.issue(await this.secret.get(), { sessionId: session.id, idShed: session.scheduleEntryId, date: session.lessonDate }, now.getTime());
    return { token: issued.token, code: issued.code, expiresAt: issued.expiresAt.toISOString() };
  }

  /** close.json: no more marks are taken. */
  async close(auth: AuthInfo, input: QrSessionBody, lang: Language): Promise<QrSession> {
    const session = await this.ownSession(auth, input.sessionId);
    await repo.closeSession(this.ctx.db, session.id, this.ctx.now());
    await this.publishAttendance(session.scheduleEntryId, false);
    return this.state(auth, input, lang);
  }

  /**
   * accept-lesson.json: every undecided mark of the session accepted into the journal, in one
   * transaction (a mark decided meanwhile answers 409 'decided' and nothing is written).
   */
  async acceptLesson(auth: AuthInfo, input: QrAcceptLessonBody): Promise<QrAcceptedLesson> {
    const session = await this.ownSession(auth, input.sessionId);
    const entry = await timetable.findEntry(this.ctx.db, session.scheduleEntryId);
    if (!entry) throw notFound();
    const now = this.ctx.now();
    assertWritable(entry, session.lessonDate, 'mark', {
      now,
      graceDays: this.ctx.config.journalGraceDays,
      mayReopen: mayReopen(auth.login, this.ctx.config.journalReopenLogins),
    });
    const waiting = (await repo.marksOf(this.ctx.db, session.id)).filter((m) => m.status === 'review');
    const networks = await this.networksOf(entry);
    await this.ctx.db.transaction(async (tx) => {
      for (const mark of waiting) {
        const student = await repo.studentFacts(tx, mark.studentId);
        if (!student) throw notFound();
        const values = markVisitValues(entry, session, student);
        const visitId = await writePresence(tx, values, auth.userId);
        if (visitId !== null)
          await this.ctx.live.publish(tx, JOURNAL_CHANGED_EVENT, [auth.userId], qrPresence(entry.teachingAssignmentId, { id: visitId, ...values }, now));
        const decided = await repo.decideMark(tx, mark.id, { status: 'accepted', visitId, decidedAt: now, decidedByUserId: auth.userId });
        if (!decided) throw refused(409, 'decided');
        await this.publishMark(tx, auth.userId, session.id, mark.id, networks);
      }
    });
    return { accepted: waiting.length };
  }

  /** Tells the lesson's students that its attendance opened or closed (their check-in entry follows). */
  private async publishAttendance(idShed: number, open: boolean): Promise<void> {
    const data: QrLiveAttendance = { idShed, open };
    await this.ctx.live.publish(this.ctx.db, QR_ATTENDANCE_EVENT, await studentAccountsOfEntry(this.ctx.db, idShed), data);
  }

  /** Tells the teacher's screens about a mark, with the new count (sent at commit). */
  private async publishMark(tx: Db, teacherUserId: number, sessionId: number, markId: number, networks: BlockList | null): Promise<void> {
    const mark = await repo.findMark(tx, markId);
    if (!mark) return;
    const data: QrLiveMark = { sessionId, count: await repo.countAccepted(tx, sessionId), mark: presentMark(mark, networks) };
    await this.ctx.live.publish(tx, QR_MARK_EVENT, [teacherUserId], data);
  }

  /** decide.json: the teacher accepts (into the journal) or rejects a mark under review. */
  async decide(auth: AuthInfo, input: QrDecideBody, lang: Language): Promise<QrSession> {
    const mark = await repo.findMark(this.ctx.db, input.markId);
    if (!mark) throw notFound();
    const session = await this.ownSession(auth, mark.sessionId);
    if (mark.status !== 'review') throw refused(409, 'decided');
    const entry = await timetable.findEntry(this.ctx.db, session.scheduleEntryId);
    const student = await repo.studentFacts(this.ctx.db, mark.studentId);
    if (!entry || !student) throw notFound();
    if (input.accept)
      assertWritable(entry, session.lessonDate, 'mark', {
        now: this.ctx.now(),
        graceDays: this.ctx.config.journalGraceDays,
        mayReopen: mayReopen(auth.login, this.ctx.config.journalReopenLogins),
      });
    const networks = await this.networksOf(entry);
    await this.ctx.db.transaction(async (tx) => {
      const values = markVisitValues(entry, session, student);
      const visitId = input.accept ? await writePresence(tx, values, auth.userId) : null;
      if (visitId !== null)
        await this.ctx.live.publish(
          tx,
          JOURNAL_CHANGED_EVENT,
          [auth.userId],
          qrPresence(entry.teachingAssignmentId, { id: visitId, ...values }, this.ctx.now()),
        );
      const decided = await repo.decideMark(tx, mark.id, {
        status: input.accept ? 'accepted' : 'rejected',
        visitId,
        decidedAt: this.ctx.now(),
        decidedByUserId: auth.userId,
      });
      if (!decided) throw refused(409, 'decided');
      await this.publishMark(tx, auth.userId, session.id, mark.id, networks);
    });
    return this.present((await repo.findSession(this.ctx.db, session.id))!, entry, lang);
  }
}
