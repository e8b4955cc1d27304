/** QR attendance: its timings and limits, the teacher's session, its marks and tokens (see qr.ts). */
import { Type, type Static } from 'typebox';
import { DbId, Ok } from './common';

/** A QR token changes this often (ms)… */
export const QR_ROTATE_MS = 15_000;
/** …and stays valid this long after its window ends (ms). */
export const QR_GRACE_MS = 5_000;
/** Digits of the typed fallback code. */
export const QR_CODE_LENGTH = 6;
/** A make-up session opened outside the lesson's time lasts this long (ms): one pair. */
export const QR_MAKEUP_MS = 80 * 60_000;
/** A reading whose accuracy is worse than this (m), or worse than the room's radius, goes to the teacher's review ('accuracy'). */
export const QR_ACCURACY_MAX_M = 100;
/** A reading at least this precise (m) is implausible indoors: it goes to the teacher's review ('precision'), never refused. */
export const QR_PRECISION_MIN_M = 5;
/** A receipt (a scan or typed code checked when it was read) lets its mark through this long after (ms). */
export const QR_RECEIPT_MS = 75_000;
/**
 * A scan kept through sign-in (hold.json) completes the mark this long after the scan (ms): a
 * student who opened the projector's link signed out has a few minutes to sign in.
 */
export const QR_HOLD_MS = 5 * 60_000;
/** A typed code of this many windows before the current one is a late code ('stale'), not a wrong try. */
export const QR_STALE_WINDOWS = 4;
/**
 * Wrong typed codes a student may send in QR_CODE_TRIES_WINDOW_MS: one more answers 429 until the
 * oldest of them leaves the window (a six-digit code cannot be tried one after the other).
 */
export const QR_CODE_TRIES = 5;
export const QR_CODE_TRIES_WINDOW_MS = 10 * 60_000;

/** GET /api/qr/time.json: the server's clock and the rotation, so that a client can count down. */
export const QrTime = Type.Object({ now: Type.String(), rotateMs: Type.Integer(), graceMs: Type.Integer() });
export type QrTime = Static<typeof QrTime>;
export const QrTimeReply = Ok(QrTime);

/**
 * POST /api/qr/session/open.json {idShed, makeup, reopen?} (teacher of that lesson): opens attendance
 * for today, or returns the session already open. Without `makeup` the lesson must be scheduled today
 * and now be within its pair (from 10 minutes before its start to its end), else 403 with
 * params.reason 'notNow'; with `makeup` the teacher holds it now as a make-up lesson: the session
 * lasts QR_MAKEUP_MS from now. A session its teacher closed today is returned closed (showing the
 * projector again does not open it) unless `reopen` (or `makeup`) asks for it to open again.
 */
export const QrOpenBody = Type.Object({ idShed: DbId, makeup: Type.Boolean(), reopen: Type.Optional(Type.Boolean()) });
export type QrOpenBody = Static<typeof QrOpenBody>;

/** 'expired': waited for review longer than the server's QR_REVIEW_EXPIRES_HOURS, and counts as absent. */
export const QrMarkStatus = Type.Union([Type.Literal('accepted'), Type.Literal('review'), Type.Literal('rejected'), Type.Literal('expired')]);
export type QrMarkStatus = Static<typeof QrMarkStatus>;
/**
 * Why a mark waits for the teacher: the device ('device') or the network address ('address') marked
 * for another student in the session, the address is outside the university's networks ('network',
 * when the server lists them), the position was off ('distance'), too imprecise to place
 * ('accuracy') or implausibly precise for a room ('precision').
 */
export const QrReviewReason = Type.Union([
  Type.Literal('device'),
  Type.Literal('address'),
  Type.Literal('network'),
  Type.Literal('distance'),
  Type.Literal('accuracy'),
  Type.Literal('precision'),
  Type.Null(),
]);
export type QrReviewReason = Static<typeof QrReviewReason>;

export const QrMark = Type.Object({
  id: Type.Integer(),
  idStud: Type.Integer(),
  fio: Type.String(),
  status: QrMarkStatus,
  reason: QrReviewReason,
  /** Distance from the room (m), rounded. */
  distanceM: Type.Integer(),
  at: Type.String(),
  /** On the projector's marks: it came from outside the networks marks are expected from (QrSession's networksListed). */
  outside: Type.Optional(Type.Boolean()),
});
export type QrMark = Static<typeof QrMark>;

export const QrSession = Type.Object({
  sessionId: Type.Integer(),
  idShed: Type.Integer(),
  /** The lesson's date, 'YYYY-MM-DD'. */
  date: Type.String(),
  opensAt: Type.String(),
  closesAt: Type.String(),
  makeup: Type.Boolean(),
  closed: Type.Boolean(),
  discipline: Type.String(),
  lessonType: Type.String(),
  group: Type.String(),
  room: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** Students expected (the group, subgroup or stream): the M of "N of M". */
  total: Type.Integer(),
  /** Accepted marks: the N. */
  count: Type.Integer(),
  marks: Type.Array(QrMark),
  /**
   * Are networks listed that marks are expected from (QR_ALLOWED_NETWORKS, or the room's own list)?
   * When not, a code relayed home is caught only by the position, and no mark is `outside`.
   */
  networksListed: Type.Boolean(),
});
export type QrSession = Static<typeof QrSession>;
export const QrSessionReply = Ok(QrSession);

/** POST /api/qr/session/state.json, /token.json, /close.json {sessionId}: the teacher's own session only. */
export const QrSessionBody = Type.Object({ sessionId: DbId });
export type QrSessionBody = Static<typeof QrSessionBody>;

/** The token of the current window: the QR code's text is `token`; `code` is typed by hand. */
export const QrToken = Type.Object({ token: Type.String(), code: Type.String(), expiresAt: Type.String() });
export type QrToken = Static<typeof QrToken>;
export const QrTokenReply = Ok(QrToken);
