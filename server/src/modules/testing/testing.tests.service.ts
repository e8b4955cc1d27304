/**
 * Tests and their results for the discipline's teachers (docs/areas/testing.md#for-users): only a
 * teacher of the test's discipline reads or writes it, and only for groups (and his journal
 * subgroups) he teaches it to (403). Settings: closesAt after opensAt, every rule's category of the
 * discipline and holding its count (400 TEST_DRAW), networks that parse as CIDR (400). A test
 * attempts were made of is never deleted (409). Essays are scored by hand (0..the question's
 * points), logged on the attempt ('graded').
 */
import type { Language } from '@contract/common';
import type { AttemptLogEntry, GradeBody, LogEvent, Paper, QuestionStat, ResultLine, Results, Review, Test, TestSaveBody, TestShow } from '@contract/testing';
import { AppError, badRequest, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { blockListOf } from '../../lib/networks';
import type { AuthInfo } from '../../shared/caller';
import * as att from './testing.attempts.repository';
import * as bank from './testing.bank.repository';
import { assertTeaches } from './testing.bank.service';
import { correlation } from './testing.grading';
import { deadlineOf, drawPaper, paperOf, reviewOf } from './testing.papers';
import { finishAttempt, maxScoreOf, regradeAttempt } from './testing.scoring';

/** The attempt whose score is the student's result: the best or the last graded one. */
export function countedOf(t: Pick<att.TestRow, 'counts'>, attempts: readonly att.AttemptRow[]): att.AttemptRow | null {
  const graded = attempts.filter((a) => a.state === 'graded');
  if (t.counts === 'last') return graded.at(-1) ?? null;
  return graded.reduce<att.AttemptRow | null>((b, a) => (!b || (a.score ?? 0) > (b.score ?? 0) ? a : b), null);
}

export class TestingTestsService {
  constructor(private readonly ctx: AppContext) {}

  private async ownTest(db: Db, auth: AuthInfo, id: number): Promise<att.TestRow> {
    const t = await att.test(db, id);
    if (!t) throw notFound();
    await assertTeaches(db, auth, t.disciplineId);
    return t;
  }

  private async view(db: Db, t: att.TestRow, lang: Language): Promise<Test> {
    const [targets, taken, discipline, sample] = await Promise.all([
      att.targetsOf(db, t.id),
      att.attemptCount(db, t.id),
      bank.disciplineName(db, t.disciplineId),
      bank.maxOfRules(db, t.rules),
    ]);
    return {
      id: t.id,
      id_discipline: t.disciplineId,
      discipline: discipline ? localName(discipline, lang) : '',
      title: t.title,
      targets: targets.map((x) => ({ id_group: x.groupId, id_subgroup: x.subgroupId })),
      rules: t.rules,
      shuffleAnswers: t.shuffleAnswers,
      timeLimit: t.timeLimit,
      opensAt: t.opensAt.toISOString(),
      closesAt: t.closesAt.toISOString(),
      attempts: t.attempts,
      counts: t.counts as Test['counts'],
      showScore: t.showScore as TestShow,
      showAnswers: t.showAnswers as TestShow,
      password: t.password,
      networks: t.networks,
      questions: t.rules.reduce((n, r) => n + r.count, 0),
      maxScore: sample,
      attemptsTaken: taken,
    };
  }

  async list(auth: AuthInfo, disciplineId: number, lang: Language): Promise<Test[]> {
    await assertTeaches(this.ctx.db, auth, disciplineId);
    const tests = await att.testsOf(this.ctx.db, disciplineId);
    return Promise.all(tests.map((t) => this.view(this.ctx.db, t, lang)));
  }

  async read(auth: AuthInfo, id: number, lang: Language): Promise<Test> {
    return this.view(this.ctx.db, await this.ownTest(this.ctx.db, auth, id), lang);
  }

  async save(auth: AuthInfo, body: TestSaveBody, lang: Language): Promise<Test> {
    const opensAt = new Date(body.opensAt);
    const closesAt = new Date(body.closesAt);
    if (!(closesAt > opensAt)) throw badRequest({ field: 'closesAt' });
    const networks = body.networks.map((n) => n.trim()).filter((n) => n !== '');
    if (networks.some((n) => !n.includes('/') || blockListOf([n]) === null)) throw badRequest({ field: 'networks' });
    return this.ctx.db.transaction(async (tx) => {
      await assertTeaches(tx, auth, body.id_discipline);
      for (const x of body.targets)
        if (!(await bank.teachesTarget(tx, auth.uid, body.id_discipline, x.id_group, x.id_subgroup))) throw badRequest({ field: 'targets' });
      for (const r of body.rules) {
        const c = await bank.category(tx, r.id_category);
        if (!c || c.disciplineId !== body.id_discipline) throw badRequest({ field: 'rules' });
        const available = (await bank.questionsOf(tx, c.disciplineId, c.id)).length;
        if (available < r.count) throw new AppError(400, 'TEST_DRAW', { category: c.name, count: r.count, available });
      }
      const values = {
        disciplineId: body.id_discipline,
        title: body.title.trim(),
        rules: body.rules,
        shuffleAnswers: body.shuffleAnswers,
        timeLimit: body.timeLimit,
        opensAt,
        closesAt,
        attempts: body.attempts,
        counts: body.counts,
        showScore: body.showScore,
        showAnswers: body.showAnswers,
        password: body.password,
        networks,
        teacherId: auth.uid,
      };
      let id = body.id;
      if (id === undefined) id = (await att.insertTest(tx, values)).id;
      else {
        const old = await this.ownTest(tx, auth, id);
        if (old.disciplineId !== body.id_discipline) throw badRequest({ field: 'id_discipline' });
        await att.updateTest(tx, id, values);
      }
      await att.replaceTargets(tx, id, body.targets);
      return this.view(tx, (await att.test(tx, id))!, lang);
    });
  }

  async remove(auth: AuthInfo, id: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const t = await this.ownTest(tx, auth, id);
      if ((await att.attemptCount(tx, t.id)) > 0) throw new AppError(409, 'CONFLICT');
      await att.deleteTest(tx, t.id);
    });
  }

  /** A paper drawn as for a student, not stored. */
  async preview(auth: AuthInfo, id: number): Promise<Paper> {
    const t = await this.ownTest(this.ctx.db, auth, id);
    const now = this.ctx.now();
    const paper = await drawPaper(this.ctx.db, t);
    return paperOf(this.ctx.db, t, { id: 0, number: 1, paper, startedAt: now, deadline: deadlineOf(t, now) }, now);
  }

  /** The attempt's test if the caller teaches its discipline, the attempt ended first when past its deadline. */
  private async teacherAttempt(db: Db, auth: AuthInfo, attemptId: number): Promise<{ a: att.AttemptRow; t: att.TestRow }> {
    const a = await att.attempt(db, attemptId, true);
    if (!a) throw notFound();
    const t = await this.ownTest(db, auth, a.testId);
    if (a.state === 'open' && this.ctx.now() >= a.deadline) await finishAttempt(db, a, this.ctx.now(), { ip: null, device: null, userId: auth.userId });
    return { a: (await att.attempt(db, a.id))!, t };
  }

  async review(auth: AuthInfo, attemptId: number): Promise<Review> {
    return this.ctx.db.transaction(async (tx) => {
      const { a, t } = await this.teacherAttempt(tx, auth, attemptId);
      return reviewOf(tx, t, a, this.ctx.now(), true);
    });
  }

  async grade(auth: AuthInfo, body: GradeBody): Promise<Review> {
    return this.ctx.db.transaction(async (tx) => {
      const { a, t } = await this.teacherAttempt(tx, auth, body.id_attempt);
      if (a.state === 'open') throw new AppError(409, 'CONFLICT');
      const slot = a.paper[body.slot - 1];
      const q = slot ? await bank.question(tx, slot.q) : undefined;
      if (!q || q.content.kind !== 'essay') throw badRequest({ field: 'slot' });
      if (body.score > q.points) throw badRequest({ field: 'score', max: q.points });
      await att.setManualScore(tx, a.id, body.slot, body.score, body.comment?.trim() || null, auth.userId, this.ctx.now());
      await att.log(tx, { attemptId: a.id, event: 'graded', device: null, ip: null, userId: auth.userId, at: this.ctx.now() });
      await regradeAttempt(tx, a.id);
      return reviewOf(tx, t, (await att.attempt(tx, a.id))!, this.ctx.now(), true);
    });
  }

  async log(auth: AuthInfo, attemptId: number): Promise<AttemptLogEntry[]> {
    const { a } = await this.ctx.db.transaction((tx) => this.teacherAttempt(tx, auth, attemptId));
    return (await att.logOf(this.ctx.db, a.id)).map((r) => ({ event: r.event as LogEvent, at: r.at.toISOString(), ip: r.ip }));
  }

  /** Every student of the test's groups with his attempts (expired ones ended first), and each question's statistics. */
  async results(auth: AuthInfo, id: number): Promise<Results> {
    const t = await this.ownTest(this.ctx.db, auth, id);
    await this.ctx.db.transaction(async (tx) => {
      for (const a of await att.attemptsOf(tx, t.id))
        if (a.state === 'open' && this.ctx.now() >= a.deadline)
          await finishAttempt(tx, (await att.attempt(tx, a.id, true))!, this.ctx.now(), { ip: null, device: null, userId: auth.userId });
    });
    const [students, attempts] = await Promise.all([att.studentsOf(this.ctx.db, t.id), att.attemptsOf(this.ctx.db, t.id)]);
    const questions = await bank.questionsById(
      this.ctx.db,
      attempts.flatMap((a) => a.paper.map((s) => s.q)),
    );
    const byStudent = new Map<number, att.AttemptRow[]>();
    for (const a of attempts) byStudent.set(a.studentId, [...(byStudent.get(a.studentId) ?? []), a]);
    const counted: att.AttemptRow[] = [];
    const lines: ResultLine[] = students.map((s) => {
      const own = byStudent.get(s.id) ?? [];
      const c = countedOf(t, own);
      if (c) counted.push(c);
      return {
        id_student: s.id,
        fio: s.fio,
        group: s.group,
        score: c?.score ?? null,
        attempts: own.map((a) => ({
          id: a.id,
          number: a.number,
          state: a.state as ResultLine['attempts'][number]['state'],
          startedAt: a.startedAt.toISOString(),
          finishedAt: a.finishedAt?.toISOString() ?? null,
          score: a.score,
        })),
      };
    });
    return { id_test: t.id, title: t.title, maxScore: await bank.maxOfRules(this.ctx.db, t.rules), lines, questions: await this.stats(counted, questions) };
  }

  private async stats(counted: readonly att.AttemptRow[], questions: Map<number, bank.QuestionRow>): Promise<QuestionStat[]> {
    const per = new Map<number, { share: number[]; total: number[] }>();
    for (const a of counted) {
      const answers = new Map((await att.answersOf(this.ctx.db, a.id)).map((r) => [r.slot, r]));
      const max = maxScoreOf(a.paper, questions);
      a.paper.forEach((s, i) => {
        const q = questions.get(s.q)!;
        const e = per.get(s.q) ?? { share: [], total: [] };
        e.share.push((answers.get(i + 1)?.score ?? 0) / q.points);
        e.total.push(max > 0 ? (a.score ?? 0) / max : 0);
        per.set(s.q, e);
      });
    }
    return [...per.entries()].map(([id, e]) => {
      const q = questions.get(id)!;
      return {
        id_question: id,
        text: q.text,
        kind: q.content.kind,
        answered: e.share.length,
        difficulty: e.share.length ? Math.round((e.share.reduce((x, y) => x + y, 0) / e.share.length) * 1000) / 1000 : null,
        discrimination: correlation(e.share, e.total),
      };
    });
  }
}
