/**
 * QR attendance and the QR student card (docs/api.md#qr, docs/security.md#qr-attendance).
 *
 * A mark is accepted only when its token (or typed code) is current and of that lesson, the
 * lesson's session is open now, the student is one of the lesson's students, the reading is accurate
 * enough, and it is the student's first mark for the lesson; then it becomes a journal visit record
 * ("present") in the same transaction. A device that already marked another student, or a position
 * outside the room's radius, sends the mark to the teacher's review list instead.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ROLE_STUDENT, ROLE_TEACHER, type Language } from '../../../../contract/common';
import {
  QR_GRACE_MS,
  QR_MAKEUP_MS,
  QR_ROTATE_MS,
  QR_ACCURACY_MAX_M,
  type QrCard,
  type QrCardLink,
  type QrDecideBody,
  type QrLesson,
  type QrLessonBody,
  type QrLiveMark,
  type QrMark,
  type QrMarkStatus,
  type QrOpenBody,
  type QrOpenLesson,
  type QrReportQuery,
  type QrReportRow,
  type QrReviewReason,
  type QrSession,
  type QrSessionBody,
  type QrTime,
  type QrToken,
  type QrVisit,
  type QrVisitBody,
} from '../../../../contract/qr';
import type { AppContext } from '../../context';
import { notifyLater } from '../../shared/notifications';
import type { OutgoingEvent } from '../../plugins/live';
import { AppError, forbidden, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { localName } from '../../i18n';
import { Batcher, settle, type Settled } from '../../lib/batcher';
import { currentAcademicYear } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import { accountOfPerson } from '../../shared/academic/academic.repository';
import { asTeacher, assertOwn, type AuthInfo } from '../../shared/caller';
import { atLocalTime, dayNumber, localDate } from '../../shared/lesson-clock';
import { assertWritable, mayReopen } from '../../shared/academic/journal-period';
import { JOURNAL_CHANGED_EVENT, qrPresence } from '../../shared/journal-live';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.repository';
import * as tokens from './qr.token';

/** The bus event of a mark (the teacher's stream sends it as `qrMark`). */
export const QR_MARK_EVENT = 'qr.mark';
/** Attendance can be opened this long before the pair starts. */
const OPEN_BEFORE_MS = 10 * 60_000;

const refused = (status: number, reason: string) => new AppError(status, status === 409 ? 'CONFLICT' : status === 400 ? 'BAD_REQUEST' : 'FORBIDDEN', { reason });

/** Great-circle distance in metres. */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const hashDevice = (device: string) => createHash('sha256').update(device).digest('hex');

function presentMark(m: repo.MarkRow): QrMark {
  return {
    id: m.id,
    idStud: m.studentId,
    fio: fullName(m),
    status: m.status as QrMarkStatus,
    reason: (m.reason ?? null) as QrReviewReason,
    distanceM: Math.round(m.distanceM),
    at: m.createdAt.toISOString(),
  };
}

/** A student's mark as it waits for its batch. */
interface MarkInput {
  auth: AuthInfo;
  input: QrVisitBody;
  deviceHash: string;
  now: Date;
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
  visitValues: repo.VisitValues;
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

export class QrService {
  private secretValue: Promise<Buffer> | null = null;
  private readonly entries = new Map<number, { at: number; value: Promise<timetable.EntryRow | undefined> }>();
  private readonly teacherAccounts = new Map<number, { at: number; value: Promise<{ userId: number } | undefined> }>();

  constructor(private readonly ctx: AppContext) {}

  private secret(): Promise<Buffer> {
    this.secretValue ??= repo.secret(this.ctx.db);
    this.secretValue.catch(() => (this.secretValue = null));
    return this.secretValue;
  }

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

  private isOpen(session: repo.SessionRow, now: Date): boolean {
    return !session.closedAt && session.opensAt <= now && now < session.closesAt;
  }

