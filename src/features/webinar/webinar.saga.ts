/**
 * Webinar loads: on opening, the options, then a teacher's meetings or a student's online lessons;
 * the participants of the meeting opened (again after marking present); each write; in another
 * language, everything again.
 */
import { put, select } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { AttachBody, RecordingBody } from '@contract/webinar';
import { webinarStudentApi } from '@api/webinar';
import { rootSaga } from '@shared/request/watchers';
import { request } from '@shared/request/request.saga';
import { shellActions } from '@shared/shell/shell.slice';
import { webinarApi } from './webinar.api';
import { webinarActions as A, selectWebinar, type WebinarState } from './webinar.slice';

export function* openedSaga() {
  yield put(A.optionsRequested());
  const result = yield* request(webinarApi.options, [], { succeeded: A.optionsSucceeded, failed: A.optionsFailed });
  if (!result.ok) return;
  yield put(result.data.canAttach ? A.meetingsRequested() : A.mineRequested());
}

export function* meetingsSaga() {
  yield* request(webinarApi.meetings, [], { succeeded: A.meetingsSucceeded, failed: A.meetingsFailed });
}

export function* mineSaga() {
  yield* request(webinarStudentApi.list, [], { succeeded: A.mineSucceeded, failed: A.mineFailed });
}

export function* attachSaga(action: PayloadAction<AttachBody>) {
  yield* request(webinarApi.attach, [action.payload], { succeeded: A.attachSucceeded, failed: A.attachFailed });
}

export function* participantsSaga(action: PayloadAction<number | null>) {
  if (action.payload === null) return;
  yield* request(webinarApi.participants, [action.payload], { succeeded: A.participantsSucceeded, failed: A.participantsFailed });
}

export function* markSaga(action: PayloadAction<number>) {
  yield* request(webinarApi.markPresent, [action.payload], { succeeded: A.markSucceeded, failed: A.markFailed });
}

export function* recordingSaga(action: PayloadAction<RecordingBody>) {
  yield* request(webinarApi.addRecording, [action.payload], { succeeded: A.recordingSucceeded, failed: A.recordingFailed });
}

export function* recordingRemoveSaga(action: PayloadAction<{ meetingId: number; recordingId: number }>) {
  yield* request(webinarApi.removeRecording, [action.payload.recordingId], { succeeded: A.recordingSucceeded, failed: A.recordingFailed });
}

export function* languageSaga() {
  const state = (yield select(selectWebinar)) as WebinarState;
  if (state.options.data) yield put(A.opened());
}

export const webinarSaga = rootSaga({
  latest: [
    [A.opened, openedSaga],
    [A.meetingsRequested, meetingsSaga],
    [A.mineRequested, mineSaga],
    [A.participantsOpened, participantsSaga],
    [shellActions.languageChanged, languageSaga],
  ],
  every: [
    [A.attachRequested, attachSaga],
    [A.markRequested, markSaga],
    [A.recordingRequested, recordingSaga],
    [A.recordingRemoveRequested, recordingRemoveSaga],
  ],
});
