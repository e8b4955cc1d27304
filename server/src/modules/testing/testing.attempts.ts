/**
 * A student's attempts (docs/areas/testing.md#for-users). Only a student of the test's groups (or
 * subgroups) takes it (403); its networks, when set, must hold the caller's address (403 TEST_NETWORK).
 *
 * - One open attempt per student and test: a start while one is open returns it (two concurrent
 *   starts make one attempt: the partial unique index testing_attempts_open_uq decides).
 * - The server's deadline (time limit or closing, the earlier) ends the attempt whatever the client
 *   does: a save after it is refused (409 TEST_TIME_OVER) and the attempt is ended and graded then,
 *   or by housekeeping (endExpiredAttempts), or on the student's next call.
 * - A save is kept only when its version is above the stored one (one row per question).
 * - A second device takes the attempt over (logged 'device'); the former one's saves are refused
 *   (409 TEST_OTHER_DEVICE) until it resumes. Starts, resumes, device changes, reported focus
 *   changes, submits and expiries are logged with the address.
 */
import { ROLE_STUDENT, type Language } from '@contract/common';
import type { AnswerBody, AttemptDeviceBody, AttemptEventBody, MyTest, Paper, Review, StartBody, TestShow } from '@contract/testing';
import { AppError, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { blockListOf, outside } from '../../lib/networks';
import type { AuthInfo } from '../../shared/caller';
import * as att from './testing.attempts.repository';
import * as bank from './testing.bank.repository';
import { answerFits } from './testing.grading';
import { deadlineOf, drawPaper, paperOf, reviewOf, shows } from './testing.papers';
import { finishAttempt, maxScoreOf } from './testing.scoring';

const timeOver = () => new AppError(409, 'TEST_TIME_OVER');
const closed = () => new AppError(409, 'TEST_ATTEMPT_CLOSED');

/** 403 TEST_NETWORK when the test names networks and the address is outside them all. */
export function assertNetwork(t: att.TestRow, ip: string) {
  const list = blockListOf(t.networks);
  if (list && outside(list, ip)) throw new AppError(403, 'TEST_NETWORK');
}

/** Ends the open attempts past their deadline (housekeeping); returns how many. */
export async function endExpiredAttempts(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  const ids = await att.expiredOpen(ctx.db, ctx.now());
  for (const id of ids)
    await ctx.db.transaction(async (tx) => {
      const a = await att.attempt(tx, id, true);
      if (a) await finishAttempt(tx, a, ctx.now(), { ip: null, device: null, userId: null });
    });
  return ids.length;
}

export class TestingAttemptsService {
  constructor(private readonly ctx: AppContext) {}

  /** The test if the calling student takes it (403 otherwise, 404 unknown). */
  private async takenTest(db: Db, auth: AuthInfo, testId: number): Promise<att.TestRow> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const t = await att.test(db, testId);
    if (!t) throw notFound();
    if (!(await att.testsForStudent(db, auth.uid)).some((x) => x.id === t.id)) throw forbidden();
    return t;
  }

  /** The caller's own attempt, locked, with its test (404 unknown, 403 another's). */
  private async ownAttempt(db: Db, auth: AuthInfo, id: number): Promise<{ a: att.AttemptRow; t: att.TestRow }> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const a = await att.attempt(db, id, true);
    if (!a) throw notFound();
    if (a.studentId !== auth.uid) throw forbidden();
    return { a, t: (await att.test(db, a.testId))! };
  }

  async my(auth: AuthInfo, lang: Language): Promise<MyTest[]> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    await this.endExpiredOf(auth.uid);
    const now = this.ctx.now();
    const out: MyTest[] = [];
    for (const t of await att.testsForStudent(this.ctx.db, auth.uid)) {
      const attempts = await att.attemptsOf(this.ctx.db, t.id, auth.uid);
      const graded = attempts.filter((a) => a.state === 'graded');
      const counted =
        t.counts === 'best' ? graded.reduce<att.AttemptRow | null>((b, a) => (!b || (a.score ?? 0) > (b.score ?? 0) ? a : b), null) : (graded.at(-1) ?? null);
      const showScore = shows(t.showScore as TestShow, t, now);
      const questionIds = t.rules.reduce((n, r) => n + r.count, 0);
      const paperMax = attempts[0]
        ? maxScoreOf(
            attempts[0].paper,
            await bank.questionsById(
              this.ctx.db,
              attempts[0].paper.map((s) => s.q),
            ),
          )
        : 0;
      out.push({
        id: t.id,
        title: t.title,
        discipline: localName(t.discipline, lang),
        opensAt: t.opensAt.toISOString(),
        closesAt: t.closesAt.toISOString(),
        timeLimit: t.timeLimit,
        questions: questionIds,
        attempts: t.attempts,
        attemptsLeft: Math.max(0, t.attempts - attempts.length),
        password: t.password !== null,
        state: now < t.opensAt ? 'upcoming' : now < t.closesAt ? 'open' : 'closed',
        openAttempt: attempts.find((a) => a.state === 'open')?.id ?? null,
        score: showScore && counted ? counted.score : null,
        maxScore: paperMax,
        finished: attempts
          .filter((a) => a.state !== 'open')
          .map((a) => ({ id: a.id, number: a.number, finishedAt: a.finishedAt!.toISOString(), score: showScore && a.state === 'graded' ? a.score : null })),
      });
    }
    const rank = { open: 0, upcoming: 1, closed: 2 };
    return out.sort((x, y) => rank[x.state] - rank[y.state]);
  }

  /** Ends the student's own open attempts past their deadline. */
  private async endExpiredOf(studentId: number) {
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (tx) => {
      for (const id of await att.expiredOpen(tx, now, 100, studentId)) {
        const a = await att.attempt(tx, id, true);
        if (a?.state === 'open') await finishAttempt(tx, a, now, { ip: null, device: null, userId: null });
      }
    });
  }

  async start(auth: AuthInfo, body: StartBody, ip: string): Promise<Paper> {
    const now = this.ctx.now();
    const result = await this.ctx.db.transaction(async (tx): Promise<Paper | 'expired'> => {
      const t = await this.takenTest(tx, auth, body.id_test);
      assertNetwork(t, ip);
      const open = (await att.attemptsOf(tx, t.id, auth.uid)).find((a) => a.state === 'open');
      if (open) return this.reopen(tx, auth, t, (await att.attempt(tx, open.id, true))!, body.device, ip, now);
      if (now < t.opensAt || now >= t.closesAt)
        throw new AppError(409, 'TEST_NOT_OPEN', { opensAt: t.opensAt.toISOString(), closesAt: t.closesAt.toISOString() });
      if (t.password !== null && body.password !== t.password) throw new AppError(403, 'TEST_PASSWORD');
      const taken = (await att.attemptsOf(tx, t.id, auth.uid)).length;
      if (taken >= t.attempts) throw new AppError(409, 'TEST_NO_ATTEMPTS', { attempts: t.attempts });
      const paper = await drawPaper(tx, t);
      const a = await att.insertAttempt(tx, {
        testId: t.id,
        studentId: auth.uid,
        number: taken + 1,
        state: 'open',
        paper,
        device: body.device,
        startedAt: now,
        deadline: deadlineOf(t, now),
      });
      if (!a) {
        // A concurrent start of the same student made it: his open attempt stands.
        const other = (await att.attemptsOf(tx, t.id, auth.uid)).find((x) => x.state === 'open');
        if (!other) throw new AppError(409, 'CONFLICT');
        return this.reopen(tx, auth, t, (await att.attempt(tx, other.id, true))!, body.device, ip, now);
      }
      await att.log(tx, { attemptId: a.id, event: 'start', device: body.device, ip, userId: auth.userId, at: now });
      return paperOf(tx, t, a, now);
    });
    if (result === 'expired') throw timeOver();
    return result;
  }

  /** An open attempt's paper for a start or resume: ended instead when past its deadline; taken over by a new device. */
  private async reopen(tx: Db, auth: AuthInfo, t: att.TestRow, a: att.AttemptRow, device: string, ip: string, now: Date): Promise<Paper | 'expired'> {
    if (now >= a.deadline) {
      await finishAttempt(tx, a, now, { ip, device, userId: auth.userId });
      return 'expired';
    }
    if (a.device !== device) {
      await att.setAttempt(tx, a.id, { device });
      await att.log(tx, { attemptId: a.id, event: 'device', device, ip, userId: auth.userId, at: now });
    }
    await att.log(tx, { attemptId: a.id, event: 'resume', device, ip, userId: auth.userId, at: now });
    return paperOf(tx, t, a, now);
  }

  async resume(auth: AuthInfo, body: AttemptDeviceBody, ip: string): Promise<Paper> {
    const now = this.ctx.now();
    const result = await this.ctx.db.transaction(async (tx) => {
      const { a, t } = await this.ownAttempt(tx, auth, body.id_attempt);
      assertNetwork(t, ip);
      if (a.state !== 'open') throw closed();
      return this.reopen(tx, auth, t, a, body.device, ip, now);
    });
    if (result === 'expired') throw timeOver();
    return result;
  }

  async answer(auth: AuthInfo, body: AnswerBody, ip: string): Promise<{ slot: number; version: number; saved: boolean; deadline: string }> {
    const now = this.ctx.now();
    const result = await this.ctx.db.transaction(async (tx) => {
      const { a, t } = await this.ownAttempt(tx, auth, body.id_attempt);
      assertNetwork(t, ip);
      if (a.state !== 'open') throw closed();
      if (now >= a.deadline) {
        await finishAttempt(tx, a, now, { ip, device: body.device, userId: auth.userId });
        return 'expired' as const;
      }
      if (a.device !== body.device) throw new AppError(409, 'TEST_OTHER_DEVICE');
      const slot = a.paper[body.slot - 1];
      if (!slot) throw new AppError(400, 'TEST_ANSWER');
      const q = await bank.question(tx, slot.q);
      if (!q || !answerFits(q.content, body.answer)) throw new AppError(400, 'TEST_ANSWER');
      const stored = await att.saveAnswer(tx, { attemptId: a.id, slot: body.slot, version: body.version, answer: body.answer, savedAt: now });
      return { slot: body.slot, ...stored, deadline: a.deadline.toISOString() };
    });
    if (result === 'expired') throw timeOver();
    return result;
  }

  async event(auth: AuthInfo, body: AttemptEventBody, ip: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const { a } = await this.ownAttempt(tx, auth, body.id_attempt);
      if (a.state !== 'open') throw closed();
      await att.log(tx, { attemptId: a.id, event: body.event, device: body.device, ip, userId: auth.userId, at: this.ctx.now() });
    });
  }

  async submit(auth: AuthInfo, body: AttemptDeviceBody, ip: string): Promise<Review> {
    const now = this.ctx.now();
    return this.ctx.db.transaction(async (tx) => {
      const { a, t } = await this.ownAttempt(tx, auth, body.id_attempt);
      if (a.state === 'open') {
        assertNetwork(t, ip);
        if (a.device !== body.device && now < a.deadline) throw new AppError(409, 'TEST_OTHER_DEVICE');
        await finishAttempt(tx, a, now, { ip, device: body.device, userId: auth.userId });
      }
      return reviewOf(tx, t, (await att.attempt(tx, a.id))!, now, false);
    });
  }

  /** The student's own finished attempt as the test shows it now. */
  async review(auth: AuthInfo, attemptId: number): Promise<Review> {
    const now = this.ctx.now();
    return this.ctx.db.transaction(async (tx) => {
      const { a, t } = await this.ownAttempt(tx, auth, attemptId);
      if (a.state === 'open' && now >= a.deadline) await finishAttempt(tx, a, now, { ip: null, device: null, userId: auth.userId });
      const fresh = (await att.attempt(tx, a.id))!;
      if (fresh.state === 'open') throw new AppError(409, 'CONFLICT');
      return reviewOf(tx, t, fresh, now, false);
    });
  }
}
