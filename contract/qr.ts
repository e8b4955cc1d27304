/**
 * QR attendance calls under /api/qr/ and the QR student card and reports under /api/misc/
 * (docs/api.md#qr). Every call needs a session except the public card.
 *
 * The teacher opens an attendance session for a lesson (a timetable entry, idShed) on today's date;
 * the projector screen shows a QR code of a token the server signs for that session and a time
 * window of QR_ROTATE_MS, valid until its window ends plus QR_GRACE_MS, and a short typed code for
 * phones whose camera fails. A student posts the token (or the code) with a fresh GPS reading.
 */
import { Type, type Static } from 'typebox';
import { DbId, HalfYear, Ok, YearStart } from './common';

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
export const QrLessonBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type QrLessonBody = Static<typeof QrLessonBody>;
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
 * in its time or held now as a make-up lesson, with their scheduled start and whether the caller is
 * marked for it already: what a typed code can be sent for (the unmarked ones).
 */
export const QrOpenLesson = Type.Object({ ...QrLesson.properties, startsAt: Type.String(), marked: Type.Boolean() });
export type QrOpenLesson = Static<typeof QrOpenLesson>;
export const QrOpenLessonsReply = Ok(Type.Array(QrOpenLesson));

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

/**
 * POST /api/qr/card.json {}: the student's card link, made on first call ('/lms/studentqr?data=<token>').
 * POST /api/qr/card/revoke.json {}: a new token; the old link stops working at once.
 */
export const QrCardLink = Type.Object({ path: Type.String(), data: Type.String() });
export type QrCardLink = Static<typeof QrCardLink>;
export const QrCardLinkReply = Ok(QrCardLink);

/**
 * GET /api/misc/getstudentqrinfo?data=<token> (no session, rate-limited): the public card. An
 * unknown, revoked or malformed token → 404.
 */
export const QrCardQuery = Type.Object({ data: Type.String({ maxLength: 200 }) });
export type QrCardQuery = Static<typeof QrCardQuery>;
export const QrCardOrder = Type.Object({ date: Type.String(), text: Type.String() });
export const QrCard = Type.Object({
  photo: Type.Union([Type.String(), Type.Null()]),
  fio: Type.String(),
  group: Type.String(),
  code: Type.String(),
  course: Type.Integer(),
  semester: Type.Integer(),
  speciality: Type.String(),
  orders: Type.Array(QrCardOrder),
});
export type QrCard = Static<typeof QrCard>;
export const QrCardReply = Ok(QrCard);

/**
 * Attendance reports (GET, for teachers; a student gets only his own row), from every source: one
 * record per student, discipline and lesson date, counted as the group's report by date counts it
 * (QrAttendanceReport below: QR attendance and the journal's records), so a group that never held a
 * lesson with QR attendance has its row too.
 *   /api/misc/getstudentqrfaculty?year&ws                    by faculty
 *   /api/misc/getspecrepqr?year&ws&faculty                   by speciality of a faculty
 *   /api/misc/getstudentqrrate?year&ws&speciality            by group of a speciality
 *   /api/misc/getqrforreportstudent?year&ws&group            by student of a group
 */
export const QrReportQuery = Type.Object({
  year: YearStart,
  ws: HalfYear,
  faculty: Type.Optional(DbId),
  speciality: Type.Optional(DbId),
  group: Type.Optional(DbId),
});
export type QrReportQuery = Static<typeof QrReportQuery>;
/** GET /api/qr/report/levels.xlsx?level&year&ws[&faculty|&speciality|&group]: a level's rows as an Excel workbook. */
export const QrReportLevel = Type.Union([Type.Literal('faculty'), Type.Literal('speciality'), Type.Literal('group'), Type.Literal('student')]);
export type QrReportLevel = Static<typeof QrReportLevel>;
export const QrLevelXlsxQuery = Type.Object({
  level: QrReportLevel,
  year: YearStart,
  ws: HalfYear,
  faculty: Type.Optional(DbId),
  speciality: Type.Optional(DbId),
  group: Type.Optional(DbId),
});
export type QrLevelXlsxQuery = Static<typeof QrLevelXlsxQuery>;
export const QrReportRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Student-lessons with a record (present, absent or excused), and those present. */
  expected: Type.Integer(),
  present: Type.Integer(),
  /** present / expected in percent, one decimal (0 when nothing was expected). */
  rate: Type.Number(),
});
export type QrReportRow = Static<typeof QrReportRow>;
export const QrReportReply = Ok(Type.Array(QrReportRow));

/**
 * Attendance of one group in one discipline over a half-year, from every source: accepted QR marks,
 * the lessons held with QR attendance (a student without a mark is absent), and the journal's visit
 * records ('н/б' absent, 'ув' excused, anything else present). One record per student per lesson
 * date: a QR mark and the journal record it wrote are one record; when a student has several on a
 * date, present outweighs excused, excused outweighs absent.
 *   GET /api/qr/report/disciplines.json?year&ws&group           the group's disciplines of the half-year
 *   GET /api/qr/report/attendance.json?year&ws&group&discipline the report
 *   GET /api/qr/report/attendance.xlsx?year&ws&group&discipline the same as an Excel workbook
 * A teacher sees only the groups he teaches in that half-year unless he holds the report
 * permission (qr_report_viewers); a student is refused.
 */
export const QrGroupQuery = Type.Object({ year: YearStart, ws: HalfYear, group: DbId });
export type QrGroupQuery = Static<typeof QrGroupQuery>;
export const QrReportDiscipline = Type.Object({ id: Type.Integer(), name: Type.String() });
export type QrReportDiscipline = Static<typeof QrReportDiscipline>;
export const QrReportDisciplinesReply = Ok(Type.Array(QrReportDiscipline));

export const QrAttendanceQuery = Type.Object({ year: YearStart, ws: HalfYear, group: DbId, discipline: DbId });
export type QrAttendanceQuery = Static<typeof QrAttendanceQuery>;
export const QrAttendanceStatus = Type.Union([Type.Literal('present'), Type.Literal('absent'), Type.Literal('excused')]);
export type QrAttendanceStatus = Static<typeof QrAttendanceStatus>;
export const QrAttendanceSource = Type.Union([Type.Literal('qr'), Type.Literal('journal')]);
export type QrAttendanceSource = Static<typeof QrAttendanceSource>;
export const QrAttendanceRecord = Type.Object({
  studentId: Type.Integer(),
  /** 'YYYY-MM-DD' */
  date: Type.String(),
  status: QrAttendanceStatus,
  /** Where the record comes from: QR attendance, the journal typed by the teacher, or both. */
  sources: Type.Array(QrAttendanceSource),
});
export type QrAttendanceRecord = Static<typeof QrAttendanceRecord>;
export const QrAttendanceStudent = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  lessons: Type.Integer(),
  present: Type.Integer(),
  absent: Type.Integer(),
  excused: Type.Integer(),
  /** present / lessons in percent, one decimal (0 without lessons). */
  rate: Type.Number(),
});
export type QrAttendanceStudent = Static<typeof QrAttendanceStudent>;
export const QrAttendanceReport = Type.Object({
  group: Type.String(),
  discipline: Type.String(),
  students: Type.Array(QrAttendanceStudent),
  /** The lesson dates, oldest first. */
  dates: Type.Array(Type.String()),
  /** By date, then student name. */
  records: Type.Array(QrAttendanceRecord),
});
export type QrAttendanceReport = Static<typeof QrAttendanceReport>;
export const QrAttendanceReportReply = Ok(QrAttendanceReport);
