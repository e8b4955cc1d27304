/**
 * The journal's rules (docs/api.md#journal, docs/security.md#access): only the journal's own
 * teacher reads or writes it; a student reads only his own records; a mark is '+', 'н/б', 'ув' or
 * a whole number of the journal's scale (else INVALID_MARK, journal.marks.ts); every write is one
 * transaction that records the old and the new value of each cell it touches, and the later of two
 * writes wins. The journal's teacher sees each change live in his other tabs (journal.live.ts).
 *
 * This base holds what every part shares (the caller's own journal, the period check, the live
 * event); the parts beside it: journal.lists.ts (lists and the first view), journal.reads.ts (the
 * grid, history, export data, the student's view), journal.writes.ts (cells, paste, mark all
 * present), journal.lessons.ts (lessons, topics, deletions), journal.setup.ts (scale, subgroups,
 * planned topics).
 */
import type { LiveJournalChange } from '../../../../contract/journal';
import type { Language } from '../../../../contract/common';
import { badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { localName } from '../../i18n';
import { assertWritable as assertPeriod, mayReopen, type PeriodRules, type WriteKind } from '../../shared/academic/journal-period';
import { asTeacher, type AuthInfo } from '../../shared/caller';
import { JOURNAL_CHANGED_EVENT } from '../../shared/journal-live';
import { newVisit, visitValues } from '../../shared/journal-visits';
import * as repo from './journal.repository';
import type { Assignment, Source, StudentRow } from './journal.repository';

/** Live event names on the bus. */
export const JOURNAL_EVENTS = { changed: JOURNAL_CHANGED_EVENT } as const;

/** What every part of the journal's service shares: the caller's own journal, the period check, the live event. */
export class JournalService {
  constructor(protected readonly ctx: AppContext) {}

  /** The journal if the caller is its teacher: 404 when it does not exist, 403 when it is another's. */
  protected async own(auth: AuthInfo, id: number, db: Db = this.ctx.db): Promise<Assignment> {
    const teacherId = asTeacher(auth);
    const a = await repo.assignment(db, id);
    if (!a) throw notFound();
    if (a.teacherId !== teacherId) throw forbidden();
    return a;
  }

  /** A real date and a lesson time that exists (else 400), and a date the journal's period lets this write use (assertWritable). */
  protected checkOccurrence(auth: AuthInfo, a: Assignment, date: string, timeId: number, times: Set<number>, kind: WriteKind): void {
    if (!times.has(timeId) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date)
      throw badRequest();
    this.assertWritable(auth, a, date, kind);
  }

  /** The period rules as they apply to the caller now (JOURNAL_GRACE_DAYS, JOURNAL_REOPEN_LOGINS). */
  protected periodRules(auth: AuthInfo): PeriodRules {
    return { now: this.ctx.now(), graceDays: this.ctx.config.journalGraceDays, mayReopen: mayReopen(auth.login, this.ctx.config.journalReopenLogins) };
  }

  /**
   * The one period check of every write to a journal (shared/academic/journal-period.ts): the
   * half-year closed for the caller (PERIOD_CLOSED), a date outside it (OUTSIDE_PERIOD), a mark or
   * attendance after today (FUTURE_DATE). `date` null: a write to the whole journal.
   */
  assertWritable(auth: AuthInfo, a: Assignment, date: string | null, kind: WriteKind): void {
    assertPeriod(a, date, kind, this.periodRules(auth));
  }

  protected newVisit(a: Assignment, s: StudentRow, date: string, timeId: number, mark: string | null, source: Source, userId: number, at: Date): repo.NewVisit {
    return newVisit(visitValues({ ...a, teachingAssignmentId: a.id }, s, date, timeId), mark, source, userId, at);
  }

  protected async formNames(lang: Language): Promise<Map<number, string>> {
    return new Map((await repo.educationFormList(this.ctx.db)).map((f) => [f.id, localName(f, lang)]));
  }

  protected async publish(db: Db, a: Assignment, data: LiveJournalChange): Promise<void> {
    await this.ctx.live.publish(db, JOURNAL_EVENTS.changed, await repo.teacherUserIds(db, a.teacherId), data);
  }
}
