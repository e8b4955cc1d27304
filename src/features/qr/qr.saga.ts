/**
 * QR loads: opening attendance and the token that rotates while the projector screen is shown, the
 * session's state, review decisions, the student's scan (lesson, fresh position, mark) and the card link.
 */
import { call, delay, put, race, select, take } from 'redux-saga/effects';
import { rootSaga } from '@shared/request/watchers';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@contract/auth';
import type { QrAttendanceQuery, QrCard, QrOpenBody, QrReceipt, QrReportQuery, QrSession, QrToken } from '@contract/qr';
import type { ScheduleQr } from '@contract/schedule';
import { GRACE_MS, qrApi, type ReportLevel } from '@api/qr';
import { ROLE_STUDENT } from '@shared/request/roles';
import { scheduleApi } from '@api/schedule';
import { request, requireUser } from '@shared/request/request.saga';
import { requirePeriod } from '@shared/settings/settings';
import { isPassingFailure, type Failure, type Result } from '@api/http';
import { positionForMark, startEarlyReading, type Reading } from './geo';
import { signMark } from './deviceKey';
import { qrActions, selectQr, type LocateProblem, type QrState } from './qr.slice';

/** Shortest and longest wait between two tokens (ms). */
const MIN_WAIT_MS = 1_000;
const MAX_WAIT_MS = 15_000;

export function* openSaga(action: PayloadAction<QrOpenBody>) {
  const opened = (yield call(qrApi.open, action.payload)) as Result<QrSession>;
  if (opened.ok) {
    yield put(qrActions.openSucceeded(opened.data));
    return;
  }
  // Out of its time: the projector names the lesson, so the teacher starts the make-up of the right
  // one. Its details come before the offer to start, so that the offer's button does not move under
  // the pointer when the lesson's name takes the title's place. Without the details the screen still
  // offers the start (they only inform).
  if (opened.error?.params?.reason === 'notNow') {
    const details = (yield call(scheduleApi.qr, { idShed: action.payload.idShed })) as Result<ScheduleQr>;
    if (details.ok) yield put(qrActions.lessonFound(details.data));
  }
  yield put(qrActions.openFailed(opened));
}

export function* projectorOpenedSaga(action: PayloadAction<{ idShed: number }>) {
  yield put(qrActions.openRequested({ idShed: action.payload.idShed, makeup: false }));
}

/** The longest wait before asking again for a token that did not come (s). */
const MAX_TOKEN_RETRY_S = 15;

/**
 * Seconds before the projector asks again for a token that did not come, or null when the answer
 * settles it (the session closed, not the teacher's, the session ended). The server or the network
 * away, or the server putting requests off (429, 503 with Retry-After): the room's Wi-Fi comes back,
 * so the code does too, without the teacher reloading the page in front of the class.
 */
export function tokenRetryDelay(failure: Failure, failedBefore: number): number | null {
  if (!isPassingFailure(failure) && failure.status !== 429) return null;
  return Math.min(MAX_TOKEN_RETRY_S, failure.retryAfter ?? 2 ** Math.min(failedBefore, 3));
}

/** While the session is open and the screen shown: a token, then the next one when its window ends. */
export function* tokenLoop(session: QrSession) {
  const time = (yield call(qrApi.time)) as Result<{ now: string }>;
  const skew = time.ok ? Date.parse(time.data.now) - Date.now() : 0;
  yield put(qrActions.clockKnown({ skewMs: skew }));
  for (let failed = 0; ;) {
    const result = (yield call(qrApi.token, session.sessionId)) as Result<QrToken>;
    if (!result.ok) {
      const wait = tokenRetryDelay(result, failed++);
      yield put(qrActions.tokenFailed({ failure: result, retrying: wait !== null }));
      if (wait === null) return;
      yield delay(wait * 1000);
      continue;
    }
    failed = 0;
    yield put(qrActions.tokenSucceeded(result.data));
    const windowEnds = Date.parse(result.data.expiresAt) - GRACE_MS;
    yield delay(Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, windowEnds - (Date.now() + skew) + 100)));
  }
}

export function* sessionOpenSaga(action: PayloadAction<QrSession>) {
  if (action.payload.closed) return;
  yield race({ loop: call(tokenLoop, action.payload), left: take(qrActions.projectorClosed.type), closed: take(qrActions.closeSucceeded.type) });
}

