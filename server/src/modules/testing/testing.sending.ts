/**
 * What sending a test's results elsewhere shares (testing.journal.ts, testing.sheet.ts): the test of
 * its teacher, its attempts past their deadline ended first, and each student's counted result as a
 * whole percent of its paper's maximum.
 */
import { notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { AuthInfo } from '../../shared/caller';
import * as att from './testing.attempts.repository';
import * as bank from './testing.bank.repository';
import { assertTeaches } from './testing.bank.service';
import { finishAttempt, maxScoreOf } from './testing.scoring';
import { countedOf } from './testing.tests.service';

/** The test if the caller teaches its discipline: 404 unknown, 403 not his. */
export async function ownTest(ctx: AppContext, auth: AuthInfo, id: number): Promise<att.TestRow> {
  const t = await att.test(ctx.db, id);
  if (!t) throw notFound();
  await assertTeaches(ctx.db, auth, t.disciplineId);
  return t;
}

/** The test's attempts past their deadline ended and graded first, as the results do. */
async function endExpired(ctx: AppContext, auth: AuthInfo, t: att.TestRow): Promise<void> {
  const now = ctx.now();
  const open = (await att.attemptsOf(ctx.db, t.id)).filter((a) => a.state === 'open' && now >= a.deadline);
  for (const a of open)
    await ctx.db.transaction(async (tx) => {
      const locked = await att.attempt(tx, a.id, true);
      if (locked) await finishAttempt(tx, locked, now, { ip: null, device: null, userId: auth.userId });
    });
}

/** The test's students and each one's counted result as a whole percent (0–100); one without a counted result has none. */
export async function countedPercents(
  ctx: AppContext,
  auth: AuthInfo,
  t: att.TestRow,
): Promise<{ students: att.TestStudent[]; percents: Map<number, number> }> {
  await endExpired(ctx, auth, t);
  const [students, attempts] = await Promise.all([att.studentsOf(ctx.db, t.id), att.attemptsOf(ctx.db, t.id)]);
  const questions = await bank.questionsById(
    ctx.db,
    attempts.flatMap((a) => a.paper.map((s) => s.q)),
  );
  const percents = new Map<number, number>();
  for (const s of students) {
    const c = countedOf(
      t,
      attempts.filter((a) => a.studentId === s.id),
    );
    const max = c ? maxScoreOf(c.paper, questions) : 0;
    if (c && max > 0) percents.set(s.id, Math.round(((c.score ?? 0) / max) * 100));
  }
  return { students, percents };
}