  /** open.json: today's session of one of the teacher's lessons (see contract/qr.ts). */
  async open(auth: AuthInfo, input: QrOpenBody, lang: Language): Promise<QrSession> {
    const teacherId = asTeacher(auth);
    const entry = await timetable.findEntry(this.ctx.db, input.idShed);
    if (!entry) throw notFound();
    if (entry.teacherId !== teacherId) throw forbidden();
    const now = this.ctx.now();
    const today = localDate(now);
    const existing = await repo.findSessionOf(this.ctx.db, entry.id, today);
    if (existing && this.isOpen(existing, now)) return this.present(existing, entry, lang);
    // Closed by its teacher: it stays closed when the projector is shown again (a reload, a second
    // visit) until the teacher asks for it to open again.
    if (existing?.closedAt && !input.reopen && !input.makeup) return this.present(existing, entry, lang);
    let opensAt: Date;
    let closesAt: Date;
    if (input.makeup) {
      opensAt = now;
      closesAt = new Date(now.getTime() + QR_MAKEUP_MS);
    } else {
      opensAt = new Date(atLocalTime(now, entry.startsAt).getTime() - OPEN_BEFORE_MS);
      closesAt = atLocalTime(now, entry.endsAt);
      if (entry.dayNumber !== dayNumber(now) || now < opensAt || now >= closesAt) throw refused(403, 'notNow');
    }
    const session = await repo.openSession(this.ctx.db, { scheduleEntryId: entry.id, lessonDate: today, teacherId, opensAt, closesAt, makeup: input.makeup });
    return this.present(session, entry, lang);
  }

  /** state.json: the session with its marks and the "N of M" count. */
  async state(auth: AuthInfo, input: QrSessionBody, lang: Language): Promise<QrSession> {
    const session = await this.ownSession(auth, input.sessionId);
    const entry = await timetable.findEntry(this.ctx.db, session.scheduleEntryId);
    if (!entry) throw notFound();
    return this.present(session, entry, lang);
  }

  private async present(session: repo.SessionRow, entry: timetable.EntryRow, lang: Language): Promise<QrSession> {
    const [marks, total] = await Promise.all([repo.marksOf(this.ctx.db, session.id), timetable.countStudentsOfEntry(this.ctx.db, entry.id)]);
    return {
      sessionId: session.id,
      idShed: entry.id,
      date: session.lessonDate,
      opensAt: session.opensAt.toISOString(),
      closesAt: session.closesAt.toISOString(),
      makeup: session.makeup,
      closed: !this.isOpen(session, this.ctx.now()),
      discipline: localName(entry.discipline, lang),
      lessonType: localName(entry.lessonType, lang),
      group: entry.target,
      room: `${entry.roomName}, ${entry.building}`,
      startsAt: entry.startsAt,
      endsAt: entry.endsAt,
      total,
      count: marks.filter((m) => m.status === 'accepted').length,
      marks: marks.map(presentMark),
    };
  }

  /** token.json: the token and code of the current window, while the session is open. */
  async token(auth: AuthInfo, input: QrSessionBody): Promise<QrToken> {
    const session = await this.ownSession(auth, input.sessionId);
    const now = this.ctx.now();
    if (!this.isOpen(session, now)) throw refused(403, 'notOpen');
    const issued = tokens.issue(await this.secret(), { sessionId: session.id, idShed: session.scheduleEntryId, date: session.lessonDate }, now.getTime());
    return { token: issued.token, code: issued.code, expiresAt: issued.expiresAt.toISOString() };
  }

  /** close.json: no more marks are taken. */
  async close(auth: AuthInfo, input: QrSessionBody, lang: Language): Promise<QrSession> {
    const session = await this.ownSession(auth, input.sessionId);
    await repo.closeSession(this.ctx.db, session.id, this.ctx.now());
    return this.state(auth, input, lang);
  }

  /** The session a student's token or code names (403 'token' when it names none). */
  private keyOf(input: { idShed: number; token?: string; code?: string }, now: Date): repo.SessionKey {
    if (input.token !== undefined) {
      const parsed = tokens.parse(input.token);
      if (!parsed) throw refused(403, 'token');
      return { id: parsed.sessionId };
    }
    if (input.code !== undefined) return { scheduleEntryId: input.idShed, lessonDate: localDate(now) };
    throw refused(403, 'token');
  }

  /** The session found for a token or code, checked against the lesson and the clock (403 otherwise). */
  private checkSession(input: { idShed: number; token?: string; code?: string }, now: Date, session: repo.SessionRow | undefined, secret: Buffer): repo.SessionRow {
    if (input.token !== undefined) {
      if (!session || session.scheduleEntryId !== input.idShed) throw refused(403, 'token');
      if (!this.isOpen(session, now)) throw refused(403, 'notOpen');
      if (!tokens.verifyToken(secret, { sessionId: session.id, idShed: session.scheduleEntryId, date: session.lessonDate }, input.token, now.getTime()))
        throw refused(403, 'token');
    } else {
      if (!session || !this.isOpen(session, now)) throw refused(403, 'notOpen');
      if (!tokens.verifyCode(secret, { sessionId: session.id, idShed: session.scheduleEntryId, date: session.lessonDate }, input.code ?? '', now.getTime()))
        throw refused(403, 'token');
    }
    return session;
  }

