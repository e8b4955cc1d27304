/** QR attendance: the student's scan, typed code, device key and mark (see qr.ts). */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';
import { QR_CODE_LENGTH, QrMarkStatus, QrReviewReason } from './qr.sessions';

/**
 * POST /api/qr/student/visit.json {idShed, idStud, idAud, x, y, accuracy, token | code | receipt}:
 * the student's mark. idStud must be the caller (else 403). x is the latitude, y the longitude,
 * accuracy the reading's radius (m). `receipt` (from lesson.json or code.json) stands for a token or
 * code that was valid when it was read, for QR_RECEIPT_MS. Refusals (nothing is stored): 403 reason
 * 'token' (unknown, stale or another lesson's token, code or receipt), 'stale' (a typed code of one
 * of the last QR_STALE_WINDOWS windows: late, not counted as a wrong try), 'notOpen' (no session
 * open now for this lesson), 'notYours' (the student is not in its group or subgroup), 'room' (idAud
 * is not the lesson's room); 409 reason 'marked' (the student already has a mark for this lesson);
 * 429 after QR_CODE_TRIES wrong typed codes within QR_CODE_TRIES_WINDOW_MS.
 * A mark with a review reason (QrReviewReason) is kept for the teacher to decide (status 'review');
 * otherwise it is accepted and written to the journal at once.
 */
export const QrVisitBody = Type.Object({
  idShed: DbId,
  idStud: DbId,
  idAud: DbId,
  x: Type.Number({ minimum: -90, maximum: 90 }),
  y: Type.Number({ minimum: -180, maximum: 180 }),
  accuracy: Type.Number({ minimum: 0, maximum: 100000 }),
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  code: Type.Optional(Type.String({ minLength: QR_CODE_LENGTH, maxLength: QR_CODE_LENGTH, pattern: '^[0-9]+$' })),
  receipt: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  /** The phone's device key (QrDeviceKeyBody): its id and its signature of deviceKeyMessage(body, uid). */
  deviceKey: Type.Optional(
    Type.Object({
      id: Type.String({ pattern: '^[0-9a-f]{64}$' }),
      signature: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
    }),
  ),
});
export type QrVisitBody = Static<typeof QrVisitBody>;

/**
 * What a mark's device key signs (ECDSA P-256 with SHA-256, the signature as r‖s in base64url), so
 * that a signature is good for that one mark only: the UTF-8 text
 * `qr-mark|<idShed>|<the caller's uid>|<token>|<receipt>|<code>` (an absent part empty).
 */
/**
 * POST /api/qr/device/register.json {publicKey} (students): registers the phone's device key for the
 * caller, once per student and device (again: the same answer). publicKey: the raw uncompressed P-256
 * public key (65 bytes) in base64url; the answer's id is its SHA-256 in hex, the id marks carry.
 */
export const QrDeviceKeyBody = Type.Object({ publicKey: Type.String({ minLength: 87, maxLength: 87, pattern: '^[A-Za-z0-9_-]+$' }) });
export type QrDeviceKeyBody = Static<typeof QrDeviceKeyBody>;
export const QrDeviceKey = Type.Object({ id: Type.String() });
export type QrDeviceKey = Static<typeof QrDeviceKey>;
export const QrDeviceKeyReply = Ok(QrDeviceKey);
export const QrVisit = Type.Object({ status: QrMarkStatus, reason: QrReviewReason, discipline: Type.String() });
export type QrVisit = Static<typeof QrVisit>;
export const QrVisitReply = Ok(QrVisit);

/**
 * POST /api/qr/student/lesson.json {token}: which lesson a scanned token is for (before the mark),
 * with a receipt: the token was valid when scanned, and the mark may carry the receipt instead.
 */
export const QrLessonBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  /** The scan kept through sign-in (hold.json) on this device: the token may have expired since. */
  hold: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
});
export type QrLessonBody = Static<typeof QrLessonBody>;

/**
 * POST /api/qr/scan/hold.json {token} (no session: the projector's link opened signed out): the scan
 * kept through sign-in. When the token is current and its session open, `hold` is a signed note (a
 * JWT, HS256) of the session and the scan's time, bound to this device (the lms_qrdev cookie, set
 * when missing); lesson.json takes it with the token after sign-in for QR_HOLD_MS, from the same
 * device only, and the mark then counts the scan's time. 403 'token' or 'notOpen' otherwise.
 */
export const QrHoldBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type QrHoldBody = Static<typeof QrHoldBody>;
export const QrHold = Type.Object({ hold: Type.String() });
export type QrHold = Static<typeof QrHold>;
export const QrHoldReply = Ok(QrHold);
export const QrLesson = Type.Object({ idShed: Type.Integer(), idAud: Type.Integer(), discipline: Type.String(), room: Type.String() });
export type QrLesson = Static<typeof QrLesson>;
export const QrScannedLesson = Type.Object({ ...QrLesson.properties, receipt: Type.String() });
export type QrScannedLesson = Static<typeof QrScannedLesson>;
export const QrLessonReply = Ok(QrScannedLesson);

/**
 * POST /api/qr/student/code.json {idShed, code}: a typed code checked as it is typed (refusals and
 * the wrong-try count as for visit.json): its receipt, which the mark then carries.
 */
export const QrCodeBody = Type.Object({ idShed: DbId, code: Type.String({ minLength: QR_CODE_LENGTH, maxLength: QR_CODE_LENGTH, pattern: '^[0-9]+$' }) });
export type QrCodeBody = Static<typeof QrCodeBody>;
export const QrReceipt = Type.Object({ receipt: Type.String() });
export type QrReceipt = Static<typeof QrReceipt>;
export const QrReceiptReply = Ok(QrReceipt);

/**
 * POST /api/qr/student/lessons.json {} (students): the caller's lessons whose attendance is open now,
 * in its time or held now as a make-up lesson, with their scheduled start, kind, and whether the caller is
 * marked for it already (and whether that mark waits for review): what a typed code can be sent for (the unmarked ones).
 */
export const QrOpenLesson = Type.Object({
  ...QrLesson.properties,
  startsAt: Type.String(),
  /** The kind of lesson (lecture, lab…): two lessons of one discipline at one time differ by it. */
  lessonType: Type.String(),
  marked: Type.Boolean(),
  /** The caller's mark of it waits for the teacher's review. */
  waiting: Type.Boolean(),
});
export type QrOpenLesson = Static<typeof QrOpenLesson>;
export const QrOpenLessonsReply = Ok(Type.Array(QrOpenLesson));
