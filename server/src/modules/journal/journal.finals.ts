/**
 * The journal's final-result column (docs/areas/journal.md#for-users): its teacher writes each listed
 * student's final result of the discipline in the journal's half-year, points 0–100 (a whole
 * number, else INVALID_POINTS), into final_results, which the transcript reads. The journal's rules
 * apply: only its own teacher, only its students, never in a closed half-year (PERIOD_CLOSED). Each
 * change is recorded with the result, in its transaction (final_result_history): who, when, old → new.
 */
import { FINAL_POINTS_MAX, type FinalHistoryBody, type FinalHistoryEntry, type FinalResult, type FinalSetBody } from '@contract/journal';
import { AppError, notFound } from '../../app-error';
import type { AuthInfo } from '../../shared/caller';
import * as repo from './journal.repository';
import { fullName } from '../../lib/person';
import { finalHistory, finalsOf, saveFinal } from './journal.finals.repository';
import { assertWritable, ownJournal, publishCommitted, reloadOf, type JournalWriteContext } from './journal.service';

/** Final points as written: a whole number 0–100, or null (deleted); anything else is INVALID_POINTS. */
export function assertPoints(points: number | null): void {
  if (points !== null && (!Number.isInteger(points) || points < 0 || points > FINAL_POINTS_MAX))
    throw new AppError(400, 'INVALID_POINTS', { min: 0, max: FINAL_POINTS_MAX });
}

export class JournalFinals {
  constructor(private readonly ctx: JournalWriteContext) {}

  /** A student's final result set (or deleted: null); the reply is the result as stored, with its equivalents. */
  async setFinal(auth: AuthInfo, input: FinalSetBody): Promise<FinalResult | null> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    const points = input.points;
    assertPoints(points);
    assertWritable(this.ctx, auth, a, null, 'mark');
    const [listed] = await repo.studentsOf(this.ctx.db, a, { only: [input.id_student] });
    if (!listed) throw notFound();
    // The result and its history row: one transaction, both written or neither.
    const result = await this.ctx.db.transaction(async (tx) => {
      await saveFinal(tx, a, input.id_student, points, auth.userId, this.ctx.now());
      const [stored] = await finalsOf(tx, a, [input.id_student]);
      return stored;
    });
    // The journal's other tabs read it again (the column is not one of the cells the live event carries).
    publishCommitted(this.ctx, await repo.teacherUserIds(this.ctx.db, a.teacherId), reloadOf(a));
    return result ?? null;
  }

  /** A student's final result's changes (who, when, points before and after), newest first; only the journal's teacher reads them. */
  async finalHistory(auth: AuthInfo, input: FinalHistoryBody): Promise<FinalHistoryEntry[]> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    const rows = await finalHistory(this.ctx.db, a, input.id_student);
    return rows.map((r) => ({
      action: r.action,
      oldPoints: r.oldPoints,
      newPoints: r.newPoints,
      who: r.surname ? fullName({ surname: r.surname, name: r.name!, patronymic: r.patronymic }) : (r.login ?? ''),
      at: r.at.toISOString(),
    }));
  }
}
