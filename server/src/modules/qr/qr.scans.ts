/**
 * The student's scan and typed code: the lesson a scanned token is for (with the scan's receipt),
 * a typed code checked as it is typed, and the lessons open now; scans are read in batches.
 */
import { ROLE_STUDENT, type Language } from '@contract/common';
import type { QrCodeBody, QrHold, QrHoldBody, QrLessonBody, QrOpenLesson, QrReceipt, QrScannedLesson } from '@contract/qr';
import { AppError, forbidden, notFound } from '../../app-error';
import { isDatabaseUnavailable } from '../../db/errors';
import { localName } from '../../i18n';
import { Batcher, settle, type Settled } from '../../lib/batcher';
import type { AuthInfo } from '../../shared/caller';
import { localDate } from '../../shared/lesson-clock';
import type * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.session.repository';
import * as markRepo from './qr.mark.repository';
import * as tokens from './qr.token';
import { hashDevice, issueHold, issueReceipt, verifyHold } from './qr.receipt';
import type { AppContext } from '../../context';
import { unwrap, type MarkChecks } from './qr.mark.checks';
import type { DeviceKeyCache } from './qr.device-keys';
import type { LessonLookups } from './qr.lookups';
import { refused, type TokenSecret } from './qr.service';

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

/** What the scans and marks share: the token secret, the lessons' lookups, the checks and the imported device keys. */
export interface MarkParts {
  secret: TokenSecret;
  lookups: LessonLookups;
  checks: MarkChecks;
  /** The students' registered device keys this process has imported: a scan imports its student's, the mark after it uses them. */
  deviceKeys: DeviceKeyCache;
}

/** A typed code's check under the wrong-code throttle: a wrong code ('token') counts, a late one ('stale') does not; null: locked out. */
export function throttledCode<T>(throttle: AppContext['throttle'], auth: AuthInfo, ip: string, check: () => Promise<T>) {
  return throttle.attempt('qrcode', String(auth.userId), ip, async () => {
    const settled = await settle(check);
    const wrongCode = !settled.ok && settled.error instanceof AppError && settled.error.status === 403 && settled.error.params?.reason === 'token';
    return wrongCode ? null : settled;
  });
}

