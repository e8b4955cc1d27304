/**
 * The grading sheet's exam write (docs/areas/gradingsheet.md): exam points of its students, written
 * under the sheet's lock by its teacher (the discipline for the group in the half-year, 403) to an
 * open sheet (409 SHEET_SIGNED), whole, 0..EXAM_POINTS_MAX (400 INVALID_POINTS), only for an
 * admitted student (NOT_ADMITTED), never on the line of one who left the group (STUDENT_LEFT); each
 * change is a line of the sheet's history. The sheet's own call (exam.json) refuses every point if one
 * breaks a rule; another area's points (server/src/shared/sheet-exams.ts) are refused student by
 * student instead, and keep the points a line holds unless they overwrite.
 */
import { ROLE_TEACHER } from '@contract/common';
import { EXAM_POINTS_MAX, type SheetExamBody } from '@contract/gradingsheet';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { AuthInfo } from '../../shared/caller';
import type { GivenExamOutcome, GivenExams } from '../../shared/sheet-exams';
import { graded, lineViews, type LineView, type LineViews } from './gradingsheet.lines';
import * as repo from './gradingsheet.repository';

/** Whether the caller teaches the sheet's discipline to its group in its half-year (read now). */
export async function teaches(db: Db, auth: AuthInfo, s: repo.SheetRow): Promise<boolean> {
  if (auth.role !== ROLE_TEACHER) return false;
  return repo.teaches(db, auth.uid, s.disciplineId, s.groupId, s.academicYearId, s.workingSemesterId);
}

/**
 * An unsigned first sheet follows its group: a line for each student who joined, those who left
 * marked (a signed sheet never changes); in the caller's transaction `tx`, else in one of its own.
 */
export async function follow(ctx: AppContext, s: repo.SheetRow, tx?: Db): Promise<void> {
  if (s.signed || s.attempt !== 1) return;
  const run = (db: Db) => repo.followGroup(db, s.id, s.groupId, ctx.now());
  await (tx ? run(tx) : ctx.db.transaction(run));
}

/** Why a student's exam points break the sheet's rules, if they do: null clears (never out of range). */
type ExamRefusal = 'range' | 'notOnSheet' | 'left' | 'notAdmitted';
function refusalOf(v: LineView | undefined, exam: number | null): ExamRefusal | null {
  if (exam !== null && (!Number.isInteger(exam) || exam < 0 || exam > EXAM_POINTS_MAX)) return 'range';
  if (!v) return 'notOnSheet';
  if (v.left && exam !== v.line.examPoints) return 'left';
  if (exam !== null && !v.admitted) return 'notAdmitted';
  return null;
}

const outOfRange = (field?: string) => new AppError(400, 'INVALID_POINTS', { min: 0, max: EXAM_POINTS_MAX, ...(field ? { field } : {}) });

export class SheetExamWrites {
  constructor(private readonly ctx: AppContext) {}

  private get admissionMin(): number {
    return this.ctx.config.gradingAdmissionMinPoints;
  }

  /** In the transaction `tx`: the sheet locked for a write of its teacher (404, 403, 409 signed), following its group, with its lines. */
  async locked(tx: Db, auth: AuthInfo, id: number): Promise<{ s: repo.SheetRow; lines: LineViews }> {
    const s = await repo.sheet(tx, id, true);
    if (!s) throw notFound();
    if (!(await teaches(tx, auth, s))) throw forbidden();
    if (s.signed) throw new AppError(409, 'SHEET_SIGNED');
    await follow(this.ctx, s, tx);
    return { s, lines: await lineViews(tx, s, this.admissionMin) };
  }

  /** The points that change a line written with their history; the lines returned with them, graded again. */
  private async write(tx: Db, auth: AuthInfo, s: repo.SheetRow, lines: LineViews, points: readonly { id_student: number; exam: number | null }[]) {
    const old = new Map(lines.views.map((v) => [v.student.id, v.line.examPoints]));
    const at = this.ctx.now();
    for (const p of points) {
      const was = old.get(p.id_student) ?? null;
      if (was === p.exam) continue;
      await repo.setExam(tx, s.id, p.id_student, p.exam);
      await repo.addHistory(tx, { sheetId: s.id, action: 'exam', studentId: p.id_student, oldPoints: was, newPoints: p.exam, userId: auth.userId, at });
    }
    const written = new Map(points.map((p) => [p.id_student, p.exam]));
    return {
      ...lines,
      views: lines.views.map((v) =>
        written.has(v.student.id) ? graded({ ...v, line: { ...v.line, examPoints: written.get(v.student.id)! } }, lines.scale) : v,
      ),
    };
  }

  /**
   * exam.json: exam points of one student or more (a pasted column), every one checked first, then all
   * written in one transaction; the sheet and its lines as read under its lock with the points written.
   */
  async exam(auth: AuthInfo, input: SheetExamBody): Promise<{ s: repo.SheetRow; lines: LineViews }> {
    return this.ctx.db.transaction(async (tx) => {
      const { s, lines } = await this.locked(tx, auth, input.id_sheet);
      const byStudent = new Map(lines.views.map((v) => [v.student.id, v]));
      input.points.forEach((p, i) => {
        const field = `points.${i}.exam`;
        const refusal = refusalOf(byStudent.get(p.id_student), p.exam);
        if (refusal === 'range') throw outOfRange(field);
        if (refusal === 'notOnSheet') throw badRequest({ field: `points.${i}.id_student` });
        if (refusal === 'left') throw new AppError(400, 'STUDENT_LEFT', { field: `points.${i}.id_student` });
        if (refusal === 'notAdmitted') throw new AppError(400, 'NOT_ADMITTED', { min: this.admissionMin, field });
      });
      return { s, lines: await this.write(tx, auth, s, lines, input.points) };
    });
  }

  /**
   * Another area's exam points (server/src/shared/sheet-exams.ts), in one transaction under the sheet's
   * lock: points out of range refuse them all (400 INVALID_POINTS); a student the rules refuse is told
   * as such and skipped; points a line holds are kept unless `overwrite`.
   */
  async give(auth: AuthInfo, input: GivenExams): Promise<Map<number, GivenExamOutcome>> {
    if (input.points.some((p) => refusalOf(undefined, p.exam) === 'range')) throw outOfRange();
    return this.ctx.db.transaction(async (tx) => {
      const { s, lines } = await this.locked(tx, auth, input.sheetId);
      const byStudent = new Map(lines.views.map((v) => [v.student.id, v]));
      const outcome = new Map<number, GivenExamOutcome>();
      const changes: { id_student: number; exam: number }[] = [];
      for (const p of input.points) {
        const v = byStudent.get(p.studentId);
        const refusal = refusalOf(v, p.exam);
        if (refusal) outcome.set(p.studentId, refusal as Exclude<ExamRefusal, 'range'>);
        else if (v!.line.examPoints === p.exam) outcome.set(p.studentId, 'unchanged');
        else if (v!.line.examPoints !== null && !input.overwrite) outcome.set(p.studentId, 'kept');
        else {
          outcome.set(p.studentId, 'written');
          changes.push({ id_student: p.studentId, exam: p.exam });
        }
      }
      await this.write(tx, auth, s, lines, changes);
      return outcome;
    });
  }
}
