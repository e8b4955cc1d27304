/**
 * What the journal offers other areas that give marks to it (server/src/shared/journal-marks.ts):
 * the caller's journal by the journal's own owner check, its list, lessons and lesson times, and the
 * marks written through JournalWrites.giveMarks. Given to the app context by the journal's entry in
 * server/src/modules/index.ts.
 */
import type { AuthInfo } from '../../shared/caller';
import type { GivenMarks, JournalMarks } from '../../shared/journal-marks';
import * as repo from './journal.repository';
import { scaleOf } from './journal.marks';
import { ownJournal, type JournalWriteContext } from './journal.service';
import { JournalWrites } from './journal.writes';

export function journalMarks(ctx: JournalWriteContext): JournalMarks {
  const writes = new JournalWrites(ctx);
  return {
    async journal(auth: AuthInfo, journalId: number) {
      const a = await ownJournal(ctx.db, auth, journalId);
      return { id: a.id, disciplineId: a.disciplineId, scale: scaleOf(a) };
    },
    async listed(journalId: number, studentIds: readonly number[]) {
      const a = await repo.assignment(ctx.db, journalId);
      if (!a || studentIds.length === 0) return new Set<number>();
      return new Set((await repo.studentsOf(ctx.db, a, { only: studentIds })).map((s) => s.id));
    },
    lessons: (journalId: number) => repo.lessonsOf(ctx.db, journalId),
    async times() {
      return (await repo.lessonTimeList(ctx.db)).map((t) => ({ id: t.id, time: t.startsAt.slice(0, 5) }));
    },
    giveMarks: (auth: AuthInfo, input: GivenMarks) => writes.giveMarks(auth, input),
  };
}
