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
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import type { AuthInfo } from '../../shared/caller';
import type { JournalMarks } from '../../shared/journal-marks';
import * as bank from './testing.bank.repository';
import { countedPercents, ownTest } from './testing.sending';

export class TestingJournalService {
  constructor(private readonly ctx: AppContext) {}

  /** The journal's part (given by the journal area; app.ts sets it before any route). */
  private get marks(): JournalMarks {
    const marks = this.ctx.areas.journalMarks;
    if (!marks) throw new AppError(500, 'INTERNAL');
    return marks;
  }

  /** The caller's journals of the test's discipline for its groups, each with its lessons, and the lesson times. */
  async journals(auth: AuthInfo, testId: number, lang: Language): Promise<TestJournals> {
    const t = await ownTest(this.ctx, auth, testId);
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
    const t = await ownTest(this.ctx, auth, body.id_test);
    const journal = await this.marks.journal(auth, body.id_journal);
    if (journal.disciplineId !== t.disciplineId) throw new AppError(400, 'TEST_JOURNAL_MISMATCH');
    const { students, percents } = await countedPercents(this.ctx, auth, t);
    const listed = await this.marks.listed(
      journal.id,
      students.map((s) => s.id),
    );
    if (listed.size === 0) throw new AppError(400, 'TEST_JOURNAL_MISMATCH');
    const marks = [...percents].map(([studentId, percent]) => ({ studentId, mark: String(markOfPercent(percent, journal.scale)) }));
    const noResult = students.length - marks.length;
    if (marks.length === 0) throw new AppError(409, 'TEST_NO_RESULTS');
    const outcome = await this.marks.giveMarks(auth, {
      journalId: journal.id,
      date: body.visitDate,
      timeId: body.id_time,
      marks,
      overwrite: body.overwrite,
      origin: { source: 'test', title: t.title },
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
}
