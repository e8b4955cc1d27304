/**
 * QR area (docs/areas/qr.md#for-users): the teacher's projector screen (the attendance session, its rotating
 * token, the marks coming in live and the review list), the student's scan-and-mark screen, and
 * the student's own card link.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  QrAcceptedLesson,
  QrAttendanceQuery,
  QrAttendanceReport,
  QrCard,
  QrCardLink,
  QrLiveMark,
  QrOpenBody,
  QrOpenLesson,
  QrOwnMark,
  QrReportDiscipline,
  QrReportQuery,
  QrReportRow,
  QrReviewList,
  QrReviewMark,
  QrScannedLesson,
  QrSession,
  QrToken,
  QrVisit,
} from '@contract/qr';
import type { ScheduleQr } from '@contract/schedule';
import type { ReportLevel } from '@api/qr';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

/** Why a position could not be read: permission refused, unavailable, too slow. */
export type LocateProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export interface QrState {
  projector: {
    idShed: number | null;
    session: Loadable<QrSession | null>;
    /** The lesson is not in its time now: the teacher may hold it as a make-up lesson. */
    notNow: boolean;
    /** The lesson's details once it was found out of its time (the projector names it until a session is shown). */
    lesson: ScheduleQr | null;
    token: QrToken | null;
    tokenError: Failure | null;
    /** The token did not come for a passing reason (network, server away): it is asked for again. */
    tokenRetrying: boolean;
    /** The server's clock minus this device's (ms): the countdown to the next code goes by the server's. */
    skewMs: number;
    decide: Loadable<null>;
  };
  scan: {
    token: string | null;
    lesson: Loadable<QrScannedLesson | null>;
    /** The student's lessons in progress (for the typed code). */
    lessonsNow: Loadable<QrOpenLesson[]>;
    locating: boolean;
    locateProblem: LocateProblem | null;
    visit: Loadable<QrVisit | null>;
    /** The lesson the last mark was sent for, and whether with a typed code (not a scanned token). */
    sent: { idShed: number; typed: boolean } | null;
    /** The student's marks that wait for the teacher, were rejected or expired into absences. */
    ownMarks: Loadable<QrOwnMark[]>;
  };
  /** The teacher's review list: every undecided mark of his lessons. */
  review: { list: Loadable<QrReviewMark[]>; decide: Loadable<null> };
  card: Loadable<QrCardLink | null>;
  /** The public student card a QR code opens (no session): invalid for a malformed, unknown or revoked link. */
  publicCard: { view: 'loading' | 'invalid' | 'failed' | 'card'; card: QrCard | null };
  report: {
    /** The half-year shown (null until the current one is known). */
    year: number | null;
    ws: 1 | 2;
    /** The way down: each level chosen, with the row picked in it. */
    crumbs: { level: ReportLevel; id: number; name: string }[];
    level: ReportLevel;
    query: QrReportQuery | null;
    rows: Loadable<QrReportRow[]>;
  };
  /** A group's attendance in one discipline from every source (shown once a group is chosen). */
  groupReport: {
    group: number | null;
    disciplines: Loadable<QrReportDiscipline[]>;
    query: QrAttendanceQuery | null;
    data: Loadable<QrAttendanceReport | null>;
  };
}

export const initialQrState: QrState = {
  projector: {
    idShed: null,
    session: idle(null),
    notNow: false,
    lesson: null,
    token: null,
    tokenError: null,
    tokenRetrying: false,
    skewMs: 0,
    decide: idle(null),
  },
  scan: { token: null, lesson: idle(null), lessonsNow: idle([]), locating: false, locateProblem: null, visit: idle(null), sent: null, ownMarks: idle([]) },
  review: { list: idle([]), decide: idle(null) },
  card: idle(null),
  publicCard: { view: 'loading', card: null },
  report: { year: null, ws: 1, crumbs: [], level: 'faculty', query: null, rows: idle([]) },
  groupReport: { group: null, disciplines: idle([]), query: null, data: idle(null) },
};

/** The marks of a session with one mark added or replaced (newest first), and the new count. */
export function withMark(session: QrSession, live: QrLiveMark): QrSession {
  if (live.sessionId !== session.sessionId) return session;
  const rest = session.marks.filter((m) => m.id !== live.mark.id);
  return { ...session, count: live.count, marks: [live.mark, ...rest].sort((a, b) => b.id - a.id) };
}

