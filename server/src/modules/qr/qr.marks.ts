/**
 * The student's mark (see qr.service.ts for the rules), checked and written in batches (group
 * commit): the checks are qr.mark.checks.ts's, the scan and typed code qr.scans.ts's.
 */
import { ROLE_STUDENT, type Language } from '@contract/common';
import type { QrDeviceKey, QrDeviceKeyBody, QrLiveMark, QrMark, QrMarkStatus, QrReviewReason, QrVisit, QrVisitBody } from '@contract/qr';
import type { OutgoingEvent } from '../../plugins/live';
import { badRequest, forbidden } from '../../app-error';
import { isDatabaseUnavailable } from '../../db/errors';
import { localName } from '../../i18n';
import { Batcher, settle, type Settled } from '../../lib/batcher';
import { fullName } from '../../lib/person';
import { assertOwn, type AuthInfo } from '../../shared/caller';
import { notifyLater } from '../../shared/notifications';
import { JOURNAL_CHANGED_EVENT, qrPresence } from '../../shared/journal-live';
import type * as timetable from '../../shared/timetable.repository';
import * as markRepo from './qr.mark.repository';
import * as keys from './qr.device-keys';
import { hashDevice, verifyReceipt } from './qr.receipt';
import { unwrap, type MarkInput, type Planned } from './qr.mark.checks';
import type { AppContext } from '../../context';
import { throttledCode, type MarkParts } from './qr.scans';
import { QR_MARK_EVENT, refused } from './qr.service';

/** A notification of marks waiting for review names this many students at most (then "…"). */
const REVIEW_NAMES = 3;

/** What a mark's answer needs. */
interface MarkDone {
  status: QrMarkStatus;
  reason: QrReviewReason;
  entry: timetable.EntryRow;
}

/** A student's mark: the body of visit.json, the device cookie, the caller's address, and when the request reached the server. */
export interface VisitInput extends QrVisitBody {
  device: string;
  ip: string;
  receivedAt?: Date;
}

