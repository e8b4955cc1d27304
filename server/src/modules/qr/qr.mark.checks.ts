/**
 * The checks a student's mark passes before it is written (see qr.service.ts for the rules): the
 * session its token, receipt or code names, the lesson and the student, and why it would wait for the
 * teacher's review. The scan (qr.scans.ts) and the mark's batches (qr.marks.ts) use them.
 */
import type { BlockList } from 'node:net';
import type { AppContext } from '../../context';
import { QR_ACCURACY_MAX_M, QR_PRECISION_MIN_M, type QrReviewReason, type QrVisitBody } from '@contract/qr';
import { forbidden, notFound } from '../../app-error';
import type { Settled } from '../../lib/batcher';
import type { AuthInfo } from '../../shared/caller';
import { localDate } from '../../shared/lesson-clock';
import { assertWritable } from '../../shared/academic/journal-period';
import type { VisitValues } from '../../shared/journal-visits';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.session.repository';
import * as markRepo from './qr.mark.repository';
import * as tokens from './qr.token';
import type { Receipt } from './qr.receipt';
import { blockListOf, outside } from '../../lib/networks';
import { distanceM, isOpen, markVisitValues, refused } from './qr.service';

/** A student's mark as it waits for its batch. */
export interface MarkInput {
  auth: AuthInfo;
  input: QrVisitBody;
  /** The device: its cookie's hash, or its key's (`key:<id>`) once the batch found the signature good. */
  deviceHash: string;
  /** The hash of the device key the mark names (null: none), its device when the signature checks out. */
  keyHash: string | null;
  ip: string;
  now: Date;
}

/** A mark that passed its checks, with what its rows and events need. */
export interface Planned {
  /** Its place in the batch. */
  index: number;
  item: MarkInput;
  session: repo.SessionRow;
  entry: timetable.EntryRow;
  student: repo.StudentFacts;
  teacher: { userId: number } | undefined;
  distance: number;
  /** From outside the networks marks are expected from (false when none are listed). */
  outside: boolean;
  reason: QrReviewReason;
  status: markRepo.MarkWrite['mark']['status'];
  visitValues: VisitValues;
}

export const unwrap = <T>(outcome: Settled<T> | undefined): T => {
  if (!outcome) throw new Error('QR mark: not answered');
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
};

/** The checks of a student's scan and mark, given the facts read for it (the rules' order). */
export class MarkChecks {
  /** The university's networks (QR_ALLOWED_NETWORKS), or null when marks may come from anywhere. */
  private readonly networks: BlockList | null;

  constructor(private readonly ctx: Pick<AppContext, 'config'>) {
    this.networks = blockListOf(ctx.config.qrAllowedNetworks);
  }

  /** The session a student's token, receipt or code names (403 'token' when it names none). */
  keyOf(input: { idShed: number; token?: string; code?: string; receipt?: string }, now: Date, receipt: Receipt | null): markRepo.SessionKey {
    if (input.receipt !== undefined) {
      if (!receipt) throw refused(403, 'token');
      return { id: receipt.sessionId };
    }
    if (input.token !== undefined) {
      const parsed = tokens.parse(input.token);
      if (!parsed) throw refused(403, 'token');
      return { id: parsed.sessionId };
    }
    if (input.code !== undefined) return { scheduleEntryId: input.idShed, lessonDate: localDate(now) };
    throw refused(403, 'token');
  }

  /**
   * The session found for a token, receipt or code, checked against the lesson and the clock (403
   * otherwise). A receipt stands for a token or code that was valid when it was read: the session
   * must have been open then (its teacher had not closed it), not necessarily now.
   */
  checkSession(
    input: { idShed: number; token?: string; code?: string; receipt?: string },
    now: Date,
    session: repo.SessionRow | undefined,
    secret: Buffer,
    receipt: Receipt | null,
    studentId?: number,
  ): repo.SessionRow {
    if (input.receipt !== undefined) {
      if (
        !receipt ||
        !session ||
        session.id !== receipt.sessionId ||
        session.scheduleEntryId !== input.idShed ||
        receipt.idShed !== input.idShed ||
        receipt.studentId !== studentId
      )
        throw refused(403, 'token');
      const read = receipt.issuedAt;
      const openWhenRead = session.opensAt.getTime() - 1000 < read.getTime() && read < session.closesAt && (!session.closedAt || read < session.closedAt);
      if (!openWhenRead) throw refused(403, 'notOpen');
    } else if (input.token !== undefined) {
      if (!session || session.scheduleEntryId !== input.idShed) throw refused(403, 'token');
      if (!isOpen(session, now)) throw refused(403, 'notOpen');
      if (!tokens.verifyToken(secret, { sessionId: session.id, idShed: session.scheduleEntryId, date: session.lessonDate }, input.token, now.getTime()))
        throw refused(403, 'token');
    } else {
      if (!session || !isOpen(session, now)) throw refused(403, 'notOpen');
      const subject = { sessionId: session.id, idShed: session.scheduleEntryId, date: session.lessonDate };
      if (!tokens.verifyCode(secret, subject, input.code ?? '', now.getTime()))
        throw refused(403, tokens.isStaleCode(secret, subject, input.code ?? '', now.getTime()) ? 'stale' : 'token');
    }
    return session;
  }

