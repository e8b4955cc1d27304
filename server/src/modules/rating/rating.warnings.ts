/**
 * The rating's early warning reaches the student (docs/areas/rating.md#for-users): a sweep, run with
 * the server's housekeeping every hour, works out every student's warnings of the half-year and
 * notifies him of each one he has not been told of yet (`rating.warning`: the discipline and whether
 * absences or points, once per discipline, kind and half-year), opening his rating. One process sweeps
 * at a time.
 */
import type { AppContext } from '../../context';
import { currentPeriod } from '../../lib/academic-year';
import { notify } from '../../shared/notifications';
import { disciplinePoints, warningsOf } from './rating.compute';
import * as repo from './rating.repository';

/** Notifies the new warnings of the half-year; returns how many notifications were written. */
export async function notifyNewWarnings(ctx: AppContext): Promise<number> {
  const { year, ws } = currentPeriod(ctx.now());
  const thresholds = { absencesPct: ctx.config.ratingWarnAbsencesPct, pointsPct: ctx.config.ratingWarnPointsPct };
  const rows = await repo.journalMarks(ctx.db, null, year, ws);
  const names = new Map(rows.map((r) => [r.disciplineId, r.discipline]));
  const byStudent = new Map<number, repo.JournalMarksRow[]>();
  for (const r of rows) byStudent.set(r.studentId, [...(byStudent.get(r.studentId) ?? []), r]);
  const warned = [...byStudent].flatMap(([studentId, journals]) =>
    warningsOf(disciplinePoints(journals), new Map(), thresholds).map((w) => ({ studentId, ...w })),
  );
  if (warned.length === 0) return 0;
  const prefix = `${year}-${ws}-`;
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.sweepLock(tx))) return 0;
    const accounts = await repo.studentAccounts(tx, [...new Set(warned.map((w) => w.studentId))]);
    const userOf = new Map(accounts.map((a) => [a.studentId, a.userId]));
    const told = new Set((await repo.notifiedWarnings(tx, prefix)).map((n) => `${n.userId}|${n.key}`));
    let written = 0;
    for (const w of warned) {
      const userId = userOf.get(w.studentId);
      const key = `${prefix}${w.id_discipline}-${w.kind}`;
      if (userId === undefined || told.has(`${userId}|${key}`)) continue;
      const d = names.get(w.id_discipline);
      await notify(tx, ctx.live, {
        userIds: [userId],
        kind: 'rating.warning',
        params: { key, warning: w.kind, disciplineRu: d?.nameRu ?? '', disciplineKg: d?.nameKg ?? '', disciplineEn: d?.nameEn ?? '', value: w.value },
        link: '/rating',
      });
      written++;
    }
    return written;
  });
}
