/**
 * A test's results sent to the grading sheet as exam points (docs/areas/testing.md#calls): the
 * teacher's open sheets of the test's discipline holding its students, and the points written into
 * one of them through the sheet's own exam write (its owner, signed, admission and history rules).
 */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';

export { examPointsOfPercent } from './pure/test-marks';

/** A sheet a test's results can go to: its group, half-year and attempt (and a resit's student). */
export const TestSheet = Type.Object({
  id: Type.Integer(),
  group: Type.String(),
  /** Its half-year: the academic year's first calendar year and the half (1 autumn, 2 spring). */
  year: Type.Integer(),
  ws: Type.Integer(),
  /** 1 first, 2 resit, 3 commission. */
  attempt: Type.Integer(),
  /** A resit's or commission's one student, null on a first sheet. */
  student: Type.Union([Type.String(), Type.Null()]),
});
export type TestSheet = Static<typeof TestSheet>;
/** POST sheets.json {id_test}: the caller's open (unsigned) sheets of the test's discipline holding some of its students, and the exam's points at most. */
export const TestSheetsReply = Ok(Type.Object({ sheets: Type.Array(TestSheet), examMax: Type.Integer() }));
export type TestSheets = Static<(typeof TestSheetsReply)['properties']['data']>;

/**
 * POST to-sheet.json: each counted result as exam points of the sheet (examPointsOfPercent of its
 * whole percent). Points a line holds are kept unless `overwrite`; these very points are left as they are.
 */
export const ToSheetBody = Type.Object({ id_test: DbId, id_sheet: DbId, overwrite: Type.Boolean() });
export type ToSheetBody = Static<typeof ToSheetBody>;
/** Why a student's result was not written: no line of his on the sheet, not admitted to the exam, left the group, no counted result. */
export const ToSheetRefusal = Type.Union([Type.Literal('notOnSheet'), Type.Literal('notAdmitted'), Type.Literal('left'), Type.Literal('noResult')]);
export type ToSheetRefusal = Static<typeof ToSheetRefusal>;
export const ToSheetResult = Type.Object({
  /** Exam points written (new, or changed). */
  written: Type.Integer(),
  /** Lines holding other exam points, kept (no `overwrite`). */
  kept: Type.Integer(),
  /** Lines holding these very points already: nothing written. */
  unchanged: Type.Integer(),
  /** Students of the test without a counted result: nothing to send (each also in `refused`). */
  noResult: Type.Integer(),
  refused: Type.Array(Type.Object({ id_student: Type.Integer(), fio: Type.String(), reason: ToSheetRefusal })),
});
export type ToSheetResult = Static<typeof ToSheetResult>;
export const ToSheetReply = Ok(ToSheetResult);
