/**
 * The student's requests: his tests, starting or resuming an attempt (answers kept in this browser
 * that the server lacks are sent again), each answer saved as given (kept here first; a failure is
 * shown and sent again on a retry or when the connection is back), a typed answer after a pause in
 * typing (a short one in the last seconds before the deadline), the field's blur or before submitting, focus reports, submitting, and the end at the
 * server's deadline.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { call, cancel, delay, fork, put, select, take } from 'redux-saga/effects';
import type { Answer, Paper } from '@contract/testing';
import type { Failure, Result } from '@api/http';
import { request } from '@shared/request/request.saga';
import { remainingMs } from './components/Countdown';
import { deviceId, forgetAnswers, keepAnswer, keptAnswers } from './attempt.storage';
import { attemptActions as A, type AttemptState } from './attempt.slice';
import { selectAttempt } from './testing.slice';
import { testingApi as api } from './testing.api';

const ENDED = new Set(['TEST_TIME_OVER', 'TEST_ATTEMPT_CLOSED']);
/** The pause in typing after which a typed answer is sent, in ms. */
export const TYPING_PAUSE_MS = 800;
/**
 * The server ends the attempt at its deadline whatever the client does: in the last seconds before it,
 * a typed answer waits only a short pause, so that what was typed in time reaches the server in time.
 */
export const NEAR_END_MS = 10_000;
export const NEAR_END_PAUSE_MS = 250;

/** How long a typed answer waits for a pause in typing, with `leftMs` to the deadline. */
export function typingPause(leftMs: number): number {
  const beforeNearEnd = leftMs - NEAR_END_MS;
  return beforeNearEnd > 0 ? Math.min(TYPING_PAUSE_MS, Math.max(NEAR_END_PAUSE_MS, beforeNearEnd)) : NEAR_END_PAUSE_MS;
}

export function* mySaga() {
  yield* request(api.my, [], { succeeded: A.mySucceeded, failed: A.myFailed });
}

function* paperArrived(result: Result<Paper>) {
  if (!result.ok) {
    yield put(A.paperFailed(result));
    return;
  }
  const paper = result.data;
  const kept = paper.id_attempt ? keptAnswers(paper.id_attempt) : {};
  yield put(A.paperSucceeded({ paper, kept, receivedAt: Date.now() }));
  const { answers } = (yield select(selectAttempt)) as AttemptState;
  for (const [slot, a] of Object.entries(answers)) if (a.status === 'saving') yield* sendAnswer(Number(slot));
}

export function* startSaga(action: PayloadAction<{ id_test: number; password?: string }>) {
  const result = (yield call(api.start, { ...action.payload, device: deviceId() })) as Result<Paper>;
  yield* paperArrived(result);
}

export function* resumeSaga(action: PayloadAction<number>) {
  const result = (yield call(api.resume, { id_attempt: action.payload, device: deviceId() })) as Result<Paper>;
  if (!result.ok && result.error?.code && ENDED.has(result.error.code)) {
    forgetAnswers(action.payload);
    yield put(A.reviewRequested(action.payload));
    return;
  }
  yield* paperArrived(result);
}

export function* previewSaga(action: PayloadAction<number>) {
  const result = (yield call(api.preview, action.payload)) as Result<Paper>;
  yield* paperArrived(result);
}

/** Sends the slot's answer as it is now (its version makes a repeated or late save harmless). */
function* sendAnswer(slot: number) {
  const state = (yield select(selectAttempt)) as AttemptState;
  const given = state.answers[slot];
  const paper = state.paper.data;
  if (!given?.answer || !paper || state.preview || state.ended) return;
  const answer: Answer = given.answer;
  keepAnswer(paper.id_attempt, slot, { answer, version: given.version });
  const result = (yield call(api.answer, { id_attempt: paper.id_attempt, device: deviceId(), slot, version: given.version, answer })) as Result<{
    slot: number;
    version: number;
    deadline: string;
  }>;
  if (result.ok) {
    yield put(A.answerSaved({ slot, version: result.data.version, deadline: result.data.deadline }));
    return;
  }
  const failure = result as Failure;
  if (failure.error?.code && ENDED.has(failure.error.code)) yield put(A.timeUp());
  else yield put(A.answerFailed({ slot, version: given.version, failure }));
}

