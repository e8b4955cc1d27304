/**
 * Marks another area gives to a journal (a test's results, server/src/modules/testing/testing.journal.ts):
 * what the journal area offers for it, through the app context (`ctx.areas.journalMarks`, wired by
 * server/src/app.ts from the journal's entry in server/src/modules/index.ts), so the marks go through the
 * journal's own write (server/src/modules/journal/journal.writes.ts, giveMarks): its owner check, scale,
 * period rules, history, reply caches and live updates.
 */
import type { MarkScale } from '@contract/journal';
import type { AuthInfo } from './caller';
import type { SheetExams } from './sheet-exams';

/** Marks given to one lesson of a journal: each a student's mark as written ('5', '73'). */
export interface GivenMarks {
  journalId: number;
  date: string;
  timeId: number;
  marks: { studentId: number; mark: string }[];
  /** Write over a record that holds another mark (or 'н/б', 'ув'); without it such a record is kept. */
  overwrite: boolean;
  /** Where the marks come from, as the cell's history names it: the test whose results they are (its title). */
  origin: { source: 'test'; title: string };
}

/** What happened to each student's mark: written, kept (another mark stands), unchanged (this very mark stands), notListed (not on the journal's list). */
export type GivenMarkOutcome = 'written' | 'kept' | 'unchanged' | 'notListed';

export interface JournalMarks {
  /** The caller's journal (404 unknown, 403 another teacher's): its discipline and mark scale. */
  journal(auth: AuthInfo, journalId: number): Promise<{ id: number; disciplineId: number; scale: MarkScale }>;
  /** Those of the students on the journal's list. */
  listed(journalId: number, studentIds: readonly number[]): Promise<Set<number>>;
  /** The journal's lessons (a record, a topic or an added lesson on them), by date and time. */
  lessons(journalId: number): Promise<{ visitDate: string; id_time: number }[]>;
  /** The lesson times: id and start ('HH:MM'). */
  times(): Promise<{ id: number; time: string }[]>;
  /** The marks written as the journal writes cells, in one transaction (JournalWrites.giveMarks). */
  giveMarks(auth: AuthInfo, input: GivenMarks): Promise<Map<number, GivenMarkOutcome>>;
}

/** The services areas offer each other through the app context (each given by its area's entry in server/src/modules/index.ts). */
export interface AreaServices {
  journalMarks?: JournalMarks;
  /** The grading sheet's exam points (server/src/shared/sheet-exams.ts). */
  sheetExams?: SheetExams;
}
