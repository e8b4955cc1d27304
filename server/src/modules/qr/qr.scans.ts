/**
 * The student's scan and typed code: the lesson a scanned token is for (with the scan's receipt),
 * a typed code checked as it is typed, and the lessons open now; scans are read in batches.
 */
import { ROLE_STUDENT, type Language } from '../../../../contract/common';
import type { QrCodeBody, QrLessonBody, QrOpenLesson, QrReceipt, QrScannedLesson } from '../../../../contract/qr';
import { AppError, forbidden, notFound } from '../../app-error';
import { isDatabaseUnavailable } from '../../db/errors';
import { localName } from '../../i18n';
import { Batcher, settle, type Settled } from '../../lib/batcher';
import type { AuthInfo } from '../../shared/caller';
import { localDate } from '../../shared/lesson-clock';
import type * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.repository';
import * as tokens from './qr.token';
import { issueReceipt } from './qr.receipt';
import { QrMarkChecks, unwrap } from './qr.mark.checks';
import { refused } from './qr.service';

/** What a scan found: the lesson and its session. */
interface Scanned {
  entry: timetable.EntryRow;
  sessionId: number;
}

/** A student's scan as it waits for its batch. */
interface ScanInput {
  auth: AuthInfo;
  token: string;
  now: Date;
}

export class QrScans extends QrMarkChecks {
  /**
   * Scans that arrive together (a class scanning the projector at once) are checked together: one
   * statement per batch reads their sessions and whether each student is one of the lesson's.
   */
  private readonly scans = new Batcher<ScanInput, Scanned>((items) => this.scanBatch(items), { lanes: 2, max: 250 });

  /** lesson.json: the lesson a scanned token is for, so that the student sees what they mark, and the scan's receipt. */
  async lesson(auth: AuthInfo, input: QrLessonBody, lang: Language): Promise<QrScannedLesson> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const now = this.ctx.now();
    const { entry, sessionId } = await this.scans.submit({ auth, token: input.token, now });
    const receipt = await issueReceipt(await this.secret(), { sessionId, idShed: entry.id, studentId: auth.uid }, now);
    return {
      idShed: entry.id,
      idAud: entry.auditoriumId,
      discipline: localName(entry.discipline, lang),
      room: `${entry.roomName}, ${entry.building}`,
      receipt,
    };
  }

  /**
   * code.json: a typed code checked as it is typed, so that the time the position takes afterwards
   * does not count against the code's window; wrong codes count toward the same lockout as visit.json's.
   */
  async code(auth: AuthInfo, input: QrCodeBody, ip: string): Promise<QrReceipt> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const now = this.ctx.now();
    const check = async (): Promise<QrReceipt> => {
      const [context] = await repo.markContexts(this.ctx.db, [{ key: { scheduleEntryId: input.idShed, lessonDate: localDate(now) }, studentId: auth.uid }]);
      const session = this.checkSession(input, now, context?.session, await this.secret(), null);
      if (!context!.member) throw refused(403, 'notYours');
      return { receipt: await issueReceipt(await this.secret(), { sessionId: session.id, idShed: input.idShed, studentId: auth.uid }, now) };
    };
    return unwrap((await this.throttledCode(auth, ip, check)) ?? { ok: false, error: refused(403, 'token') });
  }

  /** A typed code's check under the wrong-code throttle: a wrong code ('token') counts, a late one ('stale') does not; null: locked out. */
  protected throttledCode<T>(auth: AuthInfo, ip: string, check: () => Promise<T>) {
    return this.ctx.throttle.attempt('qrcode', String(auth.userId), ip, async () => {
      const settled = await settle(check);
      const wrongCode = !settled.ok && settled.error instanceof AppError && settled.error.status === 403 && settled.error.params?.reason === 'token';
      return wrongCode ? null : settled;
    });
  }

  /** lessons.json: the student's lessons whose attendance is open now (what a typed code can be sent for). */
  async openLessons(auth: AuthInfo, lang: Language): Promise<QrOpenLesson[]> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const open = await repo.openLessonsOf(this.ctx.db, auth.uid, this.ctx.now());
    const entries = await Promise.all(open.map(({ id }) => this.entry(id)));
    return entries.flatMap((e, i) =>
      e
        ? [
            {
              idShed: e.id,
              idAud: e.auditoriumId,
              discipline: localName(e.discipline, lang),
              room: `${e.roomName}, ${e.building}`,
              startsAt: e.startsAt,
              marked: open[i].marked,
            },
          ]
        : [],
    );
  }

  /**
   * A batch of scans. When its reading fails, each scan is checked on its own, so that a fault of one
   * (a value the database refuses) answers that scan only; a database that cannot be reached answers
   * every scan of the batch at once (503).
   */
  private async scanBatch(items: readonly ScanInput[]): Promise<Settled<Scanned>[]> {
    try {
      return await this.scanTogether(items);
    } catch (err) {
      if (isDatabaseUnavailable(err) || items.length === 1) throw err;
    }
    const outcomes: Settled<Scanned>[] = [];
    for (const item of items) outcomes.push(await settle(async () => unwrap((await this.scanTogether([item]))[0])));
    return outcomes;
  }

  /** Scans read together: each answered with its lesson, or refused (403 'token', 'notOpen', 'notYours'; 404). */
  private async scanTogether(items: readonly ScanInput[]): Promise<Settled<Scanned>[]> {
    const secret = await this.secret();
    const asked = items.flatMap((it, i) => {
      const parsed = tokens.parse(it.token);
      return parsed ? [{ i, request: { key: { id: parsed.sessionId }, studentId: it.auth.uid } }] : [];
    });
    const contexts = await repo.markContexts(
      this.ctx.db,
      asked.map((a) => a.request),
    );
    const outcomes: (Settled<Scanned> | undefined)[] = items.map(() => undefined);
    await Promise.all(
      asked.map(async ({ i }, n) => {
        outcomes[i] = await settle(async () => {
          const context = contexts[n];
          if (!context) throw refused(403, 'token');
          const session = this.checkSession({ idShed: context.session.scheduleEntryId, token: items[i].token }, items[i].now, context.session, secret, null);
          const entry = await this.entry(session.scheduleEntryId);
          if (!entry) throw notFound();
          if (!context.member) throw refused(403, 'notYours');
          return { entry, sessionId: session.id };
        });
      }),
    );
    return outcomes.map((o) => o ?? { ok: false, error: refused(403, 'token') });
  }
}
