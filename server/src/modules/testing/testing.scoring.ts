/**
 * An attempt's scores from its paper and its saved answers (docs/areas/testing.md#for-users): every
 * kind but the essay scored now from the bank question as it stands (so a corrected question
 * regrades), an essay by its hand-given score. An attempt is 'graded' when no answered essay waits
 * for its score, else 'finished'; its score is the sum of the scores known.
 */
import type { Db } from '../../db/client';
import * as att from './testing.attempts.repository';
import * as bank from './testing.bank.repository';
import { scoreOf } from './testing.grading';

/** Scores the attempt's answers and writes its state and score (an open attempt stays open: only its scores are written). */
export async function regradeAttempt(db: Db, attemptId: number): Promise<void> {
  const a = (await att.attempt(db, attemptId))!;
  const questions = await bank.questionsById(
    db,
    a.paper.map((s) => s.q),
  );
  const answers = new Map((await att.answersOf(db, a.id)).map((r) => [r.slot, r]));
  let total = 0;
  let pending = false;
  for (const [i, s] of a.paper.entries()) {
    const slot = i + 1;
    const q = questions.get(s.q)!;
    const row = answers.get(slot);
    if (q.content.kind === 'essay') {
      if (row?.manual) total += row.score ?? 0;
      else if (row && row.answer.kind === 'essay' && row.answer.text.trim() !== '') pending = true;
      continue;
    }
    const score = scoreOf(q, s.order, row?.answer ?? null) ?? 0;
    total += score;
    if (row) await att.setScore(db, a.id, slot, score);
  }
  const score = Math.round(total * 100) / 100;
  if (a.state === 'open') return;
  await att.setAttempt(db, a.id, { score, state: pending ? 'finished' : 'graded' });
}

/** Ends an open attempt: at the deadline when it has passed ('expired'), else now ('submit'); then grades it. */
export async function finishAttempt(
  db: Db,
  a: att.AttemptRow,
  now: Date,
  who: { ip: string | null; device: string | null; userId: number | null },
): Promise<void> {
  if (a.state !== 'open') return;
  const expired = now.getTime() >= a.deadline.getTime();
  await att.setAttempt(db, a.id, { state: 'finished', finishedAt: expired ? a.deadline : now });
  await att.log(db, { attemptId: a.id, event: expired ? 'expired' : 'submit', device: who.device, ip: who.ip, userId: who.userId, at: now });
  await regradeAttempt(db, a.id);
}

/** The maximum score of a paper. */
export function maxScoreOf(paper: readonly { q: number }[], questions: Map<number, { points: number }>): number {
  return Math.round(paper.reduce((sum, s) => sum + (questions.get(s.q)?.points ?? 0), 0) * 100) / 100;
}