export class QrScans {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'now' | 'throttle'>,
    private readonly parts: MarkParts,
  ) {}

  /**
   * Scans that arrive together (a class scanning the projector at once) are checked together: one
   * statement per batch reads their sessions and whether each student is one of the lesson's.
   */
  private readonly scans = new Batcher<ScanInput, Scanned>((items) => this.scanBatch(items), { lanes: 2, max: 250, name: 'qr_scans' });

  /**
   * lesson.json: the lesson a scanned token is for, so that the student sees what they mark, and the
   * scan's receipt. With a hold (the scan kept through sign-in on this device, `device`), the token may
   * have expired since: the hold vouches for it.
   */
  async lesson(auth: AuthInfo, input: QrLessonBody, lang: Language, device = ''): Promise<QrScannedLesson> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const now = this.ctx.now();
    const { entry, sessionId, readAt } =
      input.hold !== undefined
        ? await this.heldScan(auth, input.token, input.hold, device, now)
        : { ...(await this.scans.submit({ auth, token: input.token, now })), readAt: now };
    const receipt = await issueReceipt(await this.parts.secret.get(), { sessionId, idShed: entry.id, studentId: auth.uid }, now, readAt);
    return {
      idShed: entry.id,
      idAud: entry.auditoriumId,
      discipline: localName(entry.discipline, lang),
      room: `${entry.roomName}, ${entry.building}`,
      receipt,
    };
  }

  /**
   * hold.json (no session): a scan of the projector's link made signed out, kept for QR_HOLD_MS on
   * this device while the student signs in. The token must be current and its session open now.
   */
  async hold(input: QrHoldBody, device: string): Promise<QrHold> {
    const now = this.ctx.now();
    const parsed = tokens.parse(input.token);
    if (!parsed) throw refused(403, 'token');
    const secret = await this.parts.secret.get();
    const session = await repo.findSession(this.ctx.db, parsed.sessionId);
    if (!session) throw refused(403, 'token');
    this.parts.checks.checkSession({ idShed: session.scheduleEntryId, token: input.token }, now, session, secret, null);
    return { hold: await issueHold(secret, session.id, hashDevice(device), now) };
  }

  /**
   * The scan a hold kept: of this device, not older than QR_HOLD_MS, naming the token's session, which
   * was open when scanned (its teacher had not closed it), and the student is one of its lesson's.
   */
  private async heldScan(auth: AuthInfo, token: string, hold: string, device: string, now: Date): Promise<Scanned & { readAt: Date }> {
    const secret = await this.parts.secret.get();
    const held = await verifyHold(secret, hold, hashDevice(device), now);
    const parsed = tokens.parse(token);
    if (!held || !parsed || parsed.sessionId !== held.sessionId) throw refused(403, 'token');
    const [context] = await markRepo.markContexts(this.ctx.db, [{ key: { id: held.sessionId }, studentId: auth.uid }]);
    if (!context) throw refused(403, 'token');
    const { session } = context;
    const read = held.scannedAt;
    if (!(session.opensAt.getTime() - 1000 < read.getTime() && read < session.closesAt && (!session.closedAt || read < session.closedAt)))
      throw refused(403, 'notOpen');
    const entry = await this.parts.lookups.entry(session.scheduleEntryId);
    if (!entry) throw notFound();
    if (!context.member) throw refused(403, 'notYours');
    return { entry, sessionId: session.id, readAt: read };
  }

  /**
   * code.json: a typed code checked as it is typed, so that the time the position takes afterwards
   * does not count against the code's window; wrong codes count toward the same lockout as visit.json's.
   */
  async code(auth: AuthInfo, input: QrCodeBody, ip: string): Promise<QrReceipt> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const now = this.ctx.now();
    const check = async (): Promise<QrReceipt> => {
      const [context] = await markRepo.markContexts(this.ctx.db, [{ key: { scheduleEntryId: input.idShed, lessonDate: localDate(now) }, studentId: auth.uid }]);
      const session = this.parts.checks.checkSession(input, now, context?.session, await this.parts.secret.get(), null);
      if (!context!.member) throw refused(403, 'notYours');
      return { receipt: await issueReceipt(await this.parts.secret.get(), { sessionId: session.id, idShed: input.idShed, studentId: auth.uid }, now) };
    };
    return unwrap((await throttledCode(this.ctx.throttle, auth, ip, check)) ?? { ok: false, error: refused(403, 'token') });
  }

  /** lessons.json: the student's lessons whose attendance is open now (what a typed code can be sent for). */
  async openLessons(auth: AuthInfo, lang: Language): Promise<QrOpenLesson[]> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const open = await markRepo.openLessonsOf(this.ctx.db, auth.uid, this.ctx.now());
    const entries = await Promise.all(open.map(({ id }) => this.parts.lookups.entry(id)));
    return entries.flatMap((e, i) =>
      e
        ? [
            {
              idShed: e.id,
              idAud: e.auditoriumId,
              discipline: localName(e.discipline, lang),
              room: `${e.roomName}, ${e.building}`,
              startsAt: e.startsAt,
              lessonType: localName(e.lessonType, lang),
              marked: open[i].marked,
              waiting: open[i].waiting,
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
    const secret = await this.parts.secret.get();
    const asked = items.flatMap((it, i) => {
      const parsed = tokens.parse(it.token);
      return parsed ? [{ i, request: { key: { id: parsed.sessionId }, studentId: it.auth.uid, withKeys: true } }] : [];
    });
    const contexts = await markRepo.markContexts(
      this.ctx.db,
      asked.map((a) => a.request),
    );
    // The students' device keys are imported now, between the scan and its mark (the phone's position
    // fix): the mark then only checks its signature.
    for (const [n, { i }] of asked.entries()) for (const k of contexts[n]?.keys ?? []) this.parts.deviceKeys.keyOf(items[i].auth.uid, k.id, k.publicKey);
    const outcomes: (Settled<Scanned> | undefined)[] = items.map(() => undefined);
    await Promise.all(
      asked.map(async ({ i }, n) => {
        outcomes[i] = await settle(async () => {
          const context = contexts[n];
          if (!context) throw refused(403, 'token');
          const session = this.parts.checks.checkSession(
            { idShed: context.session.scheduleEntryId, token: items[i].token },
            items[i].now,
            context.session,
            secret,
            null,
          );
          const entry = await this.parts.lookups.entry(session.scheduleEntryId);
          if (!entry) throw notFound();
          this.parts.lookups.warm(entry);
          if (!context.member) throw refused(403, 'notYours');
          return { entry, sessionId: session.id };
        });
      }),
    );
    return outcomes.map((o) => o ?? { ok: false, error: refused(403, 'token') });
  }
}
