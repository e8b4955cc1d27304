/**
 * A test's results sent to the grading sheet as exam points (docs/areas/testing.md#for-users): only
 * the test's teacher (a teacher of its discipline) sends them, only into an open sheet of the same
 * discipline he teaches to its group, through the sheet's own exam write
 * (server/src/shared/sheet-exams.ts, `ctx.areas.sheetExams`), so the sheet's lock, signature,
 * admission, points range and history all apply. A result is the counted attempt's score as a whole
 * percent of its paper's maximum, made exam points by examPointsOfPercent (contract/pure/test-marks.ts).
 */
import { EXAM_POINTS_MAX } from '@contract/gradingsheet';
import { examPointsOfPercent, type TestSheets, type ToSheetBody, type ToSheetRefusal, type ToSheetResult } from '@contract/testing';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import type { AuthInfo } from '../../shared/caller';
import type { SheetExams } from '../../shared/sheet-exams';
import * as att from './testing.attempts.repository';
import { countedPercents, ownTest } from './testing.sending';

export class TestingSheetService {
  constructor(private readonly ctx: AppContext) {}

  /** The grading sheet's part (given by the grading sheet area; app.ts sets it before any route). */
  private get exams(): SheetExams {
    const exams = this.ctx.areas.sheetExams;
    if (!exams) throw new AppError(500, 'INTERNAL');
    return exams;
  }

  /** The caller's open sheets of the test's discipline holding some of its students, with the exam's points at most. */
  async sheets(auth: AuthInfo, testId: number): Promise<TestSheets> {
    const t = await ownTest(this.ctx, auth, testId);
    const students = await att.studentsOf(this.ctx.db, t.id);
    const sheets = await this.exams.openSheets(
      auth,
      t.disciplineId,
      students.map((s) => s.id),
    );
    return { sheets, examMax: EXAM_POINTS_MAX };
  }

  /**
   * Each student's counted result as exam points of the sheet (SheetExamWrites.give: one transaction
   * under the sheet's lock, points a line holds kept unless `overwrite`). Refused with nothing
   * written: another's sheet (403), a signed one (409 SHEET_SIGNED), one of another discipline or
   * holding none of the test's students (TEST_SHEET_MISMATCH), no counted result (TEST_NO_RESULTS).
   * A student not on the sheet, not admitted, gone from the group or without a result is named.
   */
  async toSheet(auth: AuthInfo, body: ToSheetBody): Promise<ToSheetResult> {
    const t = await ownTest(this.ctx, auth, body.id_test);
    const sheet = await this.exams.sheet(auth, body.id_sheet);
    if (sheet.disciplineId !== t.disciplineId) throw new AppError(400, 'TEST_SHEET_MISMATCH');
    const { students, percents } = await countedPercents(this.ctx, auth, t);
    if (!students.some((s) => sheet.studentIds.has(s.id))) throw new AppError(400, 'TEST_SHEET_MISMATCH');
    if (percents.size === 0) throw new AppError(409, 'TEST_NO_RESULTS');
    const outcome = await this.exams.giveExams(auth, {
      sheetId: sheet.id,
      points: [...percents].map(([studentId, percent]) => ({ studentId, exam: examPointsOfPercent(percent, EXAM_POINTS_MAX) })),
      overwrite: body.overwrite,
    });
    const count = (o: string) => [...outcome.values()].filter((x) => x === o).length;
    const reasonOf = (id: number): ToSheetRefusal | null => {
      const o = outcome.get(id);
      if (o === undefined) return 'noResult';
      return o === 'notOnSheet' || o === 'notAdmitted' || o === 'left' ? o : null;
    };
    return {
      written: count('written'),
      kept: count('kept'),
      unchanged: count('unchanged'),
      noResult: students.length - percents.size,
      refused: students.flatMap((s) => {
        const reason = reasonOf(s.id);
        return reason ? [{ id_student: s.id, fio: s.fio, reason }] : [];
      }),
    };
  }
}
