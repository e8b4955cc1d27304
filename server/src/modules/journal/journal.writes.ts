/**
 * Writing marks and attendance: one cell, a paste, an update by record id, mark all present. Every
 * write is one transaction that records the old and the new value of each cell, and the later of two
 * writes wins. A paste that reaches the final-result column writes those results (with their history,
 * as final/set.json does) in the same transaction as its cells. Marks given from elsewhere (a test's
 * results, server/src/shared/journal-marks.ts) go into one lesson through giveMarks. The
 * caller's rights and the period check are journal.service.ts's.
 */
import {
  CELLS_PER_WRITE_MAX,
  FINALS_PER_WRITE_MAX,
  type FinalResult,
  type InsertAllBody,
  type LiveJournalChange,
  type PastedBlock,
  type VisitPasteBody,
  type VisitRow,
  type VisitSetBody,
  type VisitUpdateBody,
} from '@contract/journal';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import { asTeacher, type AuthInfo } from '../../shared/caller';
import type { Db } from '../../db/client';
import * as repo from './journal.repository';
import type { Source } from './journal.repository';
import {
  assertWritable,
  checkOccurrence,
  journalVisit,
  lessonTimeIds,
  ownJournal,
  publishChange,
  publishCommitted,
  type JournalWriteContext,
} from './journal.service';
import { visitView } from './journal.views';
import { parseMark, scaleOf } from './journal.marks';
import { assertPoints } from './journal.finals';
import { finalsOf, saveFinal } from './journal.finals.repository';
import type { GivenMarkOutcome, GivenMarks } from '../../shared/journal-marks';

interface Cell {
  studentId: number;
  date: string;
  timeId: number;
  mark: string | null | undefined;
}

/** A cell as the caller wrote it: the mark is read against the journal's scale (parseMark). */
type WrittenCell = Omit<Cell, 'mark'> & { written: string | null };

/** A final result as a paste carries it (null points: deleted). */
interface WrittenFinal {
  studentId: number;
  points: number | null;
}

export class JournalWrites {
  constructor(private readonly ctx: JournalWriteContext) {}

  /** One cell: set, mark present ('+') or clear (null). */
  async setVisit(auth: AuthInfo, input: VisitSetBody): Promise<VisitRow | null> {
    const { cells } = await this.writeCells(auth, input.id_journal, [
      { studentId: input.id_student, date: input.visitDate, timeId: input.id_time, written: input.otsenka },
    ]);
    return cells[0].cell;
  }

  /** A pasted block: its cells and the final results it reaches, all written in one transaction, or none. */
  async pasteVisits(auth: AuthInfo, input: VisitPasteBody): Promise<PastedBlock> {
    const finals = (input.finals ?? []).map((f) => ({ studentId: f.id_student, points: f.points }));
    if (input.cells.length === 0 && finals.length === 0) throw badRequest();
    const cells = input.cells.map((c) => ({ studentId: c.id_student, date: c.visitDate, timeId: c.id_time, written: c.otsenka }));
    const out = await this.writeCells(auth, input.id_journal, cells, 'journal', finals);
    return {
      cells: out.cells.map((c) => ({ id_student: c.studentId, visitDate: c.date, id_time: c.timeId, cell: c.cell })),
      finals: finals.map((f) => ({ id_student: f.studentId, result: out.finals.get(f.studentId) ?? null })),
    };
  }

  /** The visit update: one record's mark by its id (id_teacher, if given, must be the caller). */
  async updateVisit(auth: AuthInfo, input: VisitUpdateBody): Promise<VisitRow | null> {
    const teacherId = asTeacher(auth);
    if (input.id_teacher !== undefined && input.id_teacher !== teacherId) throw forbidden();
    const record = await repo.visitById(this.ctx.db, input.id_studentJournalVisit);
    if (!record) throw notFound();
    const { cells } = await this.writeCells(auth, record.teachingAssignmentId, [
      { studentId: record.studentId, date: record.visitDate, timeId: record.lessonTimeId, written: input.id_otsenka },
    ]);
    return cells[0].cell;
  }

