/**
 * The checks a student's mark passes before it is written (see qr.service.ts for the rules): the
 * session its token, receipt or code names, the lesson and the student, and why it would wait for the
 * teacher's review. The scan (qr.scans.ts) and the mark's batches (qr.marks.ts) build on it.
 */
import { BlockList, isIPv4 } from 'node:net';
import { ROLE_TEACHER } from '../../../../contract/common';
import { QR_ACCURACY_MAX_M, QR_PRECISION_MIN_M, type QrReviewReason, type QrVisitBody } from '../../../../contract/qr';
import { forbidden, notFound } from '../../app-error';
import type { Settled } from '../../lib/batcher';
import { accountOfPerson } from '../../shared/academic/academic.repository';
import type { AuthInfo } from '../../shared/caller';
import { localDate } from '../../shared/lesson-clock';
import { assertWritable } from '../../shared/academic/journal-period';
import type { VisitValues } from '../../shared/journal-visits';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.repository';
import * as tokens from './qr.token';
import type { Receipt } from './qr.receipt';
import { distanceM, QrService, refused } from './qr.service';

/** A student's mark as it waits for its batch. */
export interface MarkInput {
  auth: AuthInfo;
  input: QrVisitBody;
  deviceHash: string;
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
  reason: QrReviewReason;
  status: repo.MarkWrite['mark']['status'];
  visitValues: VisitValues;
}

export const unwrap = <T>(outcome: Settled<T> | undefined): T => {
  if (!outcome) throw new Error('QR mark: not answered');
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
};

/** Timetable entries and teachers' accounts change rarely: a mark reads them from memory for this long. */
const LOOKUP_TTL_MS = 60_000;

/** A list of networks (CIDR, IPv4 or IPv6) to check addresses against; null when it is empty. A malformed entry is left out. */
function blockListOf(list: readonly string[]): BlockList | null {
  const networks = new BlockList();
  let listed = 0;
  for (const cidr of list) {
    const [address, prefix] = cidr.trim().split('/');
    try {
      networks.addSubnet(address, Number(prefix), isIPv4(address) ? 'ipv4' : 'ipv6');
      listed++;
    } catch {
      // Not a network: the rest of the list still applies.
    }
  }
  return listed === 0 ? null : networks;
}

export class QrMarkChecks extends QrService {
  private readonly entries = new Map<number, { at: number; value: Promise<timetable.EntryRow | undefined> }>();

  private readonly teacherAccounts = new Map<number, { at: number; value: Promise<{ userId: number } | undefined> }>();

  /** A timetable entry, read at most once a minute per entry (marks come in bursts). */
  protected entry(id: number): Promise<timetable.EntryRow | undefined> {
    return this.cached(this.entries, id, () => timetable.findEntry(this.ctx.db, id));
  }

  protected teacherAccount(teacherId: number): Promise<{ userId: number } | undefined> {
    return this.cached(this.teacherAccounts, teacherId, () => accountOfPerson(this.ctx.db, ROLE_TEACHER, teacherId));
  }

  private cached<T>(map: Map<number, { at: number; value: Promise<T> }>, key: number, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = map.get(key);
    if (hit && now - hit.at < LOOKUP_TTL_MS) return hit.value;
    if (map.size > 5000) map.clear();
    const value = load();
    map.set(key, { at: now, value });
    value.catch(() => map.delete(key));
    return value;
  }

  /** The session a student's token, receipt or code names (403 'token' when it names none). */
  protected keyOf(input: { idShed: number; token?: string; code?: string; receipt?: string }, now: Date, receipt: Receipt | null): repo.SessionKey {
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
  protected checkSession(
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
      if (!this.isOpen(session, now)) throw refused(403, 'notOpen');
      if (!tokens.verifyToken(secret, { sessionId: session.id, idShed: session.scheduleEntryId, date: session.lessonDate }, input.token, now.getTime()))
        throw refused(403, 'token');
    } else {
      if (!session || !this.isOpen(session, now)) throw refused(403, 'notOpen');
      const subject = { sessionId: session.id, idShed: session.scheduleEntryId, date: session.lessonDate };
      if (!tokens.verifyCode(secret, subject, input.code ?? '', now.getTime()))
        throw refused(403, tokens.isStaleCode(secret, subject, input.code ?? '', now.getTime()) ? 'stale' : 'token');
    }
    return session;
  }

  /** One mark's checks against its facts (the order of the refusals is the rules' order); its values when it passes. */
  protected plan(
    index: number,
    item: MarkInput,
    context: repo.MarkContext | undefined,
    secret: Buffer,
    receipt: Receipt | null,
    entries: ReadonlyMap<number, timetable.EntryRow | undefined>,
    teachers: ReadonlyMap<number, { userId: number } | undefined>,
    rooms: ReadonlyMap<number, BlockList | null>,
  ): Planned {
    const { input, now } = item;
    const session = this.checkSession(input, now, context?.session, secret, receipt, item.auth.uid);
    const { member, student, sharedDevice, sharedAddress } = context!;
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
      reason,
      status: reason ? 'review' : 'accepted',
      visitValues: this.visitValues(entry, session, student),
    };
  }

  /** The university's networks (QR_ALLOWED_NETWORKS), or null when marks may come from anywhere. */
  private readonly networks = blockListOf(this.ctx.config.qrAllowedNetworks);

  private readonly roomLists = new Map<number, { at: number; value: Promise<BlockList | null> }>();

  /** A room's own networks (auditoria.qr_networks), read at most once a minute per room; null: the campus list applies. */
  protected roomNetworks(auditoriumId: number): Promise<BlockList | null> {
    return this.cached(this.roomLists, auditoriumId, async () => blockListOf((await repo.roomNetworks(this.ctx.db, auditoriumId)) ?? []));
  }

  /** Outside the room's networks when it lists some, else outside the campus's (QR_ALLOWED_NETWORKS); false when neither lists any. */
  private outsideNetworks(ip: string, room: BlockList | null): boolean {
    const networks = room ?? this.networks;
    if (!networks) return false;
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = v4 ?? ip;
    return !networks.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  }

  /**
   * Why a mark goes to the teacher's review instead of the journal (null: it does not), the strongest
   * sign first: a device or an address that marked another student, an address outside the
   * room's networks (or, when the room lists none, the university's), a reading too imprecise to place (inner rooms, laptops: never refused), a
   * position outside the room, a precision no phone reaches indoors (a position typed in).
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
    if (m.sharedAddress) return 'address';
    if (this.outsideNetworks(m.ip, m.room)) return 'network';
    if (m.accuracy > Math.min(m.radiusM, QR_ACCURACY_MAX_M)) return 'accuracy';
    if (m.distance > m.radiusM) return 'distance';
    if (m.accuracy <= QR_PRECISION_MIN_M) return 'precision';
    return null;
  }
}
