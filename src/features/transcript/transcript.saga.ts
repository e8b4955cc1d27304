/** Transcript loads: the transcript when the screen opens. */
import { all, takeLatest } from 'redux-saga/effects';
import { transcriptApi } from './transcript.api';
import { request } from '@shared/request/request.saga';
import { transcriptActions as A } from './transcript.slice';

export function* loadSaga() {
  yield* request(transcriptApi.load, [], { succeeded: A.loadSucceeded, failed: A.loadFailed });
}

export function* transcriptSaga() {
  yield all([takeLatest(A.opened.type, loadSaga)]);
}