export function* stateSaga() {
  const { projector } = (yield select(selectQr)) as QrState;
  const id = projector.session.data?.sessionId;
  if (!id) return;
  yield* request(qrApi.state, [id], { succeeded: qrActions.stateSucceeded, failed: qrActions.stateFailed });
}

export function* decideSaga(action: PayloadAction<{ markId: number; accept: boolean }>) {
  yield* request(qrApi.decide, [action.payload], { succeeded: qrActions.decideSucceeded, failed: qrActions.decideFailed });
}

export function* closeSaga() {
  const { projector } = (yield select(selectQr)) as QrState;
  const id = projector.session.data?.sessionId;
  if (!id) return;
  yield* request(qrApi.close, [id], { succeeded: qrActions.closeSucceeded, failed: qrActions.decideFailed });
}

export function* scanOpenedSaga(action: PayloadAction<{ token: string | null; hold?: string | null }>) {
  // The position is read from the moment the page opens: by the scan or the typed code it is ready.
  yield call(startEarlyReading);
  yield put(qrActions.lessonsNowRequested());
  yield put(qrActions.ownMarksRequested());
  if (action.payload.token) yield put(qrActions.scanned({ token: action.payload.token, hold: action.payload.hold ?? null }));
}

export function* scannedSaga(action: PayloadAction<{ token: string; hold?: string | null }>) {
  yield* request(qrApi.lesson, [action.payload.token, action.payload.hold ?? undefined], {
    succeeded: qrActions.lessonSucceeded,
    failed: qrActions.lessonFailed,
  });
}

/**
 * The student's lessons whose attendance is open now, in their time or held as a make-up lesson
 * (they are what a typed code can be for): the server knows which sessions are open.
 */
export function* lessonsNowSaga() {
  yield* request(qrApi.openLessons, [], { succeeded: qrActions.lessonsNowSucceeded, failed: qrActions.lessonsNowFailed });
}

/**
 * The mark: a typed code is checked first (its receipt keeps it valid while the position comes), a
 * scan carries the receipt its lesson came with; then the position (read since the page opened), then the mark.
 */
export function* submitSaga(action: PayloadAction<{ idShed: number; idAud: number; token?: string; code?: string }>) {
  const user = (yield* requireUser(qrActions.visitFailed)) as User | null;
  if (!user) return;
  const { idShed, idAud, token, code } = action.payload;
  let proof: { token: string } | { code: string } | { receipt: string };
  if (code !== undefined) {
    const checked = (yield call(qrApi.code, { idShed, code })) as Result<QrReceipt>;
    if (!checked.ok) {
      yield put(qrActions.codeRefused(checked));
      return;
    }
    proof = { receipt: checked.data.receipt };
  } else {
    const { scan } = (yield select(selectQr)) as QrState;
    const receipt = scan.lesson.data?.idShed === idShed ? scan.lesson.data.receipt : undefined;
    proof = receipt ? { receipt } : { token: token ?? '' };
  }
  let reading: Reading;
  try {
    reading = (yield call(positionForMark)) as Reading;
  } catch (problem) {
    yield put(qrActions.locateFailed(problem as LocateProblem));
    return;
  }
  yield put(qrActions.located());
  // The phone's device key signs the mark where the browser keeps one (deviceKey.ts).
  const deviceKey = (yield call(signMark, user.uid, { idShed, ...proof })) as Awaited<ReturnType<typeof signMark>>;
  const sent = yield* request(
    qrApi.visit,
    [{ idShed, idAud, ...proof, idStud: user.uid, x: reading.latitude, y: reading.longitude, accuracy: reading.accuracy, ...(deviceKey ? { deviceKey } : {}) }],
    { succeeded: qrActions.visitSucceeded, failed: qrActions.visitFailed },
  );
  // The lessons a typed code can be sent for leave out the one just marked.
  if (sent.ok) yield put(qrActions.lessonsNowRequested());
}

export function* ownMarksSaga() {
  yield* request(qrApi.ownMarks, [], { succeeded: qrActions.ownMarksSucceeded, failed: qrActions.ownMarksFailed });
}

export function* reviewListSaga() {
  yield* request(qrApi.reviewList, [], { succeeded: qrActions.reviewListSucceeded, failed: qrActions.reviewListFailed });
}

/** A decision on the review list: then the list again (the decided mark leaves it). */
export function* reviewDecideSaga(action: PayloadAction<{ markId: number; accept: boolean }>) {
  const decided = yield* request(qrApi.decide, [action.payload], { succeeded: qrActions.reviewDecided, failed: qrActions.reviewDecideFailed });
  if (decided.ok || decided.status === 409) yield* reviewListSaga();
}

