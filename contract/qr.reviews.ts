/** QR attendance: marks under the teacher's review, the student's own, and the live events (see qr.ts). */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';
import { QrMark, QrMarkStatus, QrReviewReason } from './qr.sessions';

/**
 * POST /api/qr/review/list.json {} (teachers): every undecided mark of the caller's lessons, whatever
 * the day, oldest first, each with its lesson and when it expires (QR_REVIEW_EXPIRES_HOURS after it
 * came: then it counts as absent and leaves the list). Decided with review/decide.json.
 */
export const QrReviewMark = Type.Object({
  ...QrMark.properties,
  sessionId: Type.Integer(),
  idShed: Type.Integer(),
  /** The lesson's date, 'YYYY-MM-DD'. */
  date: Type.String(),
  discipline: Type.String(),
  group: Type.String(),
  startsAt: Type.String(),
  expiresAt: Type.String(),
});
export type QrReviewMark = Static<typeof QrReviewMark>;
export const QrReviewList = Type.Object({ marks: Type.Array(QrReviewMark) });
export type QrReviewList = Static<typeof QrReviewList>;
export const QrReviewListReply = Ok(QrReviewList);

/**
 * POST /api/qr/student/marks.json {} (students): the caller's marks of the last 30 days that are not
 * plainly accepted (waiting for review, rejected, expired into an absence), newest first.
 */
export const QrOwnMark = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  discipline: Type.String(),
  status: QrMarkStatus,
  reason: QrReviewReason,
});
export type QrOwnMark = Static<typeof QrOwnMark>;
export const QrOwnMarksReply = Ok(Type.Array(QrOwnMark));

/** POST /api/qr/review/decide.json {markId, accept}: the teacher accepts (written to the journal) or rejects a mark under review. */
export const QrDecideBody = Type.Object({ markId: DbId, accept: Type.Boolean() });
export type QrDecideBody = Static<typeof QrDecideBody>;

/**
 * POST /api/qr/review/accept-lesson.json {sessionId} (its teacher): accepts every undecided mark of
 * one lesson's session at once (each written to the journal as present), in one transaction: all of
 * them or, when one was decided meanwhile (409 'decided'), none. `accepted`: how many.
 */
export const QrAcceptLessonBody = Type.Object({ sessionId: DbId });
export type QrAcceptLessonBody = Static<typeof QrAcceptLessonBody>;
export const QrAcceptedLesson = Type.Object({ accepted: Type.Integer() });
export type QrAcceptedLesson = Static<typeof QrAcceptedLesson>;
export const QrAcceptedLessonReply = Ok(QrAcceptedLesson);

/**
 * Live events on the one stream (GET /api/chat/events.json) for the teacher of a session:
 *   qrMark  QrLiveMark: a mark came in or was decided.
 * and for the students of its lesson:
 *   qrAttendance  QrLiveAttendance: its attendance opened (in its time or as a make-up lesson) or was closed.
 */
export interface QrLiveAttendance {
  idShed: number;
  open: boolean;
}

export interface QrLiveMark {
  sessionId: number;
  count: number;
  mark: QrMark;
}
