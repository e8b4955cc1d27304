/**
 * The journal's period rules (docs/areas/journal.md#for-users, docs/security.md#journal): every write to a
 * journal lies inside the journal's half-year, marks and attendance are never written for a date
 * after today, and a half-year is read-only but for the accounts the university lists
 * (JOURNAL_REOPEN_LOGINS) from the day after its last day of marks: the date the administrator set
 * for it (registration_periods.marks_closed_after, the reference editor), else its end plus the
 * configured grace period (JOURNAL_GRACE_DAYS). Shared by every area that writes into a journal (the
 * journal itself and QR attendance) and by those that count only closed half-years (transcript,
 * rating); each reads the half-year's date with its journal (`marksClosedAfterSql`).
 *
 * The half-years of academic year Y (its first calendar year): autumn from 1 September Y to
 * 31 January Y+1, spring from 1 February Y+1 to 31 August Y+1, as `currentWorkingSemester` reads
 * the calendar. Dates are the university's local dates (shared/time-zone.ts).
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../app-error';
import { localDate } from '../lesson-clock';

/** What a write puts on its date: a mark or attendance (never after today), or the plan of a lesson (its topic, the lesson itself). */
export type WriteKind = 'mark' | 'plan';

/** The half-year a journal belongs to, with its last day of marks when the administrator set one ('YYYY-MM-DD'). */
export interface HalfYearOf {
  academicYearId: number;
  workingSemesterId: number;
  marksClosedAfter: string | null;
}

/**
 * SQL of the last day of marks the administrator set for the half-year of a row with the columns
 * academic_year_id and working_semester_id (`alias`: the row's table or alias, always the code's own), or null; as 'YYYY-MM-DD'.
 */
export const marksClosedAfterSql = (alias: string) =>
  sql.raw(
    `(select to_char(p.marks_closed_after, 'YYYY-MM-DD') from registration_periods p where p.academic_year_id = ${alias}.academic_year_id and p.working_semester_id = ${alias}.working_semester_id)`,
  );

export interface HalfYearDates {
  startsOn: string;
  endsOn: string;
}

/** The first and the last day of a half-year ('YYYY-MM-DD'). */
export function halfYearDates(year: number, ws: number): HalfYearDates {
  return ws === 1 ? { startsOn: `${year}-09-01`, endsOn: `${year + 1}-01-31` } : { startsOn: `${year + 1}-02-01`, endsOn: `${year + 1}-08-31` };
}

/** 'YYYY-MM-DD' plus a number of days. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', as the refusals name dates. */
const shown = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** What the rules need besides the journal: today, the grace period and whether the caller may write into a closed half-year. */
export interface PeriodRules {
  now: Date;
  graceDays: number;
  mayReopen: boolean;
}

export interface JournalPeriod extends HalfYearDates {
  /** The first day on which the half-year is read-only: the day after its last day of marks (the set date, else its end plus the grace period). */
  closesOn: string;
  /** Read-only for this caller now. */
  closed: boolean;
}

/** A journal's half-year, when it closes, and whether it is closed for the caller now. */
export function journalPeriod(journal: HalfYearOf, rules: PeriodRules): JournalPeriod {
  const dates = halfYearDates(journal.academicYearId, journal.workingSemesterId);
  const closesOn = journal.marksClosedAfter ? addDays(journal.marksClosedAfter, 1) : addDays(dates.endsOn, rules.graceDays + 1);
  return { ...dates, closesOn, closed: !rules.mayReopen && localDate(rules.now) >= closesOn };
}

/**
 * Refuses a write to a journal unless its period allows it: PERIOD_CLOSED (403) when the
 * half-year is closed for the caller, OUTSIDE_PERIOD (400) when the date is not in the half-year,
 * FUTURE_DATE (400) when a mark or attendance is dated after today. `date` null: a write to the
 * whole journal (its students, subgroups, plan, scale), which only the closed period refuses.
 */
export function assertWritable(journal: HalfYearOf, date: string | null, kind: WriteKind, rules: PeriodRules): void {
  const period = journalPeriod(journal, rules);
  if (period.closed) throw new AppError(403, 'PERIOD_CLOSED', { date: shown(period.closesOn) });
  if (date === null) return;
  if (date < period.startsOn || date > period.endsOn) throw new AppError(400, 'OUTSIDE_PERIOD', { from: shown(period.startsOn), to: shown(period.endsOn) });
  if (kind === 'mark' && date > localDate(rules.now)) throw new AppError(400, 'FUTURE_DATE');
}

/** Whether an account may write into a closed half-year (JOURNAL_REOPEN_LOGINS). */
export function mayReopen(login: string, logins: readonly string[]): boolean {
  return logins.includes(login.toLowerCase());
}
