/**
 * A test's results sent to the journal as marks (docs/areas/testing.md#for-users): only the test's
 * teacher (a teacher of its discipline) sends them, only into a journal of his of the same discipline
 * (the journal's owner check, 403 for another's), through the journal's own write
 * (server/src/shared/journal-marks.ts, `ctx.areas.journalMarks`), so the journal's scale, period,
 * history, caches and live updates all apply. A result is the counted attempt's score as a
 * whole percent of its paper's maximum, made a mark of the journal's scale by markOfPercent
 * (contract/pure/test-marks.ts).
 */
import type { Language } from '@contract/common';
import { markOfPercent, type TestJournals, type ToJournalBody, type ToJournalResult } from '@contract/testing';
import { AppError, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import type { AuthInfo } from '../../shared/caller';
import type { JournalMarks } from '../../shared/journal-marks';
import * as att from './testing.attempts.repository';
import * as bank from './testing.bank.repository';
import { assertTeaches } from './testing.bank.service';
import { finishAttempt, maxScoreOf } from './testing.scoring';
import { countedOf } from './testing.tests.service';

export class TestingJournalService {
  constructor(private readonly ctx: AppContext) {}

  /** The journal's part (given by the journal area; app.ts sets it before any route). */
  private get marks(): JournalMarks {
    const marks = this.ctx.areas.journalMarks;
    if (!marks) throw new AppError(500, 'INTERNAL');
    return marks;
  }

  private async ownTest(auth: AuthInfo, id: number): Promise<att.TestRow> {
    const t = await att.test(this.ctx.db, id);
    if (!t) throw notFound();
    await assertTeaches(this.ctx.db, auth, t.disciplineId);
    return t;
  }

  /** The caller's journals of the test's discipline for its groups, each with its lessons, and the lesson times. */
  async journals(auth: AuthInfo, testId: number, lang: Language): Promise<TestJournals> {
    const t = await this.ownTest(auth, testId);
    const [rows, times] = await Promise.all([bank.journalsForTest(this.ctx.db, auth.uid, t.disciplineId, t.id), this.marks.times()]);
    const journals = await Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        name: `${localName(r, lang)}, ${r.groupName}${r.subgroup ? ` / ${r.subgroup}` : ''}`,
        year: r.year,
        ws: r.ws,
        scale: (await this.marks.journal(auth, r.id)).scale,
        lessons: await this.marks.lessons(r.id),
      })),
    );
    return { journals, times };
  }

  /**
   * Each student's counted result as a mark in the lesson of the journal (JournalWrites.giveMarks:
   * one transaction, a record holding a mark kept unless `overwrite`). Refused with nothing written:
   * another's journal (403), a journal of another discipline or holding none of the test's students
   * (TEST_JOURNAL_MISMATCH), no counted result (TEST_NO_RESULTS), the journal's own refusals (a
   * closed half-year, a date outside it or after today).
   */
  async toJournal(auth: AuthInfo, body: ToJournalBody): Promise<ToJournalResult> {
    const t = await this.ownTest(auth, body.id_test);
    const journal = await this.marks.journal(auth, body.id_journal);
    if (journal.disciplineId !== t.disciplineId) throw new AppError(400, 'TEST_JOURNAL_MISMATCH');
    await this.endExpired(auth, t);
    const [students, attempts] = await Promise.all([att.studentsOf(this.ctx.db, t.id), att.attemptsOf(this.ctx.db, t.id)]);
    const listed = await this.marks.listed(
      journal.id,
      students.map((s) => s.id),
    );
    if (listed.size === 0) throw new AppError(400, 'TEST_JOURNAL_MISMATCH');
    const questions = await bank.questionsById(
      this.ctx.db,
      attempts.flatMap((a) => a.paper.map((s) => s.q)),
    );
    const scale = journal.scale;
    const marks: { studentId: number; mark: string }[] = [];
    let noResult = 0;
    for (const s of students) {
      const c = countedOf(
        t,
        attempts.filter((a) => a.studentId === s.id),
      );
      const max = c ? maxScoreOf(c.paper, questions) : 0;
      if (!c || max <= 0) noResult++;
      else marks.push({ studentId: s.id, mark: String(markOfPercent(Math.round(((c.score ?? 0) / max) * 100), scale)) });
    }
    if (marks.length === 0) throw new AppError(409, 'TEST_NO_RESULTS');
    const outcome = await this.marks.giveMarks(auth, {
      journalId: journal.id,
      date: body.visitDate,
      timeId: body.id_time,
      marks,
      overwrite: body.overwrite,
    });
    const count = (o: string) => [...outcome.values()].filter((x) => x === o).length;
    return {
      written: count('written'),
      kept: count('kept'),
      unchanged: count('unchanged'),
      noResult,
      refused: students.filter((s) => outcome.get(s.id) === 'notListed').map((s) => ({ id_student: s.id, fio: s.fio, reason: 'notListed' as const })),
    };
  }

  /** The test's attempts past their deadline ended and graded first, as the results do. */
  private async endExpired(auth: AuthInfo, t: att.TestRow): Promise<void> {
    const now = this.ctx.now();
    const open = (await att.attemptsOf(this.ctx.db, t.id)).filter((a) => a.state === 'open' && now >= a.deadline);
    for (const a of open)
      await this.ctx.db.transaction(async (tx) => {
        const locked = await att.attempt(tx, a.id, true);
        if (locked) await finishAttempt(tx, locked, now, { ip: null, device: null, userId: auth.userId });
      });
  }
}
