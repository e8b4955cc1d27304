/** QR attendance and QR card calls (docs/areas/qr.md#for-users). */
import type {
  QrHold,
  QrAcceptedLesson,
  QrAttendanceQuery,
  QrAttendanceReport,
  QrGroupQuery,
  QrReportDiscipline,
  QR_CODE_LENGTH,
  QR_GRACE_MS,
  QrCard,
  QrCardLink,
  QrDecideBody,
  QrCodeBody,
  QrDeviceKey,
  QrDeviceKeyBody,
  QrOpenLesson,
  QrOwnMark,
  QrReceipt,
  QrReviewList,
  QrScannedLesson,
  QrOpenBody,
  QrReportQuery,
  QrReportRow,
  QrSession,
  QrTime,
  QrToken,
  QrVisit,
  QrVisitBody,
} from '@contract/qr';
import { get, post } from './http';

const session = { session: true } as const;

export type ReportLevel = 'faculty' | 'speciality' | 'group' | 'student';
const REPORT_CALLS: Record<ReportLevel, string> = {
  faculty: 'getstudentqrfaculty',
  speciality: 'getspecrepqr',
  group: 'getstudentqrrate',
  student: 'getqrforreportstudent',
};
/** The level below each level, and the query field that names its parent. */
export const REPORT_NEXT: Record<ReportLevel, { level: ReportLevel; field: 'faculty' | 'speciality' | 'group' } | null> = {
  faculty: { level: 'speciality', field: 'faculty' },
  speciality: { level: 'group', field: 'speciality' },
  group: { level: 'student', field: 'group' },
  student: null,
};

const searchOf = (q: object) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

/** A report level's rows as an .xlsx file. */
export function levelXlsxUrl(level: ReportLevel, q: QrReportQuery): string {
  return `/api/qr/report/levels.xlsx?${searchOf({ level, ...q })}`;
}

/** A group's attendance report as an .xlsx file. */
export function attendanceXlsxUrl(q: QrAttendanceQuery): string {
  return `/api/qr/report/attendance.xlsx?${searchOf(q)}`;
}

// The client takes only types from the contract: these copies are checked against it by tsc.
export const CODE_LENGTH: typeof QR_CODE_LENGTH = 6;
export const GRACE_MS: typeof QR_GRACE_MS = 5_000;

export const qrApi = {
  time: () => get<QrTime>('api/qr/time.json', session),
  open: (body: QrOpenBody) => post<QrSession>('api/qr/session/open.json', body, session),
  state: (sessionId: number) => post<QrSession>('api/qr/session/state.json', { sessionId }, session),
  token: (sessionId: number) => post<QrToken>('api/qr/session/token.json', { sessionId }, session),
  close: (sessionId: number) => post<QrSession>('api/qr/session/close.json', { sessionId }, session),
  decide: (body: QrDecideBody) => post<QrSession>('api/qr/review/decide.json', body, session),
  reviewList: () => post<QrReviewList>('api/qr/review/list.json', {}, session),
  /** Accepts every undecided mark of one lesson's session. */
  acceptLesson: (sessionId: number) => post<QrAcceptedLesson>('api/qr/review/accept-lesson.json', { sessionId }, session),
  /** The lesson a scanned token is for; `hold`: the scan kept through sign-in on this device. */
  lesson: (token: string, hold?: string) => post<QrScannedLesson>('api/qr/student/lesson.json', hold ? { token, hold } : { token }, session),
  /** Signed out: keeps the scan on this device through sign-in (no session). */
  hold: (token: string) => post<QrHold>('api/qr/scan/hold.json', { token }),
  /** A typed code checked as it is typed: its receipt, which the mark carries. */
  code: (body: QrCodeBody) => post<QrReceipt>('api/qr/student/code.json', body, session),
  ownMarks: () => post<QrOwnMark[]>('api/qr/student/marks.json', {}, session),
  openLessons: () => post<QrOpenLesson[]>('api/qr/student/lessons.json', {}, session),
  /** Registers the phone's device key for the caller (once per student and phone). */
  registerDevice: (body: QrDeviceKeyBody) => post<QrDeviceKey>('api/qr/device/register.json', body, session),
  visit: (body: QrVisitBody) => post<QrVisit>('api/qr/student/visit.json', body, session),
  card: () => post<QrCardLink>('api/qr/card.json', {}, session),
  revokeCard: () => post<QrCardLink>('api/qr/card/revoke.json', {}, session),
  /** Attendance rates at a level (faculty → speciality → group → student). */
  report: (level: ReportLevel, query: QrReportQuery) =>
    get<QrReportRow[]>(`api/misc/${REPORT_CALLS[level]}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`, session),
  /** The disciplines a group has in a half-year (for its attendance report). */
  reportDisciplines: (q: QrGroupQuery) => get<QrReportDiscipline[]>(`api/qr/report/disciplines.json?${searchOf(q)}`, session),
  /** A group's attendance in a discipline from QR marks and the journal. */
  attendance: (q: QrAttendanceQuery) => get<QrAttendanceReport>(`api/qr/report/attendance.json?${searchOf(q)}`, session),
  /** The public card: no session. */
  publicCard: (data: string) => get<QrCard>(`api/misc/getstudentqrinfo?data=${encodeURIComponent(data)}`),
};

/** The text of the projector's QR code: the scan page with the token, so that a phone's own camera app opens it too. */
export function scanUrl(origin: string, token: string): string {
  return `${origin}/lms/qrscan?t=${encodeURIComponent(token)}`;
}

/** The token in a scanned text: the `t` parameter of a scan URL, or the text itself. */
export function tokenFromScan(text: string): string {
  try {
    const url = new URL(text);
    return url.searchParams.get('t') ?? text;
  } catch {
    return text.trim();
  }
}
