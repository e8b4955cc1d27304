/**
 * The student's side of QR attendance: the lesson a scanned token is for, the lessons open now, and the
 * mark itself (see qr.service.ts for the rules), checked and written in batches (group commit).
 */
import { createHash } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '../../../../contract/common';
import {
  QR_ACCURACY_MAX_M,
  QR_PRECISION_MIN_M,
  type QrCodeBody,
  type QrLessonBody,
  type QrReceipt,
  type QrScannedLesson,
  type QrLiveMark,
  type QrMark,
  type QrMarkStatus,
  type QrOpenLesson,
  type QrReviewReason,
  type QrVisit,
  type QrVisitBody,
} from '../../../../contract/qr';
import type { OutgoingEvent } from '../../plugins/live';
import { AppError, forbidden, notFound } from '../../app-error';
import { isDatabaseUnavailable } from '../../db/errors';
import { localName } from '../../i18n';
import { Batcher, settle, type Settled } from '../../lib/batcher';
import { fullName } from '../../lib/person';
import { accountOfPerson } from '../../shared/academic/academic.repository';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import { localDate } from '../../shared/lesson-clock';
import { notifyLater } from '../../shared/notifications';
import { assertWritable } from '../../shared/academic/journal-period';
import { JOURNAL_CHANGED_EVENT, qrPresence } from '../../shared/journal-live';
import type { VisitValues } from '../../shared/journal-visits';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.repository';
import * as tokens from './qr.token';
import { issueReceipt, verifyReceipt, type Receipt } from './qr.receipt';
import { distanceM, QR_MARK_EVENT, QrService, refused } from './qr.service';

const hashDevice = (device: string) => createHash('sha256').update(device).digest('hex');

/** A student's mark as it waits for its batch. */
interface MarkInput {
  auth: AuthInfo;
  input: QrVisitBody;
  deviceHash: string;
  ip: string;
  now: Date;
}

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

/** What a mark's answer needs. */
interface MarkDone {
  status: QrMarkStatus;
  reason: QrReviewReason;
  entry: timetable.EntryRow;
}

/** A mark that passed its checks, with what its rows and events need. */
interface Planned {
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

const unwrap = <T>(outcome: Settled<T> | undefined): T => {
  if (!outcome) throw new Error('QR mark: not answered');
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
};

/** Timetable entries and teachers' accounts change rarely: a mark reads them from memory for this long. */
const LOOKUP_TTL_MS = 60_000;

/** A student's mark: the body of visit.json, the device cookie, the caller's address, and when the request reached the server. */
export interface VisitInput extends QrVisitBody {
  device: string;
  ip: string;
  receivedAt?: Date;
}

export class QrMarks extends QrService {
  private readonly entries = new Map<number, { at: number; value: Promise<timetable.EntryRow | undefined> }>();

  private readonly teacherAccounts = new Map<number, { at: number; value: Promise<{ userId: number } | undefined> }>();

  /** A timetable entry, read at most once a minute per entry (marks come in bursts). */
  private entry(id: number): Promise<timetable.EntryRow | undefined> {
    return this.cached(this.entries, id, () => timetable.findEntry(this.ctx.db, id));
  }

