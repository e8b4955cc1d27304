/**
 * Papers and reviews (docs/areas/testing.md#for-users): a paper is drawn once, at an attempt's start
 * (each draw rule's count of questions at random from its category, answers shuffled when the test
 * says so) and stored; a student sees only his paper's questions, never their correct answers; his
 * review shows his score and the correct answers only when the test's showScore / showAnswers allow it now.
 */
import { randomInt } from 'node:crypto';
import { TEST_SHOW_AFTER_CLOSE, TEST_SHOW_AFTER_SUBMIT, type Paper, type Review, type TestShow } from '@contract/testing';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import * as att from './testing.attempts.repository';
import * as bank from './testing.bank.repository';
import { correctOf, drawOrder, paperQuestion, shuffled } from './testing.grading';
import { paperImage } from './testing.image-src';
import type { PaperSlot } from './testing.schema';
import { maxScoreOf } from './testing.scoring';

/** Draws a paper for the test: 409 TEST_DRAW when a category holds fewer questions than its rule asks. */
export async function drawPaper(db: Db, t: att.TestRow): Promise<PaperSlot[]> {
  const paper: PaperSlot[] = [];
  for (const rule of t.rules) {
    const category = await bank.category(db, rule.id_category);
    const pool = category ? (await bank.questionsOf(db, t.disciplineId, category.id)).filter((q) => !paper.some((s) => s.q === q.id)) : [];
    if (pool.length < rule.count)
      throw new AppError(409, 'TEST_DRAW', { category: category?.name ?? String(rule.id_category), count: rule.count, available: pool.length });
    const picked = shuffled(pool.length, randomInt).slice(0, rule.count);
    for (const i of picked) paper.push({ q: pool[i].id, order: drawOrder(pool[i].content, t.shuffleAnswers) });
  }
  return paper;
}

/** The paper as the student sees it, with his saved answers. */
export async function paperOf(
  db: Db,
  t: att.TestRow,
  a: Pick<att.AttemptRow, 'id' | 'number' | 'paper' | 'startedAt' | 'deadline'>,
  now: Date,
): Promise<Paper> {
  const questions = await bank.questionsById(
    db,
    a.paper.map((s) => s.q),
  );
  const answers = a.id ? new Map((await att.answersOf(db, a.id)).map((r) => [r.slot, r])) : new Map<number, att.AnswerRow>();
  return {
    id_attempt: a.id,
    id_test: t.id,
    title: t.title,
    number: a.number,
    startedAt: a.startedAt.toISOString(),
    deadline: a.deadline.toISOString(),
    now: now.toISOString(),
    questions: a.paper.map((s, i) => {
      const saved = answers.get(i + 1);
      const q = questions.get(s.q)!;
      return paperQuestion(q, i + 1, s.order, saved && saved.version > 0 ? { answer: saved.answer, version: saved.version } : null, paperImage(q, a.id, i + 1));
    }),
  };
}

/** Whether a show setting allows it now for a finished attempt. */
export function shows(when: TestShow, t: att.TestRow, now: Date): boolean {
  return when === TEST_SHOW_AFTER_SUBMIT || (when === TEST_SHOW_AFTER_CLOSE && now.getTime() >= t.closesAt.getTime());
}

/** An attempt's deadline: its time limit from the start or the test's closing, the earlier. */
export function deadlineOf(t: att.TestRow, start: Date): Date {
  const closes = t.closesAt.getTime();
  return new Date(t.timeLimit === null ? closes : Math.min(closes, start.getTime() + t.timeLimit * 60_000));
}

/** The attempt's review: all of it for the teacher; for its student, what the test shows now. */
export async function reviewOf(db: Db, t: att.TestRow, a: att.AttemptRow, now: Date, teacher: boolean): Promise<Review> {
  const questions = await bank.questionsById(
    db,
    a.paper.map((s) => s.q),
  );
  const answers = new Map((await att.answersOf(db, a.id)).map((r) => [r.slot, r]));
  const finished = a.state !== 'open';
  const score = teacher || (finished && shows(t.showScore as TestShow, t, now));
  const correct = teacher || (finished && shows(t.showAnswers as TestShow, t, now));
  return {
    id_attempt: a.id,
    id_test: t.id,
    title: t.title,
    student: await att.studentName(db, a.studentId),
    number: a.number,
    state: a.state as Review['state'],
    startedAt: a.startedAt.toISOString(),
    finishedAt: a.finishedAt?.toISOString() ?? null,
    score: score && (teacher || a.state === 'graded') ? a.score : null,
    maxScore: maxScoreOf(a.paper, questions),
    questions:
      score || correct
        ? a.paper.map((s, i) => {
            const q = questions.get(s.q)!;
            const row = answers.get(i + 1);
            const shown = correct ? correctOf(q.content, s.order) : { correct: null, accepted: null };
            return {
              ...paperQuestion(q, i + 1, s.order, row && row.version > 0 ? { answer: row.answer, version: row.version } : null, paperImage(q, a.id, i + 1)),
              score: score ? (row?.score ?? (q.content.kind === 'essay' && !row?.manual && row ? null : 0)) : null,
              ...shown,
              comment: row?.comment ?? null,
            };
          })
        : [],
  };
}
