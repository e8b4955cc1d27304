/**
 * The journal's rules (docs/areas/journal.md#calls, docs/security.md#access): only the journal's own
 * teacher reads or writes it; a student reads only his own records; a mark is '+', 'н/б', 'ув' or
 * a whole number of the journal's scale (else INVALID_MARK, journal.marks.ts); every write is one
 * transaction that records the old and the new value of each cell it touches, and the later of two
 * writes wins. The journal's teacher sees each change live in his other tabs (journal.live.ts).
 *
 * This file holds what every part shares, as plain functions given only what they use (the caller's
 * own journal, the period check, the live event); the parts beside it, each given the part of the
 * app context it uses: journal.lists.ts (lists and the first view), journal.reads.ts (the grid,
 * history, export data, the student's view), journal.writes.ts (cells, paste, mark all present),
 * journal.finals.ts (the final-result column), journal.lessons.ts (lessons, topics, deletions),
 * journal.setup.ts (scale, subgroups, planned topics).
 */
import type { LiveJournalChange } from '@contract/journal';
import type { Language } from '@contract/common';
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

/** What the period check reads: the clock and the settings JOURNAL_GRACE_DAYS and JOURNAL_REOPEN_LOGINS. */
export type PeriodContext = Pick<AppContext, 'now' | 'config'>;
/** What a part that reads journals uses: the database and the period check's clock and settings. */
export type JournalReadContext = Pick<AppContext, 'db'> & PeriodContext;
/** What a part that writes journals uses besides: the live events to the journal's teacher. */
export type JournalWriteContext = JournalReadContext & Pick<AppContext, 'live'>;

/** The journal if the caller is its teacher: 404 when it does not exist, 403 when it is another's. */
export async function ownJournal(db: Db, auth: AuthInfo, id: number): Promise<Assignment> {
  const teacherId = asTeacher(auth);
  const a = await repo.assignment(db, id);
  if (!a) throw notFound();
  if (a.teacherId !== teacherId) throw forbidden();
  return a;
}

/** The period rules as they apply to the caller now (JOURNAL_GRACE_DAYS, JOURNAL_REOPEN_LOGINS). */
export function periodRules(ctx: PeriodContext, auth: AuthInfo): PeriodRules {
  return { now: ctx.now(), graceDays: ctx.config.journalGraceDays, mayReopen: mayReopen(auth.login, ctx.config.journalReopenLogins) };
}

/**
 * The one period check of every write to a journal (shared/academic/journal-period.ts): the
 * half-year closed for the caller (PERIOD_CLOSED), a date outside it (OUTSIDE_PERIOD), a mark or
 * attendance after today (FUTURE_DATE). `date` null: a write to the whole journal.
 */
export function assertWritable(ctx: PeriodContext, auth: AuthInfo, a: Assignment, date: string | null, kind: WriteKind): void {
  assertPeriod(a, date, kind, periodRules(ctx, auth));
}

/** A real date and a lesson time that exists (else 400), and a date the journal's period lets this write use (assertWritable). */
export function checkOccurrence(
  ctx: PeriodContext,
  auth: AuthInfo,
  a: Assignment,
  date: string,
  timeId: number,
  times: ReadonlySet<number>,
  kind: WriteKind,
): void {
  if (!times.has(timeId) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date)
    throw badRequest();
  assertWritable(ctx, auth, a, date, kind);
}

/** The ids of the lesson times that exist. */
export async function lessonTimeIds(db: Db): Promise<Set<number>> {
  return new Set((await repo.lessonTimeList(db)).map((t) => t.id));
}

/** A new record of the journal: a student's mark (null: present) at a lesson, written by `userId` at `at`. */
export function journalVisit(
  a: Assignment,
  s: StudentRow,
  date: string,
  timeId: number,
  mark: string | null,
  source: Source,
  userId: number,
  at: Date,
): repo.NewVisit {
  return newVisit(visitValues({ ...a, teachingAssignmentId: a.id }, s, date, timeId), mark, source, userId, at);
}

/** The education forms' names in the caller's language, by id. */
export async function formNames(db: Db, lang: Language): Promise<Map<number, string>> {
  return new Map((await repo.educationFormList(db)).map((f) => [f.id, localName(f, lang)]));
}

/** The change that makes the journal's other tabs read it again (what changed is not among the cells a live event carries). */
export const reloadOf = (a: Assignment): LiveJournalChange => ({ id_journal: a.id, cells: [], reload: true });

/** A change of the journal, to its teacher's streams, inside the write's transaction `db` (sent when it commits). */
export async function publishChange(ctx: Pick<AppContext, 'live'>, db: Db, a: Assignment, data: LiveJournalChange = reloadOf(a)): Promise<void> {
  await ctx.live.publish(db, JOURNAL_EVENTS.changed, await repo.teacherUserIds(db, a.teacherId), data);
}

/**
 * A change of the journal to `to` (its teacher's users) after the write committed, batched with
 * other writes' events (a NOTIFY inside the transaction would serialise the commits of concurrent
 * writes); the reply does not wait for it.
 */
export function publishCommitted(ctx: Pick<AppContext, 'live'>, to: readonly number[], data: LiveJournalChange): void {
  void ctx.live.publishCommitted([{ event: JOURNAL_EVENTS.changed, to, data }]);
}
