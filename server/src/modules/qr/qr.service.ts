/**
 * QR attendance and the QR student card (docs/areas/qr.md#calls, docs/security.md#qr-attendance).
 *
 * A mark is accepted only when its token (or typed code) is current and of that lesson, the
 * lesson's session is open now, the student is one of the lesson's students, the reading is accurate
 * enough, and it is the student's first mark for the lesson; then it becomes a journal visit record
 * ("present") in the same transaction. A device that already marked another student, or a position
 * outside the room's radius, sends the mark to the teacher's review list instead.
 *
 * This file holds what the parts share; the parts beside it, each given only what it uses of the
 * app's context (put together in qr.parts.ts): qr.sessions.ts (the teacher's session, token and
 * decisions), qr.mark.checks.ts, qr.lookups.ts, qr.scans.ts and qr.marks.ts (the student's scan and
 * mark, in batches), qr.reviews.ts, qr.reports.ts and qr.group-report.ts (rates and the card).
 */
import type { AppContext } from '../../context';
import { AppError } from '../../app-error';
import { visitValues, type VisitValues } from '../../shared/journal-visits';
import * as timetable from '../../shared/timetable.repository';
import * as repo from './qr.session.repository';

/** The bus event of a mark (the teacher's stream sends it as `qrMark`). */
export const QR_MARK_EVENT = 'qr.mark';
/** The bus event of a lesson's attendance opened or closed (its students' streams send it as `qrAttendance`). */
export const QR_ATTENDANCE_EVENT = 'qr.attendance';

export const refused = (status: number, reason: string) =>
  new AppError(status, status === 409 ? 'CONFLICT' : status === 400 ? 'BAD_REQUEST' : 'FORBIDDEN', { reason });

/** Great-circle distance in metres. */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Is the session open at `now` (opened, not closed by its teacher, not past its end)? */
export function isOpen(session: repo.SessionRow, now: Date): boolean {
  return !session.closedAt && session.opensAt <= now && now < session.closesAt;
}

/** The journal record an accepted mark writes: the lesson's journal and timetable entry, the student, the session's date. */
export function markVisitValues(entry: timetable.EntryRow, session: repo.SessionRow, student: repo.StudentFacts): VisitValues {
  return visitValues(entry, student, session.lessonDate, entry.lessonTimeId, entry.id);
}

/** The token secret (qr_secrets), read once per process and shared by the parts that sign or check tokens, codes and receipts. */
export class TokenSecret {
  private value: Promise<Buffer> | null = null;

  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  get(): Promise<Buffer> {
    this.value ??= repo.secret(this.ctx.db);
    this.value.catch(() => (this.value = null));
    return this.value;
  }
}