  /**
   * Writes cells in one transaction, in order: each must be a listed student's, on a date of the
   * journal's academic year, at a lesson time that exists; and final results (a paste that reaches
   * the final-result column): each a listed student's, once, whole points 0–100, in a half-year open
   * to the caller, each with its history row (saveFinal). Everything is checked before anything is
   * written; a failure anywhere writes nothing.
   */
  private async writeCells(auth: AuthInfo, journalId: number, written: WrittenCell[], source: Source = 'journal', finals: WrittenFinal[] = []) {
    if (written.length > CELLS_PER_WRITE_MAX || finals.length > FINALS_PER_WRITE_MAX) throw badRequest();
    const a = await ownJournal(this.ctx.db, auth, journalId);
    // Every mark of the write is read against the journal's scale before anything is written.
    const scale = scaleOf(a);
    const cells: Cell[] = written.map(({ written: w, ...c }) => ({ ...c, mark: parseMark(w, scale) }));
    // Final results: the checks of final/set.json (points, then the half-year), and one per student.
    for (const { points } of finals) assertPoints(points);
    if (finals.length) assertWritable(this.ctx, auth, a, null, 'mark');
    if (new Set(finals.map((f) => f.studentId)).size !== finals.length) throw badRequest();
    const now = this.ctx.now();
    // What the checks need, read in parallel before the transaction (which then only locks and writes).
    const [listed, timeList, recipients] = await Promise.all([
      repo.studentsOf(this.ctx.db, a, { only: [...new Set([...cells, ...finals].map((c) => c.studentId))] }),
      repo.lessonTimeList(this.ctx.db),
      repo.teacherUserIds(this.ctx.db, a.teacherId),
    ]);
    const students = new Map(listed.map((s) => [s.id, s]));
    const times = new Set(timeList.map((t) => t.id));
    for (const f of finals) if (!students.has(f.studentId)) throw notFound();
    for (const c of cells) {
      if (!students.has(c.studentId)) throw notFound();
      checkOccurrence(this.ctx, auth, a, c.date, c.timeId, times, 'mark');
    }
    // Each cell is one statement (its record and its audit row together); several cells, or any final result, are one transaction.
    const by: repo.CellWriter = { source, userId: auth.userId, at: now };
    const writeAll = async (db: Db) => {
      const out: (Cell & { cell: VisitRow | null })[] = [];
      for (const c of cells) out.push({ ...c, cell: await writeCell(db, a, students.get(c.studentId)!, c, by) });
      for (const f of finals) await saveFinal(db, a, f.studentId, f.points, auth.userId, now);
      const stored = await finalsOf(
        db,
        a,
        finals.map((f) => f.studentId),
      );
      return { cells: out, finals: new Map<number, FinalResult>(stored.map((r) => [r.id_student, r])) };
    };
    const results = cells.length === 1 && finals.length === 0 ? await writeAll(this.ctx.db) : await this.ctx.db.transaction(writeAll);
    // Sent after the commit (publishCommitted). Final results are not among the cells the event
    // carries: with them, the journal's other tabs read it again.
    const change: LiveJournalChange = {
      id_journal: a.id,
      cells: results.cells.map((o) => ({ id_student: o.studentId, visitDate: o.date, id_time: o.timeId, cell: o.cell })),
      reload: finals.length > 0,
    };
    publishCommitted(this.ctx, recipients, change);
    return results;
  }

