/**
 * A test's results sent to the journal as marks (docs/areas/testing.md#calls): the teacher's
 * journals of the test's discipline holding its students, and the marks written into one lesson of
 * one of them through the journal's own write (its scale, period, owner and history rules).
 */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';
import { IsoDate, MarkScale } from './journal';

export { TEST_MARK_LOWEST, TEST_MARK_THRESHOLDS, markOfPercent } from './pure/test-marks';

/** A journal a test's results can go to: its name as the journal screen's filters show it, its scale and its lessons. */
export const TestJournal = Type.Object({
  id: Type.Integer(),
  /** Lesson type, group or stream (and its subgroup's number). */
  name: Type.String(),
  /** Its half-year: the academic year's first calendar year and the half (1 autumn, 2 spring). */
  year: Type.Integer(),
  ws: Type.Integer(),
  scale: MarkScale,
  /** Its lessons (a record, a topic or an added lesson on them), by date and time. */
  lessons: Type.Array(Type.Object({ visitDate: Type.String(), id_time: Type.Integer() })),
});
export type TestJournal = Static<typeof TestJournal>;
/** POST journals.json {id_test}: the caller's journals of the test's discipline whose list holds some of its students, with the lesson times. */
export const TestJournalsReply = Ok(
  Type.Object({
    journals: Type.Array(TestJournal),
    times: Type.Array(Type.Object({ id: Type.Integer(), time: Type.String() })),
  }),
);
export type TestJournals = Static<(typeof TestJournalsReply)['properties']['data']>;

/**
 * POST to-journal.json: each counted result as a mark in the lesson (date, lesson time) of the
 * journal; a lesson the journal has not yet is added as the journal adds one with a mark. A record
 * holding a mark (or 'н/б', 'ув') is kept unless `overwrite`; one holding this very mark is left as it is.
 */
export const ToJournalBody = Type.Object({
  id_test: DbId,
  id_journal: DbId,
  visitDate: IsoDate,
  id_time: Type.Integer({ minimum: 1, maximum: 20 }),
  overwrite: Type.Boolean(),
});
export type ToJournalBody = Static<typeof ToJournalBody>;
/** Why a student's result was not written: he is not on the journal's list. */
export const ToJournalRefusal = Type.Union([Type.Literal('notListed')]);
export type ToJournalRefusal = Static<typeof ToJournalRefusal>;
export const ToJournalResult = Type.Object({
  /** Marks written (new records, or records changed). */
  written: Type.Integer(),
  /** Records holding another mark, kept (no `overwrite`). */
  kept: Type.Integer(),
  /** Records holding this very mark already: nothing written. */
  unchanged: Type.Integer(),
  /** Students of the test without a counted result: nothing to send. */
  noResult: Type.Integer(),
  refused: Type.Array(Type.Object({ id_student: Type.Integer(), fio: Type.String(), reason: ToJournalRefusal })),
});
export type ToJournalResult = Static<typeof ToJournalResult>;
export const ToJournalReply = Ok(ToJournalResult);
