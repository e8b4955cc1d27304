/**
 * Exam points another area gives to a grading sheet (a test's results,
 * server/src/modules/testing/testing.sheet.ts): what the grading sheet area offers for it, through the
 * app context (`ctx.areas.sheetExams`, wired by server/src/app.ts from the grading sheet's entry in
 * server/src/modules/index.ts), so the points go through the sheet's own exam write
 * (server/src/modules/gradingsheet/gradingsheet.exams.ts): its lock, its teacher check, the signed
 * sheet's refusal, admission, the points' range and its history.
 */
import type { AuthInfo } from './caller';

/** An open (unsigned) sheet the caller writes exam points to. */
export interface OpenSheet {
  id: number;
  /** 1 first, 2 resit, 3 commission. */
  attempt: number;
  /** Its half-year: the academic year's first calendar year and the half (1 autumn, 2 spring). */
  year: number;
  ws: number;
  group: string;
  /** A resit's or commission's one student (his full name), null on a first sheet. */
  student: string | null;
}

/** Exam points given to one sheet: each a student's points, whole, 0..EXAM_POINTS_MAX. */
export interface GivenExams {
  sheetId: number;
  points: { studentId: number; exam: number }[];
  /** Write over exam points the line holds already; without it they are kept. */
  overwrite: boolean;
}

/**
 * What happened to each student's points: written, kept (other points stand), unchanged (these very
 * points stand), notOnSheet (no line of his), notAdmitted (too few module points), left (he left the group).
 */
export type GivenExamOutcome = 'written' | 'kept' | 'unchanged' | 'notOnSheet' | 'notAdmitted' | 'left';

export interface SheetExams {
  /** The caller's open sheets of the discipline holding (a line of) one of the students at least, newest half-year first. */
  openSheets(auth: AuthInfo, disciplineId: number, studentIds: readonly number[]): Promise<OpenSheet[]>;
  /** The sheet for the caller's write (404 unknown, 403 not his, 409 SHEET_SIGNED): its discipline and its students. */
  sheet(auth: AuthInfo, sheetId: number): Promise<{ id: number; disciplineId: number; studentIds: Set<number> }>;
  /** The points written as the sheet's exam write writes them, in one transaction under the sheet's lock (SheetExamWrites.give). */
  giveExams(auth: AuthInfo, input: GivenExams): Promise<Map<number, GivenExamOutcome>>;
}