const slice = createSlice({
  name: 'qr',
  initialState: initialQrState,
  reducers: {
    /** The projector screen is shown for a lesson: attendance opens (if the lesson is in its time). */
    projectorOpened(state, action: PayloadAction<{ idShed: number }>) {
      state.projector = { ...initialQrState.projector, idShed: action.payload.idShed };
    },
    /** The projector screen is left: the token stops rotating. */
    projectorClosed(state) {
      state.projector = initialQrState.projector;
    },
    openRequested(state, _action: PayloadAction<QrOpenBody>) {
      state.projector.session = started(null);
      state.projector.notNow = false;
    },
    openSucceeded(state, action: PayloadAction<QrSession>) {
      state.projector.session = succeeded(action.payload);
    },
    openFailed(state, action: PayloadAction<Failure>) {
      state.projector.notNow = action.payload.error?.params?.reason === 'notNow';
      state.projector.session = state.projector.notNow ? idle(null) : failed(action.payload, null);
    },
    /** The details of a lesson out of its time arrived. */
    lessonFound(state, action: PayloadAction<ScheduleQr>) {
      if (state.projector.idShed === action.payload.id) state.projector.lesson = action.payload;
    },
    stateRequested() {},
    stateSucceeded(state, action: PayloadAction<QrSession>) {
      if (state.projector.session.data?.sessionId === action.payload.sessionId) state.projector.session = succeeded(action.payload);
    },
    stateFailed(state, action: PayloadAction<Failure>) {
      state.projector.session.error = action.payload;
    },
    /** The server's clock was read (before the first token). */
    clockKnown(state, action: PayloadAction<{ skewMs: number }>) {
      state.projector.skewMs = action.payload.skewMs;
    },
    tokenSucceeded(state, action: PayloadAction<QrToken>) {
      state.projector.token = action.payload;
      state.projector.tokenError = null;
      state.projector.tokenRetrying = false;
    },
    tokenFailed(state, action: PayloadAction<{ failure: Failure; retrying: boolean }>) {
      state.projector.token = null;
      state.projector.tokenError = action.payload.failure;
      state.projector.tokenRetrying = action.payload.retrying;
    },
    liveMarkReceived(state, action: PayloadAction<QrLiveMark>) {
      const session = state.projector.session.data;
      if (session) state.projector.session.data = withMark(session, action.payload);
    },
    decideRequested(state, _action: PayloadAction<{ markId: number; accept: boolean }>) {
      state.projector.decide = started(null);
    },
    decideSucceeded(state, action: PayloadAction<QrSession>) {
      state.projector.decide = succeeded(null);
      state.projector.session = succeeded(action.payload);
    },
    decideFailed(state, action: PayloadAction<Failure>) {
      state.projector.decide = failed(action.payload, null);
    },
    closeRequested() {},
    closeSucceeded(state, action: PayloadAction<QrSession>) {
      state.projector.session = succeeded(action.payload);
      state.projector.token = null;
    },

    /** The scan screen is shown (with the token of a scanned link, if any). */
    scanOpened(state, action: PayloadAction<{ token: string | null; hold?: string | null }>) {
      state.scan = { ...initialQrState.scan, token: action.payload.token };
    },
    /** A token scanned (or the link's); `hold`: the scan kept through sign-in on this device (scanHold.ts). */
    scanned(state, action: PayloadAction<{ token: string; hold?: string | null }>) {
      state.scan = {
        ...initialQrState.scan,
        lessonsNow: state.scan.lessonsNow,
        ownMarks: state.scan.ownMarks,
        token: action.payload.token,
        lesson: started(null),
      };
    },
    lessonSucceeded(state, action: PayloadAction<QrScannedLesson>) {
      state.scan.lesson = succeeded(action.payload);
    },
    lessonFailed(state, action: PayloadAction<Failure>) {
      state.scan.lesson = failed(action.payload, null);
    },
    lessonsNowRequested(state) {
      state.scan.lessonsNow = started([]);
    },
    lessonsNowSucceeded(state, action: PayloadAction<QrOpenLesson[]>) {
      state.scan.lessonsNow = succeeded(action.payload);
    },
    lessonsNowFailed(state, action: PayloadAction<Failure>) {
      state.scan.lessonsNow = failed(action.payload, []);
    },
    /** The student sends the mark: a fresh position is read first. */
    submitRequested(state, action: PayloadAction<{ idShed: number; idAud: number; token?: string; code?: string }>) {
      state.scan.locating = true;
      state.scan.locateProblem = null;
      state.scan.visit = idle(null);
      state.scan.sent = { idShed: action.payload.idShed, typed: action.payload.code !== undefined };
    },
    located(state) {
      state.scan.locating = false;
      state.scan.visit = started(null);
    },
    locateFailed(state, action: PayloadAction<LocateProblem>) {
      state.scan.locating = false;
      state.scan.locateProblem = action.payload;
    },
    visitSucceeded(state, action: PayloadAction<QrVisit>) {
      state.scan.visit = succeeded(action.payload);
    },
    visitFailed(state, action: PayloadAction<Failure>) {
      state.scan.visit = failed(action.payload, null);
    },
    /** A typed code refused as it was checked (before any position was read). */
    codeRefused(state, action: PayloadAction<Failure>) {
      state.scan.locating = false;
      state.scan.visit = failed(action.payload, null);
    },
    ownMarksRequested(state) {
      state.scan.ownMarks = started(state.scan.ownMarks.data);
    },
    ownMarksSucceeded(state, action: PayloadAction<QrOwnMark[]>) {
      state.scan.ownMarks = succeeded(action.payload);
    },
    ownMarksFailed(state, action: PayloadAction<Failure>) {
      state.scan.ownMarks = failed(action.payload, []);
    },

    /** The review list is shown: every undecided mark of the teacher's lessons loads. */
    reviewOpened(state) {
      state.review.list = started(state.review.list.data);
    },
    reviewListSucceeded(state, action: PayloadAction<QrReviewList>) {
      state.review.list = succeeded(action.payload.marks);
    },
    reviewListFailed(state, action: PayloadAction<Failure>) {
      state.review.list = failed(action.payload, state.review.list.data);
    },
    reviewDecideRequested(state, _action: PayloadAction<{ markId: number; accept: boolean }>) {
      state.review.decide = started(null);
    },
    reviewDecided(state, _action: PayloadAction<QrSession>) {
      state.review.decide = succeeded(null);
    },
    reviewDecideFailed(state, action: PayloadAction<Failure>) {
      state.review.decide = failed(action.payload, null);
    },
    /** "Accept all of this lesson": every undecided mark of one session at once. */
    reviewAcceptLessonRequested(state, _action: PayloadAction<{ sessionId: number }>) {
      state.review.decide = started(null);
    },
    reviewAcceptedLesson(state, _action: PayloadAction<QrAcceptedLesson>) {
      state.review.decide = succeeded(null);
    },

    /** The report screen is shown: the current half-year, then the top level for the role. */
    reportOpened() {},
    reportRequested(state, action: PayloadAction<{ level: ReportLevel; query: QrReportQuery; crumbs: QrState['report']['crumbs'] }>) {
      const { level, query, crumbs } = action.payload;
      state.report = { year: query.year, ws: query.ws, level, query, crumbs, rows: started([]) };
    },
    /** A group's disciplines are asked for (the report is shown for its students). */
    groupDisciplinesRequested(state, action: PayloadAction<{ year: number; ws: 1 | 2; group: number }>) {
      state.groupReport = { group: action.payload.group, disciplines: started([]), query: null, data: idle(null) };
    },
    groupDisciplinesSucceeded(state, action: PayloadAction<QrReportDiscipline[]>) {
      state.groupReport.disciplines = succeeded(action.payload);
    },
    groupDisciplinesFailed(state, action: PayloadAction<Failure>) {
      state.groupReport.disciplines = failed(action.payload, []);
    },
    attendanceRequested(state, action: PayloadAction<QrAttendanceQuery>) {
      state.groupReport.query = action.payload;
      state.groupReport.data = started(null);
    },
    attendanceSucceeded(state, action: PayloadAction<QrAttendanceReport>) {
      state.groupReport.data = succeeded(action.payload);
    },
    attendanceFailed(state, action: PayloadAction<Failure>) {
      state.groupReport.data = failed(action.payload, null);
    },
    reportSucceeded(state, action: PayloadAction<QrReportRow[]>) {
      state.report.rows = succeeded(action.payload);
    },
    reportFailed(state, action: PayloadAction<Failure>) {
      state.report.rows = failed(action.payload, []);
    },
    /** The student's own QR screen is shown: its card link loads. */
    mineOpened() {},
    /** The public card is shown for the link's token. */
    publicCardOpened(state, _action: PayloadAction<{ data: string }>) {
      state.publicCard = { view: 'loading', card: null };
    },
    publicCardSucceeded(state, action: PayloadAction<QrCard>) {
      state.publicCard = { view: 'card', card: action.payload };
    },
    publicCardRefused(state, action: PayloadAction<{ invalid: boolean }>) {
      state.publicCard = { view: action.payload.invalid ? 'invalid' : 'failed', card: null };
    },
    cardRequested(state, _action: PayloadAction<{ renew: boolean }>) {
      state.card = started(null);
    },
    cardSucceeded(state, action: PayloadAction<QrCardLink>) {
      state.card = succeeded(action.payload);
    },
    cardFailed(state, action: PayloadAction<Failure>) {
      state.card = failed(action.payload, null);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialQrState);
  },
});

export const qrActions = slice.actions;
export const qrReducer = slice.reducer;

type WithQr = { qr: QrState };
export const selectQr = (state: WithQr) => state.qr;