export class QrMarks {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'live' | 'throttle'>,
    private readonly parts: MarkParts,
  ) {}

  /**
   * Marks that arrive together are checked and written together (group commit): two statements
   * per batch, one to read and one to write, each mark still answered on its own (see markBatch).
   */
  private readonly marks = new Batcher<MarkInput, MarkDone>((items) => this.markBatch(items), { lanes: 2, max: 250, name: 'qr_marks' });

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
    const outcome = await throttledCode(this.ctx.throttle, auth, ip, () => this.mark(auth, input, device, ip, lang, now));
    return unwrap(outcome ?? { ok: false, error: refused(403, 'token') });
  }

  /** device/register.json: the phone's device key for the caller (students). */
  async registerDeviceKey(auth: AuthInfo, { publicKey }: QrDeviceKeyBody): Promise<QrDeviceKey> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const raw = Buffer.from(publicKey, 'base64url');
    if (!keys.publicKeyOf(raw)) throw badRequest({ reason: 'publicKey' });
    return { id: await keys.registerKey(this.ctx.db, auth.uid, raw) };
  }

  /**
   * The signature check of a signed mark whose key this process holds already, started before the
   * batch's facts are read so that it runs meanwhile; it counts only when the facts find that very
   * key registered for the student (see deviceOf).
   */
  private earlyCheck(item: MarkInput): { publicKey: string; good: Promise<boolean> } | null {
    const signed = item.input.deviceKey;
    if (!signed || !item.keyHash) return null;
    const kept = this.parts.deviceKeys.peek(item.auth.uid, signed.id);
    if (!kept) return null;
    const good = kept.key ? keys.checkSignature(kept.key, keys.deviceKeyMessage(item.input, item.auth.uid), signed.signature) : Promise.resolve(false);
    return { publicKey: kept.publicKey, good };
  }

  /**
   * The mark's device once its facts are read: its device key when it carries one the student
   * registered (read in the batch's statement, not one per mark) and its signature of this mark checks
   * out (a cleared cookie does not change it), else the device cookie. Whether that device marked
   * another student in the session comes with it.
   */
  private async deviceOf(
    item: MarkInput,
    context: markRepo.MarkContext | undefined,
    early: { publicKey: string; good: Promise<boolean> } | null,
  ): Promise<{ deviceHash: string; sharedDevice: boolean }> {
    const signed = item.input.deviceKey;
    const cookie = { deviceHash: item.deviceHash, sharedDevice: context?.sharedDevice ?? false };
    if (!signed || !item.keyHash || !context?.publicKey) return cookie;
    let good: Promise<boolean>;
    if (early && early.publicKey === context.publicKey) good = early.good;
    else {
      const key = this.parts.deviceKeys.keyOf(item.auth.uid, signed.id, context.publicKey);
      good = key ? keys.checkSignature(key, keys.deviceKeyMessage(item.input, item.auth.uid), signed.signature) : Promise.resolve(false);
    }
    return (await good) ? { deviceHash: item.keyHash, sharedDevice: context.sharedKeyDevice } : cookie;
  }

  /** A mark, by token or typed code (see visit). */
  private async mark(auth: AuthInfo, input: QrVisitBody, device: string, ip: string, lang: Language, now: Date): Promise<QrVisit> {
    const deviceHash = hashDevice(device);
    const keyHash = input.deviceKey ? hashDevice(`key:${input.deviceKey.id}`) : null;
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
    const done = this.marks.submit({ auth, input, deviceHash, keyHash, ip, now });
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
   * their history written in one statement (markRepo.writeMarks; the unique key keeps one mark per
   * student and session: a second one, in this batch or another, answers 409), which also counts
   * the sessions' accepted marks. The live events leave after it, batched with those of the other marks.
   */
  private async markTogether(items: readonly MarkInput[]): Promise<Settled<MarkDone>[]> {
    const outcomes: (Settled<MarkDone> | undefined)[] = items.map(() => undefined);
    const refuse = (i: number, error: unknown) => (outcomes[i] = { ok: false, error });
    const secret = await this.parts.secret.get();
    const receipts = await Promise.all(items.map((it) => (it.input.receipt === undefined ? null : verifyReceipt(secret, it.input.receipt, it.now))));
    const sessionKeys = items.map((it, i) => {
      try {
        return this.parts.checks.keyOf(it.input, it.now, receipts[i]);
      } catch (err) {
        refuse(i, err);
        return null;
      }
    });
    // The facts are read before the transaction (the embedded database runs one statement at a time:
    // nothing may wait for the pool's other connections while the transaction holds its own).
    const asked = items.flatMap((it, i) =>
      sessionKeys[i]
        ? [
            {
              i,
              request: {
                key: sessionKeys[i],
                studentId: it.auth.uid,
                device: it.deviceHash,
                ip: it.ip,
                keyId: it.input.deviceKey?.id,
                keyDevice: it.keyHash ?? undefined,
              },
            },
          ]
        : [],
    );
    const early = asked.map((a) => this.earlyCheck(items[a.i]));
    const found = await markRepo.markContexts(
      this.ctx.db,
      asked.map((a) => a.request),
    );
    // Each mark's device: its signed key's or its cookie's (deviceOf), with whether it marked another
    // student; meanwhile the batch's lessons, their teachers' accounts and rooms' networks (from memory
    // mostly), so that the checks then run without waiting.
    const [contexts, { entries, teachers, rooms }] = await Promise.all([
      Promise.all(
        found.map(async (c, n) => {
          const { deviceHash, sharedDevice } = await this.deviceOf(items[asked[n].i], c, early[n]);
          items[asked[n].i].deviceHash = deviceHash;
          return c && { ...c, sharedDevice };
        }),
      ),
      this.parts.lookups.ofEntries(found.flatMap((c) => (c ? [c.session.scheduleEntryId] : []))),
    ]);
    const planned: Planned[] = [];
    const taken = new Set<string>();
    const devices = new Map<string, number>();
    const addresses = new Map<string, number>();
    for (const [n, { i }] of asked.entries()) {
      try {
        // One device or network address for two students in the same batch counts as it would across
        // batches: the earlier mark of the batch is the other student's.
        const sessionId = contexts[n]?.session.id;
        const studentId = items[i].auth.uid;
        const device = `${sessionId}:${items[i].deviceHash}`;
        const address = `${sessionId}:${items[i].ip}`;
        const deviceBefore = devices.get(device);
        const addressBefore = addresses.get(address);
        const inBatch = {
          sharedDevice: deviceBefore !== undefined && deviceBefore !== studentId,
          sharedAddress: addressBefore !== undefined && addressBefore !== studentId,
        };
        const plan = this.parts.checks.plan(i, items[i], contexts[n], secret, receipts[i], entries, teachers, rooms, inBatch);
        // One mark per student and session: the first of the batch goes on, the others are 409 now.
        const key = `${plan.session.id}:${plan.student.id}`;
        if (taken.has(key)) throw refused(409, 'marked');
        taken.add(key);
        if (deviceBefore === undefined) devices.set(device, plan.student.id);
        if (addressBefore === undefined) addresses.set(address, plan.student.id);
        planned.push(plan);
      } catch (err) {
        refuse(i, err);
      }
    }
    if (planned.length === 0) return outcomes.map((o) => o ?? { ok: false, error: new Error('QR mark: not answered') });
    const written = await markRepo.writeMarks(
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
    const reviews = new Map<number, string[]>();
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
          outside: p.outside,
        };
        const data: QrLiveMark = { sessionId: p.session.id, count: w.accepted, mark };
        events.push({ event: QR_MARK_EVENT, to: [p.teacher.userId], data });
        if (p.status === 'review') reviews.set(p.teacher.userId, [...(reviews.get(p.teacher.userId) ?? []), mark.fio]);
      }
      outcomes[p.index] = { ok: true, value: { status: p.status, reason: p.reason, entry: p.entry } };
    }
    // After the commit, batched with the other marks of a burst (NOTIFY inside the marks'
    // statement would make the burst's commits wait for each other). The marks are answered without
    // waiting for them: the batch's lane is free for the next batch at once.
    void this.ctx.live.publishCommitted(events);
    // One notification per teacher for the batch's marks waiting for review (not one per mark: a class
    // behind one address with QR_SHARED_ADDRESS=always would write a row, a count and an event for each).
    for (const [userId, names] of reviews)
      notifyLater(this.ctx.db, this.ctx.live, {
        userIds: [userId],
        kind: 'qr.review',
        params: { student: names.length <= REVIEW_NAMES ? names.join(', ') : `${names.slice(0, REVIEW_NAMES).join(', ')}, …` },
        link: '/qrreview',
      });
    return outcomes.map((o) => o ?? { ok: false, error: new Error('QR mark: not answered') });
  }
}
