/** The QR student card and the attendance reports (see qr.ts). */
import { Type, type Static } from 'typebox';
import { DbId, HalfYear, Ok, YearStart } from './common';

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
 * record per student, discipline and lesson (date and start time), counted as the group's report by date counts it
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
 * records ('н/б' absent, 'ув' excused, anything else present). One record per student per lesson,
 * a lesson being its date and start time (the two halves of a double pair are two lessons): a QR
 * mark and the journal record it wrote are one record; when a student has several for one lesson,
 * present outweighs excused, excused outweighs absent.
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
  /** The lesson's start, 'HH:MM'. */
  time: Type.String(),
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
  /** The lessons (date and start time), oldest first. */
  lessons: Type.Array(Type.Object({ date: Type.String(), time: Type.String() })),
  /** By lesson, then student name. */
  records: Type.Array(QrAttendanceRecord),
});
export type QrAttendanceReport = Static<typeof QrAttendanceReport>;
export const QrAttendanceReportReply = Ok(QrAttendanceReport);