  /**
   * Marks given to one lesson of the caller's journal from elsewhere: checked as every write is (the
   * caller's journal, each mark on its scale, the lesson's date and time in a period open to him),
   * then, in one transaction with the lesson locked (two of these at once take turns), each listed
   * student's mark written as a cell is (with its history row), but a record holding a mark is kept
   * unless `overwrite`, and one holding this very mark is left as it is (so giving the same marks
   * again writes nothing). A student not on the journal's list is left out (notListed). A failure
   * anywhere writes nothing.
   */
  async giveMarks(auth: AuthInfo, input: GivenMarks): Promise<Map<number, GivenMarkOutcome>> {
    if (input.marks.length > CELLS_PER_WRITE_MAX) throw badRequest();
    const a = await ownJournal(this.ctx.db, auth, input.journalId);
    const scale = scaleOf(a);
    const marks = input.marks.map((m) => ({ studentId: m.studentId, mark: parseMark(m.mark, scale) }));
    const [listed, recipients] = await Promise.all([
      repo.studentsOf(this.ctx.db, a, { only: marks.map((m) => m.studentId) }),
      repo.teacherUserIds(this.ctx.db, a.teacherId),
    ]);
    checkOccurrence(this.ctx, auth, a, input.date, input.timeId, await lessonTimeIds(this.ctx.db), 'mark');
    const students = new Map(listed.map((s) => [s.id, s]));
    const by: repo.CellWriter = { source: 'journal', userId: auth.userId, at: this.ctx.now(), origin: input.origin };
    const outcome = new Map<number, GivenMarkOutcome>();
    const cells = await this.ctx.db.transaction(async (tx) => {
      const lesson = { date: input.date, timeId: input.timeId };
      await repo.lockLesson(tx, a.id, lesson);
      const held = await repo.lessonMarks(tx, a.id, lesson, { lock: true });
      const out: LiveJournalChange['cells'] = [];
      for (const m of marks) {
        const s = students.get(m.studentId);
        const old = held.get(m.studentId);
        if (!s) outcome.set(m.studentId, 'notListed');
        else if (old !== undefined && old === m.mark) outcome.set(m.studentId, 'unchanged');
        else if (old !== undefined && old !== null && !input.overwrite) outcome.set(m.studentId, 'kept');
        else {
          const cell = await writeCell(tx, a, s, { studentId: s.id, date: input.date, timeId: input.timeId, mark: m.mark }, by);
          out.push({ id_student: s.id, visitDate: input.date, id_time: input.timeId, cell });
          outcome.set(m.studentId, 'written');
        }
      }
      return out;
    });
    if (cells.length) publishCommitted(this.ctx, recipients, { id_journal: a.id, cells, reload: false });
    return outcome;
  }

  /** Mark all present: a "present" record for every listed student without one; others stay as they are. */
  async insertAll(auth: AuthInfo, input: InsertAllBody): Promise<{ inserted: number }> {
    const a = await ownJournal(this.ctx.db, auth, input.id_journal);
    const now = this.ctx.now();
    return this.ctx.db.transaction(async (tx) => {
      const students = await repo.studentsOf(tx, a);
      checkOccurrence(this.ctx, auth, a, input.visitDate, input.id_time, await lessonTimeIds(tx), 'mark');
      const rows = await repo.insertPresent(
        tx,
        students.map((s) => journalVisit(a, s, input.visitDate, input.id_time, null, 'bulk', auth.userId, now)),
      );
      await repo.recordChanges(tx, repo.bulkChanges(rows, a.id, 'insert', { source: 'bulk', userId: auth.userId, at: now }));
      const cells = rows.map((r) => ({ id_student: r.studentId, visitDate: r.visitDate, id_time: r.lessonTimeId, cell: visitView(r) }));
      await publishChange(this.ctx, tx, a, { id_journal: a.id, cells, reload: cells.length === 0 });
      return { inserted: rows.length };
    });
  }
}

/** One cell written with its audit row: the record after the write (null: cleared). */
async function writeCell(db: Db, a: repo.Assignment, student: repo.StudentRow, c: Cell, by: repo.CellWriter): Promise<VisitRow | null> {
  const key = { assignmentId: a.id, studentId: c.studentId, date: c.date, timeId: c.timeId };
  if (c.mark === undefined) {
    await repo.deleteCell(db, key, by);
    return null;
  }
  const written =
    (await repo.updateCell(db, key, c.mark, by)) ??
    (await repo.insertCell(db, journalVisit(a, student, c.date, c.timeId, c.mark, by.source as Source, by.userId, by.at), by)) ??
    // Another writer created it meanwhile: write over it (the later write wins).
    (await repo.updateCell(db, key, c.mark, by));
  if (!written) throw new AppError(409, 'CONFLICT');
  return visitView(written);
}