  /** One mark's checks against its facts (the order of the refusals is the rules' order); its values when it passes. */
  plan(
    index: number,
    item: MarkInput,
    context: markRepo.MarkContext | undefined,
    secret: Buffer,
    receipt: Receipt | null,
    entries: ReadonlyMap<number, timetable.EntryRow | undefined>,
    teachers: ReadonlyMap<number, { userId: number } | undefined>,
    rooms: ReadonlyMap<number, BlockList | null>,
    inBatch: { sharedDevice: boolean; sharedAddress: boolean } = { sharedDevice: false, sharedAddress: false },
  ): Planned {
    const { input, now } = item;
    const session = this.checkSession(input, now, context?.session, secret, receipt, item.auth.uid);
    const { member, student } = context!;
    const sharedDevice = context!.sharedDevice || inBatch.sharedDevice;
    const sharedAddress = context!.sharedAddress || inBatch.sharedAddress;
    const entry = entries.get(session.scheduleEntryId);
    if (!entry) throw notFound();
    if (input.idAud !== entry.auditoriumId) throw refused(403, 'room');
    if (!member) throw refused(403, 'notYours');
    if (!student) throw forbidden();
    // The journal's period (shared/academic/journal-period.ts): a student's scan never reopens a closed half-year.
    assertWritable(entry, session.lessonDate, 'mark', { now, graceDays: this.ctx.config.journalGraceDays, mayReopen: false });
    const distance = distanceM(input.x, input.y, entry.latitude, entry.longitude);
    const teacher = teachers.get(entry.teacherId);
    const room = rooms.get(entry.auditoriumId) ?? null;
    const reason = this.reviewReason({ sharedDevice, sharedAddress, ip: item.ip, room, accuracy: input.accuracy, distance, radiusM: entry.radiusM });
    return {
      index,
      item,
      session,
      entry,
      student,
      teacher,
      distance,
      outside: this.outsideNetworks(item.ip, room),
      reason,
      status: reason ? 'review' : 'accepted',
      visitValues: markVisitValues(entry, session, student),
    };
  }

  /** Outside the room's networks when it lists some, else outside the campus's (QR_ALLOWED_NETWORKS); false when neither lists any. */
  outsideNetworks(ip: string, room: BlockList | null): boolean {
    const networks = room ?? this.networks;
    return networks !== null && outside(networks, ip);
  }

  /**
   * Why a mark goes to the teacher's review instead of the journal (null: it does not), the strongest
   * sign first: a device that marked another student, an address that did (QR_SHARED_ADDRESS: by
   * default only together with one of the signs after it, since a class on one Wi-Fi behind NAT
   * shares one public address), an address outside the room's networks (or, when the room lists
   * none, the university's), a reading too imprecise to place (inner rooms, laptops: never refused),
   * a position outside the room, a precision no phone reaches indoors (a position typed in).
   */
  private reviewReason(m: {
    sharedDevice: boolean;
    sharedAddress: boolean;
    ip: string;
    room: BlockList | null;
    accuracy: number;
    distance: number;
    radiusM: number;
  }): QrReviewReason {
    if (m.sharedDevice) return 'device';
    const other = this.otherSign(m);
    const rule = this.ctx.config.qrSharedAddress;
    if (m.sharedAddress && (rule === 'always' || (rule === 'with-signs' && other !== null))) return 'address';
    return other;
  }

  /** The signs besides a shared device or address, the strongest first (see reviewReason). */
  private otherSign(m: { ip: string; room: BlockList | null; accuracy: number; distance: number; radiusM: number }): QrReviewReason {
    if (this.outsideNetworks(m.ip, m.room)) return 'network';
    if (m.accuracy > Math.min(m.radiusM, QR_ACCURACY_MAX_M)) return 'accuracy';
    if (m.distance > m.radiusM) return 'distance';
    if (m.accuracy <= QR_PRECISION_MIN_M) return 'precision';
    return null;
  }
}