  private teacherAccount(teacherId: number): Promise<{ userId: number } | undefined> {
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
  private keyOf(input: { idShed: number; token?: string; code?: string; receipt?: string }, now: Date, receipt: Receipt | null): repo.SessionKey {
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
  private checkSession(
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
  private throttledCode<T>(auth: AuthInfo, ip: string, check: () => Promise<T>) {
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

  /**
   * Marks that arrive together are checked and written together (group commit): two statements
   * per batch, one to read and one to write, each mark still answered on its own (see markBatch).
   */
  private readonly marks = new Batcher<MarkInput, MarkDone>((items) => this.markBatch(items), { lanes: 2, max: 250 });

  /**
   * The marks on their way, by student and lesson (this process's only): a second tap waits for the
   * first instead of joining a later batch, often the burst's last (see visit).
   */
  private readonly inFlight = new Map<string, { deviceHash: string; input: QrVisitBody; done: Promise<MarkDone> }>();

  /**
   * visit.json: the student's mark (see the file's comment for the rules). `receivedAt`: when the
   * request reached the server; the token must be current then (a burst of marks may wait a moment
   * for the database before it is checked). A typed code has only QR_CODE_LENGTH digits: the wrong
   * ones a student sends are counted (the throttle, across server processes), and after
   * QR_CODE_TRIES of them in QR_CODE_TRIES_WINDOW_MS the next code answers 429, so that codes
   * cannot be tried one after the other until one fits.
   */
  async visit(auth: AuthInfo, { device, ip, receivedAt, ...input }: VisitInput, lang: Language): Promise<QrVisit> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    assertOwn(auth, { uid: input.idStud });
    const now = receivedAt && receivedAt <= this.ctx.now() ? receivedAt : this.ctx.now();
    if (input.token !== undefined || input.receipt !== undefined || input.code === undefined) return this.mark(auth, input, device, ip, lang, now);
    const outcome = await this.throttledCode(auth, ip, () => this.mark(auth, input, device, ip, lang, now));
    return unwrap(outcome ?? { ok: false, error: refused(403, 'token') });
  }

  /** A mark, by token or typed code (see visit). */
  private async mark(auth: AuthInfo, input: QrVisitBody, device: string, ip: string, lang: Language, now: Date): Promise<QrVisit> {
    const deviceHash = hashDevice(device);
    const key = `${auth.uid}:${input.idShed}`;
    // A double tap: the same mark from the same device while the first is still on its way. When the
    // first is written, this one is the student's second mark (409, as the unique key would answer)
    // without a batch of its own; when the first is refused, this one is checked as usual.
    const first = this.inFlight.get(key);
    const doubleTap = first && first.deviceHash === deviceHash && JSON.stringify(first.input) === JSON.stringify(input);
    if (
      doubleTap &&
      (await first.done.then(
        () => true,
        () => false,
      ))
    )
      throw refused(409, 'marked');
    const done = this.marks.submit({ auth, input, deviceHash, ip, now });
    this.inFlight.set(key, { deviceHash, input, done });
    try {
      const { status, reason, entry } = await done;
      return { status, reason, discipline: localName(entry.discipline, lang) };
    } finally {
      if (this.inFlight.get(key)?.done === done) this.inFlight.delete(key);
    }
  }

  /**
   * A batch of marks, written in one statement. When that statement fails (nothing of the batch is
   * written), the batch is tried once more, its facts read again (a journal cell written by someone
   * else at the same moment is then seen); when that fails too, each mark is tried on its own, so that
   * a fault of one mark (a value the database refuses) answers that mark only. A database that cannot
   * be reached answers every mark of the batch at once (503), without the tries.
   */
  private async markBatch(items: readonly MarkInput[]): Promise<Settled<MarkDone>[]> {
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        return await this.markTogether(items);
      } catch (err) {
        if (isDatabaseUnavailable(err) || (attempt === 2 && items.length === 1)) throw err;
      }
    }
    const outcomes: Settled<MarkDone>[] = [];
    for (const item of items) outcomes.push(await settle(async () => unwrap((await this.markTogether([item]))[0])));
    return outcomes;
  }

  /**
   * The marks of a batch: their facts read in one statement for all, each checked by the rules
   * (a refusal answers that mark only), then the marks, the accepted ones' journal records and
   * their history written in one statement (repo.writeMarks; the unique key keeps one mark per
   * student and session: a second one, in this batch or another, answers 409), which also counts
   * the sessions' accepted marks. The live events leave after it, batched with those of the other marks.
   */
  private async markTogether(items: readonly MarkInput[]): Promise<Settled<MarkDone>[]> {
    const outcomes: (Settled<MarkDone> | undefined)[] = items.map(() => undefined);
    const refuse = (i: number, error: unknown) => (outcomes[i] = { ok: false, error });
    const secret = await this.secret();
    const receipts = await Promise.all(items.map((it) => (it.input.receipt === undefined ? null : verifyReceipt(secret, it.input.receipt, it.now))));
    const keys = items.map((it, i) => {
      try {
        return this.keyOf(it.input, it.now, receipts[i]);
      } catch (err) {
        refuse(i, err);
        return null;
      }
    });
    // The facts are read before the transaction (the embedded database runs one statement at a time:
    // nothing may wait for the pool's other connections while the transaction holds its own).
    const asked = items.flatMap((it, i) => (keys[i] ? [{ i, request: { key: keys[i], studentId: it.auth.uid, device: it.deviceHash, ip: it.ip } }] : []));
    const contexts = await repo.markContexts(
      this.ctx.db,
      asked.map((a) => a.request),
    );
    // The batch's lessons and their teachers' accounts (from memory mostly), fetched together before
    // the checks, which then run without waiting.
    const entryIds = [...new Set(contexts.flatMap((c) => (c ? [c.session.scheduleEntryId] : [])))];
    const entries = new Map(await Promise.all(entryIds.map(async (id) => [id, await this.entry(id)] as const)));
    const teacherIds = [...new Set([...entries.values()].flatMap((e) => (e ? [e.teacherId] : [])))];
    const teachers = new Map(await Promise.all(teacherIds.map(async (id) => [id, await this.teacherAccount(id)] as const)));
    const planned: Planned[] = [];
    const taken = new Set<string>();
    const devices = new Map<string, number>();
    const addresses = new Map<string, number>();
    for (const [n, { i }] of asked.entries()) {
      try {
        const plan = this.plan(i, items[i], contexts[n], secret, receipts[i], entries, teachers);
        // One mark per student and session: the first of the batch goes on, the others are 409 now.
        const key = `${plan.session.id}:${plan.student.id}`;
        if (taken.has(key)) throw refused(409, 'marked');
        taken.add(key);
        // One device for two students in the same batch: the later one waits for review too.
        const device = `${plan.session.id}:${items[i].deviceHash}`;
        const other = devices.get(device);
        if (other !== undefined && other !== plan.student.id && plan.status === 'accepted') Object.assign(plan, { status: 'review', reason: 'device' });
        if (other === undefined) devices.set(device, plan.student.id);
        // One network address for two students in the same batch: the later one waits for review too.
        const address = `${plan.session.id}:${items[i].ip}`;
        const before = addresses.get(address);
        if (before !== undefined && before !== plan.student.id && plan.status === 'accepted') Object.assign(plan, { status: 'review', reason: 'address' });
        if (before === undefined) addresses.set(address, plan.student.id);
        planned.push(plan);
      } catch (err) {
        refuse(i, err);
      }
    }
    if (planned.length === 0) return outcomes.map((o) => o ?? { ok: false, error: new Error('QR mark: not answered') });
    const written = await repo.writeMarks(
      this.ctx.db,
      planned.map((p) => ({
        mark: {
          sessionId: p.session.id,
          studentId: p.student.id,
          status: p.status,
          reason: p.reason,
          latitude: p.item.input.x,
          longitude: p.item.input.y,
          accuracyM: p.item.input.accuracy,
          distanceM: p.distance,
          device: p.item.deviceHash,
          via: p.item.input.code !== undefined ? 'code' : 'token',
          ip: p.item.ip,
          createdAt: p.item.now,
        },
        byUserId: p.item.auth.userId,
        visit: p.visitValues,
      })),
    );
    const events: OutgoingEvent[] = [];
    for (const [k, p] of planned.entries()) {
      const w = written[k];
      if (!w) {
        refuse(p.index, refused(409, 'marked'));
        continue;
      }
      if (p.teacher) {
        if (w.visitId !== null)
          events.push({
            event: JOURNAL_CHANGED_EVENT,
            to: [p.teacher.userId],
            data: qrPresence(p.entry.teachingAssignmentId, { id: w.visitId, ...p.visitValues }, p.item.now),
          });
        const mark: QrMark = {
          id: w.markId,
          idStud: p.student.id,
          fio: fullName(p.student),
          status: p.status,
          reason: p.reason,
          distanceM: Math.round(p.distance),
          at: p.item.now.toISOString(),
        };
        const data: QrLiveMark = { sessionId: p.session.id, count: w.accepted, mark };
        events.push({ event: QR_MARK_EVENT, to: [p.teacher.userId], data });
        if (p.status === 'review')
          notifyLater(this.ctx.db, this.ctx.live, { userIds: [p.teacher.userId], kind: 'qr.review', params: { student: mark.fio }, link: '/qrlesson' });
      }
      outcomes[p.index] = { ok: true, value: { status: p.status, reason: p.reason, entry: p.entry } };
    }
    // After the commit, batched with the other marks of a burst (NOTIFY inside the marks'
    // statement would make the burst's commits wait for each other). The marks are answered without
    // waiting for them: the batch's lane is free for the next batch at once.
    void this.ctx.live.publishCommitted(events);
    return outcomes.map((o) => o ?? { ok: false, error: new Error('QR mark: not answered') });
  }

  /** One mark's checks against its facts (the order of the refusals is the rules' order); its values when it passes. */
  private plan(
    index: number,
    item: MarkInput,
    context: repo.MarkContext | undefined,
    secret: Buffer,
    receipt: Receipt | null,
    entries: ReadonlyMap<number, timetable.EntryRow | undefined>,
    teachers: ReadonlyMap<number, { userId: number } | undefined>,
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
    const reason = this.reviewReason({ sharedDevice, sharedAddress, ip: item.ip, accuracy: input.accuracy, distance, radiusM: entry.radiusM });
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
  private readonly networks = ((list: readonly string[]) => {
    if (list.length === 0) return null;
    const networks = new BlockList();
    for (const cidr of list) {
      const [address, prefix] = cidr.split('/');
      networks.addSubnet(address, Number(prefix), isIPv4(address) ? 'ipv4' : 'ipv6');
    }
    return networks;
  })(this.ctx.config.qrAllowedNetworks);

  private outsideNetworks(ip: string): boolean {
    if (!this.networks) return false;
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = v4 ?? ip;
    return !this.networks.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  }

  /**
   * Why a mark goes to the teacher's review instead of the journal (null: it does not), the strongest
   * sign first: a device or an address that marked another student, an address outside the
   * university's networks, a reading too imprecise to place (inner rooms, laptops: never refused), a
   * position outside the room, a precision no phone reaches indoors (a position typed in).
   */
  private reviewReason(m: { sharedDevice: boolean; sharedAddress: boolean; ip: string; accuracy: number; distance: number; radiusM: number }): QrReviewReason {
    if (m.sharedDevice) return 'device';
    if (m.sharedAddress) return 'address';
    if (this.outsideNetworks(m.ip)) return 'network';
    if (m.accuracy > Math.min(m.radiusM, QR_ACCURACY_MAX_M)) return 'accuracy';
    if (m.distance > m.radiusM) return 'distance';
    if (m.accuracy <= QR_PRECISION_MIN_M) return 'precision';
    return null;
  }
}