  /**
   * Scans that arrive together (a class scanning the projector at once) are checked together: one
   * statement per batch reads their sessions and whether each student is one of the lesson's.
   */
  private readonly scans = new Batcher<ScanInput, timetable.EntryRow>((items) => this.scanBatch(items), { lanes: 2, max: 250 });

  /** lesson.json: the lesson a scanned token is for, so that the student sees what they mark. */
  async lesson(auth: AuthInfo, input: QrLessonBody, lang: Language): Promise<QrLesson> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const entry = await this.scans.submit({ auth, token: input.token, now: this.ctx.now() });
    return { idShed: entry.id, idAud: entry.auditoriumId, discipline: localName(entry.discipline, lang), room: `${entry.roomName}, ${entry.building}` };
  }

  /** lessons.json: the student's lessons whose attendance is open now (what a typed code can be sent for). */
  async openLessons(auth: AuthInfo, lang: Language): Promise<QrOpenLesson[]> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const entries = await Promise.all((await repo.openLessonsOf(this.ctx.db, auth.uid, this.ctx.now())).map((id) => this.entry(id)));
    return entries.flatMap((e) =>
      e ? [{ idShed: e.id, idAud: e.auditoriumId, discipline: localName(e.discipline, lang), room: `${e.roomName}, ${e.building}`, startsAt: e.startsAt }] : [],
    );
  }

  /**
   * A batch of scans. When its reading fails, each scan is checked on its own, so that a fault of one
   * (a value the database refuses) answers that scan only; a database that cannot be reached answers
   * every scan of the batch at once (503).
   */
  private async scanBatch(items: readonly ScanInput[]): Promise<Settled<timetable.EntryRow>[]> {
    try {
      return await this.scanTogether(items);
    } catch (err) {
      if (isDatabaseUnavailable(err) || items.length === 1) throw err;
    }
    const outcomes: Settled<timetable.EntryRow>[] = [];
    for (const item of items) outcomes.push(await settle(async () => unwrap((await this.scanTogether([item]))[0])));
    return outcomes;
  }

  /** Scans read together: each answered with its lesson, or refused (403 'token', 'notOpen', 'notYours'; 404). */
  private async scanTogether(items: readonly ScanInput[]): Promise<Settled<timetable.EntryRow>[]> {
    const secret = await this.secret();
    const asked = items.flatMap((it, i) => {
      const parsed = tokens.parse(it.token);
      return parsed ? [{ i, request: { key: { id: parsed.sessionId }, studentId: it.auth.uid } }] : [];
    });
    const contexts = await repo.markContexts(this.ctx.db, asked.map((a) => a.request));
    const outcomes: (Settled<timetable.EntryRow> | undefined)[] = items.map(() => undefined);
    await Promise.all(
      asked.map(async ({ i }, n) => {
        outcomes[i] = await settle(async () => {
          const context = contexts[n];
          if (!context) throw refused(403, 'token');
          const session = this.checkSession({ idShed: context.session.scheduleEntryId, token: items[i].token }, items[i].now, context.session, secret);
          const entry = await this.entry(session.scheduleEntryId);
          if (!entry) throw notFound();
          if (!context.member) throw refused(403, 'notYours');
          return entry;
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
    if (input.token !== undefined || input.code === undefined) return this.mark(auth, input, device, lang, now);
    const outcome = await this.ctx.throttle.attempt('qrcode', String(auth.userId), ip, async () => {
      const settled = await settle(() => this.mark(auth, input, device, lang, now));
      const wrongCode = !settled.ok && settled.error instanceof AppError && settled.error.status === 403 && settled.error.params?.reason === 'token';
      return wrongCode ? null : settled;
    });
    return unwrap(outcome ?? { ok: false, error: refused(403, 'token') });
  }

  /** A mark, by token or typed code (see visit). */
  private async mark(auth: AuthInfo, input: QrVisitBody, device: string, lang: Language, now: Date): Promise<QrVisit> {
    const deviceHash = hashDevice(device);
    const key = `${auth.uid}:${input.idShed}`;
    // A double tap: the same mark from the same device while the first is still on its way. When the
    // first is written, this one is the student's second mark (409, as the unique key would answer)
    // without a batch of its own; when the first is refused, this one is checked as usual.
    const first = this.inFlight.get(key);
    const doubleTap = first && first.deviceHash === deviceHash && JSON.stringify(first.input) === JSON.stringify(input);
    if (doubleTap && (await first.done.then(() => true, () => false))) throw refused(409, 'marked');
    const done = this.marks.submit({ auth, input, deviceHash, now });
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
    const keys = items.map((it, i) => {
      try {
        return this.keyOf(it.input, it.now);
      } catch (err) {
        refuse(i, err);
        return null;
      }
    });
    // The facts are read before the transaction (the embedded database runs one statement at a time:
    // nothing may wait for the pool's other connections while the transaction holds its own).
    const asked = items.flatMap((it, i) => (keys[i] ? [{ i, request: { key: keys[i], studentId: it.auth.uid, device: it.deviceHash } }] : []));
    const contexts = await repo.markContexts(this.ctx.db, asked.map((a) => a.request));
    // The batch's lessons and their teachers' accounts (from memory mostly), fetched together before
    // the checks, which then run without waiting.
    const entryIds = [...new Set(contexts.flatMap((c) => (c ? [c.session.scheduleEntryId] : [])))];
    const entries = new Map(await Promise.all(entryIds.map(async (id) => [id, await this.entry(id)] as const)));
    const teacherIds = [...new Set([...entries.values()].flatMap((e) => (e ? [e.teacherId] : [])))];
    const teachers = new Map(await Promise.all(teacherIds.map(async (id) => [id, await this.teacherAccount(id)] as const)));
    const planned: Planned[] = [];
    const taken = new Set<string>();
    const devices = new Map<string, number>();
    for (const [n, { i }] of asked.entries()) {
      try {
        const plan = this.plan(i, items[i], contexts[n], secret, entries, teachers);
        // One mark per student and session: the first of the batch goes on, the others are 409 now.
        const key = `${plan.session.id}:${plan.student.id}`;
        if (taken.has(key)) throw refused(409, 'marked');
        taken.add(key);
        // One device for two students in the same batch: the later one waits for review too.
        const device = `${plan.session.id}:${items[i].deviceHash}`;
        const other = devices.get(device);
        if (other !== undefined && other !== plan.student.id && plan.status === 'accepted') Object.assign(plan, { status: 'review', reason: 'device' });
        if (other === undefined) devices.set(device, plan.student.id);
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
          via: p.item.input.token !== undefined ? 'token' : 'code',
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
          events.push({ event: JOURNAL_CHANGED_EVENT, to: [p.teacher.userId], data: qrPresence(p.entry.teachingAssignmentId, { id: w.visitId, ...p.visitValues }, p.item.now) });
        const mark: QrMark = { id: w.markId, idStud: p.student.id, fio: fullName(p.student), status: p.status, reason: p.reason, distanceM: Math.round(p.distance), at: p.item.now.toISOString() };
        const data: QrLiveMark = { sessionId: p.session.id, count: w.accepted, mark };
        events.push({ event: QR_MARK_EVENT, to: [p.teacher.userId], data });
        if (p.status === 'review') notifyLater(this.ctx.db, this.ctx.live, { userIds: [p.teacher.userId], kind: 'qr.review', params: { student: mark.fio }, link: '/qrlesson' });
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
    entries: ReadonlyMap<number, timetable.EntryRow | undefined>,
    teachers: ReadonlyMap<number, { userId: number } | undefined>,
  ): Planned {
    const { input, now } = item;
    const session = this.checkSession(input, now, context?.session, secret);
    const { member, student, sharedDevice } = context!;
    const entry = entries.get(session.scheduleEntryId);
    if (!entry) throw notFound();
    if (input.idAud !== entry.auditoriumId) throw refused(403, 'room');
    if (!member) throw refused(403, 'notYours');
    if (!student) throw forbidden();
    // The journal's period (shared/academic/journal-period.ts): a student's scan never reopens a closed half-year.
    assertWritable(entry, session.lessonDate, 'mark', { now, graceDays: this.ctx.config.journalGraceDays, mayReopen: false });
    if (input.accuracy > Math.min(entry.radiusM, QR_ACCURACY_MAX_M)) throw refused(400, 'accuracy');
    const distance = distanceM(input.x, input.y, entry.latitude, entry.longitude);
    const teacher = teachers.get(entry.teacherId);
    const reason: QrReviewReason = sharedDevice ? 'device' : distance > entry.radiusM ? 'distance' : null;
    return { index, item, session, entry, student, teacher, distance, reason, status: reason ? 'review' : 'accepted', visitValues: this.visitValues(entry, session, student) };
  }

  private visitValues(entry: timetable.EntryRow, session: repo.SessionRow, student: repo.StudentFacts): repo.VisitValues {
    const [y, m, d] = session.lessonDate.split('-').map(Number);
    return {
      teachingAssignmentId: entry.teachingAssignmentId,
      studentId: student.id,
      visitDate: session.lessonDate,
      lessonTimeId: entry.lessonTimeId,
      teacherId: entry.teacherId,
      academicYearId: entry.academicYearId,
      workingSemesterId: entry.workingSemesterId,
      semesterId: entry.semesterId,
      disciplineId: entry.disciplineId,
      credits: entry.credits,
      isSelect: entry.isSelect,
      lessonTypeId: entry.lessonTypeId,
      groupId: student.groupId,
      streamId: entry.streamId,
      subgroup: entry.subgroup,
      dayNumber: dayNumber(new Date(y, m - 1, d)),
      educationFormId: student.educationFormId,
      scheduleEntryId: entry.id,
    };
  }

  /** Tells the teacher's screens about a mark, with the new count (sent at commit). */
  private async publishMark(tx: Db, teacherUserId: number, sessionId: number, markId: number): Promise<void> {
    const mark = await repo.findMark(tx, markId);
    if (!mark) return;
    const data: QrLiveMark = { sessionId, count: await repo.countAccepted(tx, sessionId), mark: presentMark(mark) };
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
    if (input.accept) assertWritable(entry, session.lessonDate, 'mark', { now: this.ctx.now(), graceDays: this.ctx.config.journalGraceDays, mayReopen: mayReopen(auth.login, this.ctx.config.journalReopenLogins) });
    await this.ctx.db.transaction(async (tx) => {
      const values = this.visitValues(entry, session, student);
      const visitId = input.accept ? await repo.writePresence(tx, values, auth.userId) : null;
      if (visitId !== null) await this.ctx.live.publish(tx, JOURNAL_CHANGED_EVENT, [auth.userId], qrPresence(entry.teachingAssignmentId, { id: visitId, ...values }, this.ctx.now()));
      const decided = await repo.decideMark(tx, mark.id, { status: input.accept ? 'accepted' : 'rejected', visitId, decidedAt: this.ctx.now(), decidedByUserId: auth.userId });
      if (!decided) throw refused(409, 'decided');
      await this.publishMark(tx, auth.userId, session.id, mark.id);
    });
    return this.present((await repo.findSession(this.ctx.db, session.id))!, entry, lang);
  }

  // Reports

  /**
   * QR attendance rates of a half-year at one level (contract/qr.ts). Teachers see the whole
   * university; a student gets only his own row, and only at the student level.
   */
  async report(auth: AuthInfo, level: timetable.ReportLevel, input: QrReportQuery, lang: Language): Promise<QrReportRow[]> {
    const within = { facultyId: input.faculty, specialityId: input.speciality, groupId: input.group, studentId: undefined as number | undefined };
    if (auth.role === ROLE_STUDENT) {
      if (level !== 'student') throw forbidden();
      within.studentId = auth.uid;
    }
    const rows = await timetable.qrAttendance(this.ctx.db, level, input.year, input.ws, within);
    return rows.map((r) => ({
      id: r.id,
      name: localName(r, lang),
      expected: r.expected,
      present: r.present,
      rate: r.expected ? Math.round((r.present / r.expected) * 1000) / 10 : 0,
    }));
  }

  // The card

  /** card.json / card/revoke.json: the student's public card link. */
  async cardLink(auth: AuthInfo, renew: boolean): Promise<QrCardLink> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const existing = renew ? undefined : await repo.findCardToken(this.ctx.db, auth.uid);
    const data = existing ?? (await repo.saveCardToken(this.ctx.db, auth.uid, randomBytes(24).toString('base64url'), renew));
    return { data, path: `/lms/studentqr?data=${data}` };
  }

  /** getstudentqrinfo (no session): the card of a token; unknown → 404; too many look-ups from one address → 429. */
  async card(data: string, ip: string, lang: Language): Promise<QrCard> {
    // Counted in the database, so that the limit holds across server processes.
    await this.ctx.throttle.count('card', ip, ip);
    if (!/^[A-Za-z0-9_-]{32}$/.test(data)) throw notFound();
    const row = await repo.cardOf(this.ctx.db, data);
    if (!row) throw notFound();
    const now = this.ctx.now();
    const course = Math.max(1, currentAcademicYear(now) - row.admissionYear + 1);
    const month = now.getMonth();
    const autumn = month >= 8 || month === 0;
    return {
      photo: row.photo && row.photoMime ? `data:${row.photoMime};base64,${row.photo.toString('base64')}` : null,
      fio: fullName(row),
      group: row.group,
      code: row.code,
      course,
      semester: course * 2 - (autumn ? 1 : 0),
      speciality: localName(row.speciality, lang),
      orders: row.orders.map((o) => ({ date: o.date, text: `№ ${o.number} — ${localName(o, lang)}` })),
    };
  }
}
