/**
 * The review list: every undecided mark of a teacher's lessons, decided after the lesson or on
 * another day (review/decide.json, qr.sessions.ts); a mark left undecided for
 * QR_REVIEW_EXPIRES_HOURS expires into an absence, written into the journal ("н/б", unless the teacher
 * wrote that cell already) and seen by its student (student/marks.json).
 * Expiry is applied whenever the list, a decision or a student's marks are read, so that nothing
 * waits on a timer.
 */
import type { AppContext } from '../../context';
import { ROLE_STUDENT, type Language } from '@contract/common';
import type { QrMarkStatus, QrOwnMark, QrReviewList, QrReviewReason } from '@contract/qr';
import { forbidden } from '../../app-error';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import { asTeacher, type AuthInfo } from '../../shared/caller';
import { assertWritable } from '../../shared/academic/journal-period';
import { JOURNAL_CHANGED_EVENT, qrAbsence } from '../../shared/journal-live';
import { visitValues, writeAbsence } from '../../shared/journal-visits';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.session.repository';
import * as reviews from './qr.review.repository';

const HOUR_MS = 3_600_000;
/** A student sees his unsettled marks of this many days. */
const OWN_MARKS_DAYS = 30;

export class QrReviews {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'live'>) {}

  private get expiresMs(): number {
    return this.ctx.config.qrReviewExpiresHours * HOUR_MS;
  }

  /**
   * Marks that waited longer than QR_REVIEW_EXPIRES_HOURS become absences: each writes "н/б" into
   * its journal cell through the journal's own write (shared/journal-visits.ts), in the same
   * transaction, unless the cell holds a value already (the teacher's stays) or its half-year's
   * journal is closed. The mark is linked to its cell's record (qr_marks.visit_id), and a written
   * absence reaches the journal's teacher as the journal's live event (sent at commit), so an open
   * journal shows it at once.
   */
  async expire(): Promise<void> {
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (tx) => {
      const expired = await reviews.expireReviews(tx, new Date(now.getTime() - this.expiresMs), now);
      for (const mark of expired) {
        const [entry, student] = await Promise.all([timetable.findEntry(tx, mark.scheduleEntryId), repo.studentFacts(tx, mark.studentId)]);
        if (!entry || !student || !this.writable(entry, mark.lessonDate, now)) continue;
        const values = visitValues(entry, student, mark.lessonDate, entry.lessonTimeId, entry.id);
        const visitId = await writeAbsence(tx, values, null);
        await reviews.linkExpired(tx, mark.id, values);
        if (visitId !== null)
          await this.ctx.live.publish(
            tx,
            JOURNAL_CHANGED_EVENT,
            await reviews.teacherAccounts(tx, entry.teacherId),
            qrAbsence(entry.teachingAssignmentId, { id: visitId, ...values }, now),
          );
      }
    });
  }

  /** May the journal of the entry's half-year still be written on that date (the period rule, shared/academic/journal-period.ts)? */
  private writable(entry: timetable.EntryRow, date: string, now: Date): boolean {
    try {
      assertWritable(entry, date, 'mark', { now, graceDays: this.ctx.config.journalGraceDays, mayReopen: false });
      return true;
    } catch {
      return false;
    }
  }

  /** list.json: the teacher's undecided marks, with their lessons. */
  async list(auth: AuthInfo, lang: Language): Promise<QrReviewList> {
    const teacherId = asTeacher(auth);
    await this.expire();
    const rows = await reviews.reviewMarksOf(this.ctx.db, teacherId);
    const entries = await this.entriesOf(rows.map((r) => r.scheduleEntryId));
    return {
      marks: rows.flatMap((r) => {
        const e = entries.get(r.scheduleEntryId);
        if (!e) return [];
        return [
          {
            id: r.id,
            idStud: r.studentId,
            fio: fullName(r),
            status: 'review' as const,
            reason: r.reason as QrReviewReason,
            distanceM: Math.round(r.distanceM),
            at: new Date(r.createdAt).toISOString(),
            sessionId: r.sessionId,
            idShed: e.id,
            date: r.lessonDate,
            discipline: localName(e.discipline, lang),
            group: e.target,
            startsAt: e.startsAt,
            expiresAt: new Date(r.createdAt + this.expiresMs).toISOString(),
          },
        ];
      }),
    };
  }

  /** marks.json: the student's own marks that wait, were rejected or expired. */
  async ownMarks(auth: AuthInfo, lang: Language): Promise<QrOwnMark[]> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    await this.expire();
    const since = new Date(this.ctx.now().getTime() - OWN_MARKS_DAYS * 24 * HOUR_MS);
    const rows = await reviews.unsettledMarksOf(this.ctx.db, auth.uid, since);
    const entries = await this.entriesOf(rows.map((r) => r.scheduleEntryId));
    return rows.map((r) => ({
      id: r.id,
      date: r.lessonDate,
      discipline: localName(entries.get(r.scheduleEntryId)?.discipline ?? { nameRu: '', nameKg: '', nameEn: '' }, lang),
      status: r.status as QrMarkStatus,
      reason: r.reason as QrReviewReason,
    }));
  }

  private async entriesOf(ids: number[]): Promise<Map<number, timetable.EntryRow>> {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((id) => timetable.findEntry(this.ctx.db, id)));
    return new Map(found.flatMap((e) => (e ? [[e.id, e] as const] : [])));
  }
}