export function* answerSaga(action: PayloadAction<{ slot: number }>) {
  yield* sendAnswer(action.payload.slot);
}

/** Sends the slot's typed answer if one waits (a later pause or blur then finds nothing to send). */
function* sendTyped(slot: number) {
  const { typing } = (yield select(selectAttempt)) as AttemptState;
  if (!typing[slot]) return;
  yield put(A.typingSent(slot));
  yield* sendAnswer(slot);
}

function* afterPause(slot: number) {
  const { deadline, offset, preview } = (yield select(selectAttempt)) as AttemptState;
  yield delay(preview || !deadline ? TYPING_PAUSE_MS : typingPause(remainingMs(deadline, offset)));
  yield put(A.typingEnded(slot));
}

/**
 * Each slot's typed answer waits for a pause in typing (a new keystroke starts the wait again) or
 * the field's blur; only the wait is cancelled, never a sending.
 */
export function* typingSaga() {
  const waiting = new Map<number, Task>();
  for (;;) {
    const action = (yield take([A.answerTyped.type, A.typingEnded.type])) as PayloadAction<{ slot: number } | number>;
    const slot = typeof action.payload === 'number' ? action.payload : action.payload.slot;
    const before = waiting.get(slot);
    if (before) yield cancel(before);
    if (A.answerTyped.match(action)) waiting.set(slot, (yield fork(afterPause, slot)) as Task);
    else {
      waiting.delete(slot);
      yield fork(sendTyped, slot);
    }
  }
}

export function* retrySaga(action: PayloadAction<number>) {
  yield* sendAnswer(action.payload);
}

export function* connectionBackSaga() {
  const { answers } = (yield select(selectAttempt)) as AttemptState;
  for (const [slot, a] of Object.entries(answers)) {
    if (a.status === 'failed') {
      yield put(A.answerRetried(Number(slot)));
    }
  }
}

export function* focusSaga(action: PayloadAction<'focus_lost' | 'focus_back'>) {
  const { paper, preview, ended } = (yield select(selectAttempt)) as AttemptState;
  if (!paper.data || preview || ended) return;
  yield call(api.event, { id_attempt: paper.data.id_attempt, device: deviceId(), event: action.payload });
}

/** Submitting, or the deadline passing: the server ends the attempt; its review is shown. */
export function* submitSaga() {
  const { paper, preview } = (yield select(selectAttempt)) as AttemptState;
  if (!paper.data) return;
  if (preview) {
    yield put(A.closed());
    return;
  }
  const { typing } = (yield select(selectAttempt)) as AttemptState;
  for (const slot of Object.keys(typing)) yield* sendTyped(Number(slot));
  const id = paper.data.id_attempt;
  const result = (yield call(api.submit, { id_attempt: id, device: deviceId() })) as Result<unknown>;
  if (result.ok) {
    forgetAnswers(id);
    yield* request(api.review, [id], { succeeded: A.submitSucceeded, failed: A.submitFailed });
    return;
  }
  if (result.error?.code && ENDED.has(result.error.code)) {
    forgetAnswers(id);
    yield* request(api.review, [id], { succeeded: A.submitSucceeded, failed: A.submitFailed });
    return;
  }
  yield put(A.submitFailed(result));
}

export function* reviewSaga(action: PayloadAction<number>) {
  yield* request(api.review, [action.payload], { succeeded: A.reviewSucceeded, failed: A.reviewFailed });
}

export function* closedSaga() {
  yield put(A.myRequested());
}