/** "Accept all of this lesson": then the list again (its marks leave it). */
export function* reviewAcceptLessonSaga(action: PayloadAction<{ sessionId: number }>) {
  const accepted = yield* request(qrApi.acceptLesson, [action.payload.sessionId], {
    succeeded: qrActions.reviewAcceptedLesson,
    failed: qrActions.reviewDecideFailed,
  });
  if (accepted.ok || accepted.status === 409) yield* reviewListSaga();
}

/** The current half-year (the shared settings), then faculties for a teacher or the student's own row. */
export function* reportOpenedSaga() {
  const user = (yield* requireUser(qrActions.reportFailed)) as User | null;
  if (!user) return;
  const period = yield* requirePeriod(qrActions.reportFailed);
  if (!period) return;
  const query = { year: period.year, ws: period.ws };
  yield put(qrActions.reportRequested({ level: user.role === ROLE_STUDENT ? 'student' : 'faculty', query, crumbs: [] }));
}

export function* reportSaga(action: PayloadAction<{ level: ReportLevel; query: QrReportQuery }>) {
  yield* request(qrApi.report, [action.payload.level, action.payload.query], { succeeded: qrActions.reportSucceeded, failed: qrActions.reportFailed });
}

export function* groupDisciplinesSaga(action: PayloadAction<{ year: number; ws: 1 | 2; group: number }>) {
  yield* request(qrApi.reportDisciplines, [action.payload], { succeeded: qrActions.groupDisciplinesSucceeded, failed: qrActions.groupDisciplinesFailed });
}

export function* attendanceSaga(action: PayloadAction<QrAttendanceQuery>) {
  yield* request(qrApi.attendance, [action.payload], { succeeded: qrActions.attendanceSucceeded, failed: qrActions.attendanceFailed });
}

/** The student's own QR screen: the card link (the same one until the student asks for a new one). */
export function* mineOpenedSaga() {
  yield put(qrActions.cardRequested({ renew: false }));
}

/** The public card of a link's token: a malformed token is invalid without asking; unknown or revoked (400, 404) too. */
export function* publicCardSaga(action: PayloadAction<{ data: string }>) {
  const { data } = action.payload;
  if (!/^[A-Za-z0-9_-]{32}$/.test(data)) {
    yield put(qrActions.publicCardRefused({ invalid: true }));
    return;
  }
  const result = (yield call(qrApi.publicCard, data)) as Result<QrCard>;
  if (result.ok) yield put(qrActions.publicCardSucceeded(result.data));
  else yield put(qrActions.publicCardRefused({ invalid: result.status === 404 || result.status === 400 }));
}

export function* cardSaga(action: PayloadAction<{ renew: boolean }>) {
  yield* request(action.payload.renew ? qrApi.revokeCard : qrApi.card, [], { succeeded: qrActions.cardSucceeded, failed: qrActions.cardFailed });
}

export const qrSaga = rootSaga({
  latest: [
    [qrActions.projectorOpened, projectorOpenedSaga],
    [qrActions.openRequested, openSaga],
    [qrActions.openSucceeded, sessionOpenSaga],
    [qrActions.stateRequested, stateSaga],
    [qrActions.closeRequested, closeSaga],
    [qrActions.scanOpened, scanOpenedSaga],
    [qrActions.scanned, scannedSaga],
    [qrActions.lessonsNowRequested, lessonsNowSaga],
    [qrActions.submitRequested, submitSaga],
    [qrActions.ownMarksRequested, ownMarksSaga],
    [qrActions.reviewOpened, reviewListSaga],
    [qrActions.reviewAcceptLessonRequested, reviewAcceptLessonSaga],
    [qrActions.mineOpened, mineOpenedSaga],
    [qrActions.publicCardOpened, publicCardSaga],
    [qrActions.cardRequested, cardSaga],
    [qrActions.reportOpened, reportOpenedSaga],
    [qrActions.reportRequested, reportSaga],
    [qrActions.groupDisciplinesRequested, groupDisciplinesSaga],
    [qrActions.attendanceRequested, attendanceSaga],
  ],
  every: [
    [qrActions.decideRequested, decideSaga],
    [qrActions.reviewDecideRequested, reviewDecideSaga],
  ],
});
